; A float output that adds the input to the state's value before its update: y[i] = x[i] - g with
; g = a*g + (1-a)*x[i] (a high-pass: the input minus a low-pass) is what InstCombine makes
; -(a*(g - x[i])), g the previous state. As one recurrence (direct form II with the input fed
; through) its coefficients would round apart in float (FloatCombined: reject-float-combined.ll);
; once every other reading has failed, the output is read as a map of the state and of its value
; one iteration back: the call computes g into y, the map loop carries the state it loaded at
; i - 1 in a register (its start the phi's value before the loop) and stores -(a*(g_prev - x[i])).
; (In double and in integers it is one call: df2-output-input.ll.)
; REQUIRES: pass
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -S %s | %FileCheck %s
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -pass-remarks=plr -pass-remarks-missed=plr -disable-output %s 2>&1 | %FileCheck %s --check-prefix=REMARK
;
; Input: make-input.sh residual.c residual -ffast-math (metadata and attributes left out), from:
; void residual(float *y, const float *x, int n, float a) {
;   float g = 0;
;   for (int i = 0; i < n; i++) { g = a*g + (1-a)*x[i]; y[i] = x[i] - g; }
; }

; REMARK: remark: {{.*}}replaced linear recurrence with a call to plr_run: signature (1 - a: a), type f32, order 1, output an elementwise map of the state and of other arrays at its index; plan: check(x apart from y); ask(2 passes); call(1 - a: a) x->y; map(out = g(y, x, y[i-1]))
; REMARK-NOT: remark:

; CHECK-LABEL: define dso_local void @residual(
; CHECK: %targetBlock = call i1 @residual.plr.call(
; CHECK-LABEL: define internal i1 @residual.plr.call(
; CHECK: %plr.status = call i32 @plr_run(
; CHECK: plr.map:
; CHECK-NEXT: %plr.i = phi i64 [ 0, %plr.done ], [ %plr.i.next, %plr.map ]
; CHECK-NEXT: %plr.state.before = phi float [ 0.000000e+00, %plr.done ], [ %plr.state, %plr.map ]
; CHECK: [[AT:%[0-9]+]] = getelementptr i8, ptr %y, i64
; CHECK-NEXT: %plr.state = load float, ptr [[AT]]
; CHECK: [[XAT:%[0-9]+]] = getelementptr i8, ptr %x, i64
; CHECK-NEXT: [[XV:%plr.map[0-9]*]] = load float, ptr [[XAT]]
; CHECK-NEXT: [[D:%plr.map[0-9]*]] = fsub fast float %plr.state.before, [[XV]]
; CHECK-NEXT: [[M:%plr.map[0-9]*]] = fmul fast float [[D]], %a
; CHECK-NEXT: [[NEG:%plr.map[0-9]*]] = fneg fast float [[M]]
; CHECK-NEXT: store float [[NEG]], ptr [[AT]]

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

