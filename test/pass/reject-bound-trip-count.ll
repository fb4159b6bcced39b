; A bound read from memory on every iteration, in an exit test whose trip count SCEV cannot compute
; even from the bound read once (`i * i < c->n`): the versioning on the bound is undone and the
; reason is the trip count's, about the read of the bound.
; REQUIRES: pass
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr,verify -S %s | %FileCheck %s
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -pass-remarks-missed=plr -pass-remarks-analysis=plr -disable-output %s 2>&1 | %FileCheck %s --check-prefix=MISSED
; MISSED: remark: {{.*}}recurrence not replaced: the trip count cannot be computed before the loop (a loop bound computed before the loop is needed)
; MISSED-NEXT: remark: {{.*}}candidate: the store to y[i]; the reason concerns the read of *c
; The function as it was: one loop, no copy, no read before it.
; CHECK-NOT: plr_run
; CHECK-NOT: plr.bound
; CHECK-NOT: plr.versioned
;
; Input: make-input.sh bound-square.c run_sq, from:
; struct cnt { int n; int k; };
; void run_sq(struct cnt *c, int *y, const int *x) {
;   int s = 0;
;   for (int i = 0; i * i < c->n; i++) { s = 3*s + x[i]; y[i] = s; }
; }

; Function Attrs: nofree norecurse nosync nounwind memory(argmem: readwrite) uwtable
define dso_local void @run_sq(ptr nocapture noundef readonly %c, ptr nocapture noundef writeonly %y, ptr nocapture noundef readonly %x) local_unnamed_addr #0 {
entry:
  %0 = load i32, ptr %c, align 4, !tbaa !5
  %cmp9 = icmp sgt i32 %0, 0
  br i1 %cmp9, label %for.body.preheader, label %for.cond.cleanup

for.body.preheader:                               ; preds = %entry
  br label %for.body

for.cond.cleanup.loopexit:                        ; preds = %for.body
  br label %for.cond.cleanup

for.cond.cleanup:                                 ; preds = %for.cond.cleanup.loopexit, %entry
  ret void

for.body:                                         ; preds = %for.body.preheader, %for.body
  %indvars.iv = phi i64 [ %indvars.iv.next, %for.body ], [ 0, %for.body.preheader ]
  %s.010 = phi i32 [ %add, %for.body ], [ 0, %for.body.preheader ]
  %mul1 = mul nsw i32 %s.010, 3
  %arrayidx = getelementptr inbounds i32, ptr %x, i64 %indvars.iv
  %1 = load i32, ptr %arrayidx, align 4, !tbaa !10
  %add = add nsw i32 %1, %mul1
  %arrayidx3 = getelementptr inbounds i32, ptr %y, i64 %indvars.iv
  store i32 %add, ptr %arrayidx3, align 4, !tbaa !10
  %indvars.iv.next = add nuw nsw i64 %indvars.iv, 1
  %2 = mul nuw nsw i64 %indvars.iv.next, %indvars.iv.next
  %3 = load i32, ptr %c, align 4, !tbaa !5
  %4 = trunc nuw i64 %2 to i32
  %cmp = icmp sgt i32 %3, %4
  br i1 %cmp, label %for.body, label %for.cond.cleanup.loopexit, !llvm.loop !11
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
!10 = !{!7, !7, i64 0}
!11 = distinct !{!11, !12}
!12 = !{!"llvm.loop.mustprogress"}
