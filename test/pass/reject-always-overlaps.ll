; The input read from the output's own array at another stride or offset, whose range meets the
; output's for every trip count a call would take (a[i] from a[2*i + 5]): the check could never pass.
; Not replaced, with the reason, rather than versioned behind a guard that always falls back (issue
; 12, item 10). Elements of one array interleaved within one step (odd in, even out) never meet and
; are taken without a check: interleaved.ll.
; REQUIRES: pass
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -S %s | %FileCheck %s
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -pass-remarks-missed=plr -pass-remarks-analysis=plr -disable-output %s 2>&1 | %FileCheck %s --check-prefix=MISSED
; RUN: env PLR_PASS_MIN_N=64 %opt -load-pass-plugin=%plr-pass -passes=plr -pass-remarks-missed=plr -disable-output %s 2>&1 | %FileCheck %s --check-prefix=MISSED
; MISSED: remark: {{.*}}recurrence not replaced: an array the loop reads lies a constant distance from one it writes, within it for every trip count a call would take (the same array read at another stride or offset), so the check before the call could never pass
; CHECK-NOT: plr_run
;
; Input: make-input.sh ao.c half -ffast-math, from:
; void half(float *a, long n) {
;   for (long i = 1; i < n; i++) a[i] = a[2 * i + 5] + 0.5f * a[i - 1];
; }

define dso_local void @half(ptr nocapture noundef %a, i64 noundef %n) local_unnamed_addr {
entry:
  %invariant.gep = getelementptr inbounds i8, ptr %a, i64 20
  %cmp11 = icmp sgt i64 %n, 1
  br i1 %cmp11, label %for.body.preheader, label %for.cond.cleanup

for.body.preheader:                               ; preds = %entry
  br label %for.body

for.cond.cleanup.loopexit:                        ; preds = %for.body
  br label %for.cond.cleanup

for.cond.cleanup:                                 ; preds = %for.cond.cleanup.loopexit, %entry
  ret void

for.body:                                         ; preds = %for.body.preheader, %for.body
  %i.012 = phi i64 [ %inc, %for.body ], [ 1, %for.body.preheader ]
  %.idx = shl nsw i64 %i.012, 3
  %gep = getelementptr inbounds i8, ptr %invariant.gep, i64 %.idx
  %0 = load float, ptr %gep, align 4
  %1 = getelementptr float, ptr %a, i64 %i.012
  %arrayidx1 = getelementptr i8, ptr %1, i64 -4
  %2 = load float, ptr %arrayidx1, align 4
  %mul2 = fmul fast float %2, 5.000000e-01
  %add3 = fadd fast float %mul2, %0
  store float %add3, ptr %1, align 4
  %inc = add nuw nsw i64 %i.012, 1
  %exitcond.not = icmp eq i64 %inc, %n
  br i1 %exitcond.not, label %for.cond.cleanup.loopexit, label %for.body
}
