; Two states coupled both ways (a rotation: u feeds v and v feeds u): linear and time-invariant, but not a
; cascade (no stage depends only on the one before it), so it is not replaced.
; REQUIRES: pass
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -S %s | %FileCheck %s
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -pass-remarks=plr -pass-remarks-missed=plr -disable-output %s 2>&1 | %FileCheck %s --check-prefix=MISSED
;
; Input: make-input.sh reject-coupled-rotation.c rot , from:
; void rot(int *y, const int *x, int n, int c, int s) {
;   int u = 0, v = 0;
;   for (int i = 0; i < n; i++) {
;     int un = c * u - s * v + x[i];
;     v = s * u + c * v;
;     u = un;
;     y[i] = v;
;   }
; }

; MISSED: remark: {{.*}}recurrence not replaced: a loop-carried value is not a delayed copy of the output or the input
; CHECK-NOT: plr_run
; MISSED-NOT: remark: {{.*}}replaced linear


; Function Attrs: nofree norecurse nosync nounwind memory(argmem: readwrite) uwtable
define dso_local void @rot(ptr nocapture noundef writeonly %y, ptr nocapture noundef readonly %x, i32 noundef %n, i32 noundef %c, i32 noundef %s) local_unnamed_addr #0 {
entry:
  %cmp15 = icmp sgt i32 %n, 0
  br i1 %cmp15, label %for.body.preheader, label %for.cond.cleanup

for.body.preheader:                               ; preds = %entry
  %wide.trip.count = zext nneg i32 %n to i64
  br label %for.body

for.cond.cleanup.loopexit:                        ; preds = %for.body
  br label %for.cond.cleanup

for.cond.cleanup:                                 ; preds = %for.cond.cleanup.loopexit, %entry
  ret void

for.body:                                         ; preds = %for.body.preheader, %for.body
  %indvars.iv = phi i64 [ 0, %for.body.preheader ], [ %indvars.iv.next, %for.body ]
  %u.018 = phi i32 [ 0, %for.body.preheader ], [ %add, %for.body ]
  %v.016 = phi i32 [ 0, %for.body.preheader ], [ %add4, %for.body ]
  %mul = mul nsw i32 %u.018, %c
  %0 = mul i32 %v.016, %s
  %sub = sub i32 %mul, %0
  %arrayidx = getelementptr inbounds i32, ptr %x, i64 %indvars.iv
  %1 = load i32, ptr %arrayidx, align 4, !tbaa !5
  %add = add nsw i32 %sub, %1
  %mul2 = mul nsw i32 %u.018, %s
  %mul3 = mul nsw i32 %v.016, %c
  %add4 = add nsw i32 %mul2, %mul3
  %arrayidx6 = getelementptr inbounds i32, ptr %y, i64 %indvars.iv
  store i32 %add4, ptr %arrayidx6, align 4, !tbaa !5
  %indvars.iv.next = add nuw nsw i64 %indvars.iv, 1
  %exitcond.not = icmp eq i64 %indvars.iv.next, %wide.trip.count
  br i1 %exitcond.not, label %for.cond.cleanup.loopexit, label %for.body, !llvm.loop !9
}

attributes #0 = { nofree norecurse nosync nounwind memory(argmem: readwrite) uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }


!0 = !{i32 1, !"wchar_size", i32 4}
!1 = !{i32 8, !"PIC Level", i32 2}
!2 = !{i32 7, !"PIE Level", i32 2}
!3 = !{i32 7, !"uwtable", i32 2}
!4 = !{!"Debian clang version 19.1.7 (3~deb12u1)"}
!5 = !{!6, !6, i64 0}
!6 = !{!"int", !7, i64 0}
!7 = !{!"omnipotent char", !8, i64 0}
!8 = !{!"Simple C/C++ TBAA"}
!9 = distinct !{!9, !10}
!10 = !{!"llvm.loop.mustprogress"}
