; An int sum divided by a long (o[t] = sum / D with long D): clang widens the sum, divides in i64 and
; truncates on the store, trunc(sdiv(sext(sum), D)). Read as a wider state stored truncated (Mixed
; storage) the sdiv is no recurrence; read with the conversion kept in the stored value, it is an
; elementwise map of the int state, applied after the call (as with an int divisor).
; REQUIRES: pass
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -S %s | %FileCheck %s
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -pass-remarks=plr -pass-remarks-missed=plr -disable-output %s 2>&1 | %FileCheck %s --check-prefix=REMARK
; REMARK: remark: {{.*}}replaced linear recurrence with a call to plr_run: signature (1: 1), type i32, order 1, input term materialized by a map, output an elementwise map of the state; plan: check(other loads apart from y); ask(3 passes); map(t -> y); call(1: 1) y->y in place; map(out = g(y))
; REMARK: remark: {{.*}}replaced linear recurrence with a call to plr_run: signature (1: 1), type i32, order 1, output an elementwise map of the state; plan: check(x apart from y or exactly y); ask(2 passes); call(1: 1) x->y; map(out = g(y))
; REMARK-NOT: not replaced
; The clone stores the state's input term (no division), the map divides in i64 and truncates.
; CHECK-LABEL: @mean_long(
; CHECK: %add4.plrmap = add nsw i32 %sub3.plrmap, 0
; CHECK: store i32 %add4.plrmap
; CHECK: call i32 @plr_run(
; CHECK: plr.map:
; CHECK: [[W:%.*]] = sext i32 %plr.state to i64
; CHECK-NEXT: [[Q:%.*]] = sdiv i64 [[W]], %D
; CHECK-NEXT: [[T:%.*]] = trunc i64 [[Q]] to i32
; CHECK-NEXT: store i32 [[T]]
; CHECK-LABEL: @acc_mean_long(
; CHECK: call i32 @plr_run(
; CHECK: plr.map:
; CHECK: sext i32 %plr.state to i64
; CHECK-NEXT: sdiv i64
; CHECK-NEXT: trunc i64
;
; Input: make-input.sh mean.c mean_long, from:
; void mean_long(int *o, const int *I, long n, long D) {
;   int sum = 0;
;   for (long t = 1; t < n; t++) {
;     sum += I[t + D - 1] - I[t - 1];
;     o[t] = sum / D;
;   }
; }
; void acc_mean_long(int *o, const int *x, long n, long D) {
;   int sum = 0;
;   for (long t = 0; t < n; t++) {
;     sum += x[t];
;     o[t] = sum / D;
;   }
; }


; Function Attrs: nofree norecurse nosync nounwind memory(argmem: readwrite) uwtable
define dso_local void @mean_long(ptr nocapture noundef writeonly %o, ptr nocapture noundef readonly %I, i64 noundef %n, i64 noundef %D) local_unnamed_addr #0 {
entry:
  %cmp14 = icmp sgt i64 %n, 1
  br i1 %cmp14, label %for.body.preheader, label %for.cond.cleanup

for.body.preheader:                               ; preds = %entry
  br label %for.body

for.cond.cleanup.loopexit:                        ; preds = %for.body
  br label %for.cond.cleanup

for.cond.cleanup:                                 ; preds = %for.cond.cleanup.loopexit, %entry
  ret void

for.body:                                         ; preds = %for.body.preheader, %for.body
  %t.016 = phi i64 [ %inc, %for.body ], [ 1, %for.body.preheader ]
  %sum.015 = phi i32 [ %add4, %for.body ], [ 0, %for.body.preheader ]
  %0 = getelementptr i32, ptr %I, i64 %t.016
  %1 = getelementptr i32, ptr %0, i64 %D
  %arrayidx = getelementptr i8, ptr %1, i64 -4
  %2 = load i32, ptr %arrayidx, align 4, !tbaa !5
  %arrayidx2 = getelementptr i8, ptr %0, i64 -4
  %3 = load i32, ptr %arrayidx2, align 4, !tbaa !5
  %sub3 = sub nsw i32 %2, %3
  %add4 = add nsw i32 %sub3, %sum.015
  %conv = sext i32 %add4 to i64
  %div = sdiv i64 %conv, %D
  %conv5 = trunc i64 %div to i32
  %arrayidx6 = getelementptr inbounds i32, ptr %o, i64 %t.016
  store i32 %conv5, ptr %arrayidx6, align 4, !tbaa !5
  %inc = add nuw nsw i64 %t.016, 1
  %exitcond.not = icmp eq i64 %inc, %n
  br i1 %exitcond.not, label %for.cond.cleanup.loopexit, label %for.body, !llvm.loop !9
}

; Function Attrs: nofree norecurse nosync nounwind memory(argmem: readwrite) uwtable
define dso_local void @acc_mean_long(ptr nocapture noundef writeonly %o, ptr nocapture noundef readonly %x, i64 noundef %n, i64 noundef %D) local_unnamed_addr #0 {
entry:
  %cmp7 = icmp sgt i64 %n, 0
  br i1 %cmp7, label %for.body, label %for.cond.cleanup

for.cond.cleanup:                                 ; preds = %for.body, %entry
  ret void

for.body:                                         ; preds = %entry, %for.body
  %t.09 = phi i64 [ %inc, %for.body ], [ 0, %entry ]
  %sum.08 = phi i32 [ %add, %for.body ], [ 0, %entry ]
  %arrayidx = getelementptr inbounds i32, ptr %x, i64 %t.09
  %0 = load i32, ptr %arrayidx, align 4, !tbaa !5
  %add = add nsw i32 %0, %sum.08
  %conv = sext i32 %add to i64
  %div = sdiv i64 %conv, %D
  %conv1 = trunc i64 %div to i32
  %arrayidx2 = getelementptr inbounds i32, ptr %o, i64 %t.09
  store i32 %conv1, ptr %arrayidx2, align 4, !tbaa !5
  %inc = add nuw nsw i64 %t.09, 1
  %exitcond.not = icmp eq i64 %inc, %n
  br i1 %exitcond.not, label %for.cond.cleanup, label %for.body, !llvm.loop !11
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
!11 = distinct !{!11, !10}
