; An output that is one recurrence with the input fed through (a direct form II: y = s + c*x of a
; state s before or after its update), with the state used after the loop. Read as one
; recurrence of y, the state's last values are stored nowhere (LiveOut); the output is then read
; as a map of the state and the input instead, and the call computes the state into y and hands
; its last values back through yfinal.
; @smooth: y[i] = s_prev - 1.25*x[i] beside s = a*s + (1-a)*x[i], s returned: the map carries the
; state's value one iteration back in a register (float-state-before.ll).
; @order2: an order-2 state, y[i] = s - 0.47*x[i] after the update, the state's value one
; iteration back (s2) returned: yfinal[0], the state at n - 2.
; @smooth_dead: @smooth without the use after the loop: the one-call reading stands.
; (recfuzz RECFUZZ_FORM=maps seeds 8585, 8597, 8637, 9595.)
; REQUIRES: pass
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -S %s | %FileCheck %s
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -pass-remarks=plr -pass-remarks-missed=plr -disable-output %s 2>&1 | %FileCheck %s --check-prefix=REMARK
;
; Input: make-input.sh smooth.c smooth -ffast-math (metadata and attributes left out), from:
; double smooth(double *y, const double *x, long n, double a) {
;   double s = 0.5;
;   for (long i = 0; i < n; i++) { double sp = s; s = a*s + (1-a)*x[i]; y[i] = sp - 1.25*x[i]; }
;   return s;
; }
; @smooth_dead the same returning 0 (make-input.sh smooth_dead.c smooth_dead -ffast-math), and from
; make-input.sh order2.c order2 -ffast-math:
; double order2(double *y, const double *x, long n, double *st, double b2) {
;   double s1 = st[0], s2 = st[1];
;   for (long i = 0; i < n; i++) {
;     double s = 0.469*x[i] + 0.225*s1 + b2*s2; s2 = s1; s1 = s; y[i] = s - 0.47*x[i];
;   }
;   return s2;
; }

; REMARK: remark: {{.*}}replaced linear recurrence with a call to plr_run: signature (1 - a: a), type f64, order 1, output an elementwise map of the state and of other arrays at its index; plan: check(x apart from y); ask(2 passes); call(1 - a: a) x->y; map(out = g(y, x, y[i-1]))
; REMARK: remark: {{.*}}replaced linear recurrence with a call to plr_run: signature (-1.25, 1 - a - -1.25*a: a), type f64, order 1, output a linear function of the state (direct form II); plan: check(x apart from y or exactly y); ask(1 pass); call(-1.25, 1 - a - -1.25*a: a) x->y
; REMARK: remark: {{.*}}replaced linear recurrence with a call to plr_run: signature (0.469: 0.225, b2), type f64, order 2, output an elementwise map of the state and of other arrays at its index; plan: check(x apart from y); ask(2 passes); call(0.469: 0.225, b2) x->y; map(out = g(y, x))
; REMARK-NOT: remark:

; CHECK-LABEL: define dso_local nofpclass(nan inf) double @smooth(
; CHECK: %targetBlock = call i1 @smooth.plr.call(double %a, i64 %n, ptr %x, ptr %y, ptr %plr.final.loc)
; CHECK-NEXT: %plr.final.reload = load double, ptr %plr.final.loc
; CHECK: %add.lcssa = phi double [ %add, %for.body ], [ %plr.final.reload, %plr.outlined ]
; CHECK-LABEL: define internal i1 @smooth.plr.call(
; CHECK: store ptr %plr.yfinal,
; CHECK: %plr.status = call i32 @plr_run(
; CHECK: plr.map:
; CHECK-NEXT: %plr.i = phi i64 [ 0, %plr.done ], [ %plr.i.next, %plr.map ]
; CHECK-NEXT: %plr.state.before = phi double [ 5.000000e-01, %plr.done ], [ %plr.state, %plr.map ]
; CHECK: [[AT:%[0-9]+]] = getelementptr i8, ptr %y, i64
; CHECK-NEXT: %plr.state = load double, ptr [[AT]]
; CHECK: [[XAT:%[0-9]+]] = getelementptr i8, ptr %x, i64
; CHECK-NEXT: [[XV:%plr.map[0-9]*]] = load double, ptr [[XAT]]
; CHECK-NEXT: [[M:%plr.map[0-9]*]] = fmul fast double [[XV]], 1.250000e+00
; CHECK-NEXT: [[D:%plr.map[0-9]*]] = fsub fast double %plr.state.before, [[M]]
; CHECK-NEXT: store double [[D]], ptr [[AT]]
; CHECK: plr.map.done:
; CHECK-NEXT: [[F:%[0-9]+]] = getelementptr i8, ptr %plr.yfinal, i64 0
; CHECK-NEXT: %plr.final = load double, ptr [[F]]
; CHECK-NEXT: store double %plr.final, ptr %plr.final.out
; CHECK-LABEL: define dso_local noundef nofpclass(nan inf) double @smooth_dead(
; CHECK-NOT: plr.final
; CHECK: call i1 @smooth_dead.plr.call(
; CHECK-LABEL: define internal i1 @smooth_dead.plr.call(
; CHECK-NOT: plr.map:
; CHECK: ret i1
; CHECK-LABEL: define dso_local nofpclass(nan inf) double @order2(
; CHECK: %targetBlock = call i1 @order2.plr.call(double %b2, i64 %n, ptr %x, ptr %y, double %1, double %0, ptr %plr.final.loc)
; CHECK-NEXT: %plr.final.reload = load double, ptr %plr.final.loc
; CHECK: %s1.021.lcssa = phi double [ %s1.021, %for.body ], [ %plr.final.reload, %plr.outlined ]
; CHECK-LABEL: define internal i1 @order2.plr.call(
; CHECK: %plr.status = call i32 @plr_run(
; CHECK: plr.map:
; CHECK: [[AT:%[0-9]+]] = getelementptr i8, ptr %y, i64
; CHECK-NEXT: %plr.state = load double, ptr [[AT]]
; CHECK: fsub fast double %plr.state,
; CHECK: plr.map.done:
; CHECK-NEXT: [[F:%[0-9]+]] = getelementptr i8, ptr %plr.yfinal, i64 0
; CHECK-NEXT: %plr.final = load double, ptr [[F]]
; CHECK-NEXT: store double %plr.final, ptr %plr.final.out

define dso_local nofpclass(nan inf) double @smooth(ptr nocapture noundef writeonly %y, ptr nocapture noundef readonly %x, i64 noundef %n, double noundef nofpclass(nan inf) %a) local_unnamed_addr {
entry:
  %cmp14 = icmp sgt i64 %n, 0
  br i1 %cmp14, label %for.body.preheader, label %for.cond.cleanup

for.body.preheader:                               ; preds = %entry
  br label %for.body

for.cond.cleanup.loopexit:                        ; preds = %for.body
  %add.lcssa = phi double [ %add, %for.body ]
  br label %for.cond.cleanup

for.cond.cleanup:                                 ; preds = %for.cond.cleanup.loopexit, %entry
  %s.0.lcssa = phi double [ 5.000000e-01, %entry ], [ %add.lcssa, %for.cond.cleanup.loopexit ]
  ret double %s.0.lcssa

for.body:                                         ; preds = %for.body.preheader, %for.body
  %s.016 = phi double [ %add, %for.body ], [ 5.000000e-01, %for.body.preheader ]
  %i.015 = phi i64 [ %inc, %for.body ], [ 0, %for.body.preheader ]
  %arrayidx = getelementptr inbounds double, ptr %x, i64 %i.015
  %0 = load double, ptr %arrayidx, align 8
  %1 = fsub fast double %s.016, %0
  %2 = fmul fast double %1, %a
  %add = fadd fast double %2, %0
  %mul3 = fmul fast double %0, 1.250000e+00
  %sub4 = fsub fast double %s.016, %mul3
  %arrayidx5 = getelementptr inbounds double, ptr %y, i64 %i.015
  store double %sub4, ptr %arrayidx5, align 8
  %inc = add nuw nsw i64 %i.015, 1
  %exitcond.not = icmp eq i64 %inc, %n
  br i1 %exitcond.not, label %for.cond.cleanup.loopexit, label %for.body
}

define dso_local noundef nofpclass(nan inf) double @smooth_dead(ptr nocapture noundef writeonly %y, ptr nocapture noundef readonly %x, i64 noundef %n, double noundef nofpclass(nan inf) %a) local_unnamed_addr {
entry:
  %cmp13 = icmp sgt i64 %n, 0
  br i1 %cmp13, label %for.body.preheader, label %for.cond.cleanup

for.body.preheader:                               ; preds = %entry
  br label %for.body

for.cond.cleanup.loopexit:                        ; preds = %for.body
  br label %for.cond.cleanup

for.cond.cleanup:                                 ; preds = %for.cond.cleanup.loopexit, %entry
  ret double 0.000000e+00

for.body:                                         ; preds = %for.body.preheader, %for.body
  %s.015 = phi double [ %add, %for.body ], [ 5.000000e-01, %for.body.preheader ]
  %i.014 = phi i64 [ %inc, %for.body ], [ 0, %for.body.preheader ]
  %arrayidx = getelementptr inbounds double, ptr %x, i64 %i.014
  %0 = load double, ptr %arrayidx, align 8
  %1 = fsub fast double %s.015, %0
  %2 = fmul fast double %1, %a
  %add = fadd fast double %2, %0
  %mul3 = fmul fast double %0, 1.250000e+00
  %sub4 = fsub fast double %s.015, %mul3
  %arrayidx5 = getelementptr inbounds double, ptr %y, i64 %i.014
  store double %sub4, ptr %arrayidx5, align 8
  %inc = add nuw nsw i64 %i.014, 1
  %exitcond.not = icmp eq i64 %inc, %n
  br i1 %exitcond.not, label %for.cond.cleanup.loopexit, label %for.body
}

define dso_local nofpclass(nan inf) double @order2(ptr nocapture noundef writeonly %y, ptr nocapture noundef readonly %x, i64 noundef %n, ptr nocapture noundef readonly %st, double noundef nofpclass(nan inf) %b2) local_unnamed_addr {
entry:
  %arrayidx1 = getelementptr inbounds i8, ptr %st, i64 8
  %0 = load double, ptr %arrayidx1, align 8
  %cmp18 = icmp sgt i64 %n, 0
  br i1 %cmp18, label %for.body.preheader, label %for.cond.cleanup

for.body.preheader:                               ; preds = %entry
  %1 = load double, ptr %st, align 8
  br label %for.body

for.cond.cleanup.loopexit:                        ; preds = %for.body
  %s1.021.lcssa = phi double [ %s1.021, %for.body ]
  br label %for.cond.cleanup

for.cond.cleanup:                                 ; preds = %for.cond.cleanup.loopexit, %entry
  %s2.0.lcssa = phi double [ %0, %entry ], [ %s1.021.lcssa, %for.cond.cleanup.loopexit ]
  ret double %s2.0.lcssa

for.body:                                         ; preds = %for.body.preheader, %for.body
  %s1.021 = phi double [ %add5, %for.body ], [ %1, %for.body.preheader ]
  %i.020 = phi i64 [ %inc, %for.body ], [ 0, %for.body.preheader ]
  %s2.019 = phi double [ %s1.021, %for.body ], [ %0, %for.body.preheader ]
  %arrayidx2 = getelementptr inbounds double, ptr %x, i64 %i.020
  %2 = load double, ptr %arrayidx2, align 8
  %mul = fmul fast double %2, 4.690000e-01
  %mul3 = fmul fast double %s1.021, 2.250000e-01
  %mul4 = fmul fast double %s2.019, %b2
  %add = fadd fast double %mul3, %mul4
  %add5 = fadd fast double %add, %mul
  %mul7 = fmul fast double %2, 4.700000e-01
  %sub = fsub fast double %add5, %mul7
  %arrayidx8 = getelementptr inbounds double, ptr %y, i64 %i.020
  store double %sub, ptr %arrayidx8, align 8
  %inc = add nuw nsw i64 %i.020, 1
  %exitcond.not = icmp eq i64 %inc, %n
  br i1 %exitcond.not, label %for.cond.cleanup.loopexit, label %for.body
}
