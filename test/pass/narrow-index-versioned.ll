; A recurrence indexed by a narrow unsigned counter (y[i + 1] = x[i] + 3*y[i]
; with unsigned char i, widened by zext): its addresses are affine only where
; i does not wrap past 255, so they are read in 64 bits under a SCEV no-wrap
; predicate ({start,+,1}<i8> nusw over the trip count), and the check before
; the call tests it: start + (m - 1) computed in i8 must not pass 255, and
; m - 1 must fit in i8 at all. Where it fails, the loop runs as written.
; REQUIRES: pass
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr,verify -S %s | %FileCheck %s
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -pass-remarks=plr -disable-output %s 2>&1 | %FileCheck %s --check-prefix=REMARK
; REMARK: remark: {{.*}}replaced linear recurrence with a call to plr_run: signature (1: 3), type i32, order 1; plan: check(x apart from y or exactly y, no narrow index wraps); ask(1 pass); call(1: 3) x->y
;
; CHECK-LABEL: define dso_local void @ring8(
; CHECK: %plr.disjoint =
; CHECK: %[[AB:[0-9]+]] = and i1 %{{[0-9]+}}, %{{[0-9]+}}
; CHECK: %[[BTC:[0-9]+]] = add i32 %m, -1
; CHECK-NEXT: %[[BTC8:[0-9]+]] = trunc i32 %[[BTC]] to i8
; CHECK-NEXT: %[[LAST:[0-9]+]] = add i8 %start, %[[BTC8]]
; CHECK-NEXT: %[[PAST:[0-9]+]] = icmp ult i8 %[[LAST]], %start
; CHECK-NEXT: %[[BIG:[0-9]+]] = icmp ugt i32 %[[BTC]], 255
; CHECK-NEXT: %[[WRAPS:[0-9]+]] = or i1 %[[PAST]], %[[BIG]]
; CHECK-NEXT: %plr.nowrap = xor i1 %[[WRAPS]], true
; CHECK-NEXT: %[[OK:[0-9]+]] = and i1 %[[AB]], %plr.nowrap
; CHECK-NEXT: br i1 %[[OK]], label %plr.outlined, label %plr.fallback
; CHECK: call i32 @plr_run(
;
; Input: make-input.sh ni.c ring8, from:
; void ring8(int *y, const int *x, unsigned char start, int m) {
;   unsigned char i = start;
;   for (int t = 0; t < m; t++, i++) y[i + 1] = x[i] + 3 * y[i];
; }


; Function Attrs: nofree norecurse nosync nounwind memory(argmem: readwrite) uwtable
define dso_local void @ring8(ptr nocapture noundef %y, ptr nocapture noundef readonly %x, i8 noundef zeroext %start, i32 noundef %m) local_unnamed_addr #0 {
entry:
  %cmp12 = icmp sgt i32 %m, 0
  br i1 %cmp12, label %for.body.preheader, label %for.cond.cleanup

for.body.preheader:                               ; preds = %entry
  br label %for.body

for.cond.cleanup.loopexit:                        ; preds = %for.body
  br label %for.cond.cleanup

for.cond.cleanup:                                 ; preds = %for.cond.cleanup.loopexit, %entry
  ret void

for.body:                                         ; preds = %for.body.preheader, %for.body
  %t.014 = phi i32 [ %inc, %for.body ], [ 0, %for.body.preheader ]
  %i.013 = phi i8 [ %inc6, %for.body ], [ %start, %for.body.preheader ]
  %idxprom = zext i8 %i.013 to i64
  %arrayidx = getelementptr inbounds i32, ptr %x, i64 %idxprom
  %0 = load i32, ptr %arrayidx, align 4, !tbaa !5
  %arrayidx2 = getelementptr inbounds i32, ptr %y, i64 %idxprom
  %1 = load i32, ptr %arrayidx2, align 4, !tbaa !5
  %mul = mul nsw i32 %1, 3
  %add = add nsw i32 %mul, %0
  %arrayidx5 = getelementptr inbounds i8, ptr %arrayidx2, i64 4
  store i32 %add, ptr %arrayidx5, align 4, !tbaa !5
  %inc = add nuw nsw i32 %t.014, 1
  %inc6 = add i8 %i.013, 1
  %exitcond.not = icmp eq i32 %inc, %m
  br i1 %exitcond.not, label %for.cond.cleanup.loopexit, label %for.body, !llvm.loop !9
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
