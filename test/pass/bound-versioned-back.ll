; A backward loop whose lower bound is read through a struct pointer on every iteration (an int
; beside int data, no restrict): versioned on the bound like bound-versioned.ll. Walking down, the
; stores write [y + 4*(top - (n-1)), y + 4*top + 4) over the n = top - lo iterations; the check also
; sends the loop as written a range that would wrap below address 0. The copy is the backward call.
; REQUIRES: pass
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr,verify -S %s | %FileCheck %s
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -pass-remarks=plr -pass-remarks-analysis=plr -disable-output %s 2>&1 | %FileCheck %s --check-prefix=REMARK
; REMARK: remark: {{.*}}replaced linear recurrence with a call to plr_run_many: signature (1: c->k), type i32, order 1, layout: y stride -1, x stride -1 (backward)
; REMARK-NEXT: remark: {{.*}}the loop's bound, read from memory on every iteration, is read once before a copy of the loop
;
; CHECK-LABEL: define dso_local void @run_back(
; CHECK: %plr.bound = load i32, ptr %c, align 4
; CHECK-NEXT: %[[LO:[0-9]+]] = sext i32 %plr.bound to i64
; CHECK: %[[BLO:[0-9]+]] = ptrtoint ptr %c to i64
; CHECK: %[[BHI:[0-9]+]] = add i64 %[[BLO]], 4
; The back edges: top - 1 - lo.
; CHECK: %[[BTC:[0-9]+]] = sub i64 %{{[0-9]+}}, %[[LO]]
; CHECK: %[[START:[0-9]+]] = ptrtoint ptr %scevgep to i64
; CHECK: %[[HI:[0-9]+]] = add i64 %[[START]], 4
; CHECK: %[[DIST:[0-9]+]] = mul i64 %[[BTC]], 4
; CHECK: %plr.bound.huge = icmp uge i64 %[[BTC]], 1152921504606846976
; CHECK: %[[YLO:[0-9]+]] = sub i64 %[[START]], %[[DIST]]
; CHECK: icmp ult i64 %[[START]], %[[DIST]]
; CHECK: icmp ult i64 %[[YLO]], %[[BHI]]
; CHECK: icmp ult i64 %[[BLO]], %[[HI]]
; CHECK: br i1 %plr.bound.written, label %plr.bound.original, label %plr.bound.ph
; CHECK: plr.bound.ph:
; CHECK: call i32 @plr_run_many
;
; Input: make-input.sh bound-back.c run_back, from:
; struct lim { int lo; int k; };
; void run_back(struct lim *c, int *y, const int *x, int top) {
;   for (int i = top; i > c->lo; i--) y[i] = x[i] + c->k*y[i+1];
; }

; Function Attrs: nofree norecurse nosync nounwind memory(argmem: readwrite) uwtable
define dso_local void @run_back(ptr nocapture noundef readonly %c, ptr nocapture noundef %y, ptr nocapture noundef readonly %x, i32 noundef %top) local_unnamed_addr #0 {
entry:
  %0 = load i32, ptr %c, align 4, !tbaa !5
  %cmp12 = icmp slt i32 %0, %top
  br i1 %cmp12, label %for.body.lr.ph, label %for.cond.cleanup

for.body.lr.ph:                                   ; preds = %entry
  %k = getelementptr inbounds i8, ptr %c, i64 4
  %1 = sext i32 %top to i64
  br label %for.body

for.cond.cleanup.loopexit:                        ; preds = %for.body
  br label %for.cond.cleanup

for.cond.cleanup:                                 ; preds = %for.cond.cleanup.loopexit, %entry
  ret void

for.body:                                         ; preds = %for.body.lr.ph, %for.body
  %indvars.iv = phi i64 [ %1, %for.body.lr.ph ], [ %indvars.iv.next, %for.body ]
  %arrayidx = getelementptr inbounds i32, ptr %x, i64 %indvars.iv
  %2 = load i32, ptr %arrayidx, align 4, !tbaa !10
  %3 = load i32, ptr %k, align 4, !tbaa !11
  %4 = getelementptr i32, ptr %y, i64 %indvars.iv
  %arrayidx2 = getelementptr i8, ptr %4, i64 4
  %5 = load i32, ptr %arrayidx2, align 4, !tbaa !10
  %mul = mul nsw i32 %5, %3
  %add3 = add nsw i32 %mul, %2
  store i32 %add3, ptr %4, align 4, !tbaa !10
  %indvars.iv.next = add nsw i64 %indvars.iv, -1
  %6 = load i32, ptr %c, align 4, !tbaa !5
  %7 = sext i32 %6 to i64
  %cmp = icmp sgt i64 %indvars.iv.next, %7
  br i1 %cmp, label %for.body, label %for.cond.cleanup.loopexit, !llvm.loop !12
}

attributes #0 = { nofree norecurse nosync nounwind memory(argmem: readwrite) uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }


!0 = !{i32 1, !"wchar_size", i32 4}
!1 = !{i32 8, !"PIC Level", i32 2}
!2 = !{i32 7, !"PIE Level", i32 2}
!3 = !{i32 7, !"uwtable", i32 2}
!4 = !{!"Debian clang version 19.1.7 (3~deb12u1)"}
!5 = !{!6, !7, i64 0}
!6 = !{!"lim", !7, i64 0, !7, i64 4}
!7 = !{!"int", !8, i64 0}
!8 = !{!"omnipotent char", !9, i64 0}
!9 = !{!"Simple C/C++ TBAA"}
!10 = !{!7, !7, i64 0}
!11 = !{!6, !7, i64 4}
!12 = distinct !{!12, !13}
!13 = !{!"llvm.loop.mustprogress"}
