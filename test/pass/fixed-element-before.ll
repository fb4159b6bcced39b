; A fixed element that reads the state's earlier value, as clang leaves it: `*last = x[i] - s` after
; `s += x[i]` becomes -s_prev, `(s + x[i]) / (i + 1)` after `s = a*s - x[i]` becomes a*s_prev / (i + 1)
; (recfuzz RECFUZZ_FORM=fixed seeds 92, 51, 48, 58, once refused with the reduction's reason), and `*last
; = s` before the update or `*last = s2` of an order-2 recurrence read it as written. The value at the
; last index reads y[n-2] (y[n-3]), or the phi's value from the preheader when n is smaller, loaded
; from y[n-1] then and not used; stored once after the call, before an output map replaces the state
; in y. A second accumulator stored every iteration is a state of its own: the loop is split into a
; loop per state (distribute.cpp), s's replaced, t's a reduction kept in memory (refused). A near
; miss, the element the loop's first store (the candidate): stored on some iterations, a conditional
; store.
; REQUIRES: pass
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -S %s | %FileCheck %s
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -pass-remarks=plr -pass-remarks-missed=plr -disable-output %s 2>&1 | %FileCheck %s --check-prefix=REMARK
;
; Input: make-input.sh ../e2e/fixed-element-before.c FN -ffast-math for each function (metadata and
; attributes left out), from:
; void prev_sum(long *y, long *z, const long *x, long *last, int n) {
;   long s = 3;
;   for (int i = 0; i < n; i++) { s += x[i]; *last = x[i] - s; y[i] = s; z[i] = s / (i + 1); }
; }
; void prev_counter(unsigned long *y, const unsigned long *x, unsigned long *last, long n, unsigned long a) {
;   unsigned long s = 3;
;   for (long i = 0; i < n; i++) { s = a * s - x[i]; *last = (s + x[i]) / (i + 1); y[i] = s + i; }
; }
; void prev_back(unsigned long *y, const unsigned long *x, unsigned long *last, int n, unsigned long *st) {
;   unsigned long s = st[0];
;   for (int i = n - 1; i >= 0; i--) { s += x[i]; *last = x[i] - s; y[i] = s - (unsigned long)i; }
;   st[0] = s;
; }
; void prev_from(unsigned *y, unsigned *z, const unsigned *x, unsigned *last, int i0, int n, unsigned a) {
;   unsigned s = 3;
;   for (int i = i0; i < n; i++) { s = a * s + x[i]; *last = x[i] - s; y[i] = s; z[i] = (s >> 2) + i * 5; }
; }
; void before_update(float *y, const float *x, float *last, long n, float a) {
;   float s = 0.25f;
;   for (long i = 0; i < n; i++) { *last = s; s = a * s + x[i]; y[i] = s; }
; }
; void prev2(int *y, const int *x, int *last, long n) {
;   int s1 = 5, s2 = 7;
;   for (long i = 0; i < n; i++) { int s = s1 - s2 + x[i]; *last = s2; s2 = s1; s1 = s; y[i] = s; }
; }
; void other_state(int *y, const int *x, const int *w, int *last, long n) {
;   unsigned s = 0;
;   int t = 0;
;   for (long i = 0; i < n; i++) { s = 3 * s + (unsigned)x[i]; t += w[i]; *last = t; y[i] = (int)s; }
; }
; void cond_last(int *y, const int *x, int *last, long n) {
;   unsigned s = 0;
;   for (long i = 0; i < n; i++) { s = 3 * s + (unsigned)x[i]; if (x[i] > 0) *last = (int)s; y[i] = (int)s; }
; }

; REMARK-NOT: not replaced
; REMARK: remark: {{.*}}signature (1: 1), type i64, order 1, one other array stored as an elementwise map of the output after the call, one fixed element written on every iteration, stored once after the call with the last iteration's value, the loop's counter recomputed by the map from its index; plan: check(x apart from y or exactly y, *last and z apart from x, y and each other); ask(2 passes); call(1: 1) x->y; store(*last = g(y[n-2]) at n-1); map(z = g(y, i))
; REMARK: remark: {{.*}}signature (-1: a), type i64, order 1, output an elementwise map of the state, one fixed element written on every iteration, stored once after the call with the last iteration's value, the loop's counter recomputed by the maps from its index; plan: check(x apart from y or exactly y, *last apart from x and y); ask(2 passes); call(-1: a) x->y; store(*last = g(y[n-2], i) at n-1); map(out = g(y, i))
; REMARK: remark: {{.*}}signature (1: 1), type i64, order 1, layout: y stride -1, x stride -1 (backward), {{.*}}; plan: check(x apart from y or exactly y, *last apart from x and y); ask(2 passes); call(1: 1) x->y, y stride -1, x stride -1; store(*last = g(y[n-2]) at n-1); map(out = g(y, i))
; REMARK: remark: {{.*}}signature (1: a), type i32, {{.*}}; plan: check(x apart from y or exactly y, *last and z apart from x, y and each other); ask(2 passes); call(1: a) x->y; store(*last = g(y[n-2]) at n-1); map(z = g(y, i))
; REMARK: remark: {{.*}}signature (1: a), type f32, order 1, one fixed element written on every iteration, stored once after the call with the last iteration's value; plan: check(x apart from y or exactly y, *last apart from x and y); ask(1 pass); call(1: a) x->y; store(*last = y[n-2])
; REMARK: remark: {{.*}}signature (1: 1, -1), type i32, order 2, one fixed element written on every iteration, stored once after the call with the last iteration's value; plan: check(x apart from y or exactly y, *last apart from x and y); ask(1 pass); call(1: 1, -1) x->y; store(*last = y[n-3])
; (other_state, split: t's loop first, a reduction kept in memory, then s's)
; REMARK: remark: {{.*}}recurrence not replaced: the loop stores to one fixed element on every iteration (a reduction kept in memory
; REMARK: remark: {{.*}}signature (1: 3), type i32, order 1; plan: check(x apart from y or exactly y); ask(1 pass); call(1: 3) x->y{{$}}
; REMARK-NOT: one fixed element on every iteration
; REMARK: remark: {{.*}}recurrence not replaced: the output, or another array the loop stores, is not stored on every iteration
; REMARK-NOT: one fixed element on every iteration

; The element apart from y, x and z; after the call, -y[n-2] (3 when n = 1) stored to it once, then
; the map loop for z.
; CHECK-LABEL: define dso_local void @prev_sum(
; CHECK: ptrtoint ptr %last to i64
; CHECK: %plr.stores.apart = or i1
; CHECK-LABEL: define internal i1 @prev_sum.plr.call(
; CHECK: plr.done:
; CHECK-NEXT: [[O:%[0-9]+]] = mul i64 %plr.last, 8
; CHECK-NEXT: [[Y:%[0-9]+]] = getelementptr i8, ptr %y, i64 [[O]]
; CHECK-NEXT: [[E:%[0-9]+]] = icmp ult i64 %plr.last, 1
; CHECK-NEXT: [[B:%[0-9]+]] = select i1 [[E]], i64 0, i64 -8
; CHECK-NEXT: [[P:%[0-9]+]] = getelementptr i8, ptr [[Y]], i64 [[B]]
; CHECK-NEXT: %plr.state.before = load i64, ptr [[P]], align 8
; CHECK-NEXT: [[F:%[0-9]+]] = icmp eq i64 %plr.last, 0
; CHECK-NEXT: [[S:%plr.state.before[0-9]+]] = select i1 [[F]], i64 3, i64 %plr.state.before
; CHECK-NEXT: [[V:%plr.map[0-9]*]] = sub i64 0, [[S]]
; CHECK-NEXT: store i64 [[V]], ptr %last
; CHECK-NEXT: br label %[[LOOP:plr.map[0-9]*]]
; CHECK: [[LOOP]]:
; CHECK: sdiv i64
; CHECK: plr.map.done:
; The counter at n-1 beside a*y[n-2].
; CHECK-LABEL: define internal i1 @prev_counter.plr.call(
; CHECK: plr.done:
; CHECK: %plr.state.before = load i64
; CHECK: [[S:%plr.state.before[0-9]+]] = select i1 %{{[0-9]+}}, i64 3, i64 %plr.state.before
; CHECK-NEXT: [[M:%plr.map[0-9]*]] = mul i64 [[S]], %a
; CHECK-NEXT: [[I:%[0-9]+]] = mul i64 %plr.last, 1
; CHECK-NEXT: %plr.map.iv = add i64 0, [[I]]
; CHECK-NEXT: [[D:%plr.map[0-9]+]] = add nuw nsw i64 %plr.map.iv, 1
; CHECK-NEXT: [[Q:%plr.map[0-9]+]] = udiv i64 [[M]], [[D]]
; CHECK-NEXT: store i64 [[Q]], ptr %last
; Backward: the iteration before is one element up; the initial state is st[0], loaded before the loop.
; CHECK-LABEL: define internal i1 @prev_back.plr.call(
; CHECK-SAME: i64 [[INIT:%[0-9]+]], ptr %last
; CHECK: plr.done:
; CHECK: select i1 %{{[0-9]+}}, i64 0, i64 8
; CHECK: %plr.state.before = load i64
; CHECK: [[S:%plr.state.before[0-9]+]] = select i1 %{{[0-9]+}}, i64 [[INIT]], i64 %plr.state.before
; CHECK-NEXT: [[V:%plr.map[0-9]*]] = sub i64 0, [[S]]
; CHECK-NEXT: store i64 [[V]], ptr %last
; CHECK-LABEL: define internal i1 @prev_from.plr.call(
; CHECK: plr.done:
; CHECK: %plr.state.before = load i32
; CHECK: [[S:%plr.state.before[0-9]+]] = select i1 %{{[0-9]+}}, i32 3, i32 %plr.state.before
; CHECK-NEXT: [[M:%plr.map[0-9]*]] = mul i32 [[S]], %a
; CHECK-NEXT: [[V:%plr.map[0-9]+]] = sub i32 0, [[M]]
; CHECK-NEXT: store i32 [[V]], ptr %last
; CHECK-LABEL: define internal i1 @before_update.plr.call(
; CHECK: plr.done:
; CHECK: %plr.state.before = load float
; CHECK: [[S:%plr.state.before[0-9]+]] = select i1 %{{[0-9]+}}, float 2.500000e-01, float %plr.state.before
; CHECK-NEXT: store float [[S]], ptr %last
; CHECK-NOT: plr.map
; Two back: y[n-3]; s2's initial 7 when n = 1, s1's initial 5 (s2's value on the second iteration) when n = 2.
; CHECK-LABEL: define internal i1 @prev2.plr.call(
; CHECK: plr.done:
; CHECK: [[E:%[0-9]+]] = icmp ult i64 %plr.last, 2
; CHECK-NEXT: [[B:%[0-9]+]] = select i1 [[E]], i64 0, i64 -8
; CHECK: %plr.state.before = load i32
; CHECK-NEXT: [[F0:%[0-9]+]] = icmp eq i64 %plr.last, 0
; CHECK-NEXT: [[S0:%plr.state.before[0-9]+]] = select i1 [[F0]], i32 7, i32 %plr.state.before
; CHECK-NEXT: [[F1:%[0-9]+]] = icmp eq i64 %plr.last, 1
; CHECK-NEXT: [[S1:%plr.state.before[0-9]+]] = select i1 [[F1]], i32 5, i32 [[S0]]
; CHECK-NEXT: store i32 [[S1]], ptr %last
; CHECK-LABEL: define dso_local void @other_state(
; CHECK-NOT: plr_run
; CHECK: ret void
; CHECK-LABEL: define dso_local void @cond_last(
; CHECK-NOT: plr_run
; CHECK: ret void

define dso_local void @prev_sum(ptr nocapture noundef writeonly %y, ptr nocapture noundef writeonly %z, ptr nocapture noundef readonly %x, ptr nocapture noundef writeonly %last, i32 noundef %n) local_unnamed_addr {
entry:
  %cmp18 = icmp sgt i32 %n, 0
  br i1 %cmp18, label %for.body.preheader, label %for.cond.cleanup

for.body.preheader:                               ; preds = %entry
  %wide.trip.count = zext nneg i32 %n to i64
  br label %for.body

for.cond.cleanup.loopexit:                        ; preds = %for.body
  br label %for.cond.cleanup

for.cond.cleanup:                                 ; preds = %for.cond.cleanup.loopexit, %entry
  ret void

for.body:                                         ; preds = %for.body.preheader, %for.body
  %indvars.iv = phi i64 [ 0, %for.body.preheader ], [ %indvars.iv.next, %for.body ]
  %s.019 = phi i64 [ 3, %for.body.preheader ], [ %add, %for.body ]
  %arrayidx = getelementptr inbounds i64, ptr %x, i64 %indvars.iv
  %0 = load i64, ptr %arrayidx, align 8
  %add = add nsw i64 %0, %s.019
  %sub = sub i64 0, %s.019
  store i64 %sub, ptr %last, align 8
  %arrayidx4 = getelementptr inbounds i64, ptr %y, i64 %indvars.iv
  store i64 %add, ptr %arrayidx4, align 8
  %indvars.iv.next = add nuw nsw i64 %indvars.iv, 1
  %div = sdiv i64 %add, %indvars.iv.next
  %arrayidx7 = getelementptr inbounds i64, ptr %z, i64 %indvars.iv
  store i64 %div, ptr %arrayidx7, align 8
  %exitcond.not = icmp eq i64 %indvars.iv.next, %wide.trip.count
  br i1 %exitcond.not, label %for.cond.cleanup.loopexit, label %for.body
}

define dso_local void @prev_counter(ptr nocapture noundef writeonly %y, ptr nocapture noundef readonly %x, ptr nocapture noundef writeonly %last, i64 noundef %n, i64 noundef %a) local_unnamed_addr {
entry:
  %cmp14 = icmp sgt i64 %n, 0
  br i1 %cmp14, label %for.body.preheader, label %for.cond.cleanup

for.body.preheader:                               ; preds = %entry
  br label %for.body

for.cond.cleanup.loopexit:                        ; preds = %for.body
  br label %for.cond.cleanup

for.cond.cleanup:                                 ; preds = %for.cond.cleanup.loopexit, %entry
  ret void

for.body:                                         ; preds = %for.body.preheader, %for.body
  %i.016 = phi i64 [ %add2, %for.body ], [ 0, %for.body.preheader ]
  %s.015 = phi i64 [ %sub, %for.body ], [ 3, %for.body.preheader ]
  %mul = mul i64 %s.015, %a
  %arrayidx = getelementptr inbounds i64, ptr %x, i64 %i.016
  %0 = load i64, ptr %arrayidx, align 8
  %sub = sub i64 %mul, %0
  %add2 = add nuw nsw i64 %i.016, 1
  %div = udiv i64 %mul, %add2
  store i64 %div, ptr %last, align 8
  %add3 = add i64 %sub, %i.016
  %arrayidx4 = getelementptr inbounds i64, ptr %y, i64 %i.016
  store i64 %add3, ptr %arrayidx4, align 8
  %exitcond.not = icmp eq i64 %add2, %n
  br i1 %exitcond.not, label %for.cond.cleanup.loopexit, label %for.body
}

define dso_local void @prev_back(ptr nocapture noundef writeonly %y, ptr nocapture noundef readonly %x, ptr nocapture noundef writeonly %last, i32 noundef %n, ptr nocapture noundef %st) local_unnamed_addr {
entry:
  %0 = load i64, ptr %st, align 8
  %cmp19 = icmp sgt i32 %n, 0
  br i1 %cmp19, label %for.body.preheader, label %for.cond.cleanup

for.body.preheader:                               ; preds = %entry
  %1 = zext nneg i32 %n to i64
  br label %for.body

for.cond.cleanup.loopexit:                        ; preds = %for.body
  %add.lcssa = phi i64 [ %add, %for.body ]
  br label %for.cond.cleanup

for.cond.cleanup:                                 ; preds = %for.cond.cleanup.loopexit, %entry
  %s.0.lcssa = phi i64 [ %0, %entry ], [ %add.lcssa, %for.cond.cleanup.loopexit ]
  store i64 %s.0.lcssa, ptr %st, align 8
  ret void

for.body:                                         ; preds = %for.body.preheader, %for.body
  %indvars.iv = phi i64 [ %1, %for.body.preheader ], [ %indvars.iv.next, %for.body ]
  %s.020 = phi i64 [ %0, %for.body.preheader ], [ %add, %for.body ]
  %indvars.iv.next = add nsw i64 %indvars.iv, -1
  %arrayidx1 = getelementptr inbounds i64, ptr %x, i64 %indvars.iv.next
  %2 = load i64, ptr %arrayidx1, align 8
  %add = add i64 %2, %s.020
  %sub4 = sub i64 0, %s.020
  store i64 %sub4, ptr %last, align 8
  %sub5 = sub i64 %add, %indvars.iv.next
  %arrayidx7 = getelementptr inbounds i64, ptr %y, i64 %indvars.iv.next
  store i64 %sub5, ptr %arrayidx7, align 8
  %cmp = icmp ugt i64 %indvars.iv, 1
  br i1 %cmp, label %for.body, label %for.cond.cleanup.loopexit
}

define dso_local void @prev_from(ptr nocapture noundef writeonly %y, ptr nocapture noundef writeonly %z, ptr nocapture noundef readonly %x, ptr nocapture noundef writeonly %last, i32 noundef %i0, i32 noundef %n, i32 noundef %a) local_unnamed_addr {
entry:
  %cmp19 = icmp slt i32 %i0, %n
  br i1 %cmp19, label %for.body.preheader, label %for.cond.cleanup

for.body.preheader:                               ; preds = %entry
  %0 = sext i32 %i0 to i64
  %wide.trip.count = sext i32 %n to i64
  br label %for.body

for.cond.cleanup.loopexit:                        ; preds = %for.body
  br label %for.cond.cleanup

for.cond.cleanup:                                 ; preds = %for.cond.cleanup.loopexit, %entry
  ret void

for.body:                                         ; preds = %for.body.preheader, %for.body
  %indvars.iv = phi i64 [ %0, %for.body.preheader ], [ %indvars.iv.next, %for.body ]
  %s.020 = phi i32 [ 3, %for.body.preheader ], [ %add, %for.body ]
  %mul = mul i32 %s.020, %a
  %arrayidx = getelementptr inbounds i32, ptr %x, i64 %indvars.iv
  %1 = load i32, ptr %arrayidx, align 4
  %add = add i32 %1, %mul
  %sub = sub i32 0, %mul
  store i32 %sub, ptr %last, align 4
  %arrayidx4 = getelementptr inbounds i32, ptr %y, i64 %indvars.iv
  store i32 %add, ptr %arrayidx4, align 4
  %shr = lshr i32 %add, 2
  %2 = trunc i64 %indvars.iv to i32
  %3 = mul i32 %2, 5
  %add6 = add i32 %shr, %3
  %arrayidx8 = getelementptr inbounds i32, ptr %z, i64 %indvars.iv
  store i32 %add6, ptr %arrayidx8, align 4
  %indvars.iv.next = add nsw i64 %indvars.iv, 1
  %exitcond.not = icmp eq i64 %indvars.iv.next, %wide.trip.count
  br i1 %exitcond.not, label %for.cond.cleanup.loopexit, label %for.body
}

define dso_local void @before_update(ptr nocapture noundef writeonly %y, ptr nocapture noundef readonly %x, ptr nocapture noundef writeonly %last, i64 noundef %n, float noundef nofpclass(nan inf) %a) local_unnamed_addr {
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
  %s.08 = phi float [ %add, %for.body ], [ 2.500000e-01, %for.body.preheader ]
  store float %s.08, ptr %last, align 4
  %mul = fmul fast float %s.08, %a
  %arrayidx = getelementptr inbounds float, ptr %x, i64 %i.09
  %0 = load float, ptr %arrayidx, align 4
  %add = fadd fast float %0, %mul
  %arrayidx1 = getelementptr inbounds float, ptr %y, i64 %i.09
  store float %add, ptr %arrayidx1, align 4
  %inc = add nuw nsw i64 %i.09, 1
  %exitcond.not = icmp eq i64 %inc, %n
  br i1 %exitcond.not, label %for.cond.cleanup.loopexit, label %for.body
}

define dso_local void @prev2(ptr nocapture noundef writeonly %y, ptr nocapture noundef readonly %x, ptr nocapture noundef writeonly %last, i64 noundef %n) local_unnamed_addr {
entry:
  %cmp8 = icmp sgt i64 %n, 0
  br i1 %cmp8, label %for.body.preheader, label %for.cond.cleanup

for.body.preheader:                               ; preds = %entry
  br label %for.body

for.cond.cleanup.loopexit:                        ; preds = %for.body
  br label %for.cond.cleanup

for.cond.cleanup:                                 ; preds = %for.cond.cleanup.loopexit, %entry
  ret void

for.body:                                         ; preds = %for.body.preheader, %for.body
  %s1.011 = phi i32 [ %add, %for.body ], [ 5, %for.body.preheader ]
  %i.010 = phi i64 [ %inc, %for.body ], [ 0, %for.body.preheader ]
  %s2.09 = phi i32 [ %s1.011, %for.body ], [ 7, %for.body.preheader ]
  %sub = sub nsw i32 %s1.011, %s2.09
  %arrayidx = getelementptr inbounds i32, ptr %x, i64 %i.010
  %0 = load i32, ptr %arrayidx, align 4
  %add = add nsw i32 %0, %sub
  store i32 %s2.09, ptr %last, align 4
  %arrayidx1 = getelementptr inbounds i32, ptr %y, i64 %i.010
  store i32 %add, ptr %arrayidx1, align 4
  %inc = add nuw nsw i64 %i.010, 1
  %exitcond.not = icmp eq i64 %inc, %n
  br i1 %exitcond.not, label %for.cond.cleanup.loopexit, label %for.body
}

define dso_local void @other_state(ptr nocapture noundef writeonly %y, ptr nocapture noundef readonly %x, ptr nocapture noundef readonly %w, ptr nocapture noundef writeonly %last, i64 noundef %n) local_unnamed_addr {
entry:
  %cmp10 = icmp sgt i64 %n, 0
  br i1 %cmp10, label %for.body.preheader, label %for.cond.cleanup

for.body.preheader:                               ; preds = %entry
  br label %for.body

for.cond.cleanup.loopexit:                        ; preds = %for.body
  br label %for.cond.cleanup

for.cond.cleanup:                                 ; preds = %for.cond.cleanup.loopexit, %entry
  ret void

for.body:                                         ; preds = %for.body.preheader, %for.body
  %i.013 = phi i64 [ %inc, %for.body ], [ 0, %for.body.preheader ]
  %t.012 = phi i32 [ %add2, %for.body ], [ 0, %for.body.preheader ]
  %s.011 = phi i32 [ %add, %for.body ], [ 0, %for.body.preheader ]
  %mul = mul i32 %s.011, 3
  %arrayidx = getelementptr inbounds i32, ptr %x, i64 %i.013
  %0 = load i32, ptr %arrayidx, align 4
  %add = add i32 %0, %mul
  %arrayidx1 = getelementptr inbounds i32, ptr %w, i64 %i.013
  %1 = load i32, ptr %arrayidx1, align 4
  %add2 = add nsw i32 %1, %t.012
  store i32 %add2, ptr %last, align 4
  %arrayidx3 = getelementptr inbounds i32, ptr %y, i64 %i.013
  store i32 %add, ptr %arrayidx3, align 4
  %inc = add nuw nsw i64 %i.013, 1
  %exitcond.not = icmp eq i64 %inc, %n
  br i1 %exitcond.not, label %for.cond.cleanup.loopexit, label %for.body
}

define dso_local void @cond_last(ptr nocapture noundef writeonly %y, ptr nocapture noundef readonly %x, ptr nocapture noundef writeonly %last, i64 noundef %n) local_unnamed_addr {
entry:
  %cmp11 = icmp sgt i64 %n, 0
  br i1 %cmp11, label %for.body.preheader, label %for.cond.cleanup

for.body.preheader:                               ; preds = %entry
  br label %for.body

for.cond.cleanup.loopexit:                        ; preds = %if.end
  br label %for.cond.cleanup

for.cond.cleanup:                                 ; preds = %for.cond.cleanup.loopexit, %entry
  ret void

for.body:                                         ; preds = %for.body.preheader, %if.end
  %i.013 = phi i64 [ %inc, %if.end ], [ 0, %for.body.preheader ]
  %s.012 = phi i32 [ %add, %if.end ], [ 0, %for.body.preheader ]
  %mul = mul i32 %s.012, 3
  %arrayidx = getelementptr inbounds i32, ptr %x, i64 %i.013
  %0 = load i32, ptr %arrayidx, align 4
  %add = add i32 %0, %mul
  %cmp2 = icmp sgt i32 %0, 0
  br i1 %cmp2, label %if.then, label %if.end

if.then:                                          ; preds = %for.body
  store i32 %add, ptr %last, align 4
  br label %if.end

if.end:                                           ; preds = %if.then, %for.body
  %arrayidx3 = getelementptr inbounds i32, ptr %y, i64 %i.013
  store i32 %add, ptr %arrayidx3, align 4
  %inc = add nuw nsw i64 %i.013, 1
  %exitcond.not = icmp eq i64 %inc, %n
  br i1 %exitcond.not, label %for.cond.cleanup.loopexit, label %for.body
}
