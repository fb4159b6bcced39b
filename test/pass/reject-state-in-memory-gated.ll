; A state in memory stored only on some iterations (gated by the input): it
; is not promoted (storing it back after the loop would write memory the
; loop may never write: read-only, or another thread's), so the reason stays
; that the state is kept in memory; nothing versioned.
; REQUIRES: pass
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -S %s | %FileCheck %s
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -pass-remarks-missed=plr -pass-remarks-analysis=plr -disable-output %s 2>&1 | %FileCheck %s --check-prefix=MISSED
; MISSED: remark: {{.*}}recurrence not replaced: the recurrence's state is kept in memory
; MISSED: remark: {{.*}}the state: the store to *e; the output: the store to out[i]
; CHECK-NOT: plr.promote
; CHECK-NOT: plr_run
;
; Input: make-input.sh cond.c ema_gated -ffast-math, from:
; typedef struct { float state, alpha; } ema_t;
; void ema_gated(ema_t *e, float *out, const float *in, long n) {
;   for (long i = 0; i < n; i++) {
;     float s = e->state;
;     if (in[i] != 0.0f)
;       e->state = s + e->alpha * (in[i] - s);
;     out[i] = s;
;   }
; }


; Function Attrs: nofree norecurse nosync nounwind memory(argmem: readwrite) uwtable
define dso_local void @ema_gated(ptr nocapture noundef %e, ptr nocapture noundef writeonly %out, ptr nocapture noundef readonly %in, i64 noundef %n) local_unnamed_addr #0 {
entry:
  %cmp14 = icmp sgt i64 %n, 0
  br i1 %cmp14, label %for.body.lr.ph, label %for.cond.cleanup

for.body.lr.ph:                                   ; preds = %entry
  %alpha = getelementptr inbounds i8, ptr %e, i64 4
  br label %for.body

for.cond.cleanup.loopexit:                        ; preds = %if.end
  br label %for.cond.cleanup

for.cond.cleanup:                                 ; preds = %for.cond.cleanup.loopexit, %entry
  ret void

for.body:                                         ; preds = %for.body.lr.ph, %if.end
  %i.015 = phi i64 [ 0, %for.body.lr.ph ], [ %inc, %if.end ]
  %0 = load float, ptr %e, align 4, !tbaa !5
  %arrayidx = getelementptr inbounds float, ptr %in, i64 %i.015
  %1 = load float, ptr %arrayidx, align 4, !tbaa !10
  %cmp1 = fcmp fast une float %1, 0.000000e+00
  br i1 %cmp1, label %if.then, label %if.end

if.then:                                          ; preds = %for.body
  %2 = load float, ptr %alpha, align 4, !tbaa !11
  %sub = fsub fast float %1, %0
  %mul = fmul fast float %2, %sub
  %add = fadd fast float %mul, %0
  store float %add, ptr %e, align 4, !tbaa !5
  br label %if.end

if.end:                                           ; preds = %if.then, %for.body
  %arrayidx4 = getelementptr inbounds float, ptr %out, i64 %i.015
  store float %0, ptr %arrayidx4, align 4, !tbaa !10
  %inc = add nuw nsw i64 %i.015, 1
  %exitcond.not = icmp eq i64 %inc, %n
  br i1 %exitcond.not, label %for.cond.cleanup.loopexit, label %for.body, !llvm.loop !12
}

attributes #0 = { nofree norecurse nosync nounwind memory(argmem: readwrite) uwtable "approx-func-fp-math"="true" "min-legal-vector-width"="0" "no-infs-fp-math"="true" "no-nans-fp-math"="true" "no-signed-zeros-fp-math"="true" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" "unsafe-fp-math"="true" }


!0 = !{i32 1, !"wchar_size", i32 4}
!1 = !{i32 8, !"PIC Level", i32 2}
!2 = !{i32 7, !"PIE Level", i32 2}
!3 = !{i32 7, !"uwtable", i32 2}
!4 = !{!"Debian clang version 19.1.7 (3~deb12u1)"}
!5 = !{!6, !7, i64 0}
!6 = !{!"", !7, i64 0, !7, i64 4}
!7 = !{!"float", !8, i64 0}
!8 = !{!"omnipotent char", !9, i64 0}
!9 = !{!"Simple C/C++ TBAA"}
!10 = !{!7, !7, i64 0}
!11 = !{!6, !7, i64 4}
!12 = distinct !{!12, !13}
!13 = !{!"llvm.loop.mustprogress"}
