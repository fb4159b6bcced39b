; The input read from the same array as the output at another offset (odd elements in, even
; elements out: the issue's "in place" decision on a stride-2 read of the same array). The
; materialized input term's check keeps the load's range apart from y's, and those ranges interleave
; at every trip count a call would take: the check could never pass. Not replaced, with the reason,
; rather than versioned behind a guard that always falls back (issue 12, item 10).
; REQUIRES: pass
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -S %s | %FileCheck %s
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -pass-remarks-missed=plr -pass-remarks-analysis=plr -disable-output %s 2>&1 | %FileCheck %s --check-prefix=MISSED
; RUN: env PLR_PASS_MIN_N=64 %opt -load-pass-plugin=%plr-pass -passes=plr -pass-remarks-missed=plr -disable-output %s 2>&1 | %FileCheck %s --check-prefix=MISSED
; MISSED: remark: {{.*}}recurrence not replaced: an array the loop reads lies a constant distance from one it writes, within it for every trip count a call would take (the same array read at another stride or offset), so the check before the call could never pass
; CHECK-NOT: plr_run
;
; Input: make-input.sh s2.c odd_even -ffast-math, from:
; void odd_even(float *a, long n) {
;   for (long i = 1; i < n; i++) a[2 * i] = a[2 * i - 1] + 0.5f * a[2 * i - 2];
; }


; Function Attrs: nofree norecurse nosync nounwind memory(argmem: readwrite) uwtable
define dso_local void @odd_even(ptr nocapture noundef %a, i64 noundef %n) local_unnamed_addr #0 {
entry:
  %cmp13 = icmp sgt i64 %n, 1
  br i1 %cmp13, label %for.body.preheader, label %for.cond.cleanup

for.body.preheader:                               ; preds = %entry
  br label %for.body

for.cond.cleanup.loopexit:                        ; preds = %for.body
  br label %for.cond.cleanup

for.cond.cleanup:                                 ; preds = %for.cond.cleanup.loopexit, %entry
  ret void

for.body:                                         ; preds = %for.body.preheader, %for.body
  %i.014 = phi i64 [ %inc, %for.body ], [ 1, %for.body.preheader ]
  %.idx = shl i64 %i.014, 3
  %0 = getelementptr i8, ptr %a, i64 %.idx
  %arrayidx = getelementptr i8, ptr %0, i64 -4
  %1 = load float, ptr %arrayidx, align 4, !tbaa !5
  %arrayidx3 = getelementptr i8, ptr %0, i64 -8
  %2 = load float, ptr %arrayidx3, align 4, !tbaa !5
  %mul4 = fmul fast float %2, 5.000000e-01
  %add = fadd fast float %mul4, %1
  store float %add, ptr %0, align 4, !tbaa !5
  %inc = add nuw nsw i64 %i.014, 1
  %exitcond.not = icmp eq i64 %inc, %n
  br i1 %exitcond.not, label %for.cond.cleanup.loopexit, label %for.body, !llvm.loop !9
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
