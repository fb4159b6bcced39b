; A loop bound read from memory that the loop's first store writes: `i < y[1]` with the loop storing
; y[1] on its first iteration. The trip count depends on the values stored, so versioning on the
; bound (bound-versioned.ll) could never take the copy: refused with its own reason.
; REQUIRES: pass
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -S %s | %FileCheck %s
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -pass-remarks-missed=plr -pass-remarks-analysis=plr -disable-output %s 2>&1 | %FileCheck %s --check-prefix=MISSED
; MISSED: remark: {{.*}}recurrence not replaced: the loop's bound is read from memory on every iteration, and the loop's first store writes it (the bound is an element of an array the loop stores, or a field it stores): the trip count depends on the values stored (a copy of the bound in a local variable before the loop, if that is what is meant, lets it be computed)
; MISSED-NEXT: remark: {{.*}}candidate: the store to y[i]; the reason concerns the read of y[1]
; CHECK-NOT: plr_run
; CHECK-NOT: plr.bound
;
; Input: make-input.sh bound-written.c run_w, from:
; void run_w(int *y, const int *x) {
;   for (int i = 1; i < y[1]; i++) y[i] = x[i] + y[i-1];
; }

; Function Attrs: nofree norecurse nosync nounwind memory(argmem: readwrite) uwtable
define dso_local void @run_w(ptr nocapture noundef %y, ptr nocapture noundef readonly %x) local_unnamed_addr #0 {
entry:
  %arrayidx = getelementptr inbounds i8, ptr %y, i64 4
  %0 = load i32, ptr %arrayidx, align 4, !tbaa !5
  %cmp12 = icmp sgt i32 %0, 1
  br i1 %cmp12, label %for.body.preheader, label %for.cond.cleanup

for.body.preheader:                               ; preds = %entry
  br label %for.body

for.cond.cleanup.loopexit:                        ; preds = %for.body
  br label %for.cond.cleanup

for.cond.cleanup:                                 ; preds = %for.cond.cleanup.loopexit, %entry
  ret void

for.body:                                         ; preds = %for.body.preheader, %for.body
  %indvars.iv = phi i64 [ %indvars.iv.next, %for.body ], [ 1, %for.body.preheader ]
  %arrayidx1 = getelementptr inbounds i32, ptr %x, i64 %indvars.iv
  %1 = load i32, ptr %arrayidx1, align 4, !tbaa !5
  %2 = getelementptr i32, ptr %y, i64 %indvars.iv
  %arrayidx3 = getelementptr i8, ptr %2, i64 -4
  %3 = load i32, ptr %arrayidx3, align 4, !tbaa !5
  %add = add nsw i32 %3, %1
  store i32 %add, ptr %2, align 4, !tbaa !5
  %indvars.iv.next = add nuw nsw i64 %indvars.iv, 1
  %4 = load i32, ptr %arrayidx, align 4, !tbaa !5
  %5 = sext i32 %4 to i64
  %cmp = icmp slt i64 %indvars.iv.next, %5
  br i1 %cmp, label %for.body, label %for.cond.cleanup.loopexit, !llvm.loop !9
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
