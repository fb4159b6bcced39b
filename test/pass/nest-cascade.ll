; A cascade (an EMA of an EMA) over every row, each row from a zero state: one plr_run_many per stage
; over the whole nest, the second in place over y; x and y must differ (a failed later stage leaves y
; holding an earlier one, and the fallback reads x).
; REQUIRES: pass
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -S %s | %FileCheck %s
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -pass-remarks=plr -disable-output %s 2>&1 | %FileCheck %s --check-prefix=REMARK
; REMARK: remark: {{.*}}replaced loop nest with one call per stage to plr_run_many: {{.*}} a cascade of two recurrences (two calls)
; CHECK: icmp ne ptr
; CHECK: plr.nest.call:
; CHECK: call i32 @plr_pays_many(ptr %plr.sig, ptr %plr.data, ptr %plr.layout, i32 2, i32 2,
; CHECK: %plr.status = call i32 @plr_run_many(
; CHECK: plr.nest.stage:
; CHECK: %plr.status.stage = call i32 @plr_run_many(
;
; Input: make-input.sh ema2_rows.c ema2_rows -ffast-math, from:
; void ema2_rows(long h, long w, float a, const float *x, float *y) {
;   for (long r = 0; r < h; r++) {
;     float e1 = 0, e2 = 0;
;     for (long c = 0; c < w; c++) {
;       e1 = a * e1 + (1 - a) * x[r * w + c];
;       e2 = a * e2 + (1 - a) * e1;
;       y[r * w + c] = e2;
;     }
;   }
; }


; Function Attrs: nofree norecurse nosync nounwind memory(argmem: readwrite) uwtable
define dso_local void @ema2_rows(i64 noundef %h, i64 noundef %w, float noundef nofpclass(nan inf) %a, ptr nocapture noundef readonly %x, ptr nocapture noundef writeonly %y) local_unnamed_addr #0 {
entry:
  %cmp35 = icmp sgt i64 %h, 0
  br i1 %cmp35, label %for.cond1.preheader.lr.ph, label %for.cond.cleanup

for.cond1.preheader.lr.ph:                        ; preds = %entry
  %cmp231 = icmp sgt i64 %w, 0
  %sub = fsub fast float 1.000000e+00, %a
  br label %for.cond1.preheader

for.cond1.preheader:                              ; preds = %for.cond1.preheader.lr.ph, %for.cond.cleanup3
  %r.036 = phi i64 [ 0, %for.cond1.preheader.lr.ph ], [ %inc16, %for.cond.cleanup3 ]
  br i1 %cmp231, label %for.body4.lr.ph, label %for.cond.cleanup3

for.body4.lr.ph:                                  ; preds = %for.cond1.preheader
  %mul5 = mul nuw nsw i64 %r.036, %w
  br label %for.body4

for.cond.cleanup.loopexit:                        ; preds = %for.cond.cleanup3
  br label %for.cond.cleanup

for.cond.cleanup:                                 ; preds = %for.cond.cleanup.loopexit, %entry
  ret void

for.cond.cleanup3.loopexit:                       ; preds = %for.body4
  br label %for.cond.cleanup3

for.cond.cleanup3:                                ; preds = %for.cond.cleanup3.loopexit, %for.cond1.preheader
  %inc16 = add nuw nsw i64 %r.036, 1
  %exitcond37.not = icmp eq i64 %inc16, %h
  br i1 %exitcond37.not, label %for.cond.cleanup.loopexit, label %for.cond1.preheader, !llvm.loop !5

for.body4:                                        ; preds = %for.body4.lr.ph, %for.body4
  %c.034 = phi i64 [ 0, %for.body4.lr.ph ], [ %inc, %for.body4 ]
  %e2.033 = phi float [ 0.000000e+00, %for.body4.lr.ph ], [ %add11, %for.body4 ]
  %e1.032 = phi float [ 0.000000e+00, %for.body4.lr.ph ], [ %add7, %for.body4 ]
  %mul = fmul fast float %e1.032, %a
  %add = add nuw nsw i64 %c.034, %mul5
  %arrayidx = getelementptr inbounds float, ptr %x, i64 %add
  %0 = load float, ptr %arrayidx, align 4, !tbaa !7
  %mul6 = fmul fast float %0, %sub
  %add7 = fadd fast float %mul6, %mul
  %mul8 = fmul fast float %e2.033, %a
  %mul10 = fmul fast float %add7, %sub
  %add11 = fadd fast float %mul10, %mul8
  %arrayidx14 = getelementptr inbounds float, ptr %y, i64 %add
  store float %add11, ptr %arrayidx14, align 4, !tbaa !7
  %inc = add nuw nsw i64 %c.034, 1
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
