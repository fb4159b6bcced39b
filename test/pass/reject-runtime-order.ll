; Recurrences of run-time order that stay refused, each with its reason on
; the outer loop: coefficients read from the output array itself (the taps
; multiply outputs: not linear), a tap count that changes with i (j <= i:
; RuntimeOrderVaries), and fixed-point LPC with a rounding shift (not
; linear: x[i] << 12 alone would be a gain on the input, the shift back
; of the sum is not). Nothing is replaced.
; REQUIRES: pass
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -S %s | %FileCheck %s
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -pass-remarks-missed=plr -pass-remarks-analysis=plr -disable-output %s 2>&1 | %FileCheck %s --check-prefix=MISSED
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -pass-remarks-missed=plr -pass-remarks-output=%t.yaml -disable-output %s 2>/dev/null
; RUN: %FileCheck %s --check-prefix=YAML < %t.yaml
; CHECK-NOT: plr_run
; CHECK-NOT: plr_signature_from_array
; MISSED: remark: {{.*}}recurrence not replaced: the recurrence is not linear
; MISSED-NEXT: remark: {{.*}}candidate: the store to y[i]; the reason concerns the read of y[
; MISSED-NEXT: remark: {{.*}}recurrence not replaced: the recurrence's order is a run-time value that changes from one output to the next (the tap loop's count depends on i, as in j <= i): no one signature describes it (a tap count fixed before the loop is taken, up to 32
; MISSED-NEXT: remark: {{.*}}candidate: the store to y[i]; the reason concerns
; MISSED-NEXT: remark: {{.*}}recurrence not replaced: the recurrence is not linear
; MISSED-NEXT: remark: {{.*}}candidate: the store to y[i]; the reason concerns the shift 's.0.lcssa >> 12'
; MISSED-NOT: remark
; YAML: Name: Nonlinear
; YAML: Name: RuntimeOrderVaries
; YAML: Name: Nonlinear
;
; Inputs: make-input.sh F.c FN [-ffast-math], from:
; void lpc_self(float *y, const float *x, long n, int p) {    /* -ffast-math */
;   for (long i = 0; i < n; i++) {
;     float s = x[i];
;     for (int j = 1; j <= p; j++) s -= y[j] * y[i - j];
;     y[i] = s;
;   }
; }
; void lpc_varies(float *y, const float *x, const float *a, int n) {  /* -ffast-math */
;   for (int i = 0; i < n; i++) {
;     float s = x[i];
;     for (int j = 1; j <= i; j++) s -= a[j] * y[i - j];
;     y[i] = s;
;   }
; }
; void lpc_shift(int *y, const int *x, const int *a, int n, int p) {
;   for (int i = p; i < n; i++) {
;     int s = x[i] << 12;
;     for (int j = 1; j <= p; j++) s -= a[j] * y[i - j];
;     y[i] = s >> 12;
;   }
; }


; Function Attrs: nofree norecurse nosync nounwind memory(argmem: readwrite) uwtable
define dso_local void @lpc_self(ptr nocapture noundef %y, ptr nocapture noundef readonly %x, i64 noundef %n, i32 noundef %p) local_unnamed_addr #0 {
entry:
  %cmp25 = icmp sgt i64 %n, 0
  br i1 %cmp25, label %for.body.lr.ph, label %for.cond.cleanup

for.body.lr.ph:                                   ; preds = %entry
  %cmp2.not22 = icmp slt i32 %p, 1
  %0 = add i32 %p, 1
  %wide.trip.count = zext i32 %0 to i64
  br label %for.body

for.cond.cleanup.loopexit:                        ; preds = %for.cond.cleanup3
  br label %for.cond.cleanup

for.cond.cleanup:                                 ; preds = %for.cond.cleanup.loopexit, %entry
  ret void

for.body:                                         ; preds = %for.cond.cleanup3, %for.body.lr.ph
  %i.026 = phi i64 [ 0, %for.body.lr.ph ], [ %inc10, %for.cond.cleanup3 ]
  %arrayidx = getelementptr inbounds float, ptr %x, i64 %i.026
  %1 = load float, ptr %arrayidx, align 4, !tbaa !0
  br i1 %cmp2.not22, label %for.cond.cleanup3, label %for.body4.preheader

for.body4.preheader:                              ; preds = %for.body
  br label %for.body4

for.cond.cleanup3.loopexit:                       ; preds = %for.body4
  %sub7.lcssa = phi float [ %sub7, %for.body4 ]
  br label %for.cond.cleanup3

for.cond.cleanup3:                                ; preds = %for.cond.cleanup3.loopexit, %for.body
  %s.0.lcssa = phi float [ %1, %for.body ], [ %sub7.lcssa, %for.cond.cleanup3.loopexit ]
  %arrayidx8 = getelementptr inbounds float, ptr %y, i64 %i.026
  store float %s.0.lcssa, ptr %arrayidx8, align 4, !tbaa !0
  %inc10 = add nuw nsw i64 %i.026, 1
  %exitcond28.not = icmp eq i64 %inc10, %n
  br i1 %exitcond28.not, label %for.cond.cleanup.loopexit, label %for.body, !llvm.loop !4

for.body4:                                        ; preds = %for.body4, %for.body4.preheader
  %indvars.iv = phi i64 [ %indvars.iv.next, %for.body4 ], [ 1, %for.body4.preheader ]
  %s.023 = phi float [ %sub7, %for.body4 ], [ %1, %for.body4.preheader ]
  %arrayidx5 = getelementptr inbounds float, ptr %y, i64 %indvars.iv
  %2 = load float, ptr %arrayidx5, align 4, !tbaa !0
  %sub = sub nsw i64 %i.026, %indvars.iv
  %arrayidx6 = getelementptr inbounds float, ptr %y, i64 %sub
  %3 = load float, ptr %arrayidx6, align 4, !tbaa !0
  %mul = fmul fast float %3, %2
  %sub7 = fsub fast float %s.023, %mul
  %indvars.iv.next = add nuw nsw i64 %indvars.iv, 1
  %exitcond.not = icmp eq i64 %indvars.iv.next, %wide.trip.count
  br i1 %exitcond.not, label %for.cond.cleanup3.loopexit, label %for.body4, !llvm.loop !6
}

; Function Attrs: nofree norecurse nosync nounwind memory(argmem: readwrite) uwtable
define dso_local void @lpc_varies(ptr nocapture noundef %y, ptr nocapture noundef readonly %x, ptr nocapture noundef readonly %a, i32 noundef %n) local_unnamed_addr #0 {
entry:
  %cmp28 = icmp sgt i32 %n, 0
  br i1 %cmp28, label %for.body.preheader, label %for.cond.cleanup

for.body.preheader:                               ; preds = %entry
  %wide.trip.count41 = zext nneg i32 %n to i64
  br label %for.body

for.cond.cleanup.loopexit:                        ; preds = %for.cond.cleanup3
  br label %for.cond.cleanup

for.cond.cleanup:                                 ; preds = %for.cond.cleanup.loopexit, %entry
  ret void

for.body:                                         ; preds = %for.cond.cleanup3, %for.body.preheader
  %indvars.iv36 = phi i64 [ 0, %for.body.preheader ], [ %indvars.iv.next37, %for.cond.cleanup3 ]
  %indvars.iv34 = phi i64 [ 1, %for.body.preheader ], [ %indvars.iv.next35, %for.cond.cleanup3 ]
  %arrayidx = getelementptr inbounds float, ptr %x, i64 %indvars.iv36
  %0 = load float, ptr %arrayidx, align 4, !tbaa !0
  %cmp2.not25 = icmp eq i64 %indvars.iv36, 0
  br i1 %cmp2.not25, label %for.cond.cleanup3, label %for.body4.preheader

for.body4.preheader:                              ; preds = %for.body
  br label %for.body4

for.cond.cleanup3.loopexit:                       ; preds = %for.body4
  %sub9.lcssa = phi float [ %sub9, %for.body4 ]
  br label %for.cond.cleanup3

for.cond.cleanup3:                                ; preds = %for.cond.cleanup3.loopexit, %for.body
  %s.0.lcssa = phi float [ %0, %for.body ], [ %sub9.lcssa, %for.cond.cleanup3.loopexit ]
  %arrayidx11 = getelementptr inbounds float, ptr %y, i64 %indvars.iv36
  store float %s.0.lcssa, ptr %arrayidx11, align 4, !tbaa !0
  %indvars.iv.next37 = add nuw nsw i64 %indvars.iv36, 1
  %indvars.iv.next35 = add nuw nsw i64 %indvars.iv34, 1
  %exitcond42.not = icmp eq i64 %indvars.iv.next37, %wide.trip.count41
  br i1 %exitcond42.not, label %for.cond.cleanup.loopexit, label %for.body, !llvm.loop !7

for.body4:                                        ; preds = %for.body4, %for.body4.preheader
  %indvars.iv = phi i64 [ %indvars.iv.next, %for.body4 ], [ 1, %for.body4.preheader ]
  %s.026 = phi float [ %sub9, %for.body4 ], [ %0, %for.body4.preheader ]
  %arrayidx6 = getelementptr inbounds float, ptr %a, i64 %indvars.iv
  %1 = load float, ptr %arrayidx6, align 4, !tbaa !0
  %2 = sub nsw i64 %indvars.iv36, %indvars.iv
  %arrayidx8 = getelementptr inbounds float, ptr %y, i64 %2
  %3 = load float, ptr %arrayidx8, align 4, !tbaa !0
  %mul = fmul fast float %3, %1
  %sub9 = fsub fast float %s.026, %mul
  %indvars.iv.next = add nuw nsw i64 %indvars.iv, 1
  %exitcond.not = icmp eq i64 %indvars.iv.next, %indvars.iv34
  br i1 %exitcond.not, label %for.cond.cleanup3.loopexit, label %for.body4, !llvm.loop !8
}

; Function Attrs: nofree norecurse nosync nounwind memory(argmem: readwrite) uwtable
define dso_local void @lpc_shift(ptr nocapture noundef %y, ptr nocapture noundef readonly %x, ptr nocapture noundef readonly %a, i32 noundef %n, i32 noundef %p) local_unnamed_addr #1 {
entry:
  %cmp28 = icmp slt i32 %p, %n
  br i1 %cmp28, label %for.body.lr.ph, label %for.cond.cleanup

for.body.lr.ph:                                   ; preds = %entry
  %cmp2.not25 = icmp slt i32 %p, 1
  %0 = add nsw i32 %p, 1
  %1 = sext i32 %p to i64
  %wide.trip.count35 = sext i32 %n to i64
  %wide.trip.count = zext i32 %0 to i64
  br label %for.body

for.cond.cleanup.loopexit:                        ; preds = %for.cond.cleanup3
  br label %for.cond.cleanup

for.cond.cleanup:                                 ; preds = %for.cond.cleanup.loopexit, %entry
  ret void

for.body:                                         ; preds = %for.cond.cleanup3, %for.body.lr.ph
  %indvars.iv32 = phi i64 [ %1, %for.body.lr.ph ], [ %indvars.iv.next33, %for.cond.cleanup3 ]
  %arrayidx = getelementptr inbounds i32, ptr %x, i64 %indvars.iv32
  %2 = load i32, ptr %arrayidx, align 4, !tbaa !9
  %shl = shl i32 %2, 12
  br i1 %cmp2.not25, label %for.cond.cleanup3, label %for.body4.preheader

for.body4.preheader:                              ; preds = %for.body
  br label %for.body4

for.cond.cleanup3.loopexit:                       ; preds = %for.body4
  %sub9.lcssa = phi i32 [ %sub9, %for.body4 ]
  br label %for.cond.cleanup3

for.cond.cleanup3:                                ; preds = %for.cond.cleanup3.loopexit, %for.body
  %s.0.lcssa = phi i32 [ %shl, %for.body ], [ %sub9.lcssa, %for.cond.cleanup3.loopexit ]
  %shr = ashr i32 %s.0.lcssa, 12
  %arrayidx11 = getelementptr inbounds i32, ptr %y, i64 %indvars.iv32
  store i32 %shr, ptr %arrayidx11, align 4, !tbaa !9
  %indvars.iv.next33 = add nsw i64 %indvars.iv32, 1
  %exitcond36.not = icmp eq i64 %indvars.iv.next33, %wide.trip.count35
  br i1 %exitcond36.not, label %for.cond.cleanup.loopexit, label %for.body, !llvm.loop !11

for.body4:                                        ; preds = %for.body4, %for.body4.preheader
  %indvars.iv = phi i64 [ %indvars.iv.next, %for.body4 ], [ 1, %for.body4.preheader ]
  %s.026 = phi i32 [ %sub9, %for.body4 ], [ %shl, %for.body4.preheader ]
  %arrayidx6 = getelementptr inbounds i32, ptr %a, i64 %indvars.iv
  %3 = load i32, ptr %arrayidx6, align 4, !tbaa !9
  %4 = sub nsw i64 %indvars.iv32, %indvars.iv
  %arrayidx8 = getelementptr inbounds i32, ptr %y, i64 %4
  %5 = load i32, ptr %arrayidx8, align 4, !tbaa !9
  %mul = mul nsw i32 %5, %3
  %sub9 = sub nsw i32 %s.026, %mul
  %indvars.iv.next = add nuw nsw i64 %indvars.iv, 1
  %exitcond.not = icmp eq i64 %indvars.iv.next, %wide.trip.count
  br i1 %exitcond.not, label %for.cond.cleanup3.loopexit, label %for.body4, !llvm.loop !12
}

attributes #0 = { nofree norecurse nosync nounwind memory(argmem: readwrite) uwtable "approx-func-fp-math"="true" "min-legal-vector-width"="0" "no-infs-fp-math"="true" "no-nans-fp-math"="true" "no-signed-zeros-fp-math"="true" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" "unsafe-fp-math"="true" }
attributes #1 = { nofree norecurse nosync nounwind memory(argmem: readwrite) uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }

!0 = !{!1, !1, i64 0}
!1 = !{!"float", !2, i64 0}
!2 = !{!"omnipotent char", !3, i64 0}
!3 = !{!"Simple C/C++ TBAA"}
!4 = distinct !{!4, !5}
!5 = !{!"llvm.loop.mustprogress"}
!6 = distinct !{!6, !5}
!7 = distinct !{!7, !5}
!8 = distinct !{!8, !5}
!9 = !{!10, !10, i64 0}
!10 = !{!"int", !2, i64 0}
!11 = distinct !{!11, !5}
!12 = distinct !{!12, !5}
