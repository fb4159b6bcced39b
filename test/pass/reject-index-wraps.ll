; A backward filter whose int index counts down from a long bound minus one
; to a long lower bound (for (int i = n - 1; i > lo; i--) y[i-1] = x[i-1] +
; b*y[i]). Its addresses are sext of a 32-bit recurrence, affine only where
; it does not wrap, and with a no-wrap predicate they would be; but the exit
; test compares sext(i) with lo, so SCEV cannot count the iterations, and a
; no-wrap predicate is only tested over a known count (with `i > 0` it is:
; index-wraps-versioned.ll). Not silence: the reason with its remedy,
; located at the loop; nothing replaced.
; REQUIRES: pass
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -S %s | %FileCheck %s
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -pass-remarks-missed=plr -pass-remarks-analysis=plr -disable-output %s 2>&1 | %FileCheck %s --check-prefix=MISSED
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -pass-remarks-missed=plr -pass-remarks-output=%t.yaml -disable-output %s 2>/dev/null
; RUN: %FileCheck %s --check-prefix=YAML < %t.yaml
; MISSED: remark: {{.*}}recurrence not replaced: the output's index is a value narrower than 64 bits widened after arithmetic that may wrap (an int index against a 64-bit bound, as in for (int i = n - 1; i > 0; i--) y[i-1] = ... y[i]), so its address is not a start plus a multiple of the iteration the call could be given (give the index the bound's type (long, ptrdiff_t), or the bound the index's (int))
; MISSED: remark: {{.*}}the output: the store to y[
; YAML: Name: IndexWraps
; CHECK-NOT: plr_run
;
; Input: make-input.sh iw.c lo_bound -ffast-math, from:
; void lo_bound(float *y, const float *x, long n, long lo, float b) {
;   for (int i = n - 1; i > lo; i--)
;     y[i - 1] = x[i - 1] + b * y[i];
; }


; Function Attrs: nofree norecurse nosync nounwind memory(argmem: readwrite) uwtable
define dso_local void @lo_bound(ptr nocapture noundef %y, ptr nocapture noundef readonly %x, i64 noundef %n, i64 noundef %lo, float noundef nofpclass(nan inf) %b) local_unnamed_addr #0 {
entry:
  %0 = trunc i64 %n to i32
  %i.014 = add i32 %0, -1
  %conv115 = sext i32 %i.014 to i64
  %cmp16 = icmp sgt i64 %conv115, %lo
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
  %i.0.in17 = phi i32 [ %i.018, %for.body ], [ %0, %for.body.preheader ]
  %sub3 = add i32 %i.0.in17, -2
  %idxprom = sext i32 %sub3 to i64
  %arrayidx = getelementptr inbounds float, ptr %x, i64 %idxprom
  %1 = load float, ptr %arrayidx, align 4, !tbaa !5
  %arrayidx5 = getelementptr inbounds float, ptr %y, i64 %conv119
  %2 = load float, ptr %arrayidx5, align 4, !tbaa !5
  %mul = fmul fast float %2, %b
  %add = fadd fast float %mul, %1
  %arrayidx8 = getelementptr inbounds float, ptr %y, i64 %idxprom
  store float %add, ptr %arrayidx8, align 4, !tbaa !5
  %i.0 = add i32 %i.018, -1
  %conv1 = sext i32 %i.0 to i64
  %cmp = icmp sgt i64 %conv1, %lo
  br i1 %cmp, label %for.body, label %for.cond.cleanup.loopexit, !llvm.loop !9
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
