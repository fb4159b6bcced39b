; Float: a second stage reading 2*a*x[i] over e0 = a*x[i] + (1-a)*e0'. clang computes 2*a before the
; loop, an opaque invariant with no factor a the pass could divide out (a float division by a run-time
; a would also need a != 0 checked). Not rewritten over stage 0, so not a cascade: left alone.
; REQUIRES: pass
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -S %s | %FileCheck %s
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -pass-remarks=plr -pass-remarks-missed=plr -disable-output %s 2>&1 | %FileCheck %s --check-prefix=MISSED
;
; Input: make-input.sh fa.c flxa -ffast-math , from:
; void flxa(float *y, const float *x, long n, float a) {
;   float e0 = 0, e1 = 0;
;   for (long i = 0; i < n; i++) {
;     float e0n = a * x[i] + (1 - a) * e0;
;     e1 = 0.5f * e1 + 2 * a * x[i] + 2 * (1 - a) * e0;
;     e0 = e0n; y[i] = e1;
;   }
; }

; MISSED: remark: {{.*}}recurrence not replaced: a loop-carried value is not a delayed copy of the output or the input
; CHECK-NOT: plr_run

; Function Attrs: nofree norecurse nosync nounwind memory(argmem: readwrite) uwtable
define dso_local void @flxa(ptr nocapture noundef writeonly %y, ptr nocapture noundef readonly %x, i64 noundef %n, float noundef nofpclass(nan inf) %a) local_unnamed_addr #0 {
entry:
  %cmp22 = icmp sgt i64 %n, 0
  br i1 %cmp22, label %for.body.lr.ph, label %for.cond.cleanup

for.body.lr.ph:                                   ; preds = %entry
  %sub = fsub fast float 1.000000e+00, %a
  %factor.op.fmul = fmul fast float %sub, 2.000000e+00
  %factor.op.fmul26 = fmul fast float %a, 2.000000e+00
  br label %for.body

for.cond.cleanup.loopexit:                        ; preds = %for.body
  br label %for.cond.cleanup

for.cond.cleanup:                                 ; preds = %for.cond.cleanup.loopexit, %entry
  ret void

for.body:                                         ; preds = %for.body.lr.ph, %for.body
  %e0.025 = phi float [ 0.000000e+00, %for.body.lr.ph ], [ %add, %for.body ]
  %i.024 = phi i64 [ 0, %for.body.lr.ph ], [ %inc, %for.body ]
  %e1.023 = phi float [ 0.000000e+00, %for.body.lr.ph ], [ %add10, %for.body ]
  %arrayidx = getelementptr inbounds float, ptr %x, i64 %i.024
  %0 = load float, ptr %arrayidx, align 4, !tbaa !5
  %mul = fmul fast float %0, %a
  %mul1 = fmul fast float %e0.025, %sub
  %add = fadd fast float %mul, %mul1
  %mul2 = fmul fast float %e1.023, 5.000000e-01
  %mul5.reass = fmul fast float %0, %factor.op.fmul26
  %mul9.reass = fmul fast float %e0.025, %factor.op.fmul
  %reass.add = fadd fast float %mul5.reass, %mul9.reass
  %add10 = fadd fast float %reass.add, %mul2
  %arrayidx11 = getelementptr inbounds float, ptr %y, i64 %i.024
  store float %add10, ptr %arrayidx11, align 4, !tbaa !5
  %inc = add nuw nsw i64 %i.024, 1
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
