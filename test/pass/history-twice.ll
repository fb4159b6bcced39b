; The previous output read both through a phi (s, from the caller's value) and from memory (y[i-1]):
; the loop's first iteration reads s's start for one and y[0] for the other, so the call's single
; history is right only where the two hold the same bits: the check before the call compares them
; (plr.hist.same), and the original loop runs where they differ (e2e history-twice.c).
; REQUIRES: pass
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -S %s | %FileCheck %s
; CHECK: %plr.big = icmp uge i64
; CHECK: %plr.hist = load i32, ptr
; CHECK-NEXT: %plr.hist.same = icmp eq i32 %s, %plr.hist
; CHECK-NEXT: and i1 {{.*}}, %plr.hist.same
; CHECK: br i1 {{.*}}, label %plr.outlined, label %plr.fallback
; CHECK: plr.outlined:
; CHECK-NEXT: %targetBlock = call i1 @kern.plr.call(
; CHECK: plr.fallback:
; CHECK-LABEL: define internal i1 @kern.plr.call(
; CHECK: call {{.*}}@plr_run(
;
; Input: make-input.sh history.c kern, from:
; void kern(unsigned *y, const unsigned *x, long n, unsigned s) {
;   for (long i = 1; i < n; i++) {
;     s = 4 * s + x[i] - y[i - 1];
;     y[i] = s;
;   }
; }


; Function Attrs: nofree norecurse nosync nounwind memory(argmem: readwrite) uwtable
define dso_local void @kern(ptr nocapture noundef %y, ptr nocapture noundef readonly %x, i64 noundef %n, i32 noundef %s) local_unnamed_addr #0 {
entry:
  %cmp10 = icmp sgt i64 %n, 1
  br i1 %cmp10, label %for.body.preheader, label %for.cond.cleanup

for.body.preheader:                               ; preds = %entry
  br label %for.body

for.cond.cleanup.loopexit:                        ; preds = %for.body
  br label %for.cond.cleanup

for.cond.cleanup:                                 ; preds = %for.cond.cleanup.loopexit, %entry
  ret void

for.body:                                         ; preds = %for.body.preheader, %for.body
  %i.012 = phi i64 [ %inc, %for.body ], [ 1, %for.body.preheader ]
  %s.addr.011 = phi i32 [ %sub2, %for.body ], [ %s, %for.body.preheader ]
  %mul = shl i32 %s.addr.011, 2
  %arrayidx = getelementptr inbounds i32, ptr %x, i64 %i.012
  %0 = load i32, ptr %arrayidx, align 4, !tbaa !5
  %add = add i32 %0, %mul
  %1 = getelementptr i32, ptr %y, i64 %i.012
  %arrayidx1 = getelementptr i8, ptr %1, i64 -4
  %2 = load i32, ptr %arrayidx1, align 4, !tbaa !5
  %sub2 = sub i32 %add, %2
  store i32 %sub2, ptr %1, align 4, !tbaa !5
  %inc = add nuw nsw i64 %i.012, 1
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
!6 = !{!"int", !7, i64 0}
!7 = !{!"omnipotent char", !8, i64 0}
!8 = !{!"Simple C/C++ TBAA"}
!9 = distinct !{!9, !10}
!10 = !{!"llvm.loop.mustprogress"}
