; An output map inside a nest (y = g*s per row): one plr_run_many computes every row's state into y,
; then a map loop nest over the rows and their elements multiplies by g.
; REQUIRES: pass
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -S %s | %FileCheck %s
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -pass-remarks=plr -disable-output %s 2>&1 | %FileCheck %s --check-prefix=REMARK
; REMARK: remark: {{.*}}replaced loop nest with one call to plr_run_many: signature (1: a), type f32, order 1; one sequence per iteration of the outer loop, y stride 1, x stride 1, output an elementwise map of the state
; CHECK: %plr.status = call i32 @plr_run_many(
; CHECK: plr.map.seq:
; CHECK: plr.map:
; CHECK: %plr.state = load float
; CHECK: fmul fast float %plr.state
; CHECK: plr.map.done:
;
; Input: make-input.sh scaled_rows.c scaled_rows -ffast-math, from:
; void scaled_rows(long h, long w, float a, float g, const float *x, float *y) {
;   for (long r = 0; r < h; r++) {
;     float s = 0;
;     for (long c = 0; c < w; c++) {
;       s = a * s + x[r * w + c];
;       y[r * w + c] = g * s;
;     }
;   }
; }


; Function Attrs: nofree norecurse nosync nounwind memory(argmem: readwrite) uwtable
define dso_local void @scaled_rows(i64 noundef %h, i64 noundef %w, float noundef nofpclass(nan inf) %a, float noundef nofpclass(nan inf) %g, ptr nocapture noundef readonly %x, ptr nocapture noundef writeonly %y) local_unnamed_addr #0 {
entry:
  %cmp26 = icmp sgt i64 %h, 0
  br i1 %cmp26, label %for.cond1.preheader.lr.ph, label %for.cond.cleanup

for.cond1.preheader.lr.ph:                        ; preds = %entry
  %cmp223 = icmp sgt i64 %w, 0
  br label %for.cond1.preheader

for.cond1.preheader:                              ; preds = %for.cond1.preheader.lr.ph, %for.cond.cleanup3
  %r.027 = phi i64 [ 0, %for.cond1.preheader.lr.ph ], [ %inc12, %for.cond.cleanup3 ]
  br i1 %cmp223, label %for.body4.lr.ph, label %for.cond.cleanup3

for.body4.lr.ph:                                  ; preds = %for.cond1.preheader
  %mul5 = mul nuw nsw i64 %r.027, %w
  br label %for.body4

for.cond.cleanup.loopexit:                        ; preds = %for.cond.cleanup3
  br label %for.cond.cleanup

for.cond.cleanup:                                 ; preds = %for.cond.cleanup.loopexit, %entry
  ret void

for.cond.cleanup3.loopexit:                       ; preds = %for.body4
  br label %for.cond.cleanup3

for.cond.cleanup3:                                ; preds = %for.cond.cleanup3.loopexit, %for.cond1.preheader
  %inc12 = add nuw nsw i64 %r.027, 1
  %exitcond28.not = icmp eq i64 %inc12, %h
  br i1 %exitcond28.not, label %for.cond.cleanup.loopexit, label %for.cond1.preheader, !llvm.loop !5

for.body4:                                        ; preds = %for.body4.lr.ph, %for.body4
  %c.025 = phi i64 [ 0, %for.body4.lr.ph ], [ %inc, %for.body4 ]
  %s.024 = phi float [ 0.000000e+00, %for.body4.lr.ph ], [ %add6, %for.body4 ]
  %mul = fmul fast float %s.024, %a
  %add = add nuw nsw i64 %c.025, %mul5
  %arrayidx = getelementptr inbounds float, ptr %x, i64 %add
  %0 = load float, ptr %arrayidx, align 4, !tbaa !7
  %add6 = fadd fast float %0, %mul
  %mul7 = fmul fast float %add6, %g
  %arrayidx10 = getelementptr inbounds float, ptr %y, i64 %add
  store float %mul7, ptr %arrayidx10, align 4, !tbaa !7
  %inc = add nuw nsw i64 %c.025, 1
  %exitcond.not = icmp eq i64 %inc, %w
  br i1 %exitcond.not, label %for.cond.cleanup3.loopexit, label %for.body4, !llvm.loop !11
}

attributes #0 = { nofree norecurse nosync nounwind memory(argmem: readwrite) uwtable "approx-func-fp-math"="true" "min-legal-vector-width"="0" "no-infs-fp-math"="true" "no-nans-fp-math"="true" "no-signed-zeros-fp-math"="true" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" "unsafe-fp-math"="true" }


!0 = !{i32 1, !"wchar_size", i32 4}
!1 = !{i32 8, !"PIC Level", i32 2}
!2 = !{i32 7, !"PIE Level", i32 2}
!3 = !{i32 7, !"uwtable", i32 2}
!4 = !{!"Debian clang version 19.1.7 (3~deb12u1)"}
!5 = distinct !{!5, !6}
!6 = !{!"llvm.loop.mustprogress"}
!7 = !{!8, !8, i64 0}
!8 = !{!"float", !9, i64 0}
!9 = !{!"omnipotent char", !10, i64 0}
!10 = !{!"Simple C/C++ TBAA"}
!11 = distinct !{!11, !6}
