; Subtraction of products gives negated argument coefficients, computed before the call.
; REQUIRES: pass
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -S %s | %FileCheck %s
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -pass-remarks=plr -pass-remarks-missed=plr -disable-output %s 2>&1 | %FileCheck %s --check-prefix=REMARK
;
; Input: make-input.sh fsub-products.c hp -ffast-math, from:
; void hp(double *y, const double *x, long n, double a1, double a2) {
;   for (long i = 2; i < n; i++) y[i] = x[i] - a1*y[i-1] - a2*y[i-2];
; }

; REMARK: remark: {{.*}}replaced linear recurrence with a call to plr_run: signature (1: -a1, -a2), type f64, order 2
; CHECK: fneg
; CHECK: call i32 @plr_run

; Function Attrs: nofree norecurse nosync nounwind memory(argmem: readwrite) uwtable
define dso_local void @hp(ptr nocapture noundef %y, ptr nocapture noundef readonly %x, i64 noundef %n, double noundef nofpclass(nan inf) %a1, double noundef nofpclass(nan inf) %a2) local_unnamed_addr #0 {
entry:
  %factor.op.fmul = fneg fast double %a1
  %cmp16 = icmp sgt i64 %n, 2
  br i1 %cmp16, label %for.body.preheader, label %for.cond.cleanup

for.body.preheader:                               ; preds = %entry
  br label %for.body

for.cond.cleanup.loopexit:                        ; preds = %for.body
  br label %for.cond.cleanup

for.cond.cleanup:                                 ; preds = %for.cond.cleanup.loopexit, %entry
  ret void

for.body:                                         ; preds = %for.body.preheader, %for.body
  %i.017 = phi i64 [ %inc, %for.body ], [ 2, %for.body.preheader ]
  %arrayidx = getelementptr inbounds double, ptr %x, i64 %i.017
  %0 = load double, ptr %arrayidx, align 8, !tbaa !5
  %1 = getelementptr double, ptr %y, i64 %i.017
  %arrayidx1 = getelementptr i8, ptr %1, i64 -8
  %2 = load double, ptr %arrayidx1, align 8, !tbaa !5
  %arrayidx4 = getelementptr i8, ptr %1, i64 -16
  %3 = load double, ptr %arrayidx4, align 8, !tbaa !5
  %mul.neg.reass = fmul fast double %2, %factor.op.fmul
  %4 = fmul fast double %3, %a2
  %reass.add = fsub fast double %mul.neg.reass, %4
  %sub6 = fadd fast double %reass.add, %0
  store double %sub6, ptr %1, align 8, !tbaa !5
  %inc = add nuw nsw i64 %i.017, 1
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
