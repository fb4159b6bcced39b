; An integer cascade composed into one call beside a second accumulator (a sum of squares of x): the
; copy of the loop without its store runs first, then the composed prologue, then plr_pays is asked with
; two passes over the data (the copy and the call; before the call plan it was told one), two stages.
; REQUIRES: pass
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -S %s | %FileCheck %s
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -pass-remarks=plr -disable-output %s 2>&1 | %FileCheck %s --check-prefix=REMARK
;
; Input: make-input.sh cascade-composed-side.c two_poles_side, from:
; int two_poles_side(int *y, const int *x, long n) {
;   int s1 = 0, s2 = 0, acc = 0;
;   for (long i = 0; i < n; i++) { s1 = 3 * s1 + x[i]; s2 = 5 * s2 + s1; y[i] = s2; acc += x[i] * x[i]; }
;   return acc;
; }

; REMARK: plan: check(x apart from y); side(copy of the loop without its store); map(first 2 outputs, stage by stage); ask(2 passes, 2 stages); call(1: 8, -15) x->y, after the first outputs{{$}}
; CHECK: br i1 %{{.*}}, label %plr.outlined, label %plr.fallback
; CHECK: plr.outlined:
; CHECK: %targetBlock = call i1 @two_poles_side.plr.call(
; CHECK: plr.fallback:
; CHECK: %add7.lcssa = phi i32 [ %add7, %for.body ], [ %plr.side.reload, %plr.outlined ]
; CHECK-LABEL: define internal i1 @two_poles_side.plr.call(
; CHECK: plr.call.abi:
; CHECK-NEXT: br label %for.body.plrmap
; CHECK: plr.call.go:
; CHECK-NEXT: %plr.last = sub i64 %n, 1
; CHECK-NEXT: %plr.status = call i32 @plr_run
; The copy: no store, leaves to plr.side.done, where the prologue and the question follow.
; CHECK: for.body.plrmap:
; CHECK-NOT: store
; CHECK: br i1 %exitcond.not.plrmap, label %plr.side.done, label %for.body.plrmap
; CHECK: plr.side.done:
; CHECK-NEXT: %plr.side = phi i32
; CHECK: store i32 %plr.x, ptr
; CHECK: store i64 8, ptr
; CHECK: store i64 -15, ptr
; CHECK: %plr.pays = call i32 @plr_pays(ptr %plr.sig, ptr %plr.data, i32 2, i32 2, i32 2)
; CHECK-NEXT: icmp ne i32 %plr.pays, 0
; CHECK-NEXT: br i1 %{{[0-9]+}}, label %plr.call.go, label %plr.fallback


; Function Attrs: nofree norecurse nosync nounwind memory(argmem: readwrite) uwtable
define dso_local i32 @two_poles_side(ptr nocapture noundef writeonly %y, ptr nocapture noundef readonly %x, i64 noundef %n) local_unnamed_addr #0 {
entry:
  %cmp18 = icmp sgt i64 %n, 0
  br i1 %cmp18, label %for.body.preheader, label %for.cond.cleanup

for.body.preheader:                               ; preds = %entry
  br label %for.body

for.cond.cleanup.loopexit:                        ; preds = %for.body
  %add7.lcssa = phi i32 [ %add7, %for.body ]
  br label %for.cond.cleanup

for.cond.cleanup:                                 ; preds = %for.cond.cleanup.loopexit, %entry
  %acc.0.lcssa = phi i32 [ 0, %entry ], [ %add7.lcssa, %for.cond.cleanup.loopexit ]
  ret i32 %acc.0.lcssa

for.body:                                         ; preds = %for.body.preheader, %for.body
  %i.022 = phi i64 [ %inc, %for.body ], [ 0, %for.body.preheader ]
  %acc.021 = phi i32 [ %add7, %for.body ], [ 0, %for.body.preheader ]
  %s2.020 = phi i32 [ %add2, %for.body ], [ 0, %for.body.preheader ]
  %s1.019 = phi i32 [ %add, %for.body ], [ 0, %for.body.preheader ]
  %mul = mul nsw i32 %s1.019, 3
  %arrayidx = getelementptr inbounds i32, ptr %x, i64 %i.022
  %0 = load i32, ptr %arrayidx, align 4, !tbaa !5
  %add = add nsw i32 %0, %mul
  %mul1 = mul nsw i32 %s2.020, 5
  %add2 = add nsw i32 %add, %mul1
  %arrayidx3 = getelementptr inbounds i32, ptr %y, i64 %i.022
  store i32 %add2, ptr %arrayidx3, align 4, !tbaa !5
  %1 = load i32, ptr %arrayidx, align 4, !tbaa !5
  %mul6 = mul nsw i32 %1, %1
  %add7 = add nuw nsw i32 %mul6, %acc.021
  %inc = add nuw nsw i64 %i.022, 1
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
