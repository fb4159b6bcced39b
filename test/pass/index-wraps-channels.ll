; Two interleaved channels, each a backward filter whose int index counts
; down from a long bound (y[2*(i-1)] = x[2*(i-1)] + 3*y[2*i], and the odd
; channel): one plr_run_many over both, its addresses read under a no-wrap
; predicate of the index ({2*trunc(n) - 4,+,-2}<i32>) and y[2*i] compared
; with y[2*(i-1)] under trunc(n) >= 1, 2*trunc(n) >= 4 and trunc(n) <= 2^31 - 1
; (zext(2t - 4) = 2*zext(t) - 4 only there), all tested before the call.
; REQUIRES: pass
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr,verify -S %s | %FileCheck %s
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -pass-remarks=plr -disable-output %s 2>&1 | %FileCheck %s --check-prefix=REMARK
; REMARK: remark: {{.*}}replaced the loop's recurrences with one call to plr_run_many: signature (1: 3), type i32, order 1; 2 interleaved channels, one recurrence each: y stride -2, x stride -2, channels 1 apart; plan: check(no narrow index wraps)
;
; CHECK-LABEL: define dso_local void @chan2s(
; CHECK: %[[T:[0-9]+]] = trunc i64 %n to i32
; CHECK: call { i32, i1 } @llvm.umul.with.overflow.i32(
; CHECK: %ident.check = icmp ult i32 %[[T]], 1
; CHECK: %ident.check{{[0-9]+}} = icmp ult i32 %{{[0-9]+}}, 4
; CHECK: %ident.check{{[0-9]+}} = icmp ugt i32 %[[T]], 2147483647
; CHECK: %plr.nowrap = xor i1 %{{[0-9]+}}, true
; CHECK-NEXT: %[[OK:[0-9]+]] = and i1 %plr.big, %plr.nowrap
; CHECK-NEXT: br i1 %[[OK]],
; CHECK: call i32 @plr_run_many(
;
; Input: make-input.sh chan2s.c chan2s, from:
; void chan2s(int *y, const int *x, long n) {
;   for (int i = n - 1; i > 0; i--) {
;     y[2 * (i - 1)] = x[2 * (i - 1)] + 3 * y[2 * i];
;     y[2 * (i - 1) + 1] = x[2 * (i - 1) + 1] + 3 * y[2 * i + 1];
;   }
; }


; Function Attrs: nofree norecurse nosync nounwind memory(argmem: readwrite) uwtable
define dso_local void @chan2s(ptr nocapture noundef %y, ptr nocapture noundef readonly %x, i64 noundef %n) local_unnamed_addr #0 {
entry:
  %0 = trunc i64 %n to i32
  %i.038 = add i32 %0, -1
  %cmp39 = icmp sgt i32 %i.038, 0
  br i1 %cmp39, label %for.body.preheader, label %for.cond.cleanup

for.body.preheader:                               ; preds = %entry
  %1 = zext nneg i32 %i.038 to i64
  %2 = and i64 %n, 4294967295
  br label %for.body

for.cond.cleanup.loopexit:                        ; preds = %for.body
  br label %for.cond.cleanup

for.cond.cleanup:                                 ; preds = %for.cond.cleanup.loopexit, %entry
  ret void

for.body:                                         ; preds = %for.body.preheader, %for.body
  %indvars.iv44 = phi i64 [ %2, %for.body.preheader ], [ %indvars.iv.next45, %for.body ]
  %indvars.iv = phi i64 [ %1, %for.body.preheader ], [ %indvars.iv.next, %for.body ]
  %3 = trunc nuw i64 %indvars.iv44 to i32
  %sub2 = shl i32 %3, 1
  %mul = add i32 %sub2, -4
  %idxprom = zext nneg i32 %mul to i64
  %arrayidx = getelementptr inbounds i32, ptr %x, i64 %idxprom
  %4 = load i32, ptr %arrayidx, align 4, !tbaa !5
  %5 = shl nuw nsw i64 %indvars.iv, 1
  %arrayidx5 = getelementptr inbounds i32, ptr %y, i64 %5
  %6 = load i32, ptr %arrayidx5, align 4, !tbaa !5
  %mul6 = mul nsw i32 %6, 3
  %add = add nsw i32 %mul6, %4
  %arrayidx10 = getelementptr inbounds i32, ptr %y, i64 %idxprom
  store i32 %add, ptr %arrayidx10, align 4, !tbaa !5
  %add13 = add i32 %sub2, -3
  %idxprom14 = zext nneg i32 %add13 to i64
  %arrayidx15 = getelementptr inbounds i32, ptr %x, i64 %idxprom14
  %7 = load i32, ptr %arrayidx15, align 4, !tbaa !5
  %8 = or disjoint i64 %5, 1
  %arrayidx19 = getelementptr inbounds i32, ptr %y, i64 %8
  %9 = load i32, ptr %arrayidx19, align 4, !tbaa !5
  %mul20 = mul nsw i32 %9, 3
  %add21 = add nsw i32 %mul20, %7
  %arrayidx26 = getelementptr inbounds i32, ptr %y, i64 %idxprom14
  store i32 %add21, ptr %arrayidx26, align 4, !tbaa !5
  %indvars.iv.next = add nsw i64 %indvars.iv, -1
  %cmp = icmp ugt i64 %indvars.iv, 1
  %indvars.iv.next45 = add nsw i64 %indvars.iv44, -1
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
