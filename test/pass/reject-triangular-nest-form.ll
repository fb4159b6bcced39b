; ludcmp's substitutions in one function (PolyBench's, reduced): as the
; pass receives it, the forward substitution's tap loop has no preheader
; while the loop around it is in simplified form. The pass must
; simplify the whole nest before reading the taps, so that both loops get
; the reason that is about them, a triangular solve, and not "not in simple
; form" (or, as in the whole kernel inlined into main, the back substitution
; "not a constant stride"). Nothing replaced.
; REQUIRES: pass
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -S %s | %FileCheck %s
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -pass-remarks-missed=plr -disable-output %s 2>&1 | %FileCheck %s --check-prefix=MISSED --implicit-check-not=remark:
; MISSED: remark: {{.*}}recurrence not replaced: the sum over earlier outputs has a tap count and coefficients that both change with i
; MISSED: remark: {{.*}}recurrence not replaced: the sum over earlier outputs has a tap count and coefficients that both change with i
; CHECK-NOT: plr_run
;
; Input: PHASE=before-plr PLR_PASS=libPLRPass.so make-input.sh subst.c subst, from:
; #define N 2000
; void subst(double A[N][N], double *b, double *x, double *y, int n) {
;   double w;
;   for (int i = 0; i < n; i++) {
;     w = b[i];
;     for (int j = 0; j < i; j++) w -= A[i][j] * y[j];
;     y[i] = w;
;   }
;   for (int i = n - 1; i >= 0; i--) {
;     w = y[i];
;     for (int j = i + 1; j < n; j++) w -= A[i][j] * x[j];
;     x[i] = w / A[i][i];
;   }
; }


; Function Attrs: nofree norecurse nosync nounwind memory(argmem: readwrite) uwtable
define dso_local void @subst(ptr nocapture noundef readonly %A, ptr nocapture noundef readonly %b, ptr nocapture noundef %x, ptr nocapture noundef %y, i32 noundef %n) local_unnamed_addr #0 {
entry:
  %cmp77 = icmp sgt i32 %n, 0
  br i1 %cmp77, label %for.body.preheader, label %for.cond.cleanup19

for.body.preheader:                               ; preds = %entry
  %wide.trip.count92 = zext nneg i32 %n to i64
  br label %for.body

for.cond17.preheader:                             ; preds = %for.cond.cleanup3
  br i1 %cmp77, label %for.body20.preheader, label %for.cond.cleanup19

for.body20.preheader:                             ; preds = %for.cond17.preheader
  %0 = zext nneg i32 %n to i64
  %1 = zext nneg i32 %n to i64
  br label %for.body20

for.body:                                         ; preds = %for.body.preheader, %for.cond.cleanup3
  %indvars.iv89 = phi i64 [ 0, %for.body.preheader ], [ %indvars.iv.next90, %for.cond.cleanup3 ]
  %arrayidx = getelementptr inbounds double, ptr %b, i64 %indvars.iv89
  %2 = load double, ptr %arrayidx, align 8, !tbaa !5
  %cmp274.not = icmp eq i64 %indvars.iv89, 0
  br i1 %cmp274.not, label %for.cond.cleanup3, label %for.body4

for.cond.cleanup3:                                ; preds = %for.body4, %for.body
  %w.0.lcssa = phi double [ %2, %for.body ], [ %5, %for.body4 ]
  %arrayidx12 = getelementptr inbounds double, ptr %y, i64 %indvars.iv89
  store double %w.0.lcssa, ptr %arrayidx12, align 8, !tbaa !5
  %indvars.iv.next90 = add nuw nsw i64 %indvars.iv89, 1
  %exitcond93.not = icmp eq i64 %indvars.iv.next90, %wide.trip.count92
  br i1 %exitcond93.not, label %for.cond17.preheader, label %for.body, !llvm.loop !9

for.body4:                                        ; preds = %for.body, %for.body4
  %indvars.iv = phi i64 [ %indvars.iv.next, %for.body4 ], [ 0, %for.body ]
  %w.075 = phi double [ %5, %for.body4 ], [ %2, %for.body ]
  %arrayidx8 = getelementptr inbounds [2000 x double], ptr %A, i64 %indvars.iv89, i64 %indvars.iv
  %3 = load double, ptr %arrayidx8, align 8, !tbaa !5
  %arrayidx10 = getelementptr inbounds double, ptr %y, i64 %indvars.iv
  %4 = load double, ptr %arrayidx10, align 8, !tbaa !5
  %neg = fneg double %3
  %5 = tail call double @llvm.fmuladd.f64(double %neg, double %4, double %w.075)
  %indvars.iv.next = add nuw nsw i64 %indvars.iv, 1
  %exitcond.not = icmp eq i64 %indvars.iv.next, %indvars.iv89
  br i1 %exitcond.not, label %for.cond.cleanup3, label %for.body4, !llvm.loop !11

for.cond.cleanup19:                               ; preds = %for.cond.cleanup26, %entry, %for.cond17.preheader
  ret void

for.body20:                                       ; preds = %for.body20.preheader, %for.cond.cleanup26
  %indvars.iv94 = phi i64 [ %0, %for.body20.preheader ], [ %indvars.iv.next95, %for.cond.cleanup26 ]
  %indvars.iv.next95 = add nsw i64 %indvars.iv94, -1
  %arrayidx22 = getelementptr inbounds double, ptr %y, i64 %indvars.iv.next95
  %6 = load double, ptr %arrayidx22, align 8, !tbaa !5
  %cmp2579 = icmp slt i64 %indvars.iv94, %1
  br i1 %cmp2579, label %for.body27, label %for.cond.cleanup26

for.cond.cleanup26:                               ; preds = %for.body27, %for.body20
  %w.1.lcssa = phi double [ %6, %for.body20 ], [ %10, %for.body27 ]
  %arrayidx41 = getelementptr inbounds [2000 x double], ptr %A, i64 %indvars.iv.next95, i64 %indvars.iv.next95
  %7 = load double, ptr %arrayidx41, align 8, !tbaa !5
  %div = fdiv double %w.1.lcssa, %7
  %arrayidx43 = getelementptr inbounds double, ptr %x, i64 %indvars.iv.next95
  store double %div, ptr %arrayidx43, align 8, !tbaa !5
  %cmp18 = icmp sgt i64 %indvars.iv94, 1
  br i1 %cmp18, label %for.body20, label %for.cond.cleanup19, !llvm.loop !12

for.body27:                                       ; preds = %for.body20, %for.body27
  %indvars.iv96 = phi i64 [ %indvars.iv.next97, %for.body27 ], [ %indvars.iv94, %for.body20 ]
  %w.180 = phi double [ %10, %for.body27 ], [ %6, %for.body20 ]
  %arrayidx31 = getelementptr inbounds [2000 x double], ptr %A, i64 %indvars.iv.next95, i64 %indvars.iv96
  %8 = load double, ptr %arrayidx31, align 8, !tbaa !5
  %arrayidx33 = getelementptr inbounds double, ptr %x, i64 %indvars.iv96
  %9 = load double, ptr %arrayidx33, align 8, !tbaa !5
  %neg34 = fneg double %8
  %10 = tail call double @llvm.fmuladd.f64(double %neg34, double %9, double %w.180)
  %indvars.iv.next97 = add nuw nsw i64 %indvars.iv96, 1
  %11 = trunc nuw i64 %indvars.iv.next97 to i32
  %cmp25 = icmp slt i32 %11, %n
  br i1 %cmp25, label %for.body27, label %for.cond.cleanup26, !llvm.loop !13
}

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare double @llvm.fmuladd.f64(double, double, double) #1

attributes #0 = { nofree norecurse nosync nounwind memory(argmem: readwrite) uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #1 = { mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none) }


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
