; A float output that adds the input to the state's value before its update: y[i] = x[i] - g with
; g = a*g + (1-a)*x[i] (a high-pass: the input minus a low-pass) is what InstCombine makes
; -(a*(g - x[i])), g the previous state. As one recurrence (direct form II with the input fed
; through) its coefficients would round apart in float; the state before its update is not what y
; holds after the call, so no map takes it either. Refused with that reason (in double and in
; integers it is one call: df2-output-input.ll).
; REQUIRES: pass
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -S %s | %FileCheck %s
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -pass-remarks=plr -pass-remarks-missed=plr -pass-remarks-analysis=plr -disable-output %s 2>&1 | %FileCheck %s --check-prefix=MISSED
;
; Input: make-input.sh residual.c residual -ffast-math (metadata and attributes left out), from:
; void residual(float *y, const float *x, int n, float a) {
;   float g = 0;
;   for (int i = 0; i < n; i++) { g = a*g + (1-a)*x[i]; y[i] = x[i] - g; }
; }

; MISSED: remark: {{.*}}recurrence not replaced: the output adds the input to a float state's value before its update
; MISSED: remark: {{.*}}candidate: the store to y[i]; the reason concerns the negation
; CHECK-NOT: plr_run
; MISSED-NOT: remark: {{.*}}replaced linear

define dso_local void @residual(ptr nocapture noundef writeonly %y, ptr nocapture noundef readonly %x, i32 noundef %n, float noundef nofpclass(nan inf) %a) local_unnamed_addr {
entry:
  %cmp14 = icmp sgt i32 %n, 0
  br i1 %cmp14, label %for.body.preheader, label %for.cond.cleanup

for.body.preheader:                               ; preds = %entry
  %wide.trip.count = zext nneg i32 %n to i64
  br label %for.body

for.cond.cleanup.loopexit:                        ; preds = %for.body
  br label %for.cond.cleanup

for.cond.cleanup:                                 ; preds = %for.cond.cleanup.loopexit, %entry
  ret void

for.body:                                         ; preds = %for.body.preheader, %for.body
  %indvars.iv = phi i64 [ 0, %for.body.preheader ], [ %indvars.iv.next, %for.body ]
  %g.015 = phi float [ 0.000000e+00, %for.body.preheader ], [ %add, %for.body ]
  %arrayidx = getelementptr inbounds float, ptr %x, i64 %indvars.iv
  %0 = load float, ptr %arrayidx, align 4
  %1 = fsub fast float %g.015, %0
  %2 = fmul fast float %1, %a
  %add = fadd fast float %2, %0
  %sub4 = fneg fast float %2
  %arrayidx6 = getelementptr inbounds float, ptr %y, i64 %indvars.iv
  store float %sub4, ptr %arrayidx6, align 4
  %indvars.iv.next = add nuw nsw i64 %indvars.iv, 1
  %exitcond.not = icmp eq i64 %indvars.iv.next, %wide.trip.count
  br i1 %exitcond.not, label %for.cond.cleanup.loopexit, label %for.body
}

