; Two recurrences in one loop over separate arrays, the first reading the second's order-1 state before
; its update (s0 = -0.8f*s0 + x0[i] + 0.25f*s1, then s1's update): not independent. Refused as
; RecurrencesDependent at the reading store (y0's, the candidate's own), where the attempt of one
; recurrence with the other store as a map of it stops first, on s1: a loop-carried value that is no
; delayed copy of y0 (State, before the reasons were compared).
; REQUIRES: pass
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -S %s | %FileCheck %s
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -pass-remarks-missed=plr -disable-output %s 2>&1 | %FileCheck %s --check-prefix=MISSED
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -pass-remarks-analysis=plr -disable-output %s 2>&1 | %FileCheck %s --check-prefix=ANALYSIS
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -pass-remarks-output=%t.yaml -disable-output %s
; RUN: %FileCheck %s --check-prefix=YAML < %t.yaml
; MISSED: remark: {{.*}}recurrence not replaced: the loop stores several recurrences and one reads another's state (its value, before or after the update): they are not independent, and one call each would not see the other's values (independent recurrences in one loop are taken, a call each; a recurrence over another's output is a cascade when the stages store one array){{$}}
; ANALYSIS: remark: {{.*}}candidate: the store to y0[i]{{$}}
; YAML: --- !Missed
; YAML-NEXT: Pass: plr
; YAML-NEXT: Name: RecurrencesDependent
; YAML-NEXT: Function: before
; CHECK-NOT: plr_run
;
; Input: make-input.sh before.c before -ffast-math, from:
; void before(float *y0, const float *x0, float *y1, const float *x1, long n) {
;   float s0 = 0, s1 = 0;
;   for (long i = 0; i < n; i++) {
;     s0 = -0.8f * s0 + x0[i] + 0.25f * s1;
;     y0[i] = s0;
;     s1 = 0.5f * s1 + x1[i];
;     y1[i] = s1;
;   }
; }

; Function Attrs: nofree norecurse nosync nounwind memory(argmem: readwrite) uwtable
define dso_local void @before(ptr nocapture noundef writeonly %y0, ptr nocapture noundef readonly %x0, ptr nocapture noundef writeonly %y1, ptr nocapture noundef readonly %x1, i64 noundef %n) local_unnamed_addr #0 {
entry:
  %cmp16 = icmp sgt i64 %n, 0
  br i1 %cmp16, label %for.body.preheader, label %for.cond.cleanup

for.body.preheader:                               ; preds = %entry
  br label %for.body

for.cond.cleanup.loopexit:                        ; preds = %for.body
  br label %for.cond.cleanup

for.cond.cleanup:                                 ; preds = %for.cond.cleanup.loopexit, %entry
  ret void

for.body:                                         ; preds = %for.body.preheader, %for.body
  %i.019 = phi i64 [ %inc, %for.body ], [ 0, %for.body.preheader ]
  %s1.018 = phi float [ %add6, %for.body ], [ 0.000000e+00, %for.body.preheader ]
  %s0.017 = phi float [ %add2, %for.body ], [ 0.000000e+00, %for.body.preheader ]
  %mul = fmul fast float %s0.017, 0x3FE99999A0000000
  %arrayidx = getelementptr inbounds float, ptr %x0, i64 %i.019
  %0 = load float, ptr %arrayidx, align 4, !tbaa !5
  %1 = fsub fast float %0, %mul
  %mul1 = fmul fast float %s1.018, 2.500000e-01
  %add2 = fadd fast float %1, %mul1
  %arrayidx3 = getelementptr inbounds float, ptr %y0, i64 %i.019
  store float %add2, ptr %arrayidx3, align 4, !tbaa !5
  %mul4 = fmul fast float %s1.018, 5.000000e-01
  %arrayidx5 = getelementptr inbounds float, ptr %x1, i64 %i.019
  %2 = load float, ptr %arrayidx5, align 4, !tbaa !5
  %add6 = fadd fast float %2, %mul4
  %arrayidx7 = getelementptr inbounds float, ptr %y1, i64 %i.019
  store float %add6, ptr %arrayidx7, align 4, !tbaa !5
  %inc = add nuw nsw i64 %i.019, 1
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
