; A second stage reading x whose coefficient is not a multiple of stage 0's input coefficient: 7*x[i]
; over e0 = 5*x[i] + 5*e0' (7/5 is not exact in integers). x[i] cannot be rewritten over stage 0, so
; this is not a cascade; the loop is left alone.
; REQUIRES: pass
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -S %s | %FileCheck %s
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -pass-remarks=plr -pass-remarks-missed=plr -disable-output %s 2>&1 | %FileCheck %s --check-prefix=MISSED
;
; Input: make-input.sh e7.c emx7 , from:
; void emx7(long *y, const long *x, long n) {
;   long e0 = 0, e1 = 0;
;   for (long i = 0; i < n; i++) { e0 = 5 * x[i] + 5 * e0; e1 = 7 * x[i] + e0 + 3 * e1; y[i] = e1; }
; }

; MISSED: remark: {{.*}}recurrence not replaced: a loop-carried value is not a delayed copy of the output or the input
; CHECK-NOT: plr_run

; Function Attrs: nofree norecurse nosync nounwind memory(argmem: readwrite) uwtable
define dso_local void @emx7(ptr nocapture noundef writeonly %y, ptr nocapture noundef readonly %x, i64 noundef %n) local_unnamed_addr #0 {
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
  %e1.018 = phi i64 [ %add6, %for.body ], [ 0, %for.body.preheader ]
  %e0.017 = phi i64 [ %add, %for.body ], [ 0, %for.body.preheader ]
  %arrayidx = getelementptr inbounds i64, ptr %x, i64 %i.019
  %0 = load i64, ptr %arrayidx, align 8, !tbaa !5
  %mul15 = add i64 %0, %e0.017
  %add = mul i64 %mul15, 5
  %mul3 = mul nsw i64 %0, 7
  %mul5 = mul nsw i64 %e1.018, 3
  %add4 = add i64 %mul3, %mul5
  %add6 = add i64 %add4, %add
  %arrayidx7 = getelementptr inbounds i64, ptr %y, i64 %i.019
  store i64 %add6, ptr %arrayidx7, align 8, !tbaa !5
  %inc = add nuw nsw i64 %i.019, 1
  %exitcond.not = icmp eq i64 %inc, %n
  br i1 %exitcond.not, label %for.cond.cleanup.loopexit, label %for.body, !llvm.loop !9
}

attributes #0 = { nofree norecurse nosync nounwind memory(argmem: readwrite) uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }


!0 = !{i32 1, !"wchar_size", i32 4}
!1 = !{i32 8, !"PIC Level", i32 2}
!2 = !{i32 7, !"PIE Level", i32 2}
!3 = !{i32 7, !"uwtable", i32 2}
!4 = !{!"Debian clang version 19.1.7 (3~deb12u1)"}
!5 = !{!6, !6, i64 0}
!6 = !{!"long", !7, i64 0}
!7 = !{!"omnipotent char", !8, i64 0}
!8 = !{!"Simple C/C++ TBAA"}
!9 = distinct !{!9, !10}
!10 = !{!"llvm.loop.mustprogress"}
