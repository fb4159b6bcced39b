; Triangular solves and their relatives: an inner loop summing coefficients times earlier outputs, found
; by the run-time-order scan (runtime_order.c), refused each with the reason that rules it out rather
; than the first obstacle met. PolyBench/C 4.2.1 ludcmp.c's back substitution (line 129: the outer loop
; runs backward, which alone would be "stride") has a tap count n-1-i and coefficients A[i][j] that
; change with i, and divides by A[i][i]: TriangularSolve. Its forward substitution (line 122) reads
; y[0..i-1] from the start of y up to y[i-1] (taps walking up, as from p down to 1): TriangularSolve too.
; A forward substitution written with taps back from y[i-1] (L[i][j]*y[i-j], j <= i): TriangularSolve,
; not TimeVarying alone. A backward loop whose tap count alone changes with i: RuntimeOrderVaries. A
; backward LPC loop (count p fixed, coefficients fixed) stays "stride": the run-time-order lowering
; runs forward at unit stride only (docs/pass.md, Not (yet) done). Nothing is replaced.
; REQUIRES: pass
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -S %s | %FileCheck %s
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -pass-remarks-missed=plr -pass-remarks-analysis=plr -disable-output %s 2>&1 | %FileCheck %s --check-prefix=MISSED
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -pass-remarks-missed=plr -pass-remarks-output=%t.yaml -disable-output %s 2>/dev/null
; RUN: %FileCheck %s --check-prefix=YAML < %t.yaml
; CHECK-NOT: call i32 @plr_run
; MISSED: remark: {{.*}}recurrence not replaced: the sum over earlier outputs has a tap count and coefficients that both change with i (a row of a matrix, A[i][j] for j < i or j > i): a triangular solve (forward or back substitution, the latter also dividing by the diagonal), not a recurrence with constant coefficients (taken: a tap loop whose count is fixed before the loop and whose coefficients do not move with i, as in LPC synthesis)
; MISSED-NEXT: remark: {{.*}}candidate: the store to x[{{.*}}; the reason concerns the read of
; MISSED-NEXT: remark: {{.*}}recurrence not replaced: the sum over earlier outputs has a tap count and coefficients that both change with i
; MISSED-NEXT: remark: {{.*}}candidate: the store to y[i]; the reason concerns the read of
; MISSED-NEXT: remark: {{.*}}recurrence not replaced: the sum over earlier outputs has a tap count and coefficients that both change with i
; MISSED-NEXT: remark: {{.*}}candidate: the store to y[i]; the reason concerns the read of
; MISSED-NEXT: remark: {{.*}}recurrence not replaced: the recurrence's order is a run-time value that changes from one output to the next
; MISSED-NEXT: remark: {{.*}}candidate: the store to y[
; MISSED-NEXT: remark: {{.*}}recurrence not replaced: an array is not accessed with a constant stride of whole elements
; MISSED-NEXT: remark: {{.*}}candidate: the store to y[
; MISSED-NOT: remark
; YAML: Name: TriangularSolve
; YAML: Name: Rejected
; YAML: Name: TriangularSolve
; YAML: Name: Rejected
; YAML: Name: TriangularSolve
; YAML: Name: Rejected
; YAML: Name: RuntimeOrderVaries
; YAML: Name: Rejected
; YAML: Name: Stride
; YAML: Name: Rejected
; YAML-NOT: Name:
;
; Input: make-input.sh reject-triangular.c back_subst -ffast-math, from:
; #define N 2000
; void back_subst(int n, double A[N][N], double x[N], double y[N]) {
;   int i, j;
;   double w;
;   for (i = n - 1; i >= 0; i--) {
;     w = y[i];
;     for (j = i + 1; j < n; j++)
;       w -= A[i][j] * x[j];
;     x[i] = w / A[i][i];
;   }
; }
; void forward_subst(int n, double A[N][N], double b[N], double y[N]) {
;   int i, j;
;   double w;
;   for (i = 0; i < n; i++) {
;     w = b[i];
;     for (j = 0; j < i; j++)
;       w -= A[i][j] * y[j];
;     y[i] = w;
;   }
; }
; void tri_forward(int n, double L[N][N], double b[N], double y[N]) {
;   for (int i = 0; i < n; i++) {
;     double w = b[i];
;     for (int j = 1; j <= i; j++)
;       w -= L[i][j] * y[i - j];
;     y[i] = w;
;   }
; }
; void back_count_varies(int n, const double *a, const double *x, double *y) {
;   for (int i = n - 1; i >= 0; i--) {
;     double s = x[i];
;     for (int j = 1; j < n - i; j++)
;       s -= a[j] * y[i + j];
;     y[i] = s;
;   }
; }
; void back_lpc(long n, int p, const double *a, const double *x, double *y) {
;   for (long i = n - 1; i >= 0; i--) {
;     double s = x[i];
;     for (int j = 1; j <= p; j++)
;       s -= a[j] * y[i + j];
;     y[i] = s;
;   }
; }


; Function Attrs: nofree norecurse nosync nounwind memory(argmem: readwrite) uwtable
define dso_local void @back_subst(i32 noundef %n, ptr nocapture noundef readonly %A, ptr nocapture noundef %x, ptr nocapture noundef readonly %y) local_unnamed_addr #0 {
entry:
  %cmp37 = icmp sgt i32 %n, 0
  br i1 %cmp37, label %for.body.preheader, label %for.end18

for.body.preheader:                               ; preds = %entry
  %0 = zext nneg i32 %n to i64
  %1 = zext nneg i32 %n to i64
  br label %for.body

for.body:                                         ; preds = %for.body.preheader, %for.end
  %indvars.iv = phi i64 [ %0, %for.body.preheader ], [ %indvars.iv.next, %for.end ]
  %indvars.iv.next = add nsw i64 %indvars.iv, -1
  %arrayidx = getelementptr inbounds double, ptr %y, i64 %indvars.iv.next
  %2 = load double, ptr %arrayidx, align 8, !tbaa !5
  %cmp233 = icmp slt i64 %indvars.iv, %1
  br i1 %cmp233, label %for.body3.preheader, label %for.end

for.body3.preheader:                              ; preds = %for.body
  br label %for.body3

for.body3:                                        ; preds = %for.body3.preheader, %for.body3
  %indvars.iv40 = phi i64 [ %indvars.iv.next41, %for.body3 ], [ %indvars.iv, %for.body3.preheader ]
  %w.035 = phi double [ %sub10, %for.body3 ], [ %2, %for.body3.preheader ]
  %arrayidx7 = getelementptr inbounds [2000 x double], ptr %A, i64 %indvars.iv.next, i64 %indvars.iv40
  %3 = load double, ptr %arrayidx7, align 8, !tbaa !5
  %arrayidx9 = getelementptr inbounds double, ptr %x, i64 %indvars.iv40
  %4 = load double, ptr %arrayidx9, align 8, !tbaa !5
  %mul = fmul fast double %4, %3
  %sub10 = fsub fast double %w.035, %mul
  %indvars.iv.next41 = add nuw nsw i64 %indvars.iv40, 1
  %5 = trunc nuw i64 %indvars.iv.next41 to i32
  %cmp2 = icmp slt i32 %5, %n
  br i1 %cmp2, label %for.body3, label %for.end.loopexit, !llvm.loop !9

for.end.loopexit:                                 ; preds = %for.body3
  %sub10.lcssa = phi double [ %sub10, %for.body3 ]
  br label %for.end

for.end:                                          ; preds = %for.end.loopexit, %for.body
  %w.0.lcssa = phi double [ %2, %for.body ], [ %sub10.lcssa, %for.end.loopexit ]
  %arrayidx14 = getelementptr inbounds [2000 x double], ptr %A, i64 %indvars.iv.next, i64 %indvars.iv.next
  %6 = load double, ptr %arrayidx14, align 8, !tbaa !5
  %div = fdiv fast double %w.0.lcssa, %6
  %arrayidx16 = getelementptr inbounds double, ptr %x, i64 %indvars.iv.next
  store double %div, ptr %arrayidx16, align 8, !tbaa !5
  %cmp = icmp sgt i64 %indvars.iv, 1
  br i1 %cmp, label %for.body, label %for.end18.loopexit, !llvm.loop !11

for.end18.loopexit:                               ; preds = %for.end
  br label %for.end18

for.end18:                                        ; preds = %for.end18.loopexit, %entry
  ret void
}

; Function Attrs: nofree norecurse nosync nounwind memory(argmem: readwrite) uwtable
define dso_local void @forward_subst(i32 noundef %n, ptr nocapture noundef readonly %A, ptr nocapture noundef readonly %b, ptr nocapture noundef %y) local_unnamed_addr #0 {
entry:
  %cmp28 = icmp sgt i32 %n, 0
  br i1 %cmp28, label %for.body.preheader, label %for.end14

for.body.preheader:                               ; preds = %entry
  %wide.trip.count34 = zext nneg i32 %n to i64
  br label %for.body

for.body:                                         ; preds = %for.body.preheader, %for.end
  %indvars.iv31 = phi i64 [ 0, %for.body.preheader ], [ %indvars.iv.next32, %for.end ]
  %arrayidx = getelementptr inbounds double, ptr %b, i64 %indvars.iv31
  %0 = load double, ptr %arrayidx, align 8, !tbaa !5
  %cmp225.not = icmp eq i64 %indvars.iv31, 0
  br i1 %cmp225.not, label %for.end, label %for.body3

for.body3:                                        ; preds = %for.body, %for.body3
  %indvars.iv = phi i64 [ %indvars.iv.next, %for.body3 ], [ 0, %for.body ]
  %w.027 = phi double [ %sub, %for.body3 ], [ %0, %for.body ]
  %arrayidx7 = getelementptr inbounds [2000 x double], ptr %A, i64 %indvars.iv31, i64 %indvars.iv
  %1 = load double, ptr %arrayidx7, align 8, !tbaa !5
  %arrayidx9 = getelementptr inbounds double, ptr %y, i64 %indvars.iv
  %2 = load double, ptr %arrayidx9, align 8, !tbaa !5
  %mul = fmul fast double %2, %1
  %sub = fsub fast double %w.027, %mul
  %indvars.iv.next = add nuw nsw i64 %indvars.iv, 1
  %exitcond.not = icmp eq i64 %indvars.iv.next, %indvars.iv31
  br i1 %exitcond.not, label %for.end, label %for.body3, !llvm.loop !12

for.end:                                          ; preds = %for.body3, %for.body
  %w.0.lcssa = phi double [ %0, %for.body ], [ %sub, %for.body3 ]
  %arrayidx11 = getelementptr inbounds double, ptr %y, i64 %indvars.iv31
  store double %w.0.lcssa, ptr %arrayidx11, align 8, !tbaa !5
  %indvars.iv.next32 = add nuw nsw i64 %indvars.iv31, 1
  %exitcond35.not = icmp eq i64 %indvars.iv.next32, %wide.trip.count34
  br i1 %exitcond35.not, label %for.end14, label %for.body, !llvm.loop !13

for.end14:                                        ; preds = %for.end, %entry
  ret void
}

; Function Attrs: nofree norecurse nosync nounwind memory(argmem: readwrite) uwtable
define dso_local void @tri_forward(i32 noundef %n, ptr nocapture noundef readonly %L, ptr nocapture noundef readonly %b, ptr nocapture noundef %y) local_unnamed_addr #0 {
entry:
  %cmp31 = icmp sgt i32 %n, 0
  br i1 %cmp31, label %for.body.preheader, label %for.cond.cleanup

for.body.preheader:                               ; preds = %entry
  %wide.trip.count44 = zext nneg i32 %n to i64
  br label %for.body

for.cond.cleanup:                                 ; preds = %for.cond.cleanup3, %entry
  ret void

for.body:                                         ; preds = %for.body.preheader, %for.cond.cleanup3
  %indvars.iv39 = phi i64 [ 0, %for.body.preheader ], [ %indvars.iv.next40, %for.cond.cleanup3 ]
  %indvars.iv37 = phi i64 [ 1, %for.body.preheader ], [ %indvars.iv.next38, %for.cond.cleanup3 ]
  %arrayidx = getelementptr inbounds double, ptr %b, i64 %indvars.iv39
  %0 = load double, ptr %arrayidx, align 8, !tbaa !5
  %cmp2.not28 = icmp eq i64 %indvars.iv39, 0
  br i1 %cmp2.not28, label %for.cond.cleanup3, label %for.body4

for.cond.cleanup3:                                ; preds = %for.body4, %for.body
  %w.0.lcssa = phi double [ %0, %for.body ], [ %sub11, %for.body4 ]
  %arrayidx13 = getelementptr inbounds double, ptr %y, i64 %indvars.iv39
  store double %w.0.lcssa, ptr %arrayidx13, align 8, !tbaa !5
  %indvars.iv.next40 = add nuw nsw i64 %indvars.iv39, 1
  %indvars.iv.next38 = add nuw nsw i64 %indvars.iv37, 1
  %exitcond45.not = icmp eq i64 %indvars.iv.next40, %wide.trip.count44
  br i1 %exitcond45.not, label %for.cond.cleanup, label %for.body, !llvm.loop !14

for.body4:                                        ; preds = %for.body, %for.body4
  %indvars.iv = phi i64 [ %indvars.iv.next, %for.body4 ], [ 1, %for.body ]
  %w.029 = phi double [ %sub11, %for.body4 ], [ %0, %for.body ]
  %arrayidx8 = getelementptr inbounds [2000 x double], ptr %L, i64 %indvars.iv39, i64 %indvars.iv
  %1 = load double, ptr %arrayidx8, align 8, !tbaa !5
  %2 = sub nsw i64 %indvars.iv39, %indvars.iv
  %arrayidx10 = getelementptr inbounds double, ptr %y, i64 %2
  %3 = load double, ptr %arrayidx10, align 8, !tbaa !5
  %mul = fmul fast double %3, %1
  %sub11 = fsub fast double %w.029, %mul
  %indvars.iv.next = add nuw nsw i64 %indvars.iv, 1
  %exitcond.not = icmp eq i64 %indvars.iv.next, %indvars.iv37
  br i1 %exitcond.not, label %for.cond.cleanup3, label %for.body4, !llvm.loop !15
}

; Function Attrs: nofree norecurse nosync nounwind memory(argmem: readwrite) uwtable
define dso_local void @back_count_varies(i32 noundef %n, ptr nocapture noundef readonly %a, ptr nocapture noundef readonly %x, ptr nocapture noundef %y) local_unnamed_addr #0 {
entry:
  %cmp30 = icmp sgt i32 %n, 0
  br i1 %cmp30, label %for.body.preheader, label %for.cond.cleanup

for.body.preheader:                               ; preds = %entry
  %0 = zext nneg i32 %n to i64
  %1 = add nuw i32 %n, 1
  %wide.trip.count44 = zext i32 %1 to i64
  br label %for.body

for.cond.cleanup:                                 ; preds = %for.cond.cleanup4, %entry
  ret void

for.body:                                         ; preds = %for.body.preheader, %for.cond.cleanup4
  %indvars.iv38 = phi i64 [ %0, %for.body.preheader ], [ %indvars.iv.next39, %for.cond.cleanup4 ]
  %indvars.iv36 = phi i64 [ 1, %for.body.preheader ], [ %indvars.iv.next37, %for.cond.cleanup4 ]
  %indvars.iv.next39 = add nsw i64 %indvars.iv38, -1
  %arrayidx = getelementptr inbounds double, ptr %x, i64 %indvars.iv.next39
  %2 = load double, ptr %arrayidx, align 8, !tbaa !5
  %3 = sub nsw i64 %0, %indvars.iv.next39
  %cmp326 = icmp ugt i64 %3, 1
  br i1 %cmp326, label %for.body5.preheader, label %for.cond.cleanup4

for.body5.preheader:                              ; preds = %for.body
  %invariant.gep = getelementptr double, ptr %y, i64 %indvars.iv.next39
  br label %for.body5

for.cond.cleanup4:                                ; preds = %for.body5, %for.body
  %s.0.lcssa = phi double [ %2, %for.body ], [ %sub10, %for.body5 ]
  %arrayidx12 = getelementptr inbounds double, ptr %y, i64 %indvars.iv.next39
  store double %s.0.lcssa, ptr %arrayidx12, align 8, !tbaa !5
  %indvars.iv.next37 = add nuw nsw i64 %indvars.iv36, 1
  %exitcond45.not = icmp eq i64 %indvars.iv.next37, %wide.trip.count44
  br i1 %exitcond45.not, label %for.cond.cleanup, label %for.body, !llvm.loop !16

for.body5:                                        ; preds = %for.body5.preheader, %for.body5
  %indvars.iv = phi i64 [ 1, %for.body5.preheader ], [ %indvars.iv.next, %for.body5 ]
  %s.027 = phi double [ %2, %for.body5.preheader ], [ %sub10, %for.body5 ]
  %arrayidx7 = getelementptr inbounds double, ptr %a, i64 %indvars.iv
  %4 = load double, ptr %arrayidx7, align 8, !tbaa !5
  %gep = getelementptr double, ptr %invariant.gep, i64 %indvars.iv
  %5 = load double, ptr %gep, align 8, !tbaa !5
  %mul = fmul fast double %5, %4
  %sub10 = fsub fast double %s.027, %mul
  %indvars.iv.next = add nuw nsw i64 %indvars.iv, 1
  %exitcond.not = icmp eq i64 %indvars.iv.next, %indvars.iv36
  br i1 %exitcond.not, label %for.cond.cleanup4, label %for.body5, !llvm.loop !17
}

; Function Attrs: nofree norecurse nosync nounwind memory(argmem: readwrite) uwtable
define dso_local void @back_lpc(i64 noundef %n, i32 noundef %p, ptr nocapture noundef readonly %a, ptr nocapture noundef readonly %x, ptr nocapture noundef %y) local_unnamed_addr #0 {
entry:
  %cmp24 = icmp sgt i64 %n, 0
  br i1 %cmp24, label %for.body.lr.ph, label %for.cond.cleanup

for.body.lr.ph:                                   ; preds = %entry
  %cmp2.not20 = icmp slt i32 %p, 1
  %0 = add i32 %p, 1
  %wide.trip.count = zext i32 %0 to i64
  br label %for.body

for.cond.cleanup:                                 ; preds = %for.cond.cleanup3, %entry
  ret void

for.body:                                         ; preds = %for.body.lr.ph, %for.cond.cleanup3
  %i.025.in = phi i64 [ %n, %for.body.lr.ph ], [ %i.025, %for.cond.cleanup3 ]
  %i.025 = add nsw i64 %i.025.in, -1
  %arrayidx = getelementptr inbounds double, ptr %x, i64 %i.025
  %1 = load double, ptr %arrayidx, align 8, !tbaa !5
  br i1 %cmp2.not20, label %for.cond.cleanup3, label %for.body4.lr.ph

for.body4.lr.ph:                                  ; preds = %for.body
  %2 = getelementptr double, ptr %y, i64 %i.025
  br label %for.body4

for.cond.cleanup3:                                ; preds = %for.body4, %for.body
  %s.0.lcssa = phi double [ %1, %for.body ], [ %sub7, %for.body4 ]
  %arrayidx8 = getelementptr inbounds double, ptr %y, i64 %i.025
  store double %s.0.lcssa, ptr %arrayidx8, align 8, !tbaa !5
  %cmp = icmp sgt i64 %i.025.in, 1
  br i1 %cmp, label %for.body, label %for.cond.cleanup, !llvm.loop !18

for.body4:                                        ; preds = %for.body4.lr.ph, %for.body4
  %indvars.iv = phi i64 [ 1, %for.body4.lr.ph ], [ %indvars.iv.next, %for.body4 ]
  %s.021 = phi double [ %1, %for.body4.lr.ph ], [ %sub7, %for.body4 ]
  %arrayidx5 = getelementptr inbounds double, ptr %a, i64 %indvars.iv
  %3 = load double, ptr %arrayidx5, align 8, !tbaa !5
  %arrayidx6 = getelementptr double, ptr %2, i64 %indvars.iv
  %4 = load double, ptr %arrayidx6, align 8, !tbaa !5
  %mul = fmul fast double %4, %3
  %sub7 = fsub fast double %s.021, %mul
  %indvars.iv.next = add nuw nsw i64 %indvars.iv, 1
  %exitcond.not = icmp eq i64 %indvars.iv.next, %wide.trip.count
  br i1 %exitcond.not, label %for.cond.cleanup3, label %for.body4, !llvm.loop !19
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
!12 = distinct !{!12, !10}
!13 = distinct !{!13, !10}
!14 = distinct !{!14, !10}
!15 = distinct !{!15, !10}
!16 = distinct !{!16, !10}
!17 = distinct !{!17, !10}
!18 = distinct !{!18, !10}
!19 = distinct !{!19, !10}
