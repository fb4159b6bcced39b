; The first pass of a summed-area table: each row summed in place from its second element, the first
; being the row's history y[-1]. The histories of all rows are read into one buffer (plr_scratch_alloc; NULL
; goes to the fallback) before one plr_run_many, after a check that no row writes another's history:
; rows at least n + order elements apart, or all sequences within one step.
; REQUIRES: pass
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -S %s | %FileCheck %s
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -pass-remarks=plr -disable-output %s 2>&1 | %FileCheck %s --check-prefix=REMARK
; REMARK: remark: {{.*}}replaced loop nest with one call to plr_run_many: signature (1: 1), type i32, order 1; one sequence per iteration of the outer loop, y stride 1, x stride 1
; CHECK: %plr.apart.rows = icmp uge i64
; CHECK: %plr.apart.lanes = icmp ult i64
; CHECK: br i1 %{{.*}}, label %plr.outlined, label %plr.fallback
; CHECK: plr.outlined:
; CHECK: %targetBlock = call i1 @row_prefix.plr.call(
; CHECK: plr.fallback:
; CHECK-LABEL: define internal i1 @row_prefix.plr.call(
; CHECK: plr.nest.call:
; CHECK: call i32 @plr_pays_many(
; CHECK: %plr.hist.buf = call ptr @plr_scratch_alloc(i64
; CHECK: br i1 %{{[0-9]+}}, label %plr.fallback.exitStub, label %plr.gather
; CHECK: plr.gather:
; CHECK: %plr.seq.hist = load i32
; CHECK: plr.gather.done:
; CHECK: %plr.status = call i32 @plr_run_many(
; CHECK-NEXT: call void @plr_scratch_free(ptr %plr.hist.buf)
;
; Input: make-input.sh row_prefix.c row_prefix , from:
; void row_prefix(int h, int w, int *a) {
;   for (int r = 0; r < h; r++)
;     for (int c = 1; c < w; c++)
;       a[r * w + c] += a[r * w + c - 1];
; }


; Function Attrs: nofree norecurse nosync nounwind memory(argmem: readwrite) uwtable
define dso_local void @row_prefix(i32 noundef %h, i32 noundef %w, ptr nocapture noundef %a) local_unnamed_addr #0 {
entry:
  %cmp24 = icmp sgt i32 %h, 0
  br i1 %cmp24, label %for.cond1.preheader.lr.ph, label %for.cond.cleanup

for.cond1.preheader.lr.ph:                        ; preds = %entry
  %cmp222 = icmp sgt i32 %w, 1
  %0 = zext i32 %w to i64
  %wide.trip.count32 = zext nneg i32 %h to i64
  br label %for.cond1.preheader

for.cond1.preheader:                              ; preds = %for.cond1.preheader.lr.ph, %for.cond.cleanup3
  %indvars.iv28 = phi i64 [ 0, %for.cond1.preheader.lr.ph ], [ %indvars.iv.next29, %for.cond.cleanup3 ]
  br i1 %cmp222, label %for.body4.lr.ph, label %for.cond.cleanup3

for.body4.lr.ph:                                  ; preds = %for.cond1.preheader
  %1 = mul nuw nsw i64 %indvars.iv28, %0
  %invariant.gep = getelementptr i32, ptr %a, i64 %1
  br label %for.body4

for.cond.cleanup.loopexit:                        ; preds = %for.cond.cleanup3
  br label %for.cond.cleanup

for.cond.cleanup:                                 ; preds = %for.cond.cleanup.loopexit, %entry
  ret void

for.cond.cleanup3.loopexit:                       ; preds = %for.body4
  br label %for.cond.cleanup3

for.cond.cleanup3:                                ; preds = %for.cond.cleanup3.loopexit, %for.cond1.preheader
  %indvars.iv.next29 = add nuw nsw i64 %indvars.iv28, 1
  %exitcond33.not = icmp eq i64 %indvars.iv.next29, %wide.trip.count32
  br i1 %exitcond33.not, label %for.cond.cleanup.loopexit, label %for.cond1.preheader, !llvm.loop !5

for.body4:                                        ; preds = %for.body4.lr.ph, %for.body4
  %indvars.iv = phi i64 [ 1, %for.body4.lr.ph ], [ %indvars.iv.next, %for.body4 ]
  %gep = getelementptr i32, ptr %invariant.gep, i64 %indvars.iv
  %arrayidx = getelementptr i8, ptr %gep, i64 -4
  %2 = load i32, ptr %arrayidx, align 4, !tbaa !7
  %3 = load i32, ptr %gep, align 4, !tbaa !7
  %add9 = add nsw i32 %3, %2
  store i32 %add9, ptr %gep, align 4, !tbaa !7
  %indvars.iv.next = add nuw nsw i64 %indvars.iv, 1
  %exitcond.not = icmp eq i64 %indvars.iv.next, %0
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
