; Recurrences kept in memory are split from the loop's other recurrences (distribute.cpp): a store
; that reads no carried value but loads the array it writes (y1[i] = x[i] + 2*y1[i-1] + c*y1[i-2],
; x and y1 free to alias) is a group of its own, and a value used after the loop that reads its loads
; (mixed_last's `last = y1[i]`) comes from its copy. Beside it a register recurrence stored as a map
; (y2[i] = 5*s + 1), which the several-recurrences call plan does not take. Without restrict the
; copies' ranges are checked first, each base once against each other base (y1's stores and loads as
; one range): three pairs.
; REQUIRES: pass
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -S %s | %FileCheck %s
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -pass-remarks=plr -pass-remarks-analysis=plr -disable-output %s 2>&1 | %FileCheck %s --check-prefix=REMARK
; REMARK: remark: {{.*}}the loop's 2 independent recurrences (no state read by another's update, each one's stores apart from every access of the others (3 pairs of ranges checked before the loop, which runs as written where they overlap)) are split into 2 loops
; REMARK: remark: {{.*}}replaced linear recurrence with a call to plr_run: signature (1: 2, c), type i32, order 2; plan: check(x apart from y or exactly y); ask(1 pass); call(1: 2, c) x->y
; REMARK: remark: {{.*}}replaced linear recurrence with a call to plr_run: signature (1: 3), type i32, order 1, output an elementwise map of the state; plan: check(x apart from y or exactly y); ask(2 passes); call(1: 3) x->y; map(out = g(y))
; REMARK: remark: {{.*}}the loop's 2 independent recurrences {{.*}}(3 pairs of ranges checked {{.*}} are split into 2 loops
; REMARK: remark: {{.*}}replaced linear recurrence with a call to plr_run: signature (1: -3), type i32, order 1; plan: check(x apart from y or exactly y); ask(1 pass); call(1: -3) x->y
; REMARK: remark: {{.*}}replaced linear recurrence with a call to plr_run: signature (1: 5), type i32, order 1, output an elementwise map of the state
;
; The check: y1's stores against x (group 2 reads it), y1 (its stores and loads, a umin/umax) against
; y2, y2's stores against x; then the trip count against the call threshold.
; CHECK-LABEL: @mixed(
; CHECK: %plr.dist.overlap = or i1 false,
; CHECK: %umin = select
; CHECK: %umax = select
; CHECK: %plr.dist.overlap{{[0-9]+}} = or i1 %plr.dist.overlap,
; CHECK: %plr.dist.overlap[[L:[0-9]+]] = or i1 %plr.dist.overlap{{[0-9]+}},
; CHECK: %plr.dist.short = or i1 %plr.dist.overlap[[L]],
; CHECK: br i1 %plr.dist.short, label %plr.dist.original, label %plr.dist.ph
; The memory recurrence's copy keeps its loads of y1 and only its store; the register one's copy
; its state and the map's store.
; CHECK: for.body[[B1:[0-9]+]]:
; CHECK-NOT: %y2
; CHECK: shl nsw i32
; CHECK-NOT: %y2
; CHECK: br i1 %exitcond.not{{[0-9]+}}, label %plr.dist.ph{{[0-9]+}}, label %for.body[[B1]]
; CHECK: for.body[[B2:[0-9]+]]:
; CHECK-NOT: %y1
; CHECK: store i32 %add{{[0-9]+}}, ptr %arrayidx12
; CHECK-NOT: %y1
; CHECK: br i1 %exitcond.not{{[0-9]+}}, label %plr.dist.exit, label %for.body[[B2]]
; CHECK: call i1 @mixed.plr.call(
; The value after the loop: `last` from the memory recurrence's copy, `s` from the other's.
; CHECK-LABEL: @mixed_last(
; CHECK: plr.dist.ph[[PH:[0-9]+]]: {{.*}}preds = %plr.outlined, %for.body{{[0-9]+}}
; CHECK-NEXT: %[[LAST:sub2[0-9]+.lcssa]] = phi i32
; CHECK: plr.dist.exit:
; CHECK-NEXT: %[[S:add[0-9]+.lcssa]] = phi i32
; CHECK: %sub2.lcssa = phi i32 [ %sub2, %for.body ], [ %[[LAST]], %plr.dist.exit ]
; CHECK-NEXT: %add.lcssa = phi i32 [ %add, %for.body ], [ %[[S]], %plr.dist.exit ]
;
; Input: make-input.sh mixed.c mixed, from test/e2e/distributed-memory.c's mixed and mixed_last.


; Function Attrs: nofree noinline norecurse nosync nounwind memory(argmem: readwrite) uwtable
define dso_local void @mixed(ptr nocapture noundef %y1, ptr nocapture noundef readonly %x, ptr nocapture noundef writeonly %y2, i64 noundef %n, i32 noundef %c) local_unnamed_addr #0 {
entry:
  %cmp24 = icmp sgt i64 %n, 2
  br i1 %cmp24, label %for.body.preheader, label %for.cond.cleanup

for.body.preheader:                               ; preds = %entry
  br label %for.body

for.cond.cleanup.loopexit:                        ; preds = %for.body
  br label %for.cond.cleanup

for.cond.cleanup:                                 ; preds = %for.cond.cleanup.loopexit, %entry
  ret void

for.body:                                         ; preds = %for.body.preheader, %for.body
  %i.026 = phi i64 [ %inc, %for.body ], [ 2, %for.body.preheader ]
  %s.025 = phi i32 [ %add9, %for.body ], [ 7, %for.body.preheader ]
  %arrayidx = getelementptr inbounds i32, ptr %x, i64 %i.026
  %0 = load i32, ptr %arrayidx, align 4, !tbaa !5
  %1 = getelementptr i32, ptr %y1, i64 %i.026
  %arrayidx1 = getelementptr i8, ptr %1, i64 -4
  %2 = load i32, ptr %arrayidx1, align 4, !tbaa !5
  %mul = shl nsw i32 %2, 1
  %add = add nsw i32 %mul, %0
  %arrayidx3 = getelementptr i8, ptr %1, i64 -8
  %3 = load i32, ptr %arrayidx3, align 4, !tbaa !5
  %mul4 = mul nsw i32 %3, %c
  %add5 = add nsw i32 %add, %mul4
  store i32 %add5, ptr %1, align 4, !tbaa !5
  %mul7 = mul nsw i32 %s.025, 3
  %4 = load i32, ptr %arrayidx, align 4, !tbaa !5
  %add9 = add nsw i32 %4, %mul7
  %mul10 = mul nsw i32 %add9, 5
  %add11 = add nsw i32 %mul10, 1
  %arrayidx12 = getelementptr inbounds i32, ptr %y2, i64 %i.026
  store i32 %add11, ptr %arrayidx12, align 4, !tbaa !5
  %inc = add nuw nsw i64 %i.026, 1
  %exitcond.not = icmp eq i64 %inc, %n
  br i1 %exitcond.not, label %for.cond.cleanup.loopexit, label %for.body, !llvm.loop !9
}

; Function Attrs: nofree noinline norecurse nosync nounwind memory(argmem: readwrite) uwtable
define dso_local i32 @mixed_last(ptr nocapture noundef %y1, ptr nocapture noundef readonly %x, ptr nocapture noundef writeonly %y2, i64 noundef %n, ptr nocapture noundef %st) local_unnamed_addr #0 {
entry:
  %0 = load i32, ptr %st, align 4, !tbaa !5
  %cmp22 = icmp sgt i64 %n, 1
  br i1 %cmp22, label %for.body, label %for.cond.cleanup

for.cond.cleanup:                                 ; preds = %for.body, %entry
  %s.0.lcssa = phi i32 [ %0, %entry ], [ %add, %for.body ]
  %last.0.lcssa = phi i32 [ 0, %entry ], [ %sub2, %for.body ]
  store i32 %s.0.lcssa, ptr %st, align 4, !tbaa !5
  ret i32 %last.0.lcssa

for.body:                                         ; preds = %entry, %for.body
  %i.024 = phi i64 [ %inc, %for.body ], [ 1, %entry ]
  %s.023 = phi i32 [ %add, %for.body ], [ %0, %entry ]
  %arrayidx = getelementptr inbounds i32, ptr %x, i64 %i.024
  %1 = load i32, ptr %arrayidx, align 4, !tbaa !5
  %2 = getelementptr i32, ptr %y1, i64 %i.024
  %arrayidx1 = getelementptr i8, ptr %2, i64 -4
  %3 = load i32, ptr %arrayidx1, align 4, !tbaa !5
  %mul.neg = mul i32 %3, -3
  %sub2 = add i32 %mul.neg, %1
  store i32 %sub2, ptr %2, align 4, !tbaa !5
  %mul5 = mul nsw i32 %s.023, 5
  %4 = load i32, ptr %arrayidx, align 4, !tbaa !5
  %add = add nsw i32 %4, %mul5
  %sub7 = add nsw i32 %add, -2
  %arrayidx8 = getelementptr inbounds i32, ptr %y2, i64 %i.024
  store i32 %sub7, ptr %arrayidx8, align 4, !tbaa !5
  %inc = add nuw nsw i64 %i.024, 1
  %exitcond.not = icmp eq i64 %inc, %n
  br i1 %exitcond.not, label %for.cond.cleanup, label %for.body, !llvm.loop !11
}

attributes #0 = { nofree noinline norecurse nosync nounwind memory(argmem: readwrite) uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }


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
!11 = distinct !{!11, !10}
