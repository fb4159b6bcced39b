; A column sum accumulated in memory (mean[j] += data[i][j], mean and data may alias so it is not
; promoted to a register): the loop stores one fixed element every iteration, a reduction whose last
; value alone remains. A precise reason, with a hint.
; REQUIRES: pass
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -S %s | %FileCheck %s
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -pass-remarks-missed=plr -disable-output %s 2>&1 | %FileCheck %s --check-prefix=MISSED
; MISSED: remark: {{.*}}recurrence not replaced: the loop stores to one fixed element on every iteration (a reduction kept in memory: only its last value remains, nothing to run as a recurrence) (a scalar accumulator stored after the loop lets the compiler vectorize the reduction)
; CHECK-NOT: plr_run
;
; Input: make-input.sh colsum.c colsum -ffast-math, from:
; void colsum(int m, int n, const double *data, double *mean) {
;   for (int j = 0; j < m; j++) {
;     mean[j] = 0.0;
;     for (int i = 0; i < n; i++)
;       mean[j] += data[i * m + j];
;   }
; }


; Function Attrs: nofree norecurse nosync nounwind memory(argmem: readwrite) uwtable
define dso_local void @colsum(i32 noundef %m, i32 noundef %n, ptr nocapture noundef readonly %data, ptr nocapture noundef writeonly %mean) local_unnamed_addr #0 {
entry:
  %cmp23 = icmp sgt i32 %m, 0
  br i1 %cmp23, label %for.body.lr.ph, label %for.cond.cleanup

for.body.lr.ph:                                   ; preds = %entry
  %cmp221 = icmp sgt i32 %n, 0
  %0 = zext nneg i32 %m to i64
  %wide.trip.count = zext nneg i32 %n to i64
  br label %for.body

for.cond.cleanup.loopexit:                        ; preds = %for.cond.cleanup3
  br label %for.cond.cleanup

for.cond.cleanup:                                 ; preds = %for.cond.cleanup.loopexit, %entry
  ret void

for.body:                                         ; preds = %for.body.lr.ph, %for.cond.cleanup3
  %indvars.iv28 = phi i64 [ 0, %for.body.lr.ph ], [ %indvars.iv.next29, %for.cond.cleanup3 ]
  %arrayidx = getelementptr inbounds double, ptr %mean, i64 %indvars.iv28
  store double 0.000000e+00, ptr %arrayidx, align 8, !tbaa !5
  br i1 %cmp221, label %for.body4.lr.ph, label %for.cond.cleanup3

for.body4.lr.ph:                                  ; preds = %for.body
  %invariant.gep = getelementptr inbounds double, ptr %data, i64 %indvars.iv28
  br label %for.body4

for.cond.cleanup3.loopexit:                       ; preds = %for.body4
  br label %for.cond.cleanup3

for.cond.cleanup3:                                ; preds = %for.cond.cleanup3.loopexit, %for.body
  %indvars.iv.next29 = add nuw nsw i64 %indvars.iv28, 1
  %exitcond32.not = icmp eq i64 %indvars.iv.next29, %0
  br i1 %exitcond32.not, label %for.cond.cleanup.loopexit, label %for.body, !llvm.loop !9

for.body4:                                        ; preds = %for.body4.lr.ph, %for.body4
  %indvars.iv = phi i64 [ 0, %for.body4.lr.ph ], [ %indvars.iv.next, %for.body4 ]
  %1 = phi double [ 0.000000e+00, %for.body4.lr.ph ], [ %add9, %for.body4 ]
  %2 = mul nuw nsw i64 %indvars.iv, %0
  %gep = getelementptr inbounds double, ptr %invariant.gep, i64 %2
  %3 = load double, ptr %gep, align 8, !tbaa !5
  %add9 = fadd fast double %1, %3
  store double %add9, ptr %arrayidx, align 8, !tbaa !5
  %indvars.iv.next = add nuw nsw i64 %indvars.iv, 1
  %exitcond.not = icmp eq i64 %indvars.iv.next, %wide.trip.count
  br i1 %exitcond.not, label %for.cond.cleanup3.loopexit, label %for.body4, !llvm.loop !11
}

attributes #0 = { nofree norecurse nosync nounwind memory(argmem: readwrite) uwtable "approx-func-fp-math"="true" "min-legal-vector-width"="0" "no-infs-fp-math"="true" "no-nans-fp-math"="true" "no-signed-zeros-fp-math"="true" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" "unsafe-fp-math"="true" }


!0 = !{i32 1, !"wchar_size", i32 4}
!1 = !{i32 8, !"PIC Level", i32 2}
!2 = !{i32 7, !"PIE Level", i32 2}
!3 = !{i32 7, !"uwtable", i32 2}
!4 = !{!"Debian clang version 19.1.7 (3~deb12u1)"}
!5 = !{!6, !6, i64 0}
!6 = !{!"double", !7, i64 0}
!7 = !{!"omnipotent char", !8, i64 0}
!8 = !{!"Simple C/C++ TBAA"}
!9 = distinct !{!9, !10}
!10 = !{!"llvm.loop.mustprogress"}
!11 = distinct !{!11, !10}
