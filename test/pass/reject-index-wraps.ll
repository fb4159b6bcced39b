; A column filter written row by row with unsigned indices (y[r*w + c] =
; x[r*w + c] + 0.5f*y[(r-1)*w + c], unsigned r, c, w): the recurrence is
; carried by the outer loop, the inner loop walks the lanes, and the address
; r*w + c, computed in 32 bits and widened, is affine only where it does not
; wrap. A single loop, channels and nests are versioned on that
; (index-wraps-versioned.ll and the tests named there); lanes, whose check
; stands before the outer loop, are not yet. Not silence: the reason with its
; remedy, located at the loop; nothing replaced.
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
; Input: make-input.sh colsu.c colsu -ffast-math, from:
; void colsu(float *y, const float *x, unsigned rows, unsigned w) {
;   for (unsigned r = 1; r < rows; r++)
;     for (unsigned c = 0; c < w; c++)
;       y[r * w + c] = x[r * w + c] + 0.5f * y[(r - 1) * w + c];
; }


; Function Attrs: nofree norecurse nosync nounwind memory(argmem: readwrite) uwtable
define dso_local void @colsu(ptr nocapture noundef %y, ptr nocapture noundef readonly %x, i32 noundef %rows, i32 noundef %w) local_unnamed_addr #0 {
entry:
  %cmp32 = icmp ugt i32 %rows, 1
  br i1 %cmp32, label %for.cond1.preheader.lr.ph, label %for.cond.cleanup

for.cond1.preheader.lr.ph:                        ; preds = %entry
  %cmp230.not = icmp eq i32 %w, 0
  %wide.trip.count = zext i32 %w to i64
  br label %for.cond1.preheader

for.cond1.preheader:                              ; preds = %for.cond1.preheader.lr.ph, %for.cond.cleanup3
  %r.033 = phi i32 [ 1, %for.cond1.preheader.lr.ph ], [ %inc16, %for.cond.cleanup3 ]
  br i1 %cmp230.not, label %for.cond.cleanup3, label %for.body4.lr.ph

for.body4.lr.ph:                                  ; preds = %for.cond1.preheader
  %mul = mul i32 %r.033, %w
  %sub = add i32 %r.033, -1
  %mul5 = mul i32 %sub, %w
  br label %for.body4

for.cond.cleanup.loopexit:                        ; preds = %for.cond.cleanup3
  br label %for.cond.cleanup

for.cond.cleanup:                                 ; preds = %for.cond.cleanup.loopexit, %entry
  ret void

for.cond.cleanup3.loopexit:                       ; preds = %for.body4
  br label %for.cond.cleanup3

for.cond.cleanup3:                                ; preds = %for.cond.cleanup3.loopexit, %for.cond1.preheader
  %inc16 = add nuw i32 %r.033, 1
  %exitcond35.not = icmp eq i32 %inc16, %rows
  br i1 %exitcond35.not, label %for.cond.cleanup.loopexit, label %for.cond1.preheader, !llvm.loop !5

for.body4:                                        ; preds = %for.body4.lr.ph, %for.body4
  %indvars.iv = phi i64 [ 0, %for.body4.lr.ph ], [ %indvars.iv.next, %for.body4 ]
  %0 = trunc nuw i64 %indvars.iv to i32
  %add = add i32 %mul, %0
  %idxprom = zext i32 %add to i64
  %arrayidx = getelementptr inbounds float, ptr %x, i64 %idxprom
  %1 = load float, ptr %arrayidx, align 4, !tbaa !7
  %add6 = add i32 %mul5, %0
  %idxprom7 = zext i32 %add6 to i64
  %arrayidx8 = getelementptr inbounds float, ptr %y, i64 %idxprom7
  %2 = load float, ptr %arrayidx8, align 4, !tbaa !7
  %mul9 = fmul fast float %2, 5.000000e-01
  %add10 = fadd fast float %mul9, %1
  %arrayidx14 = getelementptr inbounds float, ptr %y, i64 %idxprom
  store float %add10, ptr %arrayidx14, align 4, !tbaa !7
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
!5 = distinct !{!5, !6}
!6 = !{!"llvm.loop.mustprogress"}
!7 = !{!8, !8, i64 0}
!8 = !{!"float", !9, i64 0}
!9 = !{!"omnipotent char", !10, i64 0}
!10 = !{!"Simple C/C++ TBAA"}
!11 = distinct !{!11, !6}
