; One fixed element stored on every iteration beside the output (`*last = s`, a struct member, a map of
; the state and of another array): only the last iteration's value remains, so after the call the
; replacement stores g(y[n-1], ...) once, before the map loop (an output map replaces the state in y).
; The element is checked apart from x, y and the other stored arrays, and what the loop reloads or a
; map reads apart from it. In a nest, each row's loop is replaced with its own store (NestPlan).
; REQUIRES: pass
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -S %s | %FileCheck %s
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -pass-remarks=plr -pass-remarks-missed=plr -pass-remarks-analysis=plr -disable-output %s 2>&1 | %FileCheck %s --check-prefix=REMARK
;
; Input: make-input.sh FILE.c FN -ffast-math (metadata and attributes left out), from:
; struct filt { float a; float last; long count; };
; void last_f(float *y, const float *x, float *last, long n, float a) {
;   float s = 0.5f;
;   for (long i = 0; i < n; i++) { s = x[i] + a*s; y[i] = s; *last = s; }
; }
; void last_member(struct filt *st, float *y, const float *x, long n) {
;   float s = 0;
;   for (long i = 0; i < n; i++) { s = x[i] + st->a*s; y[i] = s; st->last = s; }
; }
; void last_map(int *y, int *env, int *last, const int *x, const int *bias, long n) {
;   int s = 1;
;   for (long i = 0; i < n; i++) { s = 3*s + x[i]; y[i] = s; env[i] = s >> 2; *last = (s >> 3) + bias[i]; }
; }
; void last_state(double *y, double *last, const double *x, long n, double a) {
;   double s = 0;
;   for (long i = 0; i < n; i++) { s = a*s + (1 - a)*x[i]; y[i] = 2*s + 1; *last = s; }
; }
; void rows(long h, long w, int *y, const int *x, int *last) {
;   for (long r = 0; r < h; r++) {
;     int s = 0;
;     for (long c = 0; c < w; c++) { s = 3*s + x[r*w + c]; y[r*w + c] = s; last[r] = s; }
;   }
; }
; int flag_k(int *y, int *z, int *flag, const int *x, long n, int k) {
;   int s = 0;
;   for (long i = 0; i < n; i++) { s = 5*s + x[i]; y[i] = s; z[i] = 7; *flag = k; }
;   return s;
; }

; REMARK-NOT: not replaced
; REMARK: remark: {{.*}}replaced linear recurrence with a call to plr_run: signature (1: a), type f32, order 1, one fixed element written on every iteration, stored once after the call with the last iteration's value; plan: check(x apart from y or exactly y, *last apart from x and y); ask(1 pass); call(1: a) x->y; store(*last = y[n-1])
; The coefficient st->a is reloaded (y's stores may write it): checked apart from y and from st->last.
; REMARK: remark: {{.*}}signature (1: *st), type f32, order 1, one fixed element written on every iteration, stored once after the call with the last iteration's value; plan: check(x apart from y or exactly y, other loads apart from y and st->last, st->last apart from x and y); ask(1 pass); call(1: *st) x->y; store(st->last = y[n-1])
; REMARK: remark: {{.*}}signature (1: 3), type i32, order 1, one other array stored as an elementwise map of the output after the call, one fixed element written on every iteration, stored once after the call with the last iteration's value; plan: check(x apart from y or exactly y, other loads apart from y, env and *last, env and *last apart from x, y and each other); ask(2 passes); call(1: 3) x->y; store(*last = g(y, bias) at n-1); map(env = g(y))
; REMARK: remark: {{.*}}signature (1 - a: a), type f64, order 1, output an elementwise map of the state, one fixed element written on every iteration, stored once after the call with the last iteration's value; plan: check(x apart from y or exactly y, *last apart from x and y); ask(2 passes); call(1 - a: a) x->y; store(*last = y[n-1]); map(out = g(y))
; REMARK: remark: {{.*}}signature (1: 3), type i32, order 1, one fixed element written on every iteration, stored once after the call with the last iteration's value; plan: check(x apart from y or exactly y, last[r] apart from x and y); ask(1 pass); call(1: 3) x->y; store(last[r] = y[n-1])
; REMARK-NEXT: remark: {{.*}}the loop around it is not part of the call (one call per sequence): the recurrence needs more than one call or a map per sequence ({{.*}}a fixed element stored beside the output{{.*}})
; Values from before the loop, stored as they are: k once, 7 by the map loop.
; REMARK: remark: {{.*}}signature (1: 5), type i32, order 1, one other array stored as an elementwise map of the output after the call, one fixed element written on every iteration, stored once after the call with the last iteration's value; plan: check(x apart from y or exactly y, z and *flag apart from x, y and each other); ask(2 passes); call(1: 5) x->y; store(*flag = k); map(z = 7)
; REMARK-NOT: not replaced

; The element's byte [last, last + 4) apart from y's and from x's footprint, then the call; after it,
; y[n-1] stored to it once, no loop.
; CHECK-LABEL: define dso_local void @last_f(
; CHECK: ptrtoint ptr %last to i64
; CHECK: %plr.stores.apart = or i1
; CHECK: %plr.stores.apart1 = or i1
; CHECK: br i1 %{{[0-9]+}}, label %plr.outlined, label %plr.fallback
; CHECK: plr.fallback:
; CHECK: store float %add, ptr %last
; CHECK-LABEL: define internal i1 @last_f.plr.call(
; CHECK: %plr.last = sub i64 %n, 1
; CHECK: %plr.status = call i32 @plr_run(
; CHECK: plr.done:
; CHECK-NEXT: [[O:%[0-9]+]] = mul i64 %plr.last, 4
; CHECK-NEXT: [[Y:%[0-9]+]] = getelementptr i8, ptr %y, i64 [[O]]
; CHECK-NEXT: %plr.state = load float, ptr [[Y]]
; CHECK-NEXT: store float %plr.state, ptr %last
; CHECK-NEXT: br label %for.cond.cleanup.loopexit.exitStub
; CHECK-NOT: plr.map
; CHECK-LABEL: define dso_local void @last_member(
; CHECK: ptrtoint ptr %st to i64
; CHECK: %plr.apart = or i1
; CHECK: %plr.apart1 = or i1
; CHECK: %plr.stores.apart = or i1
; CHECK: %plr.stores.apart2 = or i1
; CHECK: br i1 %{{[0-9]+}}, label %plr.outlined, label %plr.fallback
; CHECK-LABEL: define internal i1 @last_member.plr.call(
; CHECK: plr.done:
; CHECK: %plr.state = load float
; CHECK-NEXT: store float %plr.state, ptr %last
; The fixed element's map at n-1 (bias[n-1] read), then the map loop for env.
; CHECK-LABEL: define internal i1 @last_map.plr.call(
; CHECK: plr.done:
; CHECK-NEXT: [[O:%[0-9]+]] = mul i64 %plr.last, 4
; CHECK-NEXT: getelementptr i8, ptr %y, i64 [[O]]
; CHECK-NEXT: %plr.state = load i32
; CHECK-NEXT: [[B:%[0-9]+]] = mul i64 %plr.last, 4
; CHECK-NEXT: [[BA:%[0-9]+]] = getelementptr i8, ptr %bias, i64 [[B]]
; CHECK-NEXT: [[BV:%plr.map[0-9]*]] = load i32, ptr [[BA]]
; CHECK-NEXT: [[SH:%plr.map[0-9]*]] = ashr i32 %plr.state, 3
; CHECK-NEXT: [[V:%plr.map[0-9]*]] = add nsw i32 [[BV]], [[SH]]
; CHECK-NEXT: store i32 [[V]], ptr %last
; CHECK-NEXT: br label %[[LOOP:plr.map[0-9]*]]
; CHECK: [[LOOP]]:
; CHECK: ashr i32 %plr.state{{[0-9]+}}, 2
; CHECK: getelementptr i8, ptr %env
; CHECK-NOT: ptr %last
; CHECK: plr.map.done:
; The state stored to *last before the output map replaces it in y.
; CHECK-LABEL: define internal i1 @last_state.plr.call(
; CHECK: plr.done:
; CHECK: %plr.state = load double
; CHECK-NEXT: store double %plr.state, ptr %last
; CHECK-NEXT: br label %plr.map
; CHECK: plr.map:
; CHECK: fmul fast double %plr.state{{[0-9]+}}, 2.000000e+00
; Each row's loop, with &last[r] expanded in the row's preheader.
; CHECK-LABEL: define dso_local void @rows(
; CHECK: [[E:%scevgep[0-9]*]] = getelementptr i8, ptr %last, i64
; CHECK: call i1 @rows.plr.call(i64 %w, ptr %{{.*}}, ptr %{{.*}}, ptr [[E]])
; CHECK-LABEL: define internal i1 @rows.plr.call(
; CHECK-SAME: ptr [[EA:%[a-z0-9]+]])
; CHECK: %plr.state = load i32
; CHECK-NEXT: store i32 %plr.state, ptr [[EA]]
; CHECK-LABEL: define internal i1 @flag_k.plr.call(
; CHECK: plr.done:
; CHECK-NOT: load
; CHECK: store i32 %k, ptr %flag
; CHECK-NEXT: br label %plr.map
; CHECK: plr.map:
; CHECK-NOT: load
; CHECK: store i32 7, ptr
; CHECK: plr.map.done:

define dso_local void @last_f(ptr nocapture noundef writeonly %y, ptr nocapture noundef readonly %x, ptr nocapture noundef writeonly %last, i64 noundef %n, float noundef nofpclass(nan inf) %a) local_unnamed_addr {
entry:
  %cmp7 = icmp sgt i64 %n, 0
  br i1 %cmp7, label %for.body.preheader, label %for.cond.cleanup

for.body.preheader:                               ; preds = %entry
  br label %for.body

for.cond.cleanup.loopexit:                        ; preds = %for.body
  br label %for.cond.cleanup

for.cond.cleanup:                                 ; preds = %for.cond.cleanup.loopexit, %entry
  ret void

for.body:                                         ; preds = %for.body.preheader, %for.body
  %i.09 = phi i64 [ %inc, %for.body ], [ 0, %for.body.preheader ]
  %s.08 = phi float [ %add, %for.body ], [ 5.000000e-01, %for.body.preheader ]
  %arrayidx = getelementptr inbounds float, ptr %x, i64 %i.09
  %0 = load float, ptr %arrayidx, align 4
  %mul = fmul fast float %s.08, %a
  %add = fadd fast float %0, %mul
  %arrayidx1 = getelementptr inbounds float, ptr %y, i64 %i.09
  store float %add, ptr %arrayidx1, align 4
  store float %add, ptr %last, align 4
  %inc = add nuw nsw i64 %i.09, 1
  %exitcond.not = icmp eq i64 %inc, %n
  br i1 %exitcond.not, label %for.cond.cleanup.loopexit, label %for.body
}

define dso_local void @last_member(ptr nocapture noundef %st, ptr nocapture noundef writeonly %y, ptr nocapture noundef readonly %x, i64 noundef %n) local_unnamed_addr {
entry:
  %cmp8 = icmp sgt i64 %n, 0
  br i1 %cmp8, label %for.body.lr.ph, label %for.cond.cleanup

for.body.lr.ph:                                   ; preds = %entry
  %last = getelementptr inbounds i8, ptr %st, i64 4
  br label %for.body

for.cond.cleanup:                                 ; preds = %for.body, %entry
  ret void

for.body:                                         ; preds = %for.body.lr.ph, %for.body
  %i.010 = phi i64 [ 0, %for.body.lr.ph ], [ %inc, %for.body ]
  %s.09 = phi float [ 0.000000e+00, %for.body.lr.ph ], [ %add, %for.body ]
  %arrayidx = getelementptr inbounds float, ptr %x, i64 %i.010
  %0 = load float, ptr %arrayidx, align 4
  %1 = load float, ptr %st, align 8
  %mul = fmul fast float %1, %s.09
  %add = fadd fast float %mul, %0
  %arrayidx1 = getelementptr inbounds float, ptr %y, i64 %i.010
  store float %add, ptr %arrayidx1, align 4
  store float %add, ptr %last, align 4
  %inc = add nuw nsw i64 %i.010, 1
  %exitcond.not = icmp eq i64 %inc, %n
  br i1 %exitcond.not, label %for.cond.cleanup, label %for.body
}

define dso_local void @last_map(ptr nocapture noundef writeonly %y, ptr nocapture noundef writeonly %env, ptr nocapture noundef writeonly %last, ptr nocapture noundef readonly %x, ptr nocapture noundef readonly %bias, i64 noundef %n) local_unnamed_addr {
entry:
  %cmp14 = icmp sgt i64 %n, 0
  br i1 %cmp14, label %for.body, label %for.cond.cleanup

for.cond.cleanup:                                 ; preds = %for.body, %entry
  ret void

for.body:                                         ; preds = %entry, %for.body
  %i.016 = phi i64 [ %inc, %for.body ], [ 0, %entry ]
  %s.015 = phi i32 [ %add, %for.body ], [ 1, %entry ]
  %mul = mul nsw i32 %s.015, 3
  %arrayidx = getelementptr inbounds i32, ptr %x, i64 %i.016
  %0 = load i32, ptr %arrayidx, align 4
  %add = add nsw i32 %0, %mul
  %arrayidx1 = getelementptr inbounds i32, ptr %y, i64 %i.016
  store i32 %add, ptr %arrayidx1, align 4
  %shr = ashr i32 %add, 2
  %arrayidx2 = getelementptr inbounds i32, ptr %env, i64 %i.016
  store i32 %shr, ptr %arrayidx2, align 4
  %shr3 = ashr i32 %add, 3
  %arrayidx4 = getelementptr inbounds i32, ptr %bias, i64 %i.016
  %1 = load i32, ptr %arrayidx4, align 4
  %add5 = add nsw i32 %1, %shr3
  store i32 %add5, ptr %last, align 4
  %inc = add nuw nsw i64 %i.016, 1
  %exitcond.not = icmp eq i64 %inc, %n
  br i1 %exitcond.not, label %for.cond.cleanup, label %for.body
}

define dso_local void @last_state(ptr nocapture noundef writeonly %y, ptr nocapture noundef writeonly %last, ptr nocapture noundef readonly %x, i64 noundef %n, double noundef nofpclass(nan inf) %a) local_unnamed_addr {
entry:
  %cmp11 = icmp sgt i64 %n, 0
  br i1 %cmp11, label %for.body, label %for.cond.cleanup

for.cond.cleanup:                                 ; preds = %for.body, %entry
  ret void

for.body:                                         ; preds = %entry, %for.body
  %i.013 = phi i64 [ %inc, %for.body ], [ 0, %entry ]
  %s.012 = phi double [ %add, %for.body ], [ 0.000000e+00, %entry ]
  %arrayidx = getelementptr inbounds double, ptr %x, i64 %i.013
  %0 = load double, ptr %arrayidx, align 8
  %1 = fsub fast double %s.012, %0
  %2 = fmul fast double %1, %a
  %add = fadd fast double %2, %0
  %mul2 = fmul fast double %add, 2.000000e+00
  %add3 = fadd fast double %mul2, 1.000000e+00
  %arrayidx4 = getelementptr inbounds double, ptr %y, i64 %i.013
  store double %add3, ptr %arrayidx4, align 8
  store double %add, ptr %last, align 8
  %inc = add nuw nsw i64 %i.013, 1
  %exitcond.not = icmp eq i64 %inc, %n
  br i1 %exitcond.not, label %for.cond.cleanup, label %for.body
}

define dso_local void @rows(i64 noundef %h, i64 noundef %w, ptr nocapture noundef writeonly %y, ptr nocapture noundef readonly %x, ptr nocapture noundef writeonly %last) local_unnamed_addr {
entry:
  %cmp28 = icmp sgt i64 %h, 0
  br i1 %cmp28, label %for.cond1.preheader.lr.ph, label %for.cond.cleanup

for.cond1.preheader.lr.ph:                        ; preds = %entry
  %cmp225 = icmp sgt i64 %w, 0
  br label %for.cond1.preheader

for.cond1.preheader:                              ; preds = %for.cond1.preheader.lr.ph, %for.cond.cleanup3
  %r.029 = phi i64 [ 0, %for.cond1.preheader.lr.ph ], [ %inc12, %for.cond.cleanup3 ]
  br i1 %cmp225, label %for.body4.lr.ph, label %for.cond.cleanup3

for.body4.lr.ph:                                  ; preds = %for.cond1.preheader
  %mul5 = mul nuw nsw i64 %r.029, %w
  %arrayidx10 = getelementptr inbounds i32, ptr %last, i64 %r.029
  br label %for.body4

for.cond.cleanup:                                 ; preds = %for.cond.cleanup3, %entry
  ret void

for.cond.cleanup3:                                ; preds = %for.body4, %for.cond1.preheader
  %inc12 = add nuw nsw i64 %r.029, 1
  %exitcond30.not = icmp eq i64 %inc12, %h
  br i1 %exitcond30.not, label %for.cond.cleanup, label %for.cond1.preheader

for.body4:                                        ; preds = %for.body4.lr.ph, %for.body4
  %c.027 = phi i64 [ 0, %for.body4.lr.ph ], [ %inc, %for.body4 ]
  %s.026 = phi i32 [ 0, %for.body4.lr.ph ], [ %add6, %for.body4 ]
  %mul = mul nsw i32 %s.026, 3
  %add = add nuw nsw i64 %c.027, %mul5
  %arrayidx = getelementptr inbounds i32, ptr %x, i64 %add
  %0 = load i32, ptr %arrayidx, align 4
  %add6 = add nsw i32 %0, %mul
  %arrayidx9 = getelementptr inbounds i32, ptr %y, i64 %add
  store i32 %add6, ptr %arrayidx9, align 4
  store i32 %add6, ptr %arrayidx10, align 4
  %inc = add nuw nsw i64 %c.027, 1
  %exitcond.not = icmp eq i64 %inc, %w
  br i1 %exitcond.not, label %for.cond.cleanup3, label %for.body4
}

define dso_local i32 @flag_k(ptr nocapture noundef writeonly %y, ptr nocapture noundef writeonly %z, ptr nocapture noundef writeonly %flag, ptr nocapture noundef readonly %x, i64 noundef %n, i32 noundef %k) local_unnamed_addr {
entry:
  %cmp9 = icmp sgt i64 %n, 0
  br i1 %cmp9, label %for.body.preheader, label %for.cond.cleanup

for.body.preheader:                               ; preds = %entry
  br label %for.body

for.cond.cleanup.loopexit:                        ; preds = %for.body
  %add.lcssa = phi i32 [ %add, %for.body ]
  br label %for.cond.cleanup

for.cond.cleanup:                                 ; preds = %for.cond.cleanup.loopexit, %entry
  %s.0.lcssa = phi i32 [ 0, %entry ], [ %add.lcssa, %for.cond.cleanup.loopexit ]
  ret i32 %s.0.lcssa

for.body:                                         ; preds = %for.body.preheader, %for.body
  %i.011 = phi i64 [ %inc, %for.body ], [ 0, %for.body.preheader ]
  %s.010 = phi i32 [ %add, %for.body ], [ 0, %for.body.preheader ]
  %mul = mul nsw i32 %s.010, 5
  %arrayidx = getelementptr inbounds i32, ptr %x, i64 %i.011
  %0 = load i32, ptr %arrayidx, align 4
  %add = add nsw i32 %0, %mul
  %arrayidx1 = getelementptr inbounds i32, ptr %y, i64 %i.011
  store i32 %add, ptr %arrayidx1, align 4
  %arrayidx2 = getelementptr inbounds i32, ptr %z, i64 %i.011
  store i32 7, ptr %arrayidx2, align 4
  store i32 %k, ptr %flag, align 4
  %inc = add nuw nsw i64 %i.011, 1
  %exitcond.not = icmp eq i64 %inc, %n
  br i1 %exitcond.not, label %for.cond.cleanup.loopexit, label %for.body
}

