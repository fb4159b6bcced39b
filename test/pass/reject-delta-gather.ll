; A carried value that only delays an input (prev = x[i] >> 2) beside a
; gather from the stored array itself (y[k[i]]): the gather may read an
; earlier output, so the loop is not called "no recurrence"; the step the
; analysis stopped at is the reason (the shift: not linear). Beside
; reject-delta-converted.ll, where nothing is fed back.
; REQUIRES: pass
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -S %s | %FileCheck %s
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -pass-remarks=plr -pass-remarks-missed=plr -disable-output %s 2>&1 | %FileCheck %s --check-prefix=MISSED
;
; Input: make-input.sh g3.c gather_fed, from:
; void gather_fed(int *y, const int *x, const int *k, int n) {
;   int prev = 0;
;   for (int i = 1; i < n; i++) { int c = x[i] >> 2; y[i] = c - prev + (y[k[i]] >> 1); prev = c; }
; }
; MISSED: remark: {{.*}}recurrence not replaced: the recurrence is not linear
; MISSED-NOT: does not depend on earlier outputs
; CHECK-NOT: plr_run

; Function Attrs: nofree norecurse nosync nounwind memory(argmem: readwrite) uwtable
define dso_local void @gather_fed(ptr nocapture noundef %y, ptr nocapture noundef readonly %x, ptr nocapture noundef readonly %k, i32 noundef %n) local_unnamed_addr #0 {
entry:
  %cmp14 = icmp sgt i32 %n, 1
  br i1 %cmp14, label %for.body.preheader, label %for.cond.cleanup

for.body.preheader:                               ; preds = %entry
  %wide.trip.count = zext nneg i32 %n to i64
  br label %for.body

for.cond.cleanup.loopexit:                        ; preds = %for.body
  br label %for.cond.cleanup

for.cond.cleanup:                                 ; preds = %for.cond.cleanup.loopexit, %entry
  ret void

for.body:                                         ; preds = %for.body.preheader, %for.body
  %indvars.iv = phi i64 [ 1, %for.body.preheader ], [ %indvars.iv.next, %for.body ]
  %prev.016 = phi i32 [ 0, %for.body.preheader ], [ %shr, %for.body ]
  %arrayidx = getelementptr inbounds i32, ptr %x, i64 %indvars.iv
  %0 = load i32, ptr %arrayidx, align 4, !tbaa !5
  %shr = ashr i32 %0, 2
  %sub = sub nsw i32 %shr, %prev.016
  %arrayidx2 = getelementptr inbounds i32, ptr %k, i64 %indvars.iv
  %1 = load i32, ptr %arrayidx2, align 4, !tbaa !5
  %idxprom3 = sext i32 %1 to i64
  %arrayidx4 = getelementptr inbounds i32, ptr %y, i64 %idxprom3
  %2 = load i32, ptr %arrayidx4, align 4, !tbaa !5
  %shr5 = ashr i32 %2, 1
  %add = add nsw i32 %sub, %shr5
  %arrayidx7 = getelementptr inbounds i32, ptr %y, i64 %indvars.iv
  store i32 %add, ptr %arrayidx7, align 4, !tbaa !5
  %indvars.iv.next = add nuw nsw i64 %indvars.iv, 1
  %exitcond.not = icmp eq i64 %indvars.iv.next, %wide.trip.count
  br i1 %exitcond.not, label %for.cond.cleanup.loopexit, label %for.body, !llvm.loop !9
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
