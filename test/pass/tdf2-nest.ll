; Transposed direct form II along the rows of an image, its states zero at
; the start of every row: every sequence starts from zero histories, so the
; whole nest is one plr_run_many (no history arrays); the inner loop alone,
; one call per row, is the fallback when the nest is not taken. (States
; loaded per row would need each row's first outputs computed before the
; call: that nest is refused, see e2e tdf2-nest.c.)
; REQUIRES: pass
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -S %s | %FileCheck %s
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -pass-remarks=plr -pass-remarks-missed=plr -pass-remarks-analysis=plr -disable-output %s 2>&1 | %FileCheck %s --check-prefix=REMARK
;
; Input: make-input.sh nest.c tdf2_rows -ffast-math -fno-slp-vectorize, from:
; void tdf2_rows(float *img, const float *src, long w, long h, float b0, float b1, float b2, float a1, float a2) {
;   for (long r = 0; r < h; r++) {
;     float z1 = 0, z2 = 0;
;     for (long c = 0; c < w; c++) {
;       float x = src[r * w + c];
;       float v = b0 * x + z1;
;       z1 = b1 * x - a1 * v + z2;
;       z2 = b2 * x - a2 * v;
;       img[r * w + c] = v;
;     }
;   }
; }

; REMARK: remark: {{.*}}replaced loop nest with one call to plr_run_many: signature (b0, b1, b2: -a1, -a2), type f32, order 2; one sequence per iteration of the outer loop, y stride 1, x stride 1, transposed states (direct form II transposed), from zero
; REMARK-NOT: not replaced
; REMARK-NOT: NestNotTaken

; CHECK-LABEL: define dso_local void @tdf2_rows(
; CHECK: br i1 %{{.*}}, label %plr.outlined, label %plr.fallback
; CHECK: plr.outlined:
; CHECK: %targetBlock = call i1 @tdf2_rows.plr.call(
; CHECK: plr.fallback:
; CHECK-LABEL: define internal i1 @tdf2_rows.plr.call(
; CHECK: plr.nest.call:
; CHECK-NOT: plr.peel
; CHECK: call i32 @plr_run_many(ptr %plr.sig, ptr %plr.data, ptr %plr.layout, ptr null, ptr null)


; Function Attrs: nofree norecurse nosync nounwind memory(argmem: readwrite) uwtable
define dso_local void @tdf2_rows(ptr nocapture noundef writeonly %img, ptr nocapture noundef readonly %src, i64 noundef %w, i64 noundef %h, float noundef nofpclass(nan inf) %b0, float noundef nofpclass(nan inf) %b1, float noundef nofpclass(nan inf) %b2, float noundef nofpclass(nan inf) %a1, float noundef nofpclass(nan inf) %a2) local_unnamed_addr #0 {
entry:
  %cmp35 = icmp sgt i64 %h, 0
  br i1 %cmp35, label %for.cond1.preheader.lr.ph, label %for.cond.cleanup

for.cond1.preheader.lr.ph:                        ; preds = %entry
  %cmp231 = icmp sgt i64 %w, 0
  br label %for.cond1.preheader

for.cond1.preheader:                              ; preds = %for.cond1.preheader.lr.ph, %for.cond.cleanup3
  %r.036 = phi i64 [ 0, %for.cond1.preheader.lr.ph ], [ %inc17, %for.cond.cleanup3 ]
  br i1 %cmp231, label %for.body4.lr.ph, label %for.cond.cleanup3

for.body4.lr.ph:                                  ; preds = %for.cond1.preheader
  %mul = mul nuw nsw i64 %r.036, %w
  br label %for.body4

for.cond.cleanup.loopexit:                        ; preds = %for.cond.cleanup3
  br label %for.cond.cleanup

for.cond.cleanup:                                 ; preds = %for.cond.cleanup.loopexit, %entry
  ret void

for.cond.cleanup3.loopexit:                       ; preds = %for.body4
  br label %for.cond.cleanup3

for.cond.cleanup3:                                ; preds = %for.cond.cleanup3.loopexit, %for.cond1.preheader
  %inc17 = add nuw nsw i64 %r.036, 1
  %exitcond37.not = icmp eq i64 %inc17, %h
  br i1 %exitcond37.not, label %for.cond.cleanup.loopexit, label %for.cond1.preheader, !llvm.loop !5

for.body4:                                        ; preds = %for.body4.lr.ph, %for.body4
  %c.034 = phi i64 [ 0, %for.body4.lr.ph ], [ %inc, %for.body4 ]
  %z2.033 = phi float [ 0.000000e+00, %for.body4.lr.ph ], [ %sub12, %for.body4 ]
  %z1.032 = phi float [ 0.000000e+00, %for.body4.lr.ph ], [ %add9, %for.body4 ]
  %add = add nuw nsw i64 %c.034, %mul
  %arrayidx = getelementptr inbounds float, ptr %src, i64 %add
  %0 = load float, ptr %arrayidx, align 4, !tbaa !7
  %mul5 = fmul fast float %0, %b0
  %add6 = fadd fast float %mul5, %z1.032
  %mul7 = fmul fast float %0, %b1
  %sub = fadd fast float %mul7, %z2.033
  %1 = fmul fast float %add6, %a1
  %add9 = fsub fast float %sub, %1
  %mul10 = fmul fast float %0, %b2
  %mul11 = fmul fast float %add6, %a2
  %sub12 = fsub fast float %mul10, %mul11
  %arrayidx15 = getelementptr inbounds float, ptr %img, i64 %add
  store float %add6, ptr %arrayidx15, align 4, !tbaa !7
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
