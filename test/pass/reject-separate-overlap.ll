; Two independent recurrences whose outputs lie in one array a constant distance apart (S1[2i] and
; S1[i+1]): they meet for every trip count the calls would take, so the check before them could never
; pass; refused as AlwaysOverlaps (separate-arrays.ll checks outputs whose distance only the running
; program knows).
; REQUIRES: pass
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -S %s | %FileCheck %s
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -pass-remarks-missed=plr -disable-output %s 2>&1 | %FileCheck %s --check-prefix=MISSED
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -pass-remarks-output=%t.yaml -disable-output %s
; RUN: %FileCheck %s --check-prefix=YAML < %t.yaml
; MISSED: remark: {{.*}}recurrence not replaced: an array the loop reads lies a constant distance from one it writes, within it for every trip count a call would take (the same array read at another stride or offset), so the check before the call could never pass (with several recurrences in one loop, also one's output within another's) (the loop stays as it is{{.*}}
; YAML: --- !Missed
; YAML-NEXT: Pass: plr
; YAML-NEXT: Name: AlwaysOverlaps
; YAML-NEXT: Function: same
; CHECK-NOT: plr_run
;
; Input: make-input.sh same.c same -ffast-math, from:
; void same(float *S1, const float *x, const float *z, long n) {
;   float s1 = 0, s2 = 1;
;   for (long i = 0; i < n; i++) {
;     s1 = s1 + x[i]; S1[2 * i] = s1;
;     s2 = 0.5f * s2 + z[i]; S1[i + 1] = s2;
;   }
; }


; Function Attrs: nofree norecurse nosync nounwind memory(argmem: readwrite) uwtable
define dso_local void @same(ptr nocapture noundef writeonly %S1, ptr nocapture noundef readonly %x, ptr nocapture noundef readonly %z, i64 noundef %n) local_unnamed_addr #0 {
entry:
  %cmp15 = icmp sgt i64 %n, 0
  br i1 %cmp15, label %for.body.preheader, label %for.cond.cleanup

for.body.preheader:                               ; preds = %entry
  br label %for.body

for.cond.cleanup.loopexit:                        ; preds = %for.body
  br label %for.cond.cleanup

for.cond.cleanup:                                 ; preds = %for.cond.cleanup.loopexit, %entry
  ret void

for.body:                                         ; preds = %for.body.preheader, %for.body
  %i.018 = phi i64 [ %add5, %for.body ], [ 0, %for.body.preheader ]
  %s2.017 = phi float [ %add4, %for.body ], [ 1.000000e+00, %for.body.preheader ]
  %s1.016 = phi float [ %add, %for.body ], [ 0.000000e+00, %for.body.preheader ]
  %arrayidx = getelementptr inbounds float, ptr %x, i64 %i.018
  %0 = load float, ptr %arrayidx, align 4, !tbaa !5
  %add = fadd fast float %0, %s1.016
  %arrayidx1.idx = shl nsw i64 %i.018, 3
  %arrayidx1 = getelementptr inbounds i8, ptr %S1, i64 %arrayidx1.idx
  store float %add, ptr %arrayidx1, align 4, !tbaa !5
  %mul2 = fmul fast float %s2.017, 5.000000e-01
  %arrayidx3 = getelementptr inbounds float, ptr %z, i64 %i.018
  %1 = load float, ptr %arrayidx3, align 4, !tbaa !5
  %add4 = fadd fast float %1, %mul2
  %add5 = add nuw nsw i64 %i.018, 1
  %arrayidx6 = getelementptr inbounds float, ptr %S1, i64 %add5
  store float %add4, ptr %arrayidx6, align 4, !tbaa !5
  %exitcond.not = icmp eq i64 %add5, %n
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
