; A loop that stores the state, or maps of it, to several arrays: the call writes the state into the
; array that stores it as it is (y), then one map loop writes every other array z[i] = g(y[i], a[i], ...)
; with the loop's own operations, and last y's own output map if it has one. Checked before the
; call: each other stored array apart from x, y (its history read from memory too) and the others,
; and what the maps read apart from all of them.
; REQUIRES: pass
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -S %s | %FileCheck %s
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -pass-remarks=plr -pass-remarks-missed=plr -disable-output %s 2>&1 | %FileCheck %s --check-prefix=REMARK
;
; Input: make-input.sh FILE.c FN -ffast-math for each function (metadata and attributes left out), from:
; void two(float *y, float *z, const float *x, int n, float a) {
;   float s = 0;
;   for (int i = 0; i < n; i++) { s = a*s + x[i]; y[i] = s; z[i] = 0.5f*s + 1; }
; }
; int pi_log(int *u, int *integ_log, const int *e, long n, int kp, int ki, int integ) {
;   for (long i = 0; i < n; i++) { integ += ki*e[i]; u[i] = kp*e[i] + integ; integ_log[i] = integ; }
;   return integ;
; }
; int env_first(int *env, int *y, int *copy, const int *x, const int *bias, long n, int s) {
;   int e = 0;
;   for (long i = 0; i < n; i++) { s = 3*s + x[i]; e = (s >> 2) + bias[i]; env[i] = e; y[i] = s; copy[i] = s; }
;   return e;
; }
; void xmap(int *y, int *z, const int *x, int n) {
;   for (int i = 1; i < n; i++) { y[i] = x[i] + y[i-1]; z[i] = 2*x[i]; }
; }
; void backward2(double *y, double *z, const double *x, const double *w, long n, double a) {
;   double s = 0;
;   for (long i = n - 1; i >= 0; i--) { s = a*s + x[i]; y[i] = s; z[i] = s * w[i]; }
; }
; long side2(long *y, long *z, const long *x, long n) {
;   long s = 0, m = 0;
;   for (long i = 0; i < n; i++) { s = 2*s + x[i]; m += x[i] * x[i]; y[i] = s; z[i] = s - x[i]; }
;   return m;
; }

; REMARK: remark: {{.*}}replaced linear recurrence with a call to plr_run: signature (1: a), type f32, order 1, one other array stored as an elementwise map of the output after the call; plan: check(x apart from y or exactly y, z apart from x and y); ask(2 passes); call(1: a) x->y; map(z = g(y))
; The controller's state is logged: the log is y, the output u a map reading e (x).
; REMARK: remark: {{.*}}signature (ki: 1), type i32, order 1, one other array stored as an elementwise map of the output after the call; plan: check(x apart from y, u apart from x and y); ask(2 passes); call(ki: 1) x->y; map(u = g(y, e))
; env is stored first, but y stores the state itself: y is the call's.
; REMARK: remark: {{.*}}signature (1: 3), type i32, order 1, two other arrays stored as elementwise maps of the output after the call; plan: check(x apart from y or exactly y, other loads apart from y, env and copy, env and copy apart from x, y and each other); ask(3 passes); call(1: 3) x->y; map(env = g(y, bias)); map(copy = y)
; A map of the input alone.
; REMARK: remark: {{.*}}signature (1: 1), type i32, order 1, one other array stored as an elementwise map of the output after the call; plan: check(x apart from y, z apart from x and y); ask(2 passes); call(1: 1) x->y; map(z = g(x))
; REMARK: remark: {{.*}}replaced linear recurrence with a call to plr_run_many: signature (1: a), type f64, order 1, layout: y stride -1, x stride -1 (backward), one other array stored as an elementwise map of the output after the call; plan: check(x apart from y or exactly y, other loads apart from y and z, z apart from x and y); ask(2 passes); call(1: a) x->y, y stride -1, x stride -1; map(z = g(y, w))
; REMARK: remark: {{.*}}signature (1: 2), type i64, order 1, one other array stored as an elementwise map of the output after the call; plan: check(x apart from y, z apart from x and y); ask(3 passes); side(copy of the loop without its store); call(1: 2) x->y; map(z = g(y, x))

; z apart from y and from x; the map reads y and writes z.
; CHECK-LABEL: define dso_local void @two(
; CHECK: %plr.stores.apart = or i1
; CHECK: %plr.stores.apart1 = or i1
; CHECK: br i1 %{{[0-9]+}}, label %plr.outlined, label %plr.fallback
; CHECK: plr.outlined:
; CHECK: %targetBlock = call i1 @two.plr.call(
; CHECK: plr.fallback:
; CHECK-LABEL: define internal i1 @two.plr.call(
; CHECK: call i32 @plr_pays(ptr %plr.sig, ptr %plr.data, i32 2, i32 1,
; CHECK: %plr.status = call i32 @plr_run(
; CHECK: plr.map:
; CHECK: getelementptr i8, ptr %y
; CHECK-NEXT: %plr.state = load float
; CHECK-NEXT: [[M:%plr.map[0-9]*]] = fmul fast float %plr.state, 5.000000e-01
; CHECK-NEXT: [[A:%plr.map[0-9]*]] = fadd fast float [[M]], 1.000000e+00
; CHECK: [[Z:%[0-9]+]] = getelementptr i8, ptr %z
; CHECK-NEXT: store float [[A]], ptr [[Z]]
; CHECK-LABEL: define dso_local i32 @pi_log(
; CHECK: br i1 %{{.*}}, label %plr.outlined, label %plr.fallback
; CHECK: plr.outlined:
; CHECK: %targetBlock = call i1 @pi_log.plr.call(
; CHECK: plr.fallback:
; CHECK-LABEL: define internal i1 @pi_log.plr.call(
; CHECK: store ptr %e,
; CHECK: store ptr %integ_log,
; CHECK: %plr.status = call i32 @plr_run(
; CHECK: plr.map:
; CHECK: %plr.state = load i32
; CHECK: getelementptr i8, ptr %e
; CHECK: mul nsw i32 %plr.map{{[0-9]*}}, %kp
; CHECK: add nsw i32 %plr.state, %plr.map
; CHECK: getelementptr i8, ptr %u
; CHECK: plr.map.done:
; CHECK: %plr.final = load i32
; env's map, then copy's, in one loop over y; e (env's value) returned is env[n-1].
; CHECK-LABEL: define dso_local i32 @env_first(
; CHECK: br i1 %{{.*}}, label %plr.outlined, label %plr.fallback
; CHECK: plr.outlined:
; CHECK: %targetBlock = call i1 @env_first.plr.call(
; CHECK: plr.fallback:
; CHECK-LABEL: define internal i1 @env_first.plr.call(
; CHECK: store ptr %y,
; CHECK: plr.map:
; CHECK: %plr.state = load i32
; CHECK: ashr i32 %plr.state, 2
; CHECK: getelementptr i8, ptr %bias
; CHECK: getelementptr i8, ptr %env
; CHECK: getelementptr i8, ptr %copy
; CHECK-NEXT: store i32 %plr.state
; CHECK: plr.map.done:
; CHECK-NEXT: [[L:%[0-9]+]] = mul i64 %plr.last, 4
; CHECK-NEXT: getelementptr i8, ptr %env, i64 [[L]]
; CHECK-NEXT: %plr.final = load i32
; CHECK-LABEL: define dso_local void @xmap(
; CHECK: br i1 %{{.*}}, label %plr.outlined, label %plr.fallback
; CHECK: plr.outlined:
; CHECK: %targetBlock = call i1 @xmap.plr.call(
; CHECK: plr.fallback:
; CHECK-LABEL: define internal i1 @xmap.plr.call(
; CHECK: plr.map:
; CHECK-NOT: %plr.state
; CHECK: shl nsw i32
; CHECK-LABEL: define dso_local void @backward2(
; CHECK: br i1 %{{.*}}, label %plr.outlined, label %plr.fallback
; CHECK: plr.outlined:
; CHECK: %targetBlock = call i1 @backward2.plr.call(
; CHECK: plr.fallback:
; CHECK-LABEL: define internal i1 @backward2.plr.call(
; CHECK: %plr.status = call i32 @plr_run_many(
; CHECK: plr.map:
; CHECK: mul i64 %plr.i, -8
; CHECK: getelementptr i8, ptr %scevgep
; CHECK: %plr.state = load double
; The copy for m stores neither y nor z.
; CHECK-LABEL: define dso_local i64 @side2(
; CHECK: br i1 %{{.*}}, label %plr.outlined, label %plr.fallback
; CHECK: plr.outlined:
; CHECK: %targetBlock = call i1 @side2.plr.call(
; CHECK: plr.fallback:
; CHECK-LABEL: define internal i1 @side2.plr.call(
; CHECK: for.body.plrmap:
; CHECK-NOT: store
; CHECK: plr.side.done:
; CHECK: plr.map:

define dso_local void @two(ptr nocapture noundef writeonly %y, ptr nocapture noundef writeonly %z, ptr nocapture noundef readonly %x, i32 noundef %n, float noundef nofpclass(nan inf) %a) local_unnamed_addr {
entry:
  %cmp13 = icmp sgt i32 %n, 0
  br i1 %cmp13, label %for.body.preheader, label %for.cond.cleanup

for.body.preheader:                               ; preds = %entry
  %wide.trip.count = zext nneg i32 %n to i64
  br label %for.body

for.cond.cleanup.loopexit:                        ; preds = %for.body
  br label %for.cond.cleanup

for.cond.cleanup:                                 ; preds = %for.cond.cleanup.loopexit, %entry
  ret void

for.body:                                         ; preds = %for.body.preheader, %for.body
  %indvars.iv = phi i64 [ 0, %for.body.preheader ], [ %indvars.iv.next, %for.body ]
  %s.014 = phi float [ 0.000000e+00, %for.body.preheader ], [ %add, %for.body ]
  %mul = fmul fast float %s.014, %a
  %arrayidx = getelementptr inbounds float, ptr %x, i64 %indvars.iv
  %0 = load float, ptr %arrayidx, align 4
  %add = fadd fast float %0, %mul
  %arrayidx2 = getelementptr inbounds float, ptr %y, i64 %indvars.iv
  store float %add, ptr %arrayidx2, align 4
  %mul3 = fmul fast float %add, 5.000000e-01
  %add4 = fadd fast float %mul3, 1.000000e+00
  %arrayidx6 = getelementptr inbounds float, ptr %z, i64 %indvars.iv
  store float %add4, ptr %arrayidx6, align 4
  %indvars.iv.next = add nuw nsw i64 %indvars.iv, 1
  %exitcond.not = icmp eq i64 %indvars.iv.next, %wide.trip.count
  br i1 %exitcond.not, label %for.cond.cleanup.loopexit, label %for.body
}

define dso_local i32 @pi_log(ptr nocapture noundef writeonly %u, ptr nocapture noundef writeonly %integ_log, ptr nocapture noundef readonly %e, i64 noundef %n, i32 noundef %kp, i32 noundef %ki, i32 noundef %integ) local_unnamed_addr {
entry:
  %cmp15 = icmp sgt i64 %n, 0
  br i1 %cmp15, label %for.body.preheader, label %for.cond.cleanup

for.body.preheader:                               ; preds = %entry
  br label %for.body

for.cond.cleanup.loopexit:                        ; preds = %for.body
  %add.lcssa = phi i32 [ %add, %for.body ]
  br label %for.cond.cleanup

for.cond.cleanup:                                 ; preds = %for.cond.cleanup.loopexit, %entry
  %integ.addr.0.lcssa = phi i32 [ %integ, %entry ], [ %add.lcssa, %for.cond.cleanup.loopexit ]
  ret i32 %integ.addr.0.lcssa

for.body:                                         ; preds = %for.body.preheader, %for.body
  %i.017 = phi i64 [ %inc, %for.body ], [ 0, %for.body.preheader ]
  %integ.addr.016 = phi i32 [ %add, %for.body ], [ %integ, %for.body.preheader ]
  %arrayidx = getelementptr inbounds i32, ptr %e, i64 %i.017
  %0 = load i32, ptr %arrayidx, align 4
  %mul = mul nsw i32 %0, %ki
  %add = add nsw i32 %mul, %integ.addr.016
  %mul2 = mul nsw i32 %0, %kp
  %add3 = add nsw i32 %add, %mul2
  %arrayidx4 = getelementptr inbounds i32, ptr %u, i64 %i.017
  store i32 %add3, ptr %arrayidx4, align 4
  %arrayidx5 = getelementptr inbounds i32, ptr %integ_log, i64 %i.017
  store i32 %add, ptr %arrayidx5, align 4
  %inc = add nuw nsw i64 %i.017, 1
  %exitcond.not = icmp eq i64 %inc, %n
  br i1 %exitcond.not, label %for.cond.cleanup.loopexit, label %for.body
}

define dso_local i32 @env_first(ptr nocapture noundef writeonly %env, ptr nocapture noundef writeonly %y, ptr nocapture noundef writeonly %copy, ptr nocapture noundef readonly %x, ptr nocapture noundef readonly %bias, i64 noundef %n, i32 noundef %s) local_unnamed_addr {
entry:
  %cmp16 = icmp sgt i64 %n, 0
  br i1 %cmp16, label %for.body.preheader, label %for.cond.cleanup

for.body.preheader:                               ; preds = %entry
  br label %for.body

for.cond.cleanup.loopexit:                        ; preds = %for.body
  %add2.lcssa = phi i32 [ %add2, %for.body ]
  br label %for.cond.cleanup

for.cond.cleanup:                                 ; preds = %for.cond.cleanup.loopexit, %entry
  %e.0.lcssa = phi i32 [ 0, %entry ], [ %add2.lcssa, %for.cond.cleanup.loopexit ]
  ret i32 %e.0.lcssa

for.body:                                         ; preds = %for.body.preheader, %for.body
  %i.018 = phi i64 [ %inc, %for.body ], [ 0, %for.body.preheader ]
  %s.addr.017 = phi i32 [ %add, %for.body ], [ %s, %for.body.preheader ]
  %mul = mul nsw i32 %s.addr.017, 3
  %arrayidx = getelementptr inbounds i32, ptr %x, i64 %i.018
  %0 = load i32, ptr %arrayidx, align 4
  %add = add nsw i32 %0, %mul
  %shr = ashr i32 %add, 2
  %arrayidx1 = getelementptr inbounds i32, ptr %bias, i64 %i.018
  %1 = load i32, ptr %arrayidx1, align 4
  %add2 = add nsw i32 %shr, %1
  %arrayidx3 = getelementptr inbounds i32, ptr %env, i64 %i.018
  store i32 %add2, ptr %arrayidx3, align 4
  %arrayidx4 = getelementptr inbounds i32, ptr %y, i64 %i.018
  store i32 %add, ptr %arrayidx4, align 4
  %arrayidx5 = getelementptr inbounds i32, ptr %copy, i64 %i.018
  store i32 %add, ptr %arrayidx5, align 4
  %inc = add nuw nsw i64 %i.018, 1
  %exitcond.not = icmp eq i64 %inc, %n
  br i1 %exitcond.not, label %for.cond.cleanup.loopexit, label %for.body
}

define dso_local void @xmap(ptr nocapture noundef %y, ptr nocapture noundef writeonly %z, ptr nocapture noundef readonly %x, i32 noundef %n) local_unnamed_addr {
entry:
  %cmp17 = icmp sgt i32 %n, 1
  br i1 %cmp17, label %for.body.preheader, label %for.cond.cleanup

for.body.preheader:                               ; preds = %entry
  %wide.trip.count = zext nneg i32 %n to i64
  br label %for.body

for.cond.cleanup.loopexit:                        ; preds = %for.body
  br label %for.cond.cleanup

for.cond.cleanup:                                 ; preds = %for.cond.cleanup.loopexit, %entry
  ret void

for.body:                                         ; preds = %for.body.preheader, %for.body
  %indvars.iv = phi i64 [ 1, %for.body.preheader ], [ %indvars.iv.next, %for.body ]
  %arrayidx = getelementptr inbounds i32, ptr %x, i64 %indvars.iv
  %0 = load i32, ptr %arrayidx, align 4
  %1 = getelementptr i32, ptr %y, i64 %indvars.iv
  %arrayidx2 = getelementptr i8, ptr %1, i64 -4
  %2 = load i32, ptr %arrayidx2, align 4
  %add = add nsw i32 %2, %0
  store i32 %add, ptr %1, align 4
  %3 = load i32, ptr %arrayidx, align 4
  %mul = shl nsw i32 %3, 1
  %arrayidx8 = getelementptr inbounds i32, ptr %z, i64 %indvars.iv
  store i32 %mul, ptr %arrayidx8, align 4
  %indvars.iv.next = add nuw nsw i64 %indvars.iv, 1
  %exitcond.not = icmp eq i64 %indvars.iv.next, %wide.trip.count
  br i1 %exitcond.not, label %for.cond.cleanup.loopexit, label %for.body
}

define dso_local void @backward2(ptr nocapture noundef writeonly %y, ptr nocapture noundef writeonly %z, ptr nocapture noundef readonly %x, ptr nocapture noundef readonly %w, i64 noundef %n, double noundef nofpclass(nan inf) %a) local_unnamed_addr {
entry:
  %cmp12 = icmp sgt i64 %n, 0
  br i1 %cmp12, label %for.body.preheader, label %for.cond.cleanup

for.body.preheader:                               ; preds = %entry
  br label %for.body

for.cond.cleanup.loopexit:                        ; preds = %for.body
  br label %for.cond.cleanup

for.cond.cleanup:                                 ; preds = %for.cond.cleanup.loopexit, %entry
  ret void

for.body:                                         ; preds = %for.body.preheader, %for.body
  %i.0.in14 = phi i64 [ %i.0, %for.body ], [ %n, %for.body.preheader ]
  %s.013 = phi double [ %add, %for.body ], [ 0.000000e+00, %for.body.preheader ]
  %i.0 = add nsw i64 %i.0.in14, -1
  %mul = fmul fast double %s.013, %a
  %arrayidx = getelementptr inbounds double, ptr %x, i64 %i.0
  %0 = load double, ptr %arrayidx, align 8
  %add = fadd fast double %0, %mul
  %arrayidx1 = getelementptr inbounds double, ptr %y, i64 %i.0
  store double %add, ptr %arrayidx1, align 8
  %arrayidx2 = getelementptr inbounds double, ptr %w, i64 %i.0
  %1 = load double, ptr %arrayidx2, align 8
  %mul3 = fmul fast double %1, %add
  %arrayidx4 = getelementptr inbounds double, ptr %z, i64 %i.0
  store double %mul3, ptr %arrayidx4, align 8
  %cmp = icmp ugt i64 %i.0.in14, 1
  br i1 %cmp, label %for.body, label %for.cond.cleanup.loopexit
}

define dso_local i64 @side2(ptr nocapture noundef writeonly %y, ptr nocapture noundef writeonly %z, ptr nocapture noundef readonly %x, i64 noundef %n) local_unnamed_addr {
entry:
  %cmp21 = icmp sgt i64 %n, 0
  br i1 %cmp21, label %for.body.preheader, label %for.cond.cleanup

for.body.preheader:                               ; preds = %entry
  br label %for.body

for.cond.cleanup.loopexit:                        ; preds = %for.body
  %add4.lcssa = phi i64 [ %add4, %for.body ]
  br label %for.cond.cleanup

for.cond.cleanup:                                 ; preds = %for.cond.cleanup.loopexit, %entry
  %m.0.lcssa = phi i64 [ 0, %entry ], [ %add4.lcssa, %for.cond.cleanup.loopexit ]
  ret i64 %m.0.lcssa

for.body:                                         ; preds = %for.body.preheader, %for.body
  %i.024 = phi i64 [ %inc, %for.body ], [ 0, %for.body.preheader ]
  %m.023 = phi i64 [ %add4, %for.body ], [ 0, %for.body.preheader ]
  %s.022 = phi i64 [ %add, %for.body ], [ 0, %for.body.preheader ]
  %mul = shl nsw i64 %s.022, 1
  %arrayidx = getelementptr inbounds i64, ptr %x, i64 %i.024
  %0 = load i64, ptr %arrayidx, align 8
  %add = add nsw i64 %0, %mul
  %mul3 = mul nsw i64 %0, %0
  %add4 = add nuw nsw i64 %mul3, %m.023
  %arrayidx5 = getelementptr inbounds i64, ptr %y, i64 %i.024
  store i64 %add, ptr %arrayidx5, align 8
  %1 = load i64, ptr %arrayidx, align 8
  %sub = sub nsw i64 %add, %1
  %arrayidx7 = getelementptr inbounds i64, ptr %z, i64 %i.024
  store i64 %sub, ptr %arrayidx7, align 8
  %inc = add nuw nsw i64 %i.024, 1
  %exitcond.not = icmp eq i64 %inc, %n
  br i1 %exitcond.not, label %for.cond.cleanup.loopexit, label %for.body
}

