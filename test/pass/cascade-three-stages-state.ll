; Three coupled states u -> v -> w, all saved after the loop: the stages are called one by one (x -> y, then
; y -> y twice) and each stage's last value is read from y before the next call overwrites it. (Without
; the saved states the cascade is composed into one call: cascade-three-stages.ll.)
; REQUIRES: pass
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -S %s | %FileCheck %s
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -pass-remarks=plr -pass-remarks-missed=plr -disable-output %s 2>&1 | %FileCheck %s --check-prefix=REMARK
;
; Input: make-input.sh cascade-three-stages-state.c tri , from:
; void tri(int *y, const int *x, int n, int a, int *uvw) {
;   int u = uvw[0], v = uvw[1], w = uvw[2];
;   for (int i = 0; i < n; i++) { u = a*u + x[i]; v = v + u; w = w + v; y[i] = w; }
;   uvw[0] = u; uvw[1] = v; uvw[2] = w;
; }

; REMARK: remark: {{.*}}replaced linear recurrence with a call to plr_run: signature (1: a) then (1: 1) then (1: 1), type i32, order 1, a cascade of three recurrences (three calls)
; REMARK-NOT: not replaced
; CHECK: br i1 %{{.*}}, label %plr.outlined, label %plr.fallback
; CHECK: plr.outlined:
; CHECK: %targetBlock = call i1 @tri.plr.call(
; CHECK: plr.fallback:
; CHECK: phi i32 [ %add, %for.body ], [ %plr.final.reload, %plr.outlined ]
; CHECK: phi i32 [ %add4, %for.body ], [ %plr.final2.reload, %plr.outlined ]
; CHECK: phi i32 [ %add5, %for.body ], [ %plr.final3.reload, %plr.outlined ]
; CHECK-LABEL: define internal i1 @tri.plr.call(
; CHECK: %plr.status = call i32 @plr_run
; CHECK: plr.call2:
; u[n-1], read from y before the second stage overwrites it
; CHECK: %plr.final = load i32
; CHECK: store {{.*}} %plr.final, ptr %plr.final.out
; CHECK: %plr.status2 = call i32 @plr_run
; CHECK: plr.call3:
; CHECK: %plr.final2 = load i32
; CHECK: store {{.*}} %plr.final2, ptr %plr.final2.out
; CHECK: %plr.status3 = call i32 @plr_run
; CHECK: plr.done:
; CHECK: %plr.final3 = load i32
; CHECK: store {{.*}} %plr.final3, ptr %plr.final3.out


; Function Attrs: nofree norecurse nosync nounwind memory(argmem: readwrite) uwtable
define dso_local void @tri(ptr nocapture noundef writeonly %y, ptr nocapture noundef readonly %x, i32 noundef %n, i32 noundef %a, ptr nocapture noundef %uvw) local_unnamed_addr #0 {
entry:
  %0 = load i32, ptr %uvw, align 4, !tbaa !5
  %arrayidx1 = getelementptr inbounds i8, ptr %uvw, i64 4
  %1 = load i32, ptr %arrayidx1, align 4, !tbaa !5
  %arrayidx2 = getelementptr inbounds i8, ptr %uvw, i64 8
  %2 = load i32, ptr %arrayidx2, align 4, !tbaa !5
  %cmp25 = icmp sgt i32 %n, 0
  br i1 %cmp25, label %for.body.preheader, label %for.cond.cleanup

for.body.preheader:                               ; preds = %entry
  %wide.trip.count = zext nneg i32 %n to i64
  br label %for.body

for.cond.cleanup.loopexit:                        ; preds = %for.body
  %add.lcssa = phi i32 [ %add, %for.body ]
  %add4.lcssa = phi i32 [ %add4, %for.body ]
  %add5.lcssa = phi i32 [ %add5, %for.body ]
  br label %for.cond.cleanup

for.cond.cleanup:                                 ; preds = %for.cond.cleanup.loopexit, %entry
  %u.0.lcssa = phi i32 [ %0, %entry ], [ %add.lcssa, %for.cond.cleanup.loopexit ]
  %v.0.lcssa = phi i32 [ %1, %entry ], [ %add4.lcssa, %for.cond.cleanup.loopexit ]
  %w.0.lcssa = phi i32 [ %2, %entry ], [ %add5.lcssa, %for.cond.cleanup.loopexit ]
  store i32 %u.0.lcssa, ptr %uvw, align 4, !tbaa !5
  store i32 %v.0.lcssa, ptr %arrayidx1, align 4, !tbaa !5
  store i32 %w.0.lcssa, ptr %arrayidx2, align 4, !tbaa !5
  ret void

for.body:                                         ; preds = %for.body.preheader, %for.body
  %indvars.iv = phi i64 [ 0, %for.body.preheader ], [ %indvars.iv.next, %for.body ]
  %w.028 = phi i32 [ %2, %for.body.preheader ], [ %add5, %for.body ]
  %v.027 = phi i32 [ %1, %for.body.preheader ], [ %add4, %for.body ]
  %u.026 = phi i32 [ %0, %for.body.preheader ], [ %add, %for.body ]
  %mul = mul nsw i32 %u.026, %a
  %arrayidx3 = getelementptr inbounds i32, ptr %x, i64 %indvars.iv
  %3 = load i32, ptr %arrayidx3, align 4, !tbaa !5
  %add = add nsw i32 %3, %mul
  %add4 = add nsw i32 %add, %v.027
  %add5 = add nsw i32 %add4, %w.028
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
