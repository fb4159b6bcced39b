; Maps over every index that read the state's earlier value: clang folds `d[i] = x[i] - s` after
; `s += x[i]` into -s_prev; `d[i] = 3*s2 + x[i]` of an order-2 recurrence reads it two back. The map
; loop after the call carries the state of the iterations before in phis (y[i] as loaded before an
; output map replaces it), from the loop's initial values at i = 0: forward, backward (the iteration
; before is the element after), beside an output map. In a nest whose sequences all start from one
; value (s = 1) the nest is one call, and the map loop over every sequence restarts the register
; from that value at each; where each starts from its own (s = x[j*n]) the loop around is not part
; of the call, with its own reason (NestStateBefore); the inner loop alone is.
; REQUIRES: pass
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -S %s | %FileCheck %s
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -pass-remarks=plr -pass-remarks-missed=plr -pass-remarks-analysis=plr -disable-output %s 2>&1 | %FileCheck %s --check-prefix=REMARK
;
; Input: as clang -O2 -ffast-math leaves these (from ../e2e/map-before.c; the loops not unrolled,
; metadata and attributes left out):
; void sum_prev(long *y, long *d, const long *x, long n) {
;   long s = 3;
;   for (long i = 0; i < n; i++) { s += x[i]; d[i] = x[i] - s; y[i] = s; }
; }
; void prev2(int *y, int *d, const int *x, long n) {
;   int s1 = 5, s2 = 7;
;   for (long i = 0; i < n; i++) { int s = s1 - s2 + x[i]; d[i] = s2 * 3 + x[i]; s2 = s1; s1 = s; y[i] = s; }
; }
; void back(unsigned long *y, unsigned long *d, const unsigned long *x, long n, unsigned long a) {
;   unsigned long s = 11;
;   for (long i = n - 1; i >= 0; i--) { unsigned long p = s; s = a * s + x[i]; y[i] = s; d[i] = x[i] ^ p; }
; }
; void outmap(long *y, long *d, const long *x, long n) {
;   long s = 2;
;   for (long i = 0; i < n; i++) { long p = s; s = 3 * s + x[i]; y[i] = s + 7 * i; d[i] = x[i] - p; }
; }
; void nest(long *y, long *d, const long *x, long m, long n) {
;   for (long j = 0; j < m; j++) {
;     long s = 1;
;     for (long i = 0; i < n; i++) { long p = s; s = 3 * s + x[j*n+i]; y[j*n+i] = s; d[j*n+i] = x[j*n+i] - p; }
;   }
; }
; void nest_own(long *y, long *d, const long *x, long m, long n) {
;   for (long j = 0; j < m; j++) {
;     long s = x[j * n];
;     for (long i = 0; i < n; i++) { long p = s; s = 3 * s + x[j*n+i]; y[j*n+i] = s; d[j*n+i] = x[j*n+i] - p; }
;   }
; }
; (nest_own: make-input.sh nown.c nest_own -ffast-math -fno-unroll-loops)

; REMARK-NOT: not replaced
; REMARK: remark: {{.*}}signature (1: 1), type i64, order 1, one other array stored as an elementwise map of the output after the call; plan: check(x apart from y or exactly y, d apart from x and y); ask(2 passes); call(1: 1) x->y; map(d = g(y[i-1]))
; REMARK: remark: {{.*}}signature (1: 1, -1), type i32, order 2, {{.*}}; plan: check(x apart from y, d apart from x and y); ask(2 passes); call(1: 1, -1) x->y; map(d = g(x, y[i-2]))
; REMARK: remark: {{.*}}signature (1: a), type i64, order 1, layout: y stride -1, x stride -1 (backward), {{.*}}; plan: check(x apart from y, d apart from x and y); ask(2 passes); call(1: a) x->y, y stride -1, x stride -1; map(d = g(x, y[i-1]))
; REMARK: remark: {{.*}}signature (1: 3), type i64, order 1, output an elementwise map of the state, {{.*}}; plan: check(x apart from y, d apart from x and y); ask(3 passes); call(1: 3) x->y; map(d = g(x, y[i-1])); map(out = g(y, i))
; REMARK: remark: {{.*}}replaced loop nest with one call to plr_run_many: signature (1: 3), type i64, order 1; one sequence per iteration of the outer loop, {{.*}}map(d = g(x, y[i-1]))
; REMARK: remark: {{.*}}signature (1: 3), type i64, order 1, {{.*}}; plan: check(x apart from y, d apart from x and y); ask(2 passes); call(1: 3) x->y; map(d = g(x, y[i-1]))
; REMARK: remark: {{.*}}the loop around it is not part of the call (one call per sequence): a map reads the state's value from an earlier iteration, which at a sequence's first indices is the value it had before the recurrence loop, computed per sequence (the recurrence loop alone is replaced)
; REMARK-NOT: not replaced

; -s_prev: the phi starts from 3 and takes y[i] on.
; CHECK-LABEL: define internal i1 @sum_prev.plr.call(
; CHECK: plr.map:
; CHECK-NEXT: %plr.i = phi i64 [ 0, %plr.done ], [ %plr.i.next, %plr.map ]
; CHECK-NEXT: %plr.state.before = phi i64 [ 3, %plr.done ], [ %plr.state, %plr.map ]
; CHECK: %plr.state = load i64, ptr
; CHECK-NEXT: [[V:%plr.map[0-9]*]] = sub i64 0, %plr.state.before
; CHECK: store i64 [[V]], ptr

; Two back: 7, then 5, then y[i-2].
; CHECK-LABEL: define internal i1 @prev2.plr.call(
; CHECK: plr.map:
; CHECK-NEXT: %plr.i = phi i64
; CHECK-NEXT: %plr.state.before = phi i32 [ 5, %plr.done ], [ %plr.state, %plr.map ]
; CHECK-NEXT: %plr.state.before2 = phi i32 [ 7, %plr.done ], [ %plr.state.before, %plr.map ]
; CHECK: mul nsw i32 %plr.state.before2, 3

; Backward: the map walks y down from y[n-1], the phi carrying the element after.
; CHECK-LABEL: define internal i1 @back.plr.call(
; CHECK: plr.map:
; CHECK-NEXT: %plr.i = phi i64
; CHECK-NEXT: %plr.state.before = phi i64 [ 11, %plr.done ], [ %plr.state, %plr.map ]
; CHECK-NEXT: [[O:%[0-9]+]] = mul i64 %plr.i, -8
; CHECK-NEXT: [[A:%[0-9]+]] = getelementptr i8, ptr %scevgep, i64 [[O]]
; CHECK-NEXT: %plr.state = load i64, ptr [[A]]
; CHECK: xor i64 %plr.map{{[0-9]+}}, %plr.state.before

; Beside the output map: the phi takes y[i] as loaded, before y[i] = s + 7i replaces it.
; CHECK-LABEL: define internal i1 @outmap.plr.call(
; CHECK: plr.map:
; CHECK-NEXT: %plr.i = phi i64
; CHECK-NEXT: %plr.state.before = phi i64 [ 2, %plr.done ], [ %plr.state, %plr.map ]
; CHECK-NEXT: [[O:%[0-9]+]] = mul i64 %plr.i, 8
; CHECK-NEXT: [[Y:%[0-9]+]] = getelementptr i8, ptr %y, i64 [[O]]
; CHECK-NEXT: %plr.state = load i64, ptr [[Y]]
; CHECK: sub nsw i64 %plr.map{{[0-9]+}}, %plr.state.before
; CHECK: [[OUT:%plr.map[0-9]+]] = add nsw i64 %plr.state, %plr.map{{[0-9]+}}
; CHECK-NEXT: store i64 [[OUT]], ptr [[Y]]

; The nest: one call; each sequence's map restarts the register from 1.
; CHECK-LABEL: define internal i1 @nest.plr.call(
; CHECK: %plr.status = call i32 @plr_run_many(
; CHECK: plr.map.seq:
; CHECK: plr.map:
; CHECK-NEXT: %plr.i = phi i64 [ 0, %plr.map.seq ], [ %plr.i.next, %plr.map ]
; CHECK-NEXT: %plr.state.before = phi i64 [ 1, %plr.map.seq ], [ %plr.state, %plr.map ]
; CHECK: br i1 %{{[0-9]+}}, label %plr.map.seq.next, label %plr.map
; nest_own: each inner loop its own call, its register from the sequence's first x.
; CHECK-LABEL: define internal i1 @nest_own.plr.call(
; CHECK: %plr.status = call i32 @plr_run(
; CHECK: plr.map:
; CHECK-NEXT: %plr.i = phi i64
; CHECK-NEXT: %plr.state.before = phi i64 [ %{{[0-9]+}}, %plr.done ], [ %plr.state, %plr.map ]

define dso_local void @sum_prev(ptr nocapture noundef writeonly %y, ptr nocapture noundef writeonly %d, ptr nocapture noundef readonly %x, i64 noundef %n) local_unnamed_addr {
entry:
  %cmp = icmp sgt i64 %n, 0
  br i1 %cmp, label %for.body.preheader, label %for.cond.cleanup

for.body.preheader:
  br label %for.body

for.cond.cleanup.loopexit:
  br label %for.cond.cleanup

for.cond.cleanup:
  ret void

for.body:
  %i = phi i64 [ 0, %for.body.preheader ], [ %i.next, %for.body ]
  %s = phi i64 [ 3, %for.body.preheader ], [ %add, %for.body ]
  %arrayidx = getelementptr inbounds i64, ptr %x, i64 %i
  %0 = load i64, ptr %arrayidx, align 8
  %add = add nsw i64 %0, %s
  %sub = sub i64 0, %s
  %arrayidx2 = getelementptr inbounds i64, ptr %d, i64 %i
  store i64 %sub, ptr %arrayidx2, align 8
  %arrayidx3 = getelementptr inbounds i64, ptr %y, i64 %i
  store i64 %add, ptr %arrayidx3, align 8
  %i.next = add nuw nsw i64 %i, 1
  %exitcond = icmp eq i64 %i.next, %n
  br i1 %exitcond, label %for.cond.cleanup.loopexit, label %for.body
}

define dso_local void @prev2(ptr nocapture noundef writeonly %y, ptr nocapture noundef writeonly %d, ptr nocapture noundef readonly %x, i64 noundef %n) local_unnamed_addr {
entry:
  %cmp = icmp sgt i64 %n, 0
  br i1 %cmp, label %for.body.preheader, label %for.cond.cleanup

for.body.preheader:
  br label %for.body

for.cond.cleanup.loopexit:
  br label %for.cond.cleanup

for.cond.cleanup:
  ret void

for.body:
  %i = phi i64 [ 0, %for.body.preheader ], [ %i.next, %for.body ]
  %s1 = phi i32 [ 5, %for.body.preheader ], [ %add, %for.body ]
  %s2 = phi i32 [ 7, %for.body.preheader ], [ %s1, %for.body ]
  %sub = sub nsw i32 %s1, %s2
  %arrayidx = getelementptr inbounds i32, ptr %x, i64 %i
  %0 = load i32, ptr %arrayidx, align 4
  %add = add nsw i32 %0, %sub
  %mul = mul nsw i32 %s2, 3
  %add2 = add nsw i32 %0, %mul
  %arrayidx3 = getelementptr inbounds i32, ptr %d, i64 %i
  store i32 %add2, ptr %arrayidx3, align 4
  %arrayidx4 = getelementptr inbounds i32, ptr %y, i64 %i
  store i32 %add, ptr %arrayidx4, align 4
  %i.next = add nuw nsw i64 %i, 1
  %exitcond = icmp eq i64 %i.next, %n
  br i1 %exitcond, label %for.cond.cleanup.loopexit, label %for.body
}

define dso_local void @back(ptr nocapture noundef writeonly %y, ptr nocapture noundef writeonly %d, ptr nocapture noundef readonly %x, i64 noundef %n, i64 noundef %a) local_unnamed_addr {
entry:
  %cmp = icmp sgt i64 %n, 0
  br i1 %cmp, label %for.body.preheader, label %for.cond.cleanup

for.body.preheader:
  br label %for.body

for.cond.cleanup.loopexit:
  br label %for.cond.cleanup

for.cond.cleanup:
  ret void

for.body:
  %i.in = phi i64 [ %n, %for.body.preheader ], [ %i, %for.body ]
  %s = phi i64 [ 11, %for.body.preheader ], [ %add, %for.body ]
  %i = add nsw i64 %i.in, -1
  %mul = mul i64 %s, %a
  %arrayidx = getelementptr inbounds i64, ptr %x, i64 %i
  %0 = load i64, ptr %arrayidx, align 8
  %add = add i64 %0, %mul
  %arrayidx1 = getelementptr inbounds i64, ptr %y, i64 %i
  store i64 %add, ptr %arrayidx1, align 8
  %xor = xor i64 %0, %s
  %arrayidx3 = getelementptr inbounds i64, ptr %d, i64 %i
  store i64 %xor, ptr %arrayidx3, align 8
  %more = icmp sgt i64 %i.in, 1
  br i1 %more, label %for.body, label %for.cond.cleanup.loopexit
}

define dso_local void @outmap(ptr nocapture noundef writeonly %y, ptr nocapture noundef writeonly %d, ptr nocapture noundef readonly %x, i64 noundef %n) local_unnamed_addr {
entry:
  %cmp = icmp sgt i64 %n, 0
  br i1 %cmp, label %for.body.preheader, label %for.cond.cleanup

for.body.preheader:
  br label %for.body

for.cond.cleanup.loopexit:
  br label %for.cond.cleanup

for.cond.cleanup:
  ret void

for.body:
  %i = phi i64 [ 0, %for.body.preheader ], [ %i.next, %for.body ]
  %s = phi i64 [ 2, %for.body.preheader ], [ %add, %for.body ]
  %mul = mul nsw i64 %s, 3
  %arrayidx = getelementptr inbounds i64, ptr %x, i64 %i
  %0 = load i64, ptr %arrayidx, align 8
  %add = add nsw i64 %0, %mul
  %mul1 = mul nsw i64 %i, 7
  %add2 = add nsw i64 %add, %mul1
  %arrayidx3 = getelementptr inbounds i64, ptr %y, i64 %i
  store i64 %add2, ptr %arrayidx3, align 8
  %sub = sub nsw i64 %0, %s
  %arrayidx5 = getelementptr inbounds i64, ptr %d, i64 %i
  store i64 %sub, ptr %arrayidx5, align 8
  %i.next = add nuw nsw i64 %i, 1
  %exitcond = icmp eq i64 %i.next, %n
  br i1 %exitcond, label %for.cond.cleanup.loopexit, label %for.body
}

define dso_local void @nest(ptr nocapture noundef writeonly %y, ptr nocapture noundef writeonly %d, ptr nocapture noundef readonly %x, i64 noundef %m, i64 noundef %n) local_unnamed_addr {
entry:
  %cmp.m = icmp sgt i64 %m, 0
  %cmp.n = icmp sgt i64 %n, 0
  %both = and i1 %cmp.m, %cmp.n
  br i1 %both, label %outer.preheader, label %exit

outer.preheader:
  br label %outer

outer:
  %j = phi i64 [ 0, %outer.preheader ], [ %j.next, %outer.latch ]
  %row = mul nsw i64 %j, %n
  br label %for.body

for.body:
  %i = phi i64 [ 0, %outer ], [ %i.next, %for.body ]
  %s = phi i64 [ 1, %outer ], [ %add, %for.body ]
  %k = add nsw i64 %row, %i
  %mul = mul nsw i64 %s, 3
  %arrayidx = getelementptr inbounds i64, ptr %x, i64 %k
  %0 = load i64, ptr %arrayidx, align 8
  %add = add nsw i64 %0, %mul
  %arrayidx1 = getelementptr inbounds i64, ptr %y, i64 %k
  store i64 %add, ptr %arrayidx1, align 8
  %sub = sub nsw i64 %0, %s
  %arrayidx2 = getelementptr inbounds i64, ptr %d, i64 %k
  store i64 %sub, ptr %arrayidx2, align 8
  %i.next = add nuw nsw i64 %i, 1
  %exitcond = icmp eq i64 %i.next, %n
  br i1 %exitcond, label %outer.latch, label %for.body

outer.latch:
  %j.next = add nuw nsw i64 %j, 1
  %exitcond.j = icmp eq i64 %j.next, %m
  br i1 %exitcond.j, label %exit.loopexit, label %outer

exit.loopexit:
  br label %exit

exit:
  ret void
}

define dso_local void @nest_own(ptr nocapture noundef writeonly %y, ptr nocapture noundef writeonly %d, ptr nocapture noundef readonly %x, i64 noundef %m, i64 noundef %n) local_unnamed_addr {
entry:
  %cmp44 = icmp sgt i64 %m, 0
  br i1 %cmp44, label %for.body.lr.ph, label %for.cond.cleanup

for.body.lr.ph:                                   ; preds = %entry
  %cmp241 = icmp sgt i64 %n, 0
  br label %for.body

for.cond.cleanup.loopexit:                        ; preds = %for.cond.cleanup3
  br label %for.cond.cleanup

for.cond.cleanup:                                 ; preds = %for.cond.cleanup.loopexit, %entry
  ret void

for.body:                                         ; preds = %for.body.lr.ph, %for.cond.cleanup3
  %j.045 = phi i64 [ 0, %for.body.lr.ph ], [ %inc19, %for.cond.cleanup3 ]
  %mul = mul nsw i64 %j.045, %n
  br i1 %cmp241, label %for.body4.preheader, label %for.cond.cleanup3

for.body4.preheader:                              ; preds = %for.body
  %arrayidx = getelementptr inbounds i64, ptr %x, i64 %mul
  %0 = load i64, ptr %arrayidx, align 8
  br label %for.body4

for.cond.cleanup3.loopexit:                       ; preds = %for.body4
  br label %for.cond.cleanup3

for.cond.cleanup3:                                ; preds = %for.cond.cleanup3.loopexit, %for.body
  %inc19 = add nuw nsw i64 %j.045, 1
  %exitcond46.not = icmp eq i64 %inc19, %m
  br i1 %exitcond46.not, label %for.cond.cleanup.loopexit, label %for.body

for.body4:                                        ; preds = %for.body4.preheader, %for.body4
  %i.043 = phi i64 [ %inc, %for.body4 ], [ 0, %for.body4.preheader ]
  %s.042 = phi i64 [ %add8, %for.body4 ], [ %0, %for.body4.preheader ]
  %mul5 = mul nsw i64 %s.042, 3
  %add = add nuw nsw i64 %i.043, %mul
  %arrayidx7 = getelementptr inbounds i64, ptr %x, i64 %add
  %1 = load i64, ptr %arrayidx7, align 8
  %add8 = add nsw i64 %1, %mul5
  %arrayidx11 = getelementptr inbounds i64, ptr %y, i64 %add
  store i64 %add8, ptr %arrayidx11, align 8
  %2 = load i64, ptr %arrayidx7, align 8
  %sub = sub nsw i64 %2, %s.042
  %arrayidx17 = getelementptr inbounds i64, ptr %d, i64 %add
  store i64 %sub, ptr %arrayidx17, align 8
  %inc = add nuw nsw i64 %i.043, 1
  %exitcond.not = icmp eq i64 %inc, %n
  br i1 %exitcond.not, label %for.cond.cleanup3.loopexit, label %for.body4
}
