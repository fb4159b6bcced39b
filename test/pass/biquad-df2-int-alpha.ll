; An integer direct form II whose state has alpha0 = 5 (w = 5*x[i] + 7*w1): the single-recurrence form would divide
; its history by 5, so the state recurrence is one call and the output FIR a map; the state's last value is returned.
; REQUIRES: pass
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -S %s | %FileCheck %s
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -pass-remarks=plr -pass-remarks-missed=plr -disable-output %s 2>&1 | %FileCheck %s --check-prefix=REMARK
;
; Input: make-input.sh biquad-df2-int-alpha.c df2a , from:
; long df2a(long *y, const long *x, long n, long w1) {
;   for (long i = 0; i < n; i++) {
;     long w = 5 * x[i] + 7 * w1;
;     y[i] = w - 3 * w1;
;     w1 = w;
;   }
;   return w1;
; }

; REMARK: remark: {{.*}}replaced linear recurrence with a call to plr_run: signature (5: 7) then (1, -3:), type i64, order 1, output a FIR of the state (direct form II): one call, then a map
; REMARK-NOT: not replaced
; CHECK: br i1 %{{.*}}, label %plr.outlined, label %plr.fallback
; CHECK: plr.outlined:
; CHECK: %targetBlock = call i1 @df2a.plr.call(
; CHECK: plr.fallback:
; CHECK: phi i64 [ %{{.*}}, %for.body ], [ %plr.final.reload, %plr.outlined ]
; CHECK-LABEL: define internal i1 @df2a.plr.call(
; CHECK: %plr.status = call i32 @plr_run
; CHECK: plr.done:
; CHECK: %plr.final = load i64
; CHECK: store {{.*}} %plr.final, ptr %plr.final.out
; CHECK: plr.fir:
; CHECK: mul i64 -3, %plr.s


; Function Attrs: nofree norecurse nosync nounwind memory(argmem: readwrite) uwtable
define dso_local i64 @df2a(ptr nocapture noundef writeonly %y, ptr nocapture noundef readonly %x, i64 noundef %n, i64 noundef %w1) local_unnamed_addr #0 {
entry:
  %cmp10 = icmp sgt i64 %n, 0
  br i1 %cmp10, label %for.body.preheader, label %for.cond.cleanup

for.body.preheader:                               ; preds = %entry
  br label %for.body

for.cond.cleanup.loopexit:                        ; preds = %for.body
  %add.lcssa = phi i64 [ %add, %for.body ]
  br label %for.cond.cleanup

for.cond.cleanup:                                 ; preds = %for.cond.cleanup.loopexit, %entry
  %w1.addr.0.lcssa = phi i64 [ %w1, %entry ], [ %add.lcssa, %for.cond.cleanup.loopexit ]
  ret i64 %w1.addr.0.lcssa

for.body:                                         ; preds = %for.body.preheader, %for.body
  %w1.addr.012 = phi i64 [ %add, %for.body ], [ %w1, %for.body.preheader ]
  %i.011 = phi i64 [ %inc, %for.body ], [ 0, %for.body.preheader ]
  %arrayidx = getelementptr inbounds i64, ptr %x, i64 %i.011
  %0 = load i64, ptr %arrayidx, align 8, !tbaa !5
  %mul = mul nsw i64 %0, 5
  %mul1 = mul nsw i64 %w1.addr.012, 7
  %add = add nsw i64 %mul, %mul1
  %mul2.neg = mul i64 %w1.addr.012, -3
  %sub = add i64 %add, %mul2.neg
  %arrayidx3 = getelementptr inbounds i64, ptr %y, i64 %i.011
  store i64 %sub, ptr %arrayidx3, align 8, !tbaa !5
  %inc = add nuw nsw i64 %i.011, 1
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
