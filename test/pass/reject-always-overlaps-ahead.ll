; The input read ahead of the output at twice its stride (a[2*i+5] into a[i]): the load's range
; and y's meet for every trip count a call would take, so the check could never pass (see
; reject-always-overlaps.ll). The analysis remark names the load.
; REQUIRES: pass
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -S %s | %FileCheck %s
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -pass-remarks-missed=plr -pass-remarks-analysis=plr -disable-output %s 2>&1 | %FileCheck %s --check-prefixes=MISSED,ANALYSIS
; RUN: env PLR_PASS_MIN_N=64 %opt -load-pass-plugin=%plr-pass -passes=plr -pass-remarks-missed=plr -disable-output %s 2>&1 | %FileCheck %s --check-prefix=MISSED
; MISSED: remark: {{.*}}recurrence not replaced: an array the loop reads lies a constant distance from one it writes, within it for every trip count a call would take (the same array read at another stride or offset), so the check before the call could never pass
; ANALYSIS-NEXT: remark: {{.*}}the store to a[i]; the reason concerns the read of a[2*i + 5]
; CHECK-NOT: plr_run
;
; Input: make-input.sh s3.c half -ffast-math, from:
; void half(float *a, long n) {
;   for (long i = 1; i < n; i++) a[i] = a[2 * i + 5] + 0.5f * a[i - 1];
; }


; Function Attrs: nofree norecurse nosync nounwind memory(argmem: readwrite) uwtable
define dso_local void @half(ptr nocapture noundef %a, i64 noundef %n) local_unnamed_addr #0 {
entry:
  %invariant.gep = getelementptr inbounds i8, ptr %a, i64 20
  %cmp11 = icmp sgt i64 %n, 1
  br i1 %cmp11, label %for.body.preheader, label %for.cond.cleanup

for.body.preheader:                               ; preds = %entry
  br label %for.body

for.cond.cleanup.loopexit:                        ; preds = %for.body
  br label %for.cond.cleanup

for.cond.cleanup:                                 ; preds = %for.cond.cleanup.loopexit, %entry
  ret void

for.body:                                         ; preds = %for.body.preheader, %for.body
  %i.012 = phi i64 [ %inc, %for.body ], [ 1, %for.body.preheader ]
  %.idx = shl nsw i64 %i.012, 3
  %gep = getelementptr inbounds i8, ptr %invariant.gep, i64 %.idx
  %0 = load float, ptr %gep, align 4, !tbaa !5
  %1 = getelementptr float, ptr %a, i64 %i.012
  %arrayidx1 = getelementptr i8, ptr %1, i64 -4
  %2 = load float, ptr %arrayidx1, align 4, !tbaa !5
  %mul2 = fmul fast float %2, 5.000000e-01
  %add3 = fadd fast float %mul2, %0
  store float %add3, ptr %1, align 4, !tbaa !5
  %inc = add nuw nsw i64 %i.012, 1
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
