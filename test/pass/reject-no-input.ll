; A recurrence of run-time order with no input term at all (the taps over earlier outputs
; summed from zero): the run-time order's call needs an input, and a homogeneous one is not built from
; the coefficient array (the homogeneous form, test homogeneous.ll, is taken for a constant order).
; REQUIRES: pass
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -S %s | %FileCheck %s
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -pass-remarks-missed=plr -disable-output %s 2>&1 | %FileCheck %s --check-prefix=MISSED
; MISSED: remark: {{.*}}recurrence not replaced: the recurrence has no input term
; CHECK-NOT: plr_run
;
; Input: make-input.sh lpc0.c lpc0 -ffast-math, from:
; void lpc0(float *y, const float *a, int p, int n) {
;   for (int i = p; i < n; i++) {
;     float s = 0;
;     for (int j = 1; j <= p; j++) s -= a[j] * y[i - j];
;     y[i] = s;
;   }
; }


; Function Attrs: nofree norecurse nosync nounwind memory(argmem: readwrite) uwtable
define dso_local void @lpc0(ptr nocapture noundef %y, ptr nocapture noundef readonly %a, i32 noundef %p, i32 noundef %n) local_unnamed_addr #0 {
entry:
  %cmp25 = icmp slt i32 %p, %n
  br i1 %cmp25, label %for.cond1.preheader.lr.ph, label %for.cond.cleanup

for.cond1.preheader.lr.ph:                        ; preds = %entry
  %cmp2.not22 = icmp slt i32 %p, 1
  %0 = add nsw i32 %p, 1
  %1 = sext i32 %p to i64
  %wide.trip.count32 = sext i32 %n to i64
  %wide.trip.count = zext i32 %0 to i64
  br label %for.cond1.preheader

for.cond1.preheader:                              ; preds = %for.cond1.preheader.lr.ph, %for.cond.cleanup3
  %indvars.iv29 = phi i64 [ %1, %for.cond1.preheader.lr.ph ], [ %indvars.iv.next30, %for.cond.cleanup3 ]
  br i1 %cmp2.not22, label %for.cond.cleanup3, label %for.body4.preheader

for.body4.preheader:                              ; preds = %for.cond1.preheader
  br label %for.body4

for.cond.cleanup.loopexit:                        ; preds = %for.cond.cleanup3
  br label %for.cond.cleanup

for.cond.cleanup:                                 ; preds = %for.cond.cleanup.loopexit, %entry
  ret void

for.cond.cleanup3.loopexit:                       ; preds = %for.body4
  %sub7.lcssa = phi float [ %sub7, %for.body4 ]
  br label %for.cond.cleanup3

for.cond.cleanup3:                                ; preds = %for.cond.cleanup3.loopexit, %for.cond1.preheader
  %s.0.lcssa = phi float [ 0.000000e+00, %for.cond1.preheader ], [ %sub7.lcssa, %for.cond.cleanup3.loopexit ]
  %arrayidx9 = getelementptr inbounds float, ptr %y, i64 %indvars.iv29
  store float %s.0.lcssa, ptr %arrayidx9, align 4, !tbaa !5
  %indvars.iv.next30 = add nsw i64 %indvars.iv29, 1
  %exitcond33.not = icmp eq i64 %indvars.iv.next30, %wide.trip.count32
  br i1 %exitcond33.not, label %for.cond.cleanup.loopexit, label %for.cond1.preheader, !llvm.loop !9

for.body4:                                        ; preds = %for.body4.preheader, %for.body4
  %indvars.iv = phi i64 [ %indvars.iv.next, %for.body4 ], [ 1, %for.body4.preheader ]
  %s.023 = phi float [ %sub7, %for.body4 ], [ 0.000000e+00, %for.body4.preheader ]
  %arrayidx = getelementptr inbounds float, ptr %a, i64 %indvars.iv
  %2 = load float, ptr %arrayidx, align 4, !tbaa !5
  %3 = sub nsw i64 %indvars.iv29, %indvars.iv
  %arrayidx6 = getelementptr inbounds float, ptr %y, i64 %3
  %4 = load float, ptr %arrayidx6, align 4, !tbaa !5
  %mul = fmul fast float %4, %2
  %sub7 = fsub fast float %s.023, %mul
  %indvars.iv.next = add nuw nsw i64 %indvars.iv, 1
  %exitcond.not = icmp eq i64 %indvars.iv.next, %wide.trip.count
  br i1 %exitcond.not, label %for.cond.cleanup3.loopexit, label %for.body4, !llvm.loop !11
}

attributes #0 = { nofree norecurse nosync nounwind memory(argmem: readwrite) uwtable "approx-func-fp-math"="true" "min-legal-vector-width"="0" "no-infs-fp-math"="true" "no-nans-fp-math"="true" "no-signed-zeros-fp-math"="true" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" "unsafe-fp-math"="true" }


!0 = !{i32 1, !"wchar_size", i32 4}
!1 = !{i32 8, !"PIC Level", i32 2}
!2 = !{i32 7, !"PIE Level", i32 2}
!3 = !{i32 7, !"uwtable", i32 2}
!4 = !{!"Debian clang version 19.1.7 (3~deb12u1)"}
!5 = !{!6, !6, i64 0}
!6 = !{!"float", !7, i64 0}
!7 = !{!"omnipotent char", !8, i64 0}
!8 = !{!"Simple C/C++ TBAA"}
!9 = distinct !{!9, !10}
!10 = !{!"llvm.loop.mustprogress"}
!11 = distinct !{!11, !10}
