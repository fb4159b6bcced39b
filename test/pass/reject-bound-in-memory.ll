; A loop bound read through a struct pointer on every iteration: `c->n` is an int like the output's
; elements and nothing says they are apart (no restrict), so LICM leaves the load in the loop and the
; trip count cannot be computed before it. The reason says so and what would let it be computed (a
; local copy of the bound, or restrict). With the bound a `long` beside int data, type-based alias
; analysis proves the stores cannot write it and the loop is replaced (e2e bound-in-memory.c).
; REQUIRES: pass
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -S %s | %FileCheck %s
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -pass-remarks-missed=plr -pass-remarks-analysis=plr -disable-output %s 2>&1 | %FileCheck %s --check-prefix=MISSED
; MISSED: remark: {{.*}}recurrence not replaced: the trip count cannot be computed before the loop: its bound is read from memory on every iteration, memory the loop's stores may write (no restrict, and an element type they could write) (a copy of the bound in a local variable before the loop, or restrict on the output, lets it be computed)
; MISSED-NEXT: remark: {{.*}}candidate: the store to y[i]; the reason concerns the read of *c
; CHECK-NOT: plr_run
;
; Input: make-input.sh bound.c run_j, from:
; struct cnt { int n; int k; };
; void run_j(struct cnt *c, int *y, const int *x) {
;   int s = 0;
;   for (int i = 0; i < c->n; i++) { s = c->k * s + x[i]; y[i] = s; }
; }


; Function Attrs: nofree norecurse nosync nounwind memory(argmem: readwrite) uwtable
define dso_local void @run_j(ptr nocapture noundef readonly %c, ptr nocapture noundef writeonly %y, ptr nocapture noundef readonly %x) local_unnamed_addr #0 {
entry:
  %0 = load i32, ptr %c, align 4, !tbaa !5
  %cmp8 = icmp sgt i32 %0, 0
  br i1 %cmp8, label %for.body.lr.ph, label %for.cond.cleanup

for.body.lr.ph:                                   ; preds = %entry
  %k = getelementptr inbounds i8, ptr %c, i64 4
  br label %for.body

for.cond.cleanup.loopexit:                        ; preds = %for.body
  br label %for.cond.cleanup

for.cond.cleanup:                                 ; preds = %for.cond.cleanup.loopexit, %entry
  ret void

for.body:                                         ; preds = %for.body.lr.ph, %for.body
  %indvars.iv = phi i64 [ 0, %for.body.lr.ph ], [ %indvars.iv.next, %for.body ]
  %s.09 = phi i32 [ 0, %for.body.lr.ph ], [ %add, %for.body ]
  %1 = load i32, ptr %k, align 4, !tbaa !10
  %mul = mul nsw i32 %1, %s.09
  %arrayidx = getelementptr inbounds i32, ptr %x, i64 %indvars.iv
  %2 = load i32, ptr %arrayidx, align 4, !tbaa !11
  %add = add nsw i32 %mul, %2
  %arrayidx2 = getelementptr inbounds i32, ptr %y, i64 %indvars.iv
  store i32 %add, ptr %arrayidx2, align 4, !tbaa !11
  %indvars.iv.next = add nuw nsw i64 %indvars.iv, 1
  %3 = load i32, ptr %c, align 4, !tbaa !5
  %4 = sext i32 %3 to i64
  %cmp = icmp slt i64 %indvars.iv.next, %4
  br i1 %cmp, label %for.body, label %for.cond.cleanup.loopexit, !llvm.loop !12
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
!10 = !{!6, !7, i64 4}
!11 = !{!7, !7, i64 0}
!12 = distinct !{!12, !13}
!13 = !{!"llvm.loop.mustprogress"}
