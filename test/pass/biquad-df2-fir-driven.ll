; A direct form II whose state is driven by a FIR of x (x[i] - 0.5*x[i-1]): the state recurrence (1, -0.5: ...)
; is one call, the output FIR y = w + w2 a map (the single-recurrence form needs a state driven by x[i] alone).
; REQUIRES: pass
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -S %s | %FileCheck %s
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -pass-remarks=plr -pass-remarks-missed=plr -disable-output %s 2>&1 | %FileCheck %s --check-prefix=REMARK
;
; Input: make-input.sh biquad-df2-fir-driven.c df2fir -ffast-math, from:
; void df2fir(double *y, const double *x, long n, double a1, double a2) {
;   double w1 = 0, w2 = 0;
;   for (long i = 1; i < n; i++) {
;     double w = x[i] - 0.5 * x[i - 1] - a1 * w1 - a2 * w2;
;     y[i] = w + w2;
;     w2 = w1;
;     w1 = w;
;   }
; }

; REMARK: remark: {{.*}}replaced linear recurrence with a call to plr_run: signature (1, -0.5: -a1, -a2) then (1, 0, 1:), type f64, order 2, output a FIR of the state (direct form II): one call, then a map
; REMARK-NOT: not replaced
; CHECK: %plr.status = call i32 @plr_run
; CHECK: plr.fir:
; CHECK: %plr.state = load double
; CHECK: fadd double


; Function Attrs: nofree norecurse nosync nounwind memory(argmem: readwrite) uwtable
define dso_local void @df2fir(ptr nocapture noundef writeonly %y, ptr nocapture noundef readonly %x, i64 noundef %n, double noundef nofpclass(nan inf) %a1, double noundef nofpclass(nan inf) %a2) local_unnamed_addr #0 {
entry:
  %factor.op.fmul = fneg fast double %a2
  %cmp18 = icmp sgt i64 %n, 1
  br i1 %cmp18, label %for.body.preheader, label %for.cond.cleanup

for.body.preheader:                               ; preds = %entry
  br label %for.body

for.cond.cleanup.loopexit:                        ; preds = %for.body
  br label %for.cond.cleanup

for.cond.cleanup:                                 ; preds = %for.cond.cleanup.loopexit, %entry
  ret void

for.body:                                         ; preds = %for.body.preheader, %for.body
  %w1.021 = phi double [ %sub6, %for.body ], [ 0.000000e+00, %for.body.preheader ]
  %i.020 = phi i64 [ %inc, %for.body ], [ 1, %for.body.preheader ]
  %w2.019 = phi double [ %w1.021, %for.body ], [ 0.000000e+00, %for.body.preheader ]
  %arrayidx = getelementptr inbounds double, ptr %x, i64 %i.020
  %0 = load double, ptr %arrayidx, align 8, !tbaa !5
  %arrayidx1 = getelementptr i8, ptr %arrayidx, i64 -8
  %1 = load double, ptr %arrayidx1, align 8, !tbaa !5
  %mul5.neg.reass = fmul fast double %w2.019, %factor.op.fmul
  %mul.neg = fmul fast double %1, 5.000000e-01
  %2 = fmul fast double %w1.021, %a1
  %reass.add = fsub fast double %mul5.neg.reass, %2
  %3 = fsub fast double %0, %mul.neg
  %sub6 = fadd fast double %3, %reass.add
  %add = fadd fast double %sub6, %w2.019
  %arrayidx7 = getelementptr inbounds double, ptr %y, i64 %i.020
  store double %add, ptr %arrayidx7, align 8, !tbaa !5
  %inc = add nuw nsw i64 %i.020, 1
  %exitcond.not = icmp eq i64 %inc, %n
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
