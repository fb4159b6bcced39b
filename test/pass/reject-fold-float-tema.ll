; A triple EMA in float whose output combines all three stages (y = 3*e1 - 3*e2 + e3): folding e2 and e3
; into the output would give a float recurrence a double pole, too sensitive to rounding; not replaced,
; with a remark that says why (in double it is replaced: test/e2e/cascade-fold.c).
; REQUIRES: pass
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -S %s | %FileCheck %s
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -pass-remarks=plr -pass-remarks-missed=plr -disable-output %s 2>&1 | %FileCheck %s --check-prefix=MISSED
;
; Input: make-input.sh reject-fold-float-tema.c temaf -ffast-math, from:
; void temaf(float *y, const float *x, long n, float a) {
;   float e1 = 0, e2 = 0, e3 = 0;
;   for (long i = 0; i < n; i++) {
;     e1 += a * (x[i] - e1);
;     e2 += a * (e1 - e2);
;     e3 += a * (e2 - e3);
;     y[i] = 3 * e1 - 3 * e2 + e3;
;   }
; }

; MISSED: remark: {{.*}}recurrence not replaced: the output combines three or more stages of a float cascade; folding them into one recurrence would give it a multiple pole
; CHECK-NOT: plr_run
; MISSED-NOT: remark: {{.*}}replaced linear


; Function Attrs: nofree norecurse nosync nounwind memory(argmem: readwrite) uwtable
define dso_local void @temaf(ptr nocapture noundef writeonly %y, ptr nocapture noundef readonly %x, i64 noundef %n, float noundef nofpclass(nan inf) %a) local_unnamed_addr #0 {
entry:
  %cmp25 = icmp sgt i64 %n, 0
  br i1 %cmp25, label %for.body.preheader, label %for.cond.cleanup

for.body.preheader:                               ; preds = %entry
  br label %for.body

for.cond.cleanup.loopexit:                        ; preds = %for.body
  br label %for.cond.cleanup

for.cond.cleanup:                                 ; preds = %for.cond.cleanup.loopexit, %entry
  ret void

for.body:                                         ; preds = %for.body.preheader, %for.body
  %i.029 = phi i64 [ %inc, %for.body ], [ 0, %for.body.preheader ]
  %e3.028 = phi float [ %add6, %for.body ], [ 0.000000e+00, %for.body.preheader ]
  %e2.027 = phi float [ %add3, %for.body ], [ 0.000000e+00, %for.body.preheader ]
  %e1.026 = phi float [ %add, %for.body ], [ 0.000000e+00, %for.body.preheader ]
  %arrayidx = getelementptr inbounds float, ptr %x, i64 %i.029
  %0 = load float, ptr %arrayidx, align 4, !tbaa !5
  %sub = fsub fast float %0, %e1.026
  %mul = fmul fast float %sub, %a
  %add = fadd fast float %mul, %e1.026
  %sub1 = fsub fast float %add, %e2.027
  %mul2 = fmul fast float %sub1, %a
  %add3 = fadd fast float %mul2, %e2.027
  %sub4 = fsub fast float %add3, %e3.028
  %mul5 = fmul fast float %sub4, %a
  %add6 = fadd fast float %mul5, %e3.028
  %1 = fsub fast float %add, %add3
  %sub9 = fmul fast float %1, 3.000000e+00
  %add10 = fadd fast float %add6, %sub9
  %arrayidx11 = getelementptr inbounds float, ptr %y, i64 %i.029
  store float %add10, ptr %arrayidx11, align 4, !tbaa !5
  %inc = add nuw nsw i64 %i.029, 1
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
