; An LPC synthesis filter of run-time order p over an unsigned short
; position (y[i] = x[i] - sum a[j]*y[i-j], i = s, s+1, ...): the store's
; and the input's addresses are zext of a 16-bit recurrence, affine only
; where i does not wrap past 65535. The loop carrying the recurrence (the
; taps loop's parent) is analyzed with its addresses under that no-wrap
; predicate, which its check tests before the signature is read and the
; call made.
; REQUIRES: pass
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr,verify -S %s | %FileCheck %s
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -pass-remarks=plr -disable-output %s 2>&1 | %FileCheck %s --check-prefix=REMARK
; REMARK: remark: {{.*}}replaced linear recurrence with a call to plr_run: signature (1: -a[j] for j = 1..p), type i32, order p, order a run-time value (an inner loop over the taps): the signature read from the coefficient array before the call; plan: check(x apart from y or exactly y, coefficients apart from y, no narrow index wraps, the taps run, 1 <= p <= 32)
;
; CHECK-LABEL: define dso_local void @lpc16(
; CHECK: add i16 %s,
; CHECK: %plr.nowrap = xor i1 %{{[0-9]+}}, true
; CHECK-NEXT: %[[OK:[0-9]+]] = and i1 %{{[0-9]+}}, %plr.nowrap
; CHECK-NEXT: br i1 %[[OK]],
; CHECK: call i32 @plr_signature_from_array(
; CHECK: call i32 @plr_run(
;
; Input: make-input.sh rto16.c lpc16, from:
; void lpc16(int *y, const int *x, const int *a, unsigned short s, int n, int p) {
;   unsigned short i = s;
;   for (int t = 0; t < n; t++, i++) {
;     int acc = x[i];
;     for (int j = 1; j <= p; j++)
;       acc -= a[j] * y[i - j];
;     y[i] = acc;
;   }
; }


; Function Attrs: nofree norecurse nosync nounwind memory(argmem: readwrite) uwtable
define dso_local void @lpc16(ptr nocapture noundef %y, ptr nocapture noundef readonly %x, ptr nocapture noundef readonly %a, i16 noundef zeroext %s, i32 noundef %n, i32 noundef %p) local_unnamed_addr #0 {
entry:
  %cmp28 = icmp sgt i32 %n, 0
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
  %t.030 = phi i32 [ 0, %for.body.lr.ph ], [ %inc13, %for.cond.cleanup3 ]
  %i.029 = phi i16 [ %s, %for.body.lr.ph ], [ %inc14, %for.cond.cleanup3 ]
  %idxprom = zext i16 %i.029 to i64
  %arrayidx = getelementptr inbounds i32, ptr %x, i64 %idxprom
  %1 = load i32, ptr %arrayidx, align 4, !tbaa !5
  br i1 %cmp2.not25, label %for.cond.cleanup3, label %for.body4.lr.ph

for.body4.lr.ph:                                  ; preds = %for.body
  %2 = zext i16 %i.029 to i64
  br label %for.body4

for.cond.cleanup3.loopexit:                       ; preds = %for.body4
  %sub9.lcssa = phi i32 [ %sub9, %for.body4 ]
  br label %for.cond.cleanup3

for.cond.cleanup3:                                ; preds = %for.cond.cleanup3.loopexit, %for.body
  %acc.0.lcssa = phi i32 [ %1, %for.body ], [ %sub9.lcssa, %for.cond.cleanup3.loopexit ]
  %arrayidx11 = getelementptr inbounds i32, ptr %y, i64 %idxprom
  store i32 %acc.0.lcssa, ptr %arrayidx11, align 4, !tbaa !5
  %inc13 = add nuw nsw i32 %t.030, 1
  %inc14 = add i16 %i.029, 1
  %exitcond33.not = icmp eq i32 %inc13, %n
  br i1 %exitcond33.not, label %for.cond.cleanup.loopexit, label %for.body, !llvm.loop !9

for.body4:                                        ; preds = %for.body4.lr.ph, %for.body4
  %indvars.iv = phi i64 [ 1, %for.body4.lr.ph ], [ %indvars.iv.next, %for.body4 ]
  %acc.026 = phi i32 [ %1, %for.body4.lr.ph ], [ %sub9, %for.body4 ]
  %arrayidx6 = getelementptr inbounds i32, ptr %a, i64 %indvars.iv
  %3 = load i32, ptr %arrayidx6, align 4, !tbaa !5
  %4 = sub nsw i64 %2, %indvars.iv
  %arrayidx8 = getelementptr inbounds i32, ptr %y, i64 %4
  %5 = load i32, ptr %arrayidx8, align 4, !tbaa !5
  %mul = mul nsw i32 %5, %3
  %sub9 = sub nsw i32 %acc.026, %mul
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
