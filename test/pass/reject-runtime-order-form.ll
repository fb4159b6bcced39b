; A recurrence of run-time order in a form not taken (RuntimeOrder, the
; base reason of runtime_order.c): the tap loop multiplies two coefficient
; arrays, a third load beside a[j] and y[i-j]. Not replaced, and the
; remark names the reason exactly (neither one of the run-time order's
; narrower reasons, Varies/Gain/Wrap, nor another).
; REQUIRES: pass
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -S %s | %FileCheck %s
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -pass-remarks=plr -pass-remarks-missed=plr -pass-remarks-analysis=plr -disable-output %s 2>&1 | %FileCheck %s --check-prefix=MISSED
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -pass-remarks-output=%t.yaml -disable-output %s
; RUN: %FileCheck %s --check-prefix=YAML < %t.yaml
; CHECK-NOT: plr_run
; CHECK-NOT: plr_signature_from_array
; MISSED: remark: <unknown>:0:0: recurrence not replaced: the recurrence's order is a run-time value (an inner loop over the taps, as in LPC synthesis), in a form not taken: the tap loop must only add or subtract c[j]*y[i-j] for j = 1..p into one accumulator (c an array that does not move with i), and the outer loop only store x[i] plus or minus that sum (with a constant tap count (up to 32) the inner loop is unrolled and the recurrence replaced){{$}}
; MISSED-NEXT: remark: <unknown>:0:0: candidate: the store to y[i]; the reason concerns the read of y[
; MISSED-NOT: remark
; YAML: --- !Missed
; YAML-NEXT: Pass: plr
; YAML-NEXT: Name: RuntimeOrder
; YAML-NEXT: Function: lpc_two
; YAML-NEXT: Args:
; YAML-NEXT: - String: 'recurrence not replaced: '
; YAML-NEXT: - Reason: 'the recurrence''s order is a run-time value (an inner loop over the taps, as in LPC synthesis), in a form not taken: the tap loop must only add or subtract c[j]*y[i-j] for j = 1..p into one accumulator (c an array that does not move with i), and the outer loop only store x[i] plus or minus that sum'
; YAML-NEXT: - String: ' ('
; YAML-NEXT: - Hint: 'with a constant tap count (up to 32) the inner loop is unrolled and the recurrence replaced'
;
; Input: make-input.sh reject-runtime-order-form.c lpc_two, from:
; void lpc_two(int *y, const int *x, const int *a, const int *b, long n, int p) {
;   for (long i = 0; i < n; i++) {
;     int s = x[i];
;     for (int j = 1; j <= p; j++)
;       s -= a[j] * b[j] * y[i - j];
;     y[i] = s;
;   }
; }


; Function Attrs: nofree norecurse nosync nounwind memory(argmem: readwrite) uwtable
define dso_local void @lpc_two(ptr nocapture noundef %y, ptr nocapture noundef readonly %x, ptr nocapture noundef readonly %a, ptr nocapture noundef readonly %b, i64 noundef %n, i32 noundef %p) local_unnamed_addr #0 {
entry:
  %cmp28 = icmp sgt i64 %n, 0
  br i1 %cmp28, label %for.body.lr.ph, label %for.cond.cleanup

for.body.lr.ph:                                   ; preds = %entry
  %cmp2.not25 = icmp slt i32 %p, 1
  %0 = add i32 %p, 1
  %wide.trip.count = zext i32 %0 to i64
  br label %for.body

for.cond.cleanup.loopexit:                        ; preds = %for.cond.cleanup3
  br label %for.cond.cleanup

for.cond.cleanup:                                 ; preds = %for.cond.cleanup.loopexit, %entry
  ret void

for.body:                                         ; preds = %for.body.lr.ph, %for.cond.cleanup3
  %i.029 = phi i64 [ 0, %for.body.lr.ph ], [ %inc13, %for.cond.cleanup3 ]
  %arrayidx = getelementptr inbounds i32, ptr %x, i64 %i.029
  %1 = load i32, ptr %arrayidx, align 4, !tbaa !5
  br i1 %cmp2.not25, label %for.cond.cleanup3, label %for.body4.preheader

for.body4.preheader:                              ; preds = %for.body
  br label %for.body4

for.cond.cleanup3.loopexit:                       ; preds = %for.body4
  %sub10.lcssa = phi i32 [ %sub10, %for.body4 ]
  br label %for.cond.cleanup3

for.cond.cleanup3:                                ; preds = %for.cond.cleanup3.loopexit, %for.body
  %s.0.lcssa = phi i32 [ %1, %for.body ], [ %sub10.lcssa, %for.cond.cleanup3.loopexit ]
  %arrayidx11 = getelementptr inbounds i32, ptr %y, i64 %i.029
  store i32 %s.0.lcssa, ptr %arrayidx11, align 4, !tbaa !5
  %inc13 = add nuw nsw i64 %i.029, 1
  %exitcond31.not = icmp eq i64 %inc13, %n
  br i1 %exitcond31.not, label %for.cond.cleanup.loopexit, label %for.body, !llvm.loop !9

for.body4:                                        ; preds = %for.body4.preheader, %for.body4
  %indvars.iv = phi i64 [ %indvars.iv.next, %for.body4 ], [ 1, %for.body4.preheader ]
  %s.026 = phi i32 [ %sub10, %for.body4 ], [ %1, %for.body4.preheader ]
  %arrayidx5 = getelementptr inbounds i32, ptr %a, i64 %indvars.iv
  %2 = load i32, ptr %arrayidx5, align 4, !tbaa !5
  %arrayidx7 = getelementptr inbounds i32, ptr %b, i64 %indvars.iv
  %3 = load i32, ptr %arrayidx7, align 4, !tbaa !5
  %mul = mul nsw i32 %3, %2
  %sub = sub nsw i64 %i.029, %indvars.iv
  %arrayidx8 = getelementptr inbounds i32, ptr %y, i64 %sub
  %4 = load i32, ptr %arrayidx8, align 4, !tbaa !5
  %mul9 = mul nsw i32 %mul, %4
  %sub10 = sub nsw i32 %s.026, %mul9
  %indvars.iv.next = add nuw nsw i64 %indvars.iv, 1
  %exitcond.not = icmp eq i64 %indvars.iv.next, %wide.trip.count
  br i1 %exitcond.not, label %for.cond.cleanup3.loopexit, label %for.body4, !llvm.loop !11
}

attributes #0 = { nofree norecurse nosync nounwind memory(argmem: readwrite) uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }


!0 = !{i32 1, !"wchar_size", i32 4}
!1 = !{i32 8, !"PIC Level", i32 2}
!2 = !{i32 7, !"PIE Level", i32 2}
!3 = !{i32 7, !"uwtable", i32 2}
!4 = !{!"Debian clang version 19.1.7 (3~deb12u1)"}
!5 = !{!6, !6, i64 0}
!6 = !{!"int", !7, i64 0}
!7 = !{!"omnipotent char", !8, i64 0}
!8 = !{!"Simple C/C++ TBAA"}
!9 = distinct !{!9, !10}
!10 = !{!"llvm.loop.mustprogress"}
!11 = distinct !{!11, !10}
