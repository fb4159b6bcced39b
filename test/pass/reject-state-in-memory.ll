; An exponential moving average whose state is a struct member, updated in
; memory on every iteration, in a loop that also calls an unknown function
; (which may read or write the state): the state cannot be carried in a
; register even behind a check on the arrays' addresses (state-promoted.ll),
; and out[i] may be e->state. A precise reason with the remedy, not
; silence; nothing replaced, nothing versioned.
; REQUIRES: pass
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -S %s | %FileCheck %s
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -pass-remarks-missed=plr -pass-remarks-analysis=plr -disable-output %s 2>&1 | %FileCheck %s --check-prefix=MISSED
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -pass-remarks-missed=plr -pass-remarks-output=%t.yaml -disable-output %s 2>/dev/null
; RUN: %FileCheck %s --check-prefix=YAML < %t.yaml
; MISSED: remark: {{.*}}recurrence not replaced: the recurrence's state is kept in memory (a struct member, a global or an array element) that the loop's stores to the output may also write, so it is not in a register (copy the state to a local variable before the loop and back after it, or declare every pointer the loop goes through restrict)
; MISSED: remark: {{.*}}the state: the store to *e; the output: the store to out[i]
; YAML: Name: StateInMemory
; CHECK-NOT: plr_run
; CHECK-NOT: plr.promote
;
; Input: make-input.sh stmem.c ema_tapped -ffast-math, from:
; typedef struct { double state; double alpha; } ema_t;
; void tap(double);
; void ema_tapped(ema_t *e, double *out, const double *in, long n) {
;   for (long i = 0; i < n; i++) {
;     e->state += e->alpha * (in[i] - e->state);
;     out[i] = e->state;
;     tap(out[i]);
;   }
; }


; Function Attrs: nounwind uwtable
define dso_local void @ema_tapped(ptr nocapture noundef %e, ptr nocapture noundef writeonly %out, ptr nocapture noundef readonly %in, i64 noundef %n) local_unnamed_addr #0 {
entry:
  %cmp13 = icmp sgt i64 %n, 0
  br i1 %cmp13, label %for.body.lr.ph, label %for.cond.cleanup

for.body.lr.ph:                                   ; preds = %entry
  %alpha = getelementptr inbounds i8, ptr %e, i64 8
  br label %for.body

for.cond.cleanup.loopexit:                        ; preds = %for.body
  br label %for.cond.cleanup

for.cond.cleanup:                                 ; preds = %for.cond.cleanup.loopexit, %entry
  ret void

for.body:                                         ; preds = %for.body.lr.ph, %for.body
  %i.014 = phi i64 [ 0, %for.body.lr.ph ], [ %inc, %for.body ]
  %0 = load double, ptr %alpha, align 8, !tbaa !5
  %arrayidx = getelementptr inbounds double, ptr %in, i64 %i.014
  %1 = load double, ptr %arrayidx, align 8, !tbaa !10
  %2 = load double, ptr %e, align 8, !tbaa !11
  %sub = fsub fast double %1, %2
  %mul = fmul fast double %sub, %0
  %add = fadd fast double %mul, %2
  store double %add, ptr %e, align 8, !tbaa !11
  %arrayidx3 = getelementptr inbounds double, ptr %out, i64 %i.014
  store double %add, ptr %arrayidx3, align 8, !tbaa !10
  tail call void @tap(double noundef nofpclass(nan inf) %add) #2
  %inc = add nuw nsw i64 %i.014, 1
  %exitcond.not = icmp eq i64 %inc, %n
  br i1 %exitcond.not, label %for.cond.cleanup.loopexit, label %for.body, !llvm.loop !12
}

declare void @tap(double noundef nofpclass(nan inf)) local_unnamed_addr #1

attributes #0 = { nounwind uwtable "approx-func-fp-math"="true" "min-legal-vector-width"="0" "no-infs-fp-math"="true" "no-nans-fp-math"="true" "no-signed-zeros-fp-math"="true" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" "unsafe-fp-math"="true" }
attributes #1 = { "approx-func-fp-math"="true" "no-infs-fp-math"="true" "no-nans-fp-math"="true" "no-signed-zeros-fp-math"="true" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" "unsafe-fp-math"="true" }
attributes #2 = { nounwind }


!0 = !{i32 1, !"wchar_size", i32 4}
!1 = !{i32 8, !"PIC Level", i32 2}
!2 = !{i32 7, !"PIE Level", i32 2}
!3 = !{i32 7, !"uwtable", i32 2}
!4 = !{!"Debian clang version 19.1.7 (3~deb12u1)"}
!5 = !{!6, !7, i64 8}
!6 = !{!"", !7, i64 0, !7, i64 8}
!7 = !{!"double", !8, i64 0}
!8 = !{!"omnipotent char", !9, i64 0}
!9 = !{!"Simple C/C++ TBAA"}
!10 = !{!7, !7, i64 0}
!11 = !{!6, !7, i64 0}
!12 = distinct !{!12, !13}
!13 = !{!"llvm.loop.mustprogress"}
