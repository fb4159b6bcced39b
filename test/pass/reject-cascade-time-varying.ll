; Three coupled states, but the middle stage's coefficient changes with i (v = b[i]*v + u): not
; linear-time-invariant, so not a cascade.
; REQUIRES: pass
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -S %s | %FileCheck %s
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -pass-remarks=plr -pass-remarks-missed=plr -pass-remarks-analysis=plr -disable-output %s 2>&1 | %FileCheck %s --check-prefix=MISSED
;
; Input: make-input.sh reject-cascade-time-varying.c tri_tv , from:
; void tri_tv(int *y, const int *x, const int *b, int n) {
;   int u = 0, v = 0, w = 0;
;   for (int i = 0; i < n; i++) { u = 3*u + x[i]; v = b[i]*v + u; w = w + v; y[i] = w; }
; }

; MISSED: remark: {{.*}}recurrence not replaced: a coefficient changes from one iteration to the next (time-varying recurrence)
; MISSED: remark: {{.*}}candidate: the store to y[i]; the reason concerns the multiplication 'b[i]*v'
; CHECK-NOT: plr_run
; MISSED-NOT: remark: {{.*}}replaced linear


; Function Attrs: nofree norecurse nosync nounwind memory(argmem: readwrite) uwtable
define dso_local void @tri_tv(ptr nocapture noundef writeonly %y, ptr nocapture noundef readonly %x, ptr nocapture noundef readonly %b, i32 noundef %n) local_unnamed_addr #0 {
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
  %w.018 = phi i32 [ 0, %for.body.preheader ], [ %add5, %for.body ]
  %v.017 = phi i32 [ 0, %for.body.preheader ], [ %add4, %for.body ]
  %u.016 = phi i32 [ 0, %for.body.preheader ], [ %add, %for.body ]
  %mul = mul nsw i32 %u.016, 3
  %arrayidx = getelementptr inbounds i32, ptr %x, i64 %indvars.iv
  %0 = load i32, ptr %arrayidx, align 4, !tbaa !5
  %add = add nsw i32 %0, %mul
  %arrayidx2 = getelementptr inbounds i32, ptr %b, i64 %indvars.iv
  %1 = load i32, ptr %arrayidx2, align 4, !tbaa !5
  %mul3 = mul nsw i32 %1, %v.017
  %add4 = add nsw i32 %mul3, %add
  %add5 = add nsw i32 %add4, %w.018
  %arrayidx7 = getelementptr inbounds i32, ptr %y, i64 %indvars.iv
  store i32 %add5, ptr %arrayidx7, align 4, !tbaa !5
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
