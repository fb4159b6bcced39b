; A float output that adds the input to the state's value before its update, read from an array
; walked at another stride than the output (a decimating high-pass: y[i] = x[2*i] - g, then
; g = a*g + (1-a)*x[2*i]). As one recurrence (direct form II with the input fed through) its
; coefficients would round apart in float; as a map of the state and its earlier value the map's
; load is not at the output's index (the map loop walks y's). Refused with the rounding reason
; (FloatCombined). At the output's stride it is taken: float-state-before.ll.
; REQUIRES: pass
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -S %s | %FileCheck %s
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -pass-remarks=plr -pass-remarks-missed=plr -pass-remarks-analysis=plr -disable-output %s 2>&1 | %FileCheck %s --check-prefix=MISSED
;
; Input: make-input.sh hpd.c hpd -ffast-math (metadata and attributes left out), from:
; void hpd(float *y, const float *x, int n, float a) {
;   float g = 0;
;   for (int i = 0; i < n; i++) { y[i] = x[2*i] - g; g = a*g + (1-a)*x[2*i]; }
; }

; MISSED: remark: {{.*}}recurrence not replaced: the output adds the input to a float state's value before its update
; MISSED: remark: {{.*}}candidate: the store to y[i]; the reason concerns
; CHECK-NOT: plr_run
; MISSED-NOT: remark: {{.*}}replaced linear
define dso_local void @hpd(ptr nocapture noundef writeonly %y, ptr nocapture noundef readonly %x, i32 noundef %n, float noundef nofpclass(nan inf) %a) local_unnamed_addr {
entry:
  %cmp16 = icmp sgt i32 %n, 0
  br i1 %cmp16, label %for.body.preheader, label %for.cond.cleanup

for.body.preheader:                               ; preds = %entry
  %wide.trip.count = zext nneg i32 %n to i64
  br label %for.body

for.cond.cleanup.loopexit:                        ; preds = %for.body
  br label %for.cond.cleanup

for.cond.cleanup:                                 ; preds = %for.cond.cleanup.loopexit, %entry
  ret void

for.body:                                         ; preds = %for.body.preheader, %for.body
  %indvars.iv = phi i64 [ 0, %for.body.preheader ], [ %indvars.iv.next, %for.body ]
  %g.017 = phi float [ 0.000000e+00, %for.body.preheader ], [ %add, %for.body ]
  %arrayidx.idx = shl nsw i64 %indvars.iv, 3
  %arrayidx = getelementptr inbounds i8, ptr %x, i64 %arrayidx.idx
  %0 = load float, ptr %arrayidx, align 4
  %sub = fsub fast float %0, %g.017
  %arrayidx2 = getelementptr inbounds float, ptr %y, i64 %indvars.iv
  store float %sub, ptr %arrayidx2, align 4
  %1 = load float, ptr %arrayidx, align 4
  %2 = fsub fast float %g.017, %1
  %3 = fmul fast float %2, %a
  %add = fadd fast float %3, %1
  %indvars.iv.next = add nuw nsw i64 %indvars.iv, 1
  %exitcond.not = icmp eq i64 %indvars.iv.next, %wide.trip.count
  br i1 %exitcond.not, label %for.cond.cleanup.loopexit, label %for.body
}
