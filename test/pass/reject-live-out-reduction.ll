; A second accumulator used after the loop that sums a function of the output (s += y[i]*y[i]): it is not
; linear in the last outputs and cannot be computed without them, so the loop is not replaced.
; REQUIRES: pass
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -S %s | %FileCheck %s
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -pass-remarks=plr -pass-remarks-missed=plr -disable-output %s 2>&1 | %FileCheck %s --check-prefix=MISSED
;
; Input: make-input.sh reject-live-out-reduction.c ros , from:
; long ros(long *y, const long *x, long n) {
;   long s = 0;
;   for (long i = 1; i < n; i++) { y[i] = x[i] + y[i-1]; s += y[i] * y[i]; }
;   return s;
; }

; MISSED: remark: {{.*}}recurrence not replaced: a value computed in the loop is used after it and cannot be recovered
; CHECK-NOT: plr_run
; MISSED-NOT: remark: {{.*}}replaced linear


; Function Attrs: nofree norecurse nosync nounwind memory(argmem: readwrite) uwtable
define dso_local i64 @ros(ptr nocapture noundef %y, ptr nocapture noundef readonly %x, i64 noundef %n) local_unnamed_addr #0 {
entry:
  %cmp16 = icmp sgt i64 %n, 1
  br i1 %cmp16, label %for.body.preheader, label %for.cond.cleanup

for.body.preheader:                               ; preds = %entry
  br label %for.body

for.cond.cleanup.loopexit:                        ; preds = %for.body
  %add5.lcssa = phi i64 [ %add5, %for.body ]
  br label %for.cond.cleanup

for.cond.cleanup:                                 ; preds = %for.cond.cleanup.loopexit, %entry
  %s.0.lcssa = phi i64 [ 0, %entry ], [ %add5.lcssa, %for.cond.cleanup.loopexit ]
  ret i64 %s.0.lcssa

for.body:                                         ; preds = %for.body.preheader, %for.body
  %i.018 = phi i64 [ %inc, %for.body ], [ 1, %for.body.preheader ]
  %s.017 = phi i64 [ %add5, %for.body ], [ 0, %for.body.preheader ]
  %arrayidx = getelementptr inbounds i64, ptr %x, i64 %i.018
  %0 = load i64, ptr %arrayidx, align 8, !tbaa !5
  %1 = getelementptr i64, ptr %y, i64 %i.018
  %arrayidx1 = getelementptr i8, ptr %1, i64 -8
  %2 = load i64, ptr %arrayidx1, align 8, !tbaa !5
  %add = add nsw i64 %2, %0
  store i64 %add, ptr %1, align 8, !tbaa !5
  %mul = mul nsw i64 %add, %add
  %add5 = add nuw nsw i64 %mul, %s.017
  %inc = add nuw nsw i64 %i.018, 1
  %exitcond.not = icmp eq i64 %inc, %n
  br i1 %exitcond.not, label %for.cond.cleanup.loopexit, label %for.body, !llvm.loop !9
}

attributes #0 = { nofree norecurse nosync nounwind memory(argmem: readwrite) uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }


!0 = !{i32 1, !"wchar_size", i32 4}
!1 = !{i32 8, !"PIC Level", i32 2}
!2 = !{i32 7, !"PIE Level", i32 2}
!3 = !{i32 7, !"uwtable", i32 2}
!4 = !{!"Debian clang version 19.1.7 (3~deb12u1)"}
!5 = !{!6, !6, i64 0}
!6 = !{!"long", !7, i64 0}
!7 = !{!"omnipotent char", !8, i64 0}
!8 = !{!"Simple C/C++ TBAA"}
!9 = distinct !{!9, !10}
!10 = !{!"llvm.loop.mustprogress"}
