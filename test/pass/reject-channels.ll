; Nine interleaved channels with nine coefficients, in place in one buffer and kept in memory
; (buf[9*i - 9 + c] read back): not channels of one signature, and not one call each either: a
; failed second call would send the original loop over an input the first call had overwritten, so
; at most one recurrence in place is taken (separate-stereo.ll takes two over separate buffers,
; channels-stereo.ll one signature). Two or up to eight such channels are split into a loop each
; (distribute-memory.ll, e2e distributed-memory.c's inplace_mem); nine are more than the split
; makes loops.
; REQUIRES: pass
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -S %s | %FileCheck %s
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -pass-remarks-missed=plr -pass-remarks-analysis=plr -disable-output %s 2>&1 | %FileCheck %s --check-prefix=MISSED
; MISSED-NOT: split into
; MISSED: remark: {{.*}}recurrence not replaced: the loop stores several arrays or elements that are neither interleaved channels of one recurrence
; MISSED: remark: {{.*}}candidate (1: 1): the store to buf[9*i]; the reason concerns the store to buf[9*i + 1]
; CHECK-NOT: plr_run
; CHECK-NOT: plr.dist
;
; Input: make-input.sh nine.c nine, from test/e2e/distributed-memory.c's nine:
; void nine(int *buf, long n) {
;   for (long i = 1; i < n; i++) {
;     buf[9 * i] = 1 * buf[9 * i - 9] + buf[9 * i];
;     buf[9 * i + 1] = 2 * buf[9 * i - 8] + buf[9 * i + 1];
;     ...
;     buf[9 * i + 8] = 9 * buf[9 * i - 1] + buf[9 * i + 8];
;   }
; }


; Function Attrs: nofree noinline norecurse nosync nounwind memory(argmem: readwrite) uwtable
define dso_local void @nine(ptr nocapture noundef %buf, i64 noundef %n) local_unnamed_addr #0 {
entry:
  %cmp148 = icmp sgt i64 %n, 1
  br i1 %cmp148, label %for.body.preheader, label %for.cond.cleanup

for.body.preheader:                               ; preds = %entry
  br label %for.body

for.cond.cleanup.loopexit:                        ; preds = %for.body
  br label %for.cond.cleanup

for.cond.cleanup:                                 ; preds = %for.cond.cleanup.loopexit, %entry
  ret void

for.body:                                         ; preds = %for.body.preheader, %for.body
  %i.0149 = phi i64 [ %inc, %for.body ], [ 1, %for.body.preheader ]
  %.idx = mul i64 %i.0149, 36
  %0 = getelementptr i8, ptr %buf, i64 %.idx
  %arrayidx = getelementptr i8, ptr %0, i64 -36
  %1 = load i32, ptr %arrayidx, align 4, !tbaa !5
  %2 = load i32, ptr %0, align 4, !tbaa !5
  %add = add nsw i32 %2, %1
  store i32 %add, ptr %0, align 4, !tbaa !5
  %arrayidx8 = getelementptr i8, ptr %0, i64 -32
  %3 = load i32, ptr %arrayidx8, align 4, !tbaa !5
  %mul9 = shl nsw i32 %3, 1
  %arrayidx12 = getelementptr inbounds i8, ptr %0, i64 4
  %4 = load i32, ptr %arrayidx12, align 4, !tbaa !5
  %add13 = add nsw i32 %mul9, %4
  store i32 %add13, ptr %arrayidx12, align 4, !tbaa !5
  %arrayidx19 = getelementptr i8, ptr %0, i64 -28
  %5 = load i32, ptr %arrayidx19, align 4, !tbaa !5
  %mul20 = mul nsw i32 %5, 3
  %arrayidx23 = getelementptr inbounds i8, ptr %0, i64 8
  %6 = load i32, ptr %arrayidx23, align 4, !tbaa !5
  %add24 = add nsw i32 %mul20, %6
  store i32 %add24, ptr %arrayidx23, align 4, !tbaa !5
  %arrayidx30 = getelementptr i8, ptr %0, i64 -24
  %7 = load i32, ptr %arrayidx30, align 4, !tbaa !5
  %mul31 = shl nsw i32 %7, 2
  %arrayidx34 = getelementptr inbounds i8, ptr %0, i64 12
  %8 = load i32, ptr %arrayidx34, align 4, !tbaa !5
  %add35 = add nsw i32 %mul31, %8
  store i32 %add35, ptr %arrayidx34, align 4, !tbaa !5
  %arrayidx41 = getelementptr i8, ptr %0, i64 -20
  %9 = load i32, ptr %arrayidx41, align 4, !tbaa !5
  %mul42 = mul nsw i32 %9, 5
  %arrayidx45 = getelementptr inbounds i8, ptr %0, i64 16
  %10 = load i32, ptr %arrayidx45, align 4, !tbaa !5
  %add46 = add nsw i32 %mul42, %10
  store i32 %add46, ptr %arrayidx45, align 4, !tbaa !5
  %arrayidx52 = getelementptr i8, ptr %0, i64 -16
  %11 = load i32, ptr %arrayidx52, align 4, !tbaa !5
  %mul53 = mul nsw i32 %11, 6
  %arrayidx56 = getelementptr inbounds i8, ptr %0, i64 20
  %12 = load i32, ptr %arrayidx56, align 4, !tbaa !5
  %add57 = add nsw i32 %mul53, %12
  store i32 %add57, ptr %arrayidx56, align 4, !tbaa !5
  %arrayidx63 = getelementptr i8, ptr %0, i64 -12
  %13 = load i32, ptr %arrayidx63, align 4, !tbaa !5
  %mul64 = mul nsw i32 %13, 7
  %arrayidx67 = getelementptr inbounds i8, ptr %0, i64 24
  %14 = load i32, ptr %arrayidx67, align 4, !tbaa !5
  %add68 = add nsw i32 %mul64, %14
  store i32 %add68, ptr %arrayidx67, align 4, !tbaa !5
  %arrayidx74 = getelementptr i8, ptr %0, i64 -8
  %15 = load i32, ptr %arrayidx74, align 4, !tbaa !5
  %mul75 = shl nsw i32 %15, 3
  %arrayidx78 = getelementptr inbounds i8, ptr %0, i64 28
  %16 = load i32, ptr %arrayidx78, align 4, !tbaa !5
  %add79 = add nsw i32 %mul75, %16
  store i32 %add79, ptr %arrayidx78, align 4, !tbaa !5
  %arrayidx85 = getelementptr i8, ptr %0, i64 -4
  %17 = load i32, ptr %arrayidx85, align 4, !tbaa !5
  %mul86 = mul nsw i32 %17, 9
  %arrayidx89 = getelementptr inbounds i8, ptr %0, i64 32
  %18 = load i32, ptr %arrayidx89, align 4, !tbaa !5
  %add90 = add nsw i32 %mul86, %18
  store i32 %add90, ptr %arrayidx89, align 4, !tbaa !5
  %inc = add nuw nsw i64 %i.0149, 1
  %exitcond.not = icmp eq i64 %inc, %n
  br i1 %exitcond.not, label %for.cond.cleanup.loopexit, label %for.body, !llvm.loop !9
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
