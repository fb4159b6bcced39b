; Float: a second stage reading 3*x[i] and 2*s' over an integrator s = s + x[i]. Rewriting x[i] as
; s[i] - s[i-1] would subtract two running sums that outgrow x (losing x's low bits), so in float the
; rewrite is only made over a contracting first stage (constant feedback, sum |b_j| < 1): left alone.
; REQUIRES: pass
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -S %s | %FileCheck %s
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -pass-remarks=plr -pass-remarks-missed=plr -disable-output %s 2>&1 | %FileCheck %s --check-prefix=MISSED
;
; Input: make-input.sh fi.c flxi -ffast-math , from:
; void flxi(float *y, const float *x, long n) {
;   float s = 0, e1 = 0;
;   for (long i = 0; i < n; i++) { e1 = 0.5f * e1 + 3 * x[i] + 2 * s; s = s + x[i]; y[i] = e1; }
; }

; MISSED: remark: {{.*}}recurrence not replaced: a loop-carried value is not a delayed copy of the output or the input
; CHECK-NOT: plr_run

; Function Attrs: nofree norecurse nosync nounwind memory(argmem: readwrite) uwtable
define dso_local void @flxi(ptr nocapture noundef writeonly %y, ptr nocapture noundef readonly %x, i64 noundef %n) local_unnamed_addr #0 {
entry:
  %cmp14 = icmp sgt i64 %n, 0
  br i1 %cmp14, label %for.body.preheader, label %for.cond.cleanup

for.body.preheader:                               ; preds = %entry
  br label %for.body

for.cond.cleanup.loopexit:                        ; preds = %for.body
  br label %for.cond.cleanup

for.cond.cleanup:                                 ; preds = %for.cond.cleanup.loopexit, %entry
  ret void

for.body:                                         ; preds = %for.body.preheader, %for.body
  %i.017 = phi i64 [ %inc, %for.body ], [ 0, %for.body.preheader ]
  %e1.016 = phi float [ %add3, %for.body ], [ 0.000000e+00, %for.body.preheader ]
  %s.015 = phi float [ %add5, %for.body ], [ 0.000000e+00, %for.body.preheader ]
  %mul = fmul fast float %e1.016, 5.000000e-01
  %arrayidx = getelementptr inbounds float, ptr %x, i64 %i.017
  %0 = load float, ptr %arrayidx, align 4, !tbaa !5
  %mul1 = fmul fast float %0, 3.000000e+00
  %mul2 = fmul fast float %s.015, 2.000000e+00
  %add = fadd fast float %mul, %mul2
  %add3 = fadd fast float %add, %mul1
  %add5 = fadd fast float %0, %s.015
  %arrayidx6 = getelementptr inbounds float, ptr %y, i64 %i.017
  store float %add3, ptr %arrayidx6, align 4, !tbaa !5
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
!6 = !{!"float", !7, i64 0}
!7 = !{!"omnipotent char", !8, i64 0}
!8 = !{!"Simple C/C++ TBAA"}
!9 = distinct !{!9, !10}
!10 = !{!"llvm.loop.mustprogress"}
