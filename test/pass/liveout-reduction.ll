; A second, unstored accumulator used after the loop (s += x[i]*x[i]): it does not depend on y, so a copy of
; the loop without its store computes it before the call (x is checked disjoint from y; exact in place is then
; not taken, since the copy must read what the loop reads).
; REQUIRES: pass
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -S %s | %FileCheck %s
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -pass-remarks=plr -pass-remarks-missed=plr -disable-output %s 2>&1 | %FileCheck %s --check-prefix=MISSED
;
; Input: make-input.sh liveout-reduction.c lr , from:
; long lr(long *y, const long *x, long n) {
;   long s = 0;
;   for (long i = 1; i < n; i++) { y[i] = x[i] + y[i-1]; s += x[i] * x[i]; }
;   return s;
; }

; MISSED: remark: {{.*}}replaced linear recurrence with a call to plr_run: signature (1: 1), type i64, order 1
; MISSED-NOT: not replaced
; CHECK: br i1 %{{.*}}, label %plr.outlined, label %plr.fallback
; CHECK: plr.outlined:
; CHECK: %targetBlock = call i1 @lr.plr.call(
; CHECK: plr.fallback:
; CHECK: phi i64 [ %add5, %for.body ], [ %plr.side.reload, %plr.outlined ]
; CHECK-LABEL: define internal i1 @lr.plr.call(
; CHECK: plr.call:
; The copy computing the second accumulator counts as a second pass.
; CHECK: %plr.pays = call i32 @plr_pays(ptr %plr.sig, ptr %plr.data, i32 2, i32 1, i32 {{[0-9]+}})
; CHECK: plr.call.go:
; CHECK-NEXT: br label %for.body.plrmap
; CHECK: for.body.plrmap:
; CHECK-NOT: store
; CHECK: br i1 %exitcond.not.plrmap, label %plr.side.done, label %for.body.plrmap
; CHECK: plr.side.done:
; CHECK-NEXT: %plr.side = phi i64 [ %add5.plrmap, %for.body.plrmap ]
; CHECK: %plr.status = call i32 @plr_run

; Function Attrs: nofree norecurse nosync nounwind memory(argmem: readwrite) uwtable
define dso_local i64 @lr(ptr nocapture noundef %y, ptr nocapture noundef readonly %x, i64 noundef %n) local_unnamed_addr #0 {
entry:
  %cmp16 = icmp sgt i64 %n, 1
  br i1 %cmp16, label %for.body.preheader, label %for.cond.cleanup

for.body.preheader:                               ; preds = %entry
  br label %for.body

for.cond.cleanup.loopexit:                        ; preds = %for.body
  %add5.lcssa = phi i64 [ %add5, %for.body ]
  br label %for.cond.cleanup

for.cond.cleanup:                                 ; preds = %for.cond.cleanup.loopexit, %entry
  %s.0.lcssa = phi i64 [ 0, %entry ], [ %add5.lcssa, %for.cond.cleanup.loopexit ]
  ret i64 %s.0.lcssa

for.body:                                         ; preds = %for.body.preheader, %for.body
  %i.018 = phi i64 [ %inc, %for.body ], [ 1, %for.body.preheader ]
  %s.017 = phi i64 [ %add5, %for.body ], [ 0, %for.body.preheader ]
  %arrayidx = getelementptr inbounds i64, ptr %x, i64 %i.018
  %0 = load i64, ptr %arrayidx, align 8, !tbaa !5
  %1 = getelementptr i64, ptr %y, i64 %i.018
  %arrayidx1 = getelementptr i8, ptr %1, i64 -8
  %2 = load i64, ptr %arrayidx1, align 8, !tbaa !5
  %add = add nsw i64 %2, %0
  store i64 %add, ptr %1, align 8, !tbaa !5
  %3 = load i64, ptr %arrayidx, align 8, !tbaa !5
  %mul = mul nsw i64 %3, %3
  %add5 = add nuw nsw i64 %mul, %s.017
  %inc = add nuw nsw i64 %i.018, 1
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
