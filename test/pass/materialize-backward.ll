; A materialized input term in a backward loop whose arrays alias analysis cannot tell apart from y: each
; load's range, walking down from its first element ([start + (n-1)*step, start + size), step < 0), is
; checked apart from y's before the clone writes the input terms into y; the call is plr_run_many at
; stride -1, in place.
; REQUIRES: pass
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -S %s | %FileCheck %s
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -pass-remarks=plr -pass-remarks-missed=plr -disable-output %s 2>&1 | %FileCheck %s --check-prefix=REMARK
;
; Input: make-input.sh materialize-backward.c back_two, from:
; void back_two(int *y, const int *x, const int *z, int n) {
;   for (int i = n - 2; i >= 0; i--) y[i] = x[i] * z[i] + 5 - 3 * y[i + 1];
; }

; REMARK: remark: {{.*}}replaced linear recurrence with a call to plr_run_many: signature (1: -3), type i32, order 1, layout: y stride -1, x stride -1 (backward), input term materialized by a map; plan: check(other loads apart from y)
; REMARK-NOT: not replaced
; CHECK: %[[Y:[0-9]+]] = ptrtoint ptr %scevgep to i64
; CHECK: %[[YSPAN:[0-9]+]] = mul i64 %{{[0-9]+}}, -4
; CHECK: %[[YLO:[0-9]+]] = add i64 %[[Y]], %[[YSPAN]]
; CHECK: %[[X:[0-9]+]] = ptrtoint ptr %scevgep1 to i64
; CHECK: %[[XSPAN:[0-9]+]] = mul i64 %{{[0-9]+}}, -4
; CHECK: %[[XHI:[0-9]+]] = add i64 %[[X]], 4
; CHECK: %[[XLO:[0-9]+]] = add i64 %[[X]], %[[XSPAN]]
; CHECK: icmp ule i64 %{{[0-9]+}}, %[[XLO]]
; CHECK: icmp ule i64 %[[XHI]], %[[YLO]]
; CHECK: %plr.apart = or i1
; CHECK: ptrtoint ptr %scevgep2 to i64
; CHECK: %plr.apart3 = or i1
; CHECK: br i1 %{{[0-9]+}}, label %plr.outlined, label %plr.fallback
; CHECK: call i32 @plr_run_many(


; Function Attrs: nofree norecurse nosync nounwind memory(argmem: readwrite) uwtable
define dso_local void @back_two(ptr nocapture noundef %y, ptr nocapture noundef readonly %x, ptr nocapture noundef readonly %z, i32 noundef %n) local_unnamed_addr #0 {
entry:
  %cmp16 = icmp sgt i32 %n, 1
  br i1 %cmp16, label %for.body.preheader, label %for.cond.cleanup

for.body.preheader:                               ; preds = %entry
  %sub = add nsw i32 %n, -2
  %0 = zext nneg i32 %sub to i64
  br label %for.body

for.cond.cleanup.loopexit:                        ; preds = %for.body
  br label %for.cond.cleanup

for.cond.cleanup:                                 ; preds = %for.cond.cleanup.loopexit, %entry
  ret void

for.body:                                         ; preds = %for.body.preheader, %for.body
  %indvars.iv = phi i64 [ %0, %for.body.preheader ], [ %indvars.iv.next, %for.body ]
  %arrayidx = getelementptr inbounds i32, ptr %x, i64 %indvars.iv
  %1 = load i32, ptr %arrayidx, align 4, !tbaa !5
  %arrayidx2 = getelementptr inbounds i32, ptr %z, i64 %indvars.iv
  %2 = load i32, ptr %arrayidx2, align 4, !tbaa !5
  %mul = mul nsw i32 %2, %1
  %add = add nsw i32 %mul, 5
  %3 = getelementptr inbounds i32, ptr %y, i64 %indvars.iv
  %arrayidx5 = getelementptr inbounds i8, ptr %3, i64 4
  %4 = load i32, ptr %arrayidx5, align 4, !tbaa !5
  %mul6.neg = mul i32 %4, -3
  %sub7 = add i32 %add, %mul6.neg
  store i32 %sub7, ptr %3, align 4, !tbaa !5
  %indvars.iv.next = add nsw i64 %indvars.iv, -1
  %cmp.not = icmp eq i64 %indvars.iv, 0
  br i1 %cmp.not, label %for.cond.cleanup.loopexit, label %for.body, !llvm.loop !9
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
