; Two recurrences in one loop, the reader kept in memory (y0[i] = -0.8f*y0[i-1] + x0[i] + 0.25f*s1,
; y0[i-1] read back) reading the other's state after its update: not independent. Refused as
; RecurrencesDependent at the reading store (before: OtherStores, y0's store no map of s1, the reader
; being no recurrence carried in a phi).
; REQUIRES: pass
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -S %s | %FileCheck %s
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -pass-remarks-missed=plr -disable-output %s 2>&1 | %FileCheck %s --check-prefix=MISSED
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -pass-remarks-analysis=plr -disable-output %s 2>&1 | %FileCheck %s --check-prefix=ANALYSIS
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -pass-remarks-output=%t.yaml -disable-output %s
; RUN: %FileCheck %s --check-prefix=YAML < %t.yaml
; MISSED: remark: {{.*}}recurrence not replaced: the loop stores several recurrences and one reads another's state (its value, before or after the update): they are not independent, and one call each would not see the other's values (independent recurrences in one loop are taken, a call each; a recurrence over another's output is a cascade when the stages store one array){{$}}
; ANALYSIS: remark: {{.*}}candidate (1: 0.5): the store to y1[i]; the reason concerns the store to y0[i]{{$}}
; YAML: --- !Missed
; YAML-NEXT: Pass: plr
; YAML-NEXT: Name: RecurrencesDependent
; YAML-NEXT: Function: memory
; CHECK-NOT: plr_run
;
; Input: make-input.sh memory.c memory -ffast-math, from:
; void memory(float *y0, const float *x0, float *y1, const float *x1, long n) {
;   float s1 = 0;
;   for (long i = 1; i < n; i++) {
;     s1 = 0.5f * s1 + x1[i];
;     y1[i] = s1;
;     y0[i] = -0.8f * y0[i - 1] + x0[i] + 0.25f * s1;
;   }
; }

; Function Attrs: nofree norecurse nosync nounwind memory(argmem: readwrite) uwtable
define dso_local void @memory(ptr nocapture noundef %y0, ptr nocapture noundef readonly %x0, ptr nocapture noundef writeonly %y1, ptr nocapture noundef readonly %x1, i64 noundef %n) local_unnamed_addr #0 {
entry:
  %cmp18 = icmp sgt i64 %n, 1
  br i1 %cmp18, label %for.body.preheader, label %for.cond.cleanup

for.body.preheader:                               ; preds = %entry
  br label %for.body

for.cond.cleanup.loopexit:                        ; preds = %for.body
  br label %for.cond.cleanup

for.cond.cleanup:                                 ; preds = %for.cond.cleanup.loopexit, %entry
  ret void

for.body:                                         ; preds = %for.body.preheader, %for.body
  %i.020 = phi i64 [ %inc, %for.body ], [ 1, %for.body.preheader ]
  %s1.019 = phi float [ %add, %for.body ], [ 0.000000e+00, %for.body.preheader ]
  %mul = fmul fast float %s1.019, 5.000000e-01
  %arrayidx = getelementptr inbounds float, ptr %x1, i64 %i.020
  %0 = load float, ptr %arrayidx, align 4, !tbaa !5
  %add = fadd fast float %0, %mul
  %arrayidx1 = getelementptr inbounds float, ptr %y1, i64 %i.020
  store float %add, ptr %arrayidx1, align 4, !tbaa !5
  %1 = getelementptr float, ptr %y0, i64 %i.020
  %arrayidx2 = getelementptr i8, ptr %1, i64 -4
  %2 = load float, ptr %arrayidx2, align 4, !tbaa !5
  %mul3 = fmul fast float %2, 0xBFE99999A0000000
  %arrayidx4 = getelementptr inbounds float, ptr %x0, i64 %i.020
  %3 = load float, ptr %arrayidx4, align 4, !tbaa !5
  %mul6 = fmul fast float %add, 2.500000e-01
  %add5 = fadd fast float %3, %mul6
  %add7 = fadd fast float %add5, %mul3
  store float %add7, ptr %1, align 4, !tbaa !5
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
!6 = !{!"float", !7, i64 0}
!7 = !{!"omnipotent char", !8, i64 0}
!8 = !{!"Simple C/C++ TBAA"}
!9 = distinct !{!9, !10}
!10 = !{!"llvm.loop.mustprogress"}
