; Loop bounds in memory that are still refused. A recurrence carried by the outer loop (a column
; filter written row by row) whose inner bound is read through a struct pointer on every iteration:
; the versioning on the bound is done for a loop that is itself the recurrence, not for the lanes of
; a nest, so the reason stays BoundInMemory and says so.
; REQUIRES: pass
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -S %s | %FileCheck %s
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -pass-remarks-missed=plr -pass-remarks-analysis=plr -disable-output %s 2>&1 | %FileCheck %s --check-prefix=MISSED
; MISSED: remark: {{.*}}recurrence not replaced: the trip count cannot be computed before the loop: its bound is read from memory on every iteration, memory the loop's stores may write (no restrict, and an element type they could write), and the loop cannot be versioned on a check that they miss it (a store whose address does not advance by a constant step, more than 8 such stores, or a recurrence carried by the outer loop) (a copy of the bound in a local variable before the loop, or restrict on the output, lets it be computed)
; MISSED-NEXT: remark: {{.*}}candidate: the store to y[i*w + i]; the reason concerns the read of *c
; CHECK-NOT: plr_run
; CHECK-NOT: plr.bound
;
; Input: make-input.sh bound-lanes.c run_lanes, from:
; struct cnt { int n; int k; };
; void run_lanes(struct cnt *c, int *y, const int *x, int rows, long w) {
;   for (int r = 1; r < rows; r++)
;     for (int j = 0; j < c->n; j++) y[r*w + j] = x[r*w + j] + 3*y[(r-1)*w + j];
; }

; Function Attrs: nofree norecurse nosync nounwind memory(argmem: readwrite) uwtable
define dso_local void @run_lanes(ptr nocapture noundef readonly %c, ptr nocapture noundef %y, ptr nocapture noundef readonly %x, i32 noundef %rows, i64 noundef %w) local_unnamed_addr #0 {
entry:
  %cmp34 = icmp sgt i32 %rows, 1
  br i1 %cmp34, label %for.cond1.preheader.preheader, label %for.cond.cleanup

for.cond1.preheader.preheader:                    ; preds = %entry
  %wide.trip.count = zext nneg i32 %rows to i64
  %.pre = load i32, ptr %c, align 4, !tbaa !5
  br label %for.cond1.preheader

for.cond1.preheader:                              ; preds = %for.cond1.preheader.preheader, %for.cond.cleanup3
  %0 = phi i32 [ %.pre, %for.cond1.preheader.preheader ], [ %3, %for.cond.cleanup3 ]
  %indvars.iv37 = phi i64 [ 1, %for.cond1.preheader.preheader ], [ %indvars.iv.next38, %for.cond.cleanup3 ]
  %cmp232 = icmp sgt i32 %0, 0
  br i1 %cmp232, label %for.body4.lr.ph, label %for.cond.cleanup3

for.body4.lr.ph:                                  ; preds = %for.cond1.preheader
  %mul = mul nsw i64 %indvars.iv37, %w
  %1 = add nsw i64 %indvars.iv37, -1
  %mul7 = mul nsw i64 %1, %w
  %2 = getelementptr i32, ptr %y, i64 %mul7
  br label %for.body4

for.cond.cleanup.loopexit:                        ; preds = %for.cond.cleanup3
  br label %for.cond.cleanup

for.cond.cleanup:                                 ; preds = %for.cond.cleanup.loopexit, %entry
  ret void

for.cond.cleanup3.loopexit:                       ; preds = %for.body4
  %.lcssa = phi i32 [ %6, %for.body4 ]
  br label %for.cond.cleanup3

for.cond.cleanup3:                                ; preds = %for.cond.cleanup3.loopexit, %for.cond1.preheader
  %3 = phi i32 [ %0, %for.cond1.preheader ], [ %.lcssa, %for.cond.cleanup3.loopexit ]
  %indvars.iv.next38 = add nuw nsw i64 %indvars.iv37, 1
  %exitcond.not = icmp eq i64 %indvars.iv.next38, %wide.trip.count
  br i1 %exitcond.not, label %for.cond.cleanup.loopexit, label %for.cond1.preheader, !llvm.loop !10

for.body4:                                        ; preds = %for.body4.lr.ph, %for.body4
  %indvars.iv = phi i64 [ 0, %for.body4.lr.ph ], [ %indvars.iv.next, %for.body4 ]
  %add = add nsw i64 %mul, %indvars.iv
  %arrayidx = getelementptr inbounds i32, ptr %x, i64 %add
  %4 = load i32, ptr %arrayidx, align 4, !tbaa !12
  %arrayidx10 = getelementptr i32, ptr %2, i64 %indvars.iv
  %5 = load i32, ptr %arrayidx10, align 4, !tbaa !12
  %mul11 = mul nsw i32 %5, 3
  %add12 = add nsw i32 %mul11, %4
  %arrayidx17 = getelementptr inbounds i32, ptr %y, i64 %add
  store i32 %add12, ptr %arrayidx17, align 4, !tbaa !12
  %indvars.iv.next = add nuw nsw i64 %indvars.iv, 1
  %6 = load i32, ptr %c, align 4, !tbaa !5
  %7 = sext i32 %6 to i64
  %cmp2 = icmp slt i64 %indvars.iv.next, %7
  br i1 %cmp2, label %for.body4, label %for.cond.cleanup3.loopexit, !llvm.loop !13
}

attributes #0 = { nofree norecurse nosync nounwind memory(argmem: readwrite) uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }


!0 = !{i32 1, !"wchar_size", i32 4}
!1 = !{i32 8, !"PIC Level", i32 2}
!2 = !{i32 7, !"PIE Level", i32 2}
!3 = !{i32 7, !"uwtable", i32 2}
!4 = !{!"Debian clang version 19.1.7 (3~deb12u1)"}
!5 = !{!6, !7, i64 0}
!6 = !{!"cnt", !7, i64 0, !7, i64 4}
!7 = !{!"int", !8, i64 0}
!8 = !{!"omnipotent char", !9, i64 0}
!9 = !{!"Simple C/C++ TBAA"}
!10 = distinct !{!10, !11}
!11 = !{!"llvm.loop.mustprogress"}
!12 = !{!7, !7, i64 0}
!13 = distinct !{!13, !11}
