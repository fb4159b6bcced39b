; A state kept in memory beside a bound kept in memory (an exponential average in a struct with its
; length, all int, no restrict): the loop is no candidate (the state is a struct member), and the
; state cannot be promoted while the trip count cannot be computed. The bound is versioned first; in
; its copy, whose trip count is the bound read once, the state is promoted (promote.cpp) behind its
; own check, and that copy is replaced. Either check failing runs a loop as written.
; REQUIRES: pass
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr,verify -S %s | %FileCheck %s
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -pass-remarks=plr -pass-remarks-missed=plr -pass-remarks-analysis=plr -disable-output %s 2>&1 | %FileCheck %s --check-prefix=REMARK
; REMARK: remark: {{.*}}replaced linear recurrence with a call to plr_run: signature (e->alpha: 1 - e->alpha), type i32, order 1
; REMARK-NEXT: remark: {{.*}}the state kept in memory is carried in registers in a copy of the loop
; REMARK-NEXT: remark: {{.*}}the loop's bound, read from memory on every iteration, is read once before a copy of the loop
; REMARK-NOT: not replaced
;
; CHECK-LABEL: define dso_local void @ema_run(
; CHECK: %plr.bound = load i32, ptr %e, align 4
; CHECK: br i1 %plr.bound.written, label %plr.bound.original, label %plr.bound.ph
; CHECK: plr.promote.ph:
; CHECK: %plr.promote.init = load i32, ptr %alpha
; CHECK: br i1 %{{.*}}, label %plr.outlined, label %plr.fallback
; CHECK: plr.outlined:
; CHECK: %targetBlock = call i1 @ema_run.plr.call(
; CHECK: plr.fallback:
; CHECK: phi i32 [ %{{.*}}, %for.body{{[0-9]+}} ], [ %plr.final.reload, %plr.outlined ]
; CHECK: plr.bound.ph:
; CHECK: br i1 %plr.promote.overlap{{[0-9]*}}, label %plr.promote.original, label %plr.promote.ph
; CHECK-LABEL: define internal i1 @ema_run.plr.call(
; CHECK: call i32 @plr_run
;
; Input: make-input.sh bound-state.c ema_run, from:
; struct ema { int n; int state; int alpha; };
; void ema_run(struct ema *e, int *out, const int *in) {
;   for (int i = 0; i < e->n; i++) { e->state += e->alpha * (in[i] - e->state); out[i] = e->state; }
; }

; Function Attrs: nofree norecurse nosync nounwind memory(argmem: readwrite) uwtable
define dso_local void @ema_run(ptr nocapture noundef %e, ptr nocapture noundef writeonly %out, ptr nocapture noundef readonly %in) local_unnamed_addr #0 {
entry:
  %0 = load i32, ptr %e, align 4, !tbaa !5
  %cmp12 = icmp sgt i32 %0, 0
  br i1 %cmp12, label %for.body.lr.ph, label %for.cond.cleanup

for.body.lr.ph:                                   ; preds = %entry
  %alpha = getelementptr inbounds i8, ptr %e, i64 8
  %state = getelementptr inbounds i8, ptr %e, i64 4
  br label %for.body

for.cond.cleanup.loopexit:                        ; preds = %for.body
  br label %for.cond.cleanup

for.cond.cleanup:                                 ; preds = %for.cond.cleanup.loopexit, %entry
  ret void

for.body:                                         ; preds = %for.body.lr.ph, %for.body
  %indvars.iv = phi i64 [ 0, %for.body.lr.ph ], [ %indvars.iv.next, %for.body ]
  %1 = load i32, ptr %alpha, align 4, !tbaa !10
  %arrayidx = getelementptr inbounds i32, ptr %in, i64 %indvars.iv
  %2 = load i32, ptr %arrayidx, align 4, !tbaa !11
  %3 = load i32, ptr %state, align 4, !tbaa !12
  %sub = sub nsw i32 %2, %3
  %mul = mul nsw i32 %sub, %1
  %add = add nsw i32 %mul, %3
  store i32 %add, ptr %state, align 4, !tbaa !12
  %arrayidx4 = getelementptr inbounds i32, ptr %out, i64 %indvars.iv
  store i32 %add, ptr %arrayidx4, align 4, !tbaa !11
  %indvars.iv.next = add nuw nsw i64 %indvars.iv, 1
  %4 = load i32, ptr %e, align 4, !tbaa !5
  %5 = sext i32 %4 to i64
  %cmp = icmp slt i64 %indvars.iv.next, %5
  br i1 %cmp, label %for.body, label %for.cond.cleanup.loopexit, !llvm.loop !13
}

attributes #0 = { nofree norecurse nosync nounwind memory(argmem: readwrite) uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }


!0 = !{i32 1, !"wchar_size", i32 4}
!1 = !{i32 8, !"PIC Level", i32 2}
!2 = !{i32 7, !"PIE Level", i32 2}
!3 = !{i32 7, !"uwtable", i32 2}
!4 = !{!"Debian clang version 19.1.7 (3~deb12u1)"}
!5 = !{!6, !7, i64 0}
!6 = !{!"ema", !7, i64 0, !7, i64 4, !7, i64 8}
!7 = !{!"int", !8, i64 0}
!8 = !{!"omnipotent char", !9, i64 0}
!9 = !{!"Simple C/C++ TBAA"}
!10 = !{!6, !7, i64 8}
!11 = !{!7, !7, i64 0}
!12 = !{!6, !7, i64 4}
!13 = distinct !{!13, !14}
!14 = !{!"llvm.loop.mustprogress"}
