; A loop bound read through a struct pointer on every iteration: `c->n` is an int like the output's
; elements and nothing says they are apart (no restrict), so LICM leaves the load in the loop and its
; trip count cannot be computed. The pass versions it on the bound: the bound is loaded once before the
; loop, and a copy of the loop compares with that value (its trip count is then `n`); the copy runs when
; the bound's 4 bytes lie outside what the stores write in those n iterations, [y, y + 4*(n-1) + 4),
; else the loop as written (marked plr.versioned, left alone). The copy is replaced as usual, the
; coefficient `c->k` checked apart from y by the call's own check.
; REQUIRES: pass
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr,verify -S %s | %FileCheck %s
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -pass-remarks=plr -pass-remarks-missed=plr -pass-remarks-analysis=plr -disable-output %s 2>&1 | %FileCheck %s --check-prefix=REMARK
; REMARK: remark: {{.*}}replaced linear recurrence with a call to plr_run: signature (1: c->k), type i32, order 1; plan: check(x apart from y or exactly y, other loads apart from y); ask(1 pass); call(1: c->k) x->y
; REMARK-NEXT: remark: {{.*}}the loop's bound, read from memory on every iteration, is read once before a copy of the loop, taken when a check before it finds the bound outside the bytes the loop's stores write (else the loop runs as written)
; REMARK-NOT: not replaced
;
; The bound read once, the trip count from it (n - 1 back edges), y's bytes
; against the bound's.
; CHECK-LABEL: define dso_local void @run_j(
; CHECK: for.body.lr.ph:
; CHECK: %plr.bound = load i32, ptr %c, align 4
; The widening the exit test compares, moved out of the copy:
; CHECK-NEXT: %[[N:[0-9]+]] = sext i32 %plr.bound to i64
; CHECK: %[[BLO:[0-9]+]] = ptrtoint ptr %c to i64
; CHECK: %[[BHI:[0-9]+]] = add i64 %[[BLO]], 4
; CHECK: %[[BTC:[0-9]+]] = add nsw i64 %[[N]], -1
; CHECK: %[[YLO:[0-9]+]] = ptrtoint ptr %y to i64
; CHECK: %[[Y4:[0-9]+]] = add i64 %[[YLO]], 4
; CHECK: %[[DIST:[0-9]+]] = mul i64 %[[BTC]], 4
; CHECK: %plr.bound.huge = icmp uge i64 %[[BTC]], 1152921504606846976
; CHECK: %[[YHI:[0-9]+]] = add i64 %[[Y4]], %[[DIST]]
; CHECK: icmp ult i64 %[[YLO]], %[[BHI]]
; CHECK: icmp ult i64 %[[BLO]], %[[YHI]]
; CHECK: %plr.bound.meets = and i1
; CHECK: %plr.bound.written = or i1 %plr.bound.meets
; CHECK: br i1 %plr.bound.written, label %plr.bound.original, label %plr.bound.ph
; The original reloads the bound on every iteration and is left alone.
; CHECK: plr.bound.original:
; The copy compares with the value read before it ...
; CHECK: %[[CMP:.*]] = icmp slt i64 %indvars.iv.next{{[0-9]+}}, %[[N]]
; CHECK-NEXT: br i1 %[[CMP]], label %for.body1, label %plr.bound.exit, !llvm.loop ![[COPY:[0-9]+]]
; ... and is what the call replaces, its n the bound.
; CHECK: plr.bound.ph:
; CHECK: %plr.big = icmp uge i64 %[[N]], 65536
; CHECK: br i1 %{{.*}}, label %plr.outlined, label %plr.fallback
; CHECK: plr.outlined:
; CHECK: %targetBlock = call i1 @run_j.plr.call(
; CHECK: plr.fallback:
; CHECK: %{{.*}} = load i32, ptr %c, align 4
; CHECK: br i1 %cmp{{.*}}, label %for.body, label %for.cond.cleanup.loopexit, !llvm.loop ![[ORIG:[0-9]+]]
; CHECK-LABEL: define internal i1 @run_j.plr.call(
; CHECK: call i32 @plr_run
; CHECK-DAG: ![[COPY]] = distinct !{![[COPY]], ![[MP:[0-9]+]], ![[BOUND:[0-9]+]], ![[VERS:[0-9]+]]}
; CHECK-DAG: ![[BOUND]] = !{!"plr.bound"}
; CHECK-DAG: ![[VERS]] = !{!"plr.versioned"}
; CHECK-DAG: ![[ORIG]] = distinct !{![[ORIG]], ![[MP]], ![[VERS]]}
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
