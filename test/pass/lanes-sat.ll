; The second pass of a summed-area table, written row by row: the recurrence runs along the outer
; loop (s[i][j] += s[i-1][j]) and the inner loop walks independent lanes. The nest becomes one
; plr_run_many with count = the row length, n = the rows, stride = the row pitch (a run-time value),
; distance 1; the row before the first is each lane's history, gathered before the call.
; REQUIRES: pass
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -S %s | %FileCheck %s
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -pass-remarks=plr -disable-output %s 2>&1 | %FileCheck %s --check-prefix=REMARK
; REMARK: remark: {{.*}}replaced loop nest with one call to plr_run_many: signature (1: 1), type i32, order 1; carried by the outer loop: one sequence per iteration of the inner loop (a lane), stride a run-time value
; CHECK: %plr.apart.lanes = icmp ult i64
; CHECK: br i1 %{{.*}}, label %plr.outlined, label %plr.fallback
; CHECK: plr.outlined:
; CHECK-NEXT: call i1 @sat_cols.plr.call(
; CHECK: plr.fallback:
; CHECK-LABEL: define internal i1 @sat_cols.plr.call(
; CHECK: plr.nest.call:
; CHECK: %plr.stride = sdiv exact i64
; CHECK: call i32 @plr_pays_many(
; CHECK: plr.gather:
; CHECK: %plr.seq.hist = load i32
; CHECK: %plr.status = call i32 @plr_run_many(
;
; Input: make-input.sh sat_cols.c sat_cols, from:
; void sat_cols(long h, long w, int *s) {
;   for (long i = 1; i < h; i++)
;     for (long j = 0; j < w; j++)
;       s[i * w + j] += s[(i - 1) * w + j];
; }


; Function Attrs: nofree norecurse nosync nounwind memory(argmem: readwrite) uwtable
define dso_local void @sat_cols(i64 noundef %h, i64 noundef %w, ptr nocapture noundef %s) local_unnamed_addr #0 {
entry:
  %cmp23 = icmp sgt i64 %h, 1
  br i1 %cmp23, label %for.cond1.preheader.lr.ph, label %for.cond.cleanup

for.cond1.preheader.lr.ph:                        ; preds = %entry
  %cmp221 = icmp sgt i64 %w, 0
  br label %for.cond1.preheader

for.cond1.preheader:                              ; preds = %for.cond1.preheader.lr.ph, %for.cond.cleanup3
  %i.024 = phi i64 [ 1, %for.cond1.preheader.lr.ph ], [ %inc10, %for.cond.cleanup3 ]
  br i1 %cmp221, label %for.body4.lr.ph, label %for.cond.cleanup3

for.body4.lr.ph:                                  ; preds = %for.cond1.preheader
  %sub = add nsw i64 %i.024, -1
  %mul = mul nsw i64 %sub, %w
  %0 = getelementptr i32, ptr %s, i64 %mul
  %mul5 = mul nuw nsw i64 %i.024, %w
  %1 = getelementptr i32, ptr %s, i64 %mul5
  br label %for.body4

for.cond.cleanup.loopexit:                        ; preds = %for.cond.cleanup3
  br label %for.cond.cleanup

for.cond.cleanup:                                 ; preds = %for.cond.cleanup.loopexit, %entry
  ret void

for.cond.cleanup3.loopexit:                       ; preds = %for.body4
  br label %for.cond.cleanup3

for.cond.cleanup3:                                ; preds = %for.cond.cleanup3.loopexit, %for.cond1.preheader
  %inc10 = add nuw nsw i64 %i.024, 1
  %exitcond25.not = icmp eq i64 %inc10, %h
  br i1 %exitcond25.not, label %for.cond.cleanup.loopexit, label %for.cond1.preheader, !llvm.loop !5

for.body4:                                        ; preds = %for.body4.lr.ph, %for.body4
  %j.022 = phi i64 [ 0, %for.body4.lr.ph ], [ %inc, %for.body4 ]
  %arrayidx = getelementptr i32, ptr %0, i64 %j.022
  %2 = load i32, ptr %arrayidx, align 4, !tbaa !7
  %arrayidx7 = getelementptr i32, ptr %1, i64 %j.022
  %3 = load i32, ptr %arrayidx7, align 4, !tbaa !7
  %add8 = add nsw i32 %3, %2
  store i32 %add8, ptr %arrayidx7, align 4, !tbaa !7
  %inc = add nuw nsw i64 %j.022, 1
  %exitcond.not = icmp eq i64 %inc, %w
  br i1 %exitcond.not, label %for.cond.cleanup3.loopexit, label %for.body4, !llvm.loop !11
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
