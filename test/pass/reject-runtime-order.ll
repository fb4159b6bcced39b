; LPC synthesis with the order a run-time value: the taps are an inner loop
; over p (the runtime takes orders known before the call, up to 32). No
; silence: a precise reason with the remedy (a constant tap count is unrolled
; and replaced), on the loop that carries the recurrence; nothing replaced.
; REQUIRES: pass
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -S %s | %FileCheck %s
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -pass-remarks-missed=plr -pass-remarks-analysis=plr -disable-output %s 2>&1 | %FileCheck %s --check-prefix=MISSED
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -pass-remarks-missed=plr -pass-remarks-output=%t.yaml -disable-output %s 2>/dev/null
; RUN: %FileCheck %s --check-prefix=YAML < %t.yaml
; MISSED: remark: {{.*}}recurrence not replaced: the recurrence's order is a run-time value (an inner loop over the taps, as in LPC synthesis); only orders known when compiling are taken (with a constant tap count (up to 32) the inner loop is unrolled and the recurrence replaced)
; MISSED: remark: {{.*}}the output: the store to y[i]
; MISSED-NOT: remark
; YAML: Name: RuntimeOrder
; CHECK-NOT: plr_run
;
; Input: make-input.sh lpc.c lpc -ffast-math, from:
; void lpc(float *y, const float *x, const float *a, int n, int p) {
;   for (int i = p; i < n; i++) {
;     float s = x[i];
;     for (int j = 1; j <= p; j++) s -= a[j] * y[i - j];
;     y[i] = s;
;   }
; }


; Function Attrs: nofree norecurse nosync nounwind memory(argmem: readwrite) uwtable
define dso_local void @lpc(ptr nocapture noundef %y, ptr nocapture noundef readonly %x, ptr nocapture noundef readonly %a, i32 noundef %n, i32 noundef %p) local_unnamed_addr #0 {
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

for.body:                                         ; preds = %for.body.lr.ph, %for.cond.cleanup3
  %indvars.iv32 = phi i64 [ %1, %for.body.lr.ph ], [ %indvars.iv.next33, %for.cond.cleanup3 ]
  %arrayidx = getelementptr inbounds float, ptr %x, i64 %indvars.iv32
  %2 = load float, ptr %arrayidx, align 4, !tbaa !5
  br i1 %cmp2.not25, label %for.cond.cleanup3, label %for.body4.preheader

for.body4.preheader:                              ; preds = %for.body
  br label %for.body4

for.cond.cleanup3.loopexit:                       ; preds = %for.body4
  %sub9.lcssa = phi float [ %sub9, %for.body4 ]
  br label %for.cond.cleanup3

for.cond.cleanup3:                                ; preds = %for.cond.cleanup3.loopexit, %for.body
  %s.0.lcssa = phi float [ %2, %for.body ], [ %sub9.lcssa, %for.cond.cleanup3.loopexit ]
  %arrayidx11 = getelementptr inbounds float, ptr %y, i64 %indvars.iv32
  store float %s.0.lcssa, ptr %arrayidx11, align 4, !tbaa !5
  %indvars.iv.next33 = add nsw i64 %indvars.iv32, 1
  %exitcond36.not = icmp eq i64 %indvars.iv.next33, %wide.trip.count35
  br i1 %exitcond36.not, label %for.cond.cleanup.loopexit, label %for.body, !llvm.loop !9

for.body4:                                        ; preds = %for.body4.preheader, %for.body4
  %indvars.iv = phi i64 [ %indvars.iv.next, %for.body4 ], [ 1, %for.body4.preheader ]
  %s.026 = phi float [ %sub9, %for.body4 ], [ %2, %for.body4.preheader ]
  %arrayidx6 = getelementptr inbounds float, ptr %a, i64 %indvars.iv
  %3 = load float, ptr %arrayidx6, align 4, !tbaa !5
  %4 = sub nsw i64 %indvars.iv32, %indvars.iv
  %arrayidx8 = getelementptr inbounds float, ptr %y, i64 %4
  %5 = load float, ptr %arrayidx8, align 4, !tbaa !5
  %mul = fmul fast float %5, %3
  %sub9 = fsub fast float %s.026, %mul
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
