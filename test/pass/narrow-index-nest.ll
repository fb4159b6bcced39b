; Rows of a recurrence indexed by a narrow unsigned counter from a start
; every row shares (unsigned char i = start; rows 300 elements apart, long
; r): the whole nest is one plr_run_many. The no-wrap predicate of the row
; loop's counter ({start,+,1}<i8> over m - 1 back edges) says the same for
; every row, so the check before the nest tests it once, with the rows'
; histories apart from the outputs.
; REQUIRES: pass
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr,verify -S %s | %FileCheck %s
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -pass-remarks=plr -disable-output %s 2>&1 | %FileCheck %s --check-prefix=REMARK
; REMARK: remark: {{.*}}replaced loop nest with one call to plr_run_many: signature (1: 3), type i32, order 1; one sequence per iteration of the outer loop, y stride 1, x stride 1; plan: check(no sequence writes another's history, no narrow index wraps)
;
; CHECK-LABEL: define dso_local void @rows8(
; CHECK: add i8 %start,
; CHECK: %plr.nowrap = xor i1 %{{[0-9]+}}, true
; CHECK-NEXT: %[[OK:[0-9]+]] = and i1 %{{[0-9]+}}, %plr.nowrap
; CHECK-NEXT: br i1 %[[OK]],
; CHECK: call i32 @plr_run_many(
;
; Input: make-input.sh nw.c rows8, from:
; void rows8(int *y, const int *x, int rows, unsigned char start, int m) {
;   for (long r = 0; r < rows; r++) {
;     unsigned char i = start;
;     for (int t = 0; t < m; t++, i++) y[r * 300 + i + 1] = x[r * 300 + i] + 3 * y[r * 300 + i];
;   }
; }


; Function Attrs: nofree norecurse nosync nounwind memory(argmem: readwrite) uwtable
define dso_local void @rows8(ptr nocapture noundef %y, ptr nocapture noundef readonly %x, i32 noundef %rows, i8 noundef zeroext %start, i32 noundef %m) local_unnamed_addr #0 {
entry:
  %conv = sext i32 %rows to i64
  %cmp35 = icmp sgt i32 %rows, 0
  br i1 %cmp35, label %for.cond2.preheader.lr.ph, label %for.cond.cleanup

for.cond2.preheader.lr.ph:                        ; preds = %entry
  %cmp332 = icmp sgt i32 %m, 0
  br label %for.cond2.preheader

for.cond2.preheader:                              ; preds = %for.cond2.preheader.lr.ph, %for.cond.cleanup5
  %r.036 = phi i64 [ 0, %for.cond2.preheader.lr.ph ], [ %inc21, %for.cond.cleanup5 ]
  br i1 %cmp332, label %for.body6.lr.ph, label %for.cond.cleanup5

for.body6.lr.ph:                                  ; preds = %for.cond2.preheader
  %mul = mul nuw nsw i64 %r.036, 300
  br label %for.body6

for.cond.cleanup.loopexit:                        ; preds = %for.cond.cleanup5
  br label %for.cond.cleanup

for.cond.cleanup:                                 ; preds = %for.cond.cleanup.loopexit, %entry
  ret void

for.cond.cleanup5.loopexit:                       ; preds = %for.body6
  br label %for.cond.cleanup5

for.cond.cleanup5:                                ; preds = %for.cond.cleanup5.loopexit, %for.cond2.preheader
  %inc21 = add nuw nsw i64 %r.036, 1
  %exitcond37.not = icmp eq i64 %inc21, %conv
  br i1 %exitcond37.not, label %for.cond.cleanup.loopexit, label %for.cond2.preheader, !llvm.loop !5

for.body6:                                        ; preds = %for.body6.lr.ph, %for.body6
  %t.034 = phi i32 [ 0, %for.body6.lr.ph ], [ %inc, %for.body6 ]
  %i.033 = phi i8 [ %start, %for.body6.lr.ph ], [ %inc19, %for.body6 ]
  %conv7 = zext i8 %i.033 to i64
  %add = add nuw nsw i64 %mul, %conv7
  %arrayidx = getelementptr inbounds i32, ptr %x, i64 %add
  %0 = load i32, ptr %arrayidx, align 4, !tbaa !7
  %arrayidx11 = getelementptr inbounds i32, ptr %y, i64 %add
  %1 = load i32, ptr %arrayidx11, align 4, !tbaa !7
  %mul12 = mul nsw i32 %1, 3
  %add13 = add nsw i32 %mul12, %0
  %arrayidx18 = getelementptr inbounds i8, ptr %arrayidx11, i64 4
  store i32 %add13, ptr %arrayidx18, align 4, !tbaa !7
  %inc = add nuw nsw i32 %t.034, 1
  %inc19 = add i8 %i.033, 1
  %exitcond.not = icmp eq i32 %inc, %m
  br i1 %exitcond.not, label %for.cond.cleanup5.loopexit, label %for.body6, !llvm.loop !11
}

attributes #0 = { nofree norecurse nosync nounwind memory(argmem: readwrite) uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }


!0 = !{i32 1, !"wchar_size", i32 4}
!1 = !{i32 8, !"PIC Level", i32 2}
!2 = !{i32 7, !"PIE Level", i32 2}
!3 = !{i32 7, !"uwtable", i32 2}
!4 = !{!"Debian clang version 19.1.7 (3~deb12u1)"}
!5 = distinct !{!5, !6}
!6 = !{!"llvm.loop.mustprogress"}
!7 = !{!8, !8, i64 0}
!8 = !{!"int", !9, i64 0}
!9 = !{!"omnipotent char", !10, i64 0}
!10 = !{!"Simple C/C++ TBAA"}
!11 = distinct !{!11, !6}
