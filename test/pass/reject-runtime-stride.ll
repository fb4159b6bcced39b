; A loop alone at a run-time stride is one call at that stride in every form of one recurrence
; (runtime-stride-alone.ll, runtime-stride-alone-2.ll, runtime-stride-first-outputs.ll,
; runtime-stride-buffer.ll, cascade-strided.ll) where the stride can be computed before the loop:
; through an unsigned division (C / D, which traps on D == 0) only by reading the program's own
; division where it dominates the preheader (runtime-stride-division.ll). Here the division is in
; the loop's body, computed on every iteration and not hoisted: computing it before the loop
; would divide where the program may not (n == 0), and no one value makes the stride one element.
; Refused with the reason.
; REQUIRES: pass
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -S %s | %FileCheck %s
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -pass-remarks-missed=plr -disable-output %s 2>&1 | %FileCheck %s --check-prefix=MISSED
; MISSED: remark: {{.*}}recurrence not replaced: the stride is a run-time value (a column of an image with a variable width); that is replaced as part of a loop nest the call covers whole, in a loop alone as one call at that stride where the stride can be computed before the loop (a division by a value that may be zero only where the program divides before the loop) and the loop is one recurrence (not channels, not a run-time order), or where one value makes it one element (y[j*C], versioned on C == 1), and this loop is none of these
; MISSED-NOT: remark
; CHECK-NOT: plr_run
; CHECK: for.body:
; CHECK: %div = udiv i64 %C, %D
;
; Input: make-input.sh rs4.c divu -ffast-math, from the source below, with the division moved
; by hand from for.body.lr.ph (where LICM puts it in clang's pipeline, before the pass runs) into
; the loop's body, as a pipeline without LICM before the pass leaves it:
; void divu(const float *restrict x, float *restrict y, long n, unsigned long C, unsigned long D, float a) {
;   float s = 0;
;   for (long i = 0; i < n; i++) {
;     s = a * s + x[i];
;     y[i * (C / D)] = s;
;   }
; }

define dso_local void @divu(ptr noalias nocapture noundef readonly %x, ptr noalias nocapture noundef writeonly %y, i64 noundef %n, i64 noundef %C, i64 noundef %D, float noundef nofpclass(nan inf) %a) local_unnamed_addr {
entry:
  %cmp7 = icmp sgt i64 %n, 0
  br i1 %cmp7, label %for.body.lr.ph, label %for.cond.cleanup

for.body.lr.ph:                                   ; preds = %entry
  br label %for.body

for.cond.cleanup.loopexit:                        ; preds = %for.body
  br label %for.cond.cleanup

for.cond.cleanup:                                 ; preds = %for.cond.cleanup.loopexit, %entry
  ret void

for.body:                                         ; preds = %for.body.lr.ph, %for.body
  %i.09 = phi i64 [ 0, %for.body.lr.ph ], [ %inc, %for.body ]
  %s.08 = phi float [ 0.000000e+00, %for.body.lr.ph ], [ %add, %for.body ]
  %mul = fmul fast float %s.08, %a
  %arrayidx = getelementptr inbounds float, ptr %x, i64 %i.09
  %0 = load float, ptr %arrayidx, align 4
  %add = fadd fast float %0, %mul
  %div = udiv i64 %C, %D
  %mul1 = mul i64 %div, %i.09
  %arrayidx2 = getelementptr inbounds float, ptr %y, i64 %mul1
  store float %add, ptr %arrayidx2, align 4
  %inc = add nuw nsw i64 %i.09, 1
  %exitcond.not = icmp eq i64 %inc, %n
  br i1 %exitcond.not, label %for.cond.cleanup.loopexit, label %for.body
}
