; A backward loop whose int index counts down from a bound read through a
; struct pointer on every iteration (for (int i = c->n - 1; i > c->lo; i--),
; long n and lo, no strict aliasing: the stores may write the bound). The
; bound is read once before a copy of the loop (bound-versioned.ll); the
; copy's count, sext(i) against the hoisted lo, and its stores' addresses,
; sext of the 32-bit index, are affine only where i does not wrap, so the
; check that sends the copy the bound's bytes outside the stores' also tests
; those no-wrap predicates (plr.bound.wraps); the copy is then the backward
; call, behind its own check.
; REQUIRES: pass
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr,verify -S %s | %FileCheck %s
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -pass-remarks=plr -pass-remarks-analysis=plr -disable-output %s 2>&1 | %FileCheck %s --check-prefix=REMARK
; REMARK: remark: {{.*}}replaced linear recurrence with a call to plr_run_many: signature (1: b1), type f64, order 1, layout: y stride -1, x stride -1 (backward); plan: check(x apart from y or exactly y, no narrow index wraps)
; REMARK: remark: {{.*}}the loop's bound, read from memory on every iteration, is read once before a copy of the loop
;
; CHECK-LABEL: define dso_local void @kern(
; CHECK: %plr.bound = load i64, ptr %lo, align 8
; CHECK: %plr.bound.written = or i1 %plr.bound.meets,
; CHECK: call { i32, i1 } @llvm.umul.with.overflow.i32(
; CHECK: %plr.bound.wraps = or i1 %plr.bound.written,
; CHECK: br i1 %plr.bound.wraps{{[0-9]*}}, label %plr.bound.original, label %plr.bound.ph
; CHECK: %plr.nowrap = xor i1
; CHECK: call i32 @plr_run_many(
;
; Input: make-input.sh bnd.c kern -ffast-math -fno-strict-aliasing, from:
; struct cfg { long n; long lo; };
; void kern(double *y, const double *x, struct cfg *c, double b1) {
;   for (int i = c->n - 1; i > c->lo; i--)
;     y[i] = x[i] + b1 * y[i + 1];
; }


; Function Attrs: nofree norecurse nosync nounwind memory(argmem: readwrite) uwtable
define dso_local void @kern(ptr nocapture noundef %y, ptr nocapture noundef readonly %x, ptr nocapture noundef readonly %c, double noundef nofpclass(nan inf) %b1) local_unnamed_addr #0 {
entry:
  %0 = load i64, ptr %c, align 8
  %1 = trunc i64 %0 to i32
  %lo = getelementptr inbounds i8, ptr %c, i64 8
  %i.014 = add i32 %1, -1
  %conv115 = sext i32 %i.014 to i64
  %2 = load i64, ptr %lo, align 8
  %cmp16 = icmp slt i64 %2, %conv115
  br i1 %cmp16, label %for.body.preheader, label %for.cond.cleanup

for.body.preheader:                               ; preds = %entry
  br label %for.body

for.cond.cleanup.loopexit:                        ; preds = %for.body
  br label %for.cond.cleanup

for.cond.cleanup:                                 ; preds = %for.cond.cleanup.loopexit, %entry
  ret void

for.body:                                         ; preds = %for.body.preheader, %for.body
  %conv119 = phi i64 [ %conv1, %for.body ], [ %conv115, %for.body.preheader ]
  %i.018 = phi i32 [ %i.0, %for.body ], [ %i.014, %for.body.preheader ]
  %i.0.in17 = phi i32 [ %i.018, %for.body ], [ %1, %for.body.preheader ]
  %arrayidx = getelementptr inbounds double, ptr %x, i64 %conv119
  %3 = load double, ptr %arrayidx, align 8
  %idxprom3 = sext i32 %i.0.in17 to i64
  %arrayidx4 = getelementptr inbounds double, ptr %y, i64 %idxprom3
  %4 = load double, ptr %arrayidx4, align 8
  %mul = fmul fast double %4, %b1
  %add5 = fadd fast double %mul, %3
  %arrayidx7 = getelementptr inbounds double, ptr %y, i64 %conv119
  store double %add5, ptr %arrayidx7, align 8
  %i.0 = add i32 %i.018, -1
  %conv1 = sext i32 %i.0 to i64
  %5 = load i64, ptr %lo, align 8
  %cmp = icmp slt i64 %5, %conv1
  br i1 %cmp, label %for.body, label %for.cond.cleanup.loopexit, !llvm.loop !5
}

attributes #0 = { nofree norecurse nosync nounwind memory(argmem: readwrite) uwtable "approx-func-fp-math"="true" "min-legal-vector-width"="0" "no-infs-fp-math"="true" "no-nans-fp-math"="true" "no-signed-zeros-fp-math"="true" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" "unsafe-fp-math"="true" }


!0 = !{i32 1, !"wchar_size", i32 4}
!1 = !{i32 8, !"PIC Level", i32 2}
!2 = !{i32 7, !"PIE Level", i32 2}
!3 = !{i32 7, !"uwtable", i32 2}
!4 = !{!"Debian clang version 19.1.7 (3~deb12u1)"}
!5 = distinct !{!5, !6}
!6 = !{!"llvm.loop.mustprogress"}
