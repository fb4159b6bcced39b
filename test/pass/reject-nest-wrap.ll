; A row loop whose index is a narrow unsigned counter starting at the row's
; own number (unsigned char r and i = r, rows 300 elements apart): the row
; loop is replaced on its own, its check testing that i does not wrap, but
; not the nest as one plr_run_many: the no-wrap predicate's recurrence starts
; at r, so whether it holds changes from one row to the next, and the check
; before a nest tests it once (NestWrap). With a start every row shares the
; nest is one call (narrow-index-nest.ll).
; REQUIRES: pass
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr,verify -S %s | %FileCheck %s
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -pass-remarks=plr -pass-remarks-analysis=plr -disable-output %s 2>&1 | %FileCheck %s --check-prefix=REMARK
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -pass-remarks-analysis=plr -pass-remarks-output=%t.yaml -disable-output %s 2>/dev/null
; RUN: %FileCheck %s --check-prefix=YAML < %t.yaml
; REMARK: remark: {{.*}}replaced linear recurrence with a call to plr_run: signature (1: 3), type i32, order 1; plan: check(x apart from y or exactly y, no narrow index wraps)
; REMARK-NEXT: remark: {{.*}}the loop around it is not part of the call (one call per sequence): an index of the recurrence loop is a narrower value widened, affine only where it does not wrap, and whether it wraps changes from one sequence to the next (the check before a nest tests it once)
; YAML: Name: NestWrap
; CHECK-LABEL: define dso_local void @rowsu8(
; CHECK: %plr.nowrap = xor i1
; CHECK: call i32 @plr_run(
; CHECK-NOT: plr_run_many
;
; Input: make-input.sh nw3.c rowsu8, from:
; void rowsu8(int *y, const int *x, int m) {
;   for (unsigned char r = 0; r < 10; r++) {
;     unsigned char i = r;
;     for (int t = 0; t < m; t++, i++) y[r * 300 + i + 1] = x[r * 300 + i] + 3 * y[r * 300 + i];
;   }
; }


; Function Attrs: nofree norecurse nosync nounwind memory(argmem: readwrite) uwtable
define dso_local void @rowsu8(ptr nocapture noundef %y, ptr nocapture noundef readonly %x, i32 noundef %m) local_unnamed_addr #0 {
entry:
  %cmp338 = icmp sgt i32 %m, 0
  br label %for.cond2.preheader

for.cond2.preheader:                              ; preds = %entry, %for.cond.cleanup5
  %indvars.iv = phi i64 [ 0, %entry ], [ %indvars.iv.next, %for.cond.cleanup5 ]
  br i1 %cmp338, label %for.body6.lr.ph, label %for.cond.cleanup5

for.body6.lr.ph:                                  ; preds = %for.cond2.preheader
  %mul = mul nuw nsw i64 %indvars.iv, 300
  %0 = trunc nuw nsw i64 %indvars.iv to i8
  br label %for.body6

for.cond.cleanup:                                 ; preds = %for.cond.cleanup5
  ret void

for.cond.cleanup5.loopexit:                       ; preds = %for.body6
  br label %for.cond.cleanup5

for.cond.cleanup5:                                ; preds = %for.cond.cleanup5.loopexit, %for.cond2.preheader
  %indvars.iv.next = add nuw nsw i64 %indvars.iv, 1
  %exitcond44.not = icmp eq i64 %indvars.iv.next, 10
  br i1 %exitcond44.not, label %for.cond.cleanup, label %for.cond2.preheader, !llvm.loop !5

for.body6:                                        ; preds = %for.body6.lr.ph, %for.body6
  %t.040 = phi i32 [ 0, %for.body6.lr.ph ], [ %inc, %for.body6 ]
  %i.039 = phi i8 [ %0, %for.body6.lr.ph ], [ %inc24, %for.body6 ]
  %conv8 = zext i8 %i.039 to i64
  %add = add nuw nsw i64 %mul, %conv8
  %arrayidx = getelementptr inbounds i32, ptr %x, i64 %add
  %1 = load i32, ptr %arrayidx, align 4, !tbaa !7
  %arrayidx14 = getelementptr inbounds i32, ptr %y, i64 %add
  %2 = load i32, ptr %arrayidx14, align 4, !tbaa !7
  %mul15 = mul nsw i32 %2, 3
  %add16 = add nsw i32 %mul15, %1
  %arrayidx23 = getelementptr inbounds i8, ptr %arrayidx14, i64 4
  store i32 %add16, ptr %arrayidx23, align 4, !tbaa !7
  %inc = add nuw nsw i32 %t.040, 1
  %inc24 = add i8 %i.039, 1
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
