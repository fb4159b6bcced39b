; Exponential moving average: the feedback coefficient 1-alpha is an expression of an argument; the initial state is x[0].
; REQUIRES: pass
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -S %s | %FileCheck %s
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -pass-remarks=plr -pass-remarks-missed=plr -disable-output %s 2>&1 | %FileCheck %s --check-prefix=REMARK
;
; Input: make-input.sh ema-double.c ema -ffast-math, from:
; void ema(double *y, const double *x, int n, double alpha) {
;   double e = x[0];
;   for (int i = 0; i < n; i++) { e = alpha*x[i] + (1-alpha)*e; y[i] = e; }
; }

; REMARK: remark: {{.*}}replaced linear recurrence with a call to plr_run: signature (alpha: 1 - alpha), type f64, order 1
; CHECK: br i1 %{{.*}}, label %plr.outlined, label %plr.fallback
; CHECK: plr.outlined:
; CHECK-NEXT: call i1 @ema.plr.call(
; CHECK: plr.fallback:
; CHECK-LABEL: define internal i1 @ema.plr.call(
; CHECK: plr.call:
; CHECK: call i32 @plr_run(ptr {{.*}}%plr.sig, ptr {{.*}}%plr.data)

; Function Attrs: nofree norecurse nosync nounwind memory(argmem: readwrite) uwtable
define dso_local void @ema(ptr nocapture noundef writeonly %y, ptr nocapture noundef readonly %x, i32 noundef %n, double noundef nofpclass(nan inf) %alpha) local_unnamed_addr #0 {
entry:
  %cmp11 = icmp sgt i32 %n, 0
  br i1 %cmp11, label %for.body.preheader, label %for.cond.cleanup

for.body.preheader:                               ; preds = %entry
  %0 = load double, ptr %x, align 8, !tbaa !5
  %wide.trip.count = zext nneg i32 %n to i64
  br label %for.body

for.cond.cleanup.loopexit:                        ; preds = %for.body
  br label %for.cond.cleanup

for.cond.cleanup:                                 ; preds = %for.cond.cleanup.loopexit, %entry
  ret void

for.body:                                         ; preds = %for.body.preheader, %for.body
  %indvars.iv = phi i64 [ 0, %for.body.preheader ], [ %indvars.iv.next, %for.body ]
  %e.012 = phi double [ %0, %for.body.preheader ], [ %add, %for.body ]
  %arrayidx1 = getelementptr inbounds double, ptr %x, i64 %indvars.iv
  %1 = load double, ptr %arrayidx1, align 8, !tbaa !5
  %2 = fsub fast double %1, %e.012
  %3 = fmul fast double %2, %alpha
  %add = fadd fast double %3, %e.012
  %arrayidx4 = getelementptr inbounds double, ptr %y, i64 %indvars.iv
  store double %add, ptr %arrayidx4, align 8, !tbaa !5
  %indvars.iv.next = add nuw nsw i64 %indvars.iv, 1
  %exitcond.not = icmp eq i64 %indvars.iv.next, %wide.trip.count
  br i1 %exitcond.not, label %for.cond.cleanup.loopexit, label %for.body, !llvm.loop !9
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
