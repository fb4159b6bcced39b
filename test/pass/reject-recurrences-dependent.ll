; Two recurrences in one loop, the second reading the first's state (s2 = 0.5f*s2 + s1): not
; independent, so not one call each; refused as RecurrencesDependent, at the second's store.
; REQUIRES: pass
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -S %s | %FileCheck %s
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -pass-remarks-missed=plr -disable-output %s 2>&1 | %FileCheck %s --check-prefix=MISSED
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -pass-remarks-output=%t.yaml -disable-output %s
; RUN: %FileCheck %s --check-prefix=YAML < %t.yaml
; MISSED: remark: {{.*}}recurrence not replaced: the loop stores several recurrences and one reads another's state (its value, before or after the update): they are not independent, and one call each would not see the other's values (independent recurrences in one loop are taken, a call each; a recurrence over another's output is a cascade when the stages store one array){{$}}
; YAML: --- !Missed
; YAML-NEXT: Pass: plr
; YAML-NEXT: Name: RecurrencesDependent
; YAML-NEXT: Function: dep
; CHECK-NOT: plr_run
;
; Input: make-input.sh dep.c dep -ffast-math, from:
; void dep(float *S1, const float *x, float *S2, long n) {
;   float s1 = 0, s2 = 1;
;   for (long i = 0; i < n; i++) {
;     s1 = s1 + x[i]; S1[i] = s1;
;     s2 = 0.5f * s2 + s1; S2[i] = s2;
;   }
; }


; Function Attrs: nofree norecurse nosync nounwind memory(argmem: readwrite) uwtable
define dso_local void @dep(ptr nocapture noundef writeonly %S1, ptr nocapture noundef readonly %x, ptr nocapture noundef writeonly %S2, i64 noundef %n) local_unnamed_addr #0 {
entry:
  %cmp11 = icmp sgt i64 %n, 0
  br i1 %cmp11, label %for.body.preheader, label %for.cond.cleanup

for.body.preheader:                               ; preds = %entry
  br label %for.body

for.cond.cleanup.loopexit:                        ; preds = %for.body
  br label %for.cond.cleanup

for.cond.cleanup:                                 ; preds = %for.cond.cleanup.loopexit, %entry
  ret void

for.body:                                         ; preds = %for.body.preheader, %for.body
  %i.014 = phi i64 [ %inc, %for.body ], [ 0, %for.body.preheader ]
  %s2.013 = phi float [ %add2, %for.body ], [ 1.000000e+00, %for.body.preheader ]
  %s1.012 = phi float [ %add, %for.body ], [ 0.000000e+00, %for.body.preheader ]
  %arrayidx = getelementptr inbounds float, ptr %x, i64 %i.014
  %0 = load float, ptr %arrayidx, align 4, !tbaa !5
  %add = fadd fast float %0, %s1.012
  %arrayidx1 = getelementptr inbounds float, ptr %S1, i64 %i.014
  store float %add, ptr %arrayidx1, align 4, !tbaa !5
  %mul = fmul fast float %s2.013, 5.000000e-01
  %add2 = fadd fast float %add, %mul
  %arrayidx3 = getelementptr inbounds float, ptr %S2, i64 %i.014
  store float %add2, ptr %arrayidx3, align 4, !tbaa !5
  %inc = add nuw nsw i64 %i.014, 1
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
