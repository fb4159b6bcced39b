; Transposed states that reach each other both ways (z2 reads z1 as well as z1 reading z2): the state update is
; not nilpotent, so substituting the states into the output would never end. A linear recurrence all the same
; (like the rotation of reject-coupled-rotation.ll), but not replaced, with the same reason.
; REQUIRES: pass
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -S %s | %FileCheck %s
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -pass-remarks=plr -pass-remarks-missed=plr -pass-remarks-analysis=plr -disable-output %s 2>&1 | %FileCheck %s --check-prefix=MISSED
;
; Input: make-input.sh reject-transposed-cycle.c tdf2_cycle -ffast-math, from:
; void tdf2_cycle(float *y, const float *x, long n, float b0, float b1, float b2, float a1, float a2, float c) {
;   float z1 = 0, z2 = 0;
;   for (long i = 0; i < n; i++) {
;     float v = b0 * x[i] + z1;
;     float z1n = b1 * x[i] - a1 * v + z2;
;     z2 = b2 * x[i] - a2 * v + c * z1;
;     z1 = z1n;
;     y[i] = v;
;   }
; }

; MISSED: remark: {{.*}}recurrence not replaced: a loop-carried value is not a delayed copy of the output or the input
; MISSED: remark: {{.*}}the reason concerns the value 'z1' carried from one iteration to the next
; MISSED-NOT: replaced linear
; CHECK-NOT: plr_run


; Function Attrs: nofree norecurse nosync nounwind memory(argmem: readwrite) uwtable
define dso_local void @tdf2_cycle(ptr nocapture noundef writeonly %y, ptr nocapture noundef readonly %x, i64 noundef %n, float noundef nofpclass(nan inf) %b0, float noundef nofpclass(nan inf) %b1, float noundef nofpclass(nan inf) %b2, float noundef nofpclass(nan inf) %a1, float noundef nofpclass(nan inf) %a2, float noundef nofpclass(nan inf) %c) local_unnamed_addr #0 {
entry:
  %cmp23 = icmp sgt i64 %n, 0
  br i1 %cmp23, label %for.body.preheader, label %for.cond.cleanup

for.body.preheader:                               ; preds = %entry
  br label %for.body

for.cond.cleanup.loopexit:                        ; preds = %for.body
  br label %for.cond.cleanup

for.cond.cleanup:                                 ; preds = %for.cond.cleanup.loopexit, %entry
  ret void

for.body:                                         ; preds = %for.body.preheader, %for.body
  %z1.026 = phi float [ %add4, %for.body ], [ 0.000000e+00, %for.body.preheader ]
  %z2.025 = phi float [ %add10, %for.body ], [ 0.000000e+00, %for.body.preheader ]
  %i.024 = phi i64 [ %inc, %for.body ], [ 0, %for.body.preheader ]
  %arrayidx = getelementptr inbounds float, ptr %x, i64 %i.024
  %0 = load float, ptr %arrayidx, align 4, !tbaa !5
  %mul = fmul fast float %0, %b0
  %add = fadd fast float %mul, %z1.026
  %mul2 = fmul fast float %0, %b1
  %sub = fadd fast float %mul2, %z2.025
  %1 = fmul fast float %add, %a1
  %add4 = fsub fast float %sub, %1
  %mul6 = fmul fast float %0, %b2
  %mul9 = fmul fast float %z1.026, %c
  %sub8 = fadd fast float %mul6, %mul9
  %2 = fmul fast float %add, %a2
  %add10 = fsub fast float %sub8, %2
  %arrayidx11 = getelementptr inbounds float, ptr %y, i64 %i.024
  store float %add, ptr %arrayidx11, align 4, !tbaa !5
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
