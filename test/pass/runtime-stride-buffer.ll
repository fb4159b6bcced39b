; A loop alone at a run-time stride whose state needs a buffer of its own is one plr_run_many at
; that stride: the buffer holds y's footprint at that stride (either sign: min/max of the ends),
; the call writes the state there at y's element stride, and the map reads it at the same byte
; step as y. An in-place gain (the map reads y[i*C] as the loop found it: gain) and a long long sum
; shifted into int (a state twice as wide as its output: the buffer twice the footprint, the
; state's step C*8 bytes, the stride check on it: lsum). (Before, both were versioned on C == 1.)
; REQUIRES: pass
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -S %s | %FileCheck %s
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -pass-remarks=plr -pass-remarks-missed=plr -disable-output %s 2>&1 | %FileCheck %s --check-prefix=REMARK
; REMARK: remark: {{.*}}replaced linear recurrence with a call to plr_run_many: signature (1: a), type f32, order 1, layout: x and y stride a run-time value (either sign), output an elementwise map of the state and of other arrays at its index; plan: check(x apart from y or exactly y, the stride whole elements, not 0, at most 1048576 bytes); ask(2 passes); buffer(the state, n elements: the map reads y as it was); call(1: a) x->state, x and y stride a run-time value; map(out = g(state, y))
; REMARK: remark: {{.*}}replaced linear recurrence with a call to plr_run_many: signature (1: 1), type i64 (x i32), order 1, layout: x and y stride a run-time value (either sign), output an elementwise map of the state into i32; plan: check(x apart from y or exactly y, the stride whole elements, not 0, at most 1048576 bytes); ask(2 passes); buffer(the state, n elements: wider than the output); call(1: 1) x->state, x and y stride a run-time value; map(out = g(state))
; REMARK-NOT: remark
;
; CHECK-LABEL: define dso_local void @gain(
; CHECK-NOT: %plr.stride.one
; CHECK: %plr.stride.ok
; CHECK-LABEL: define internal i1 @gain.plr.call(
; CHECK-SAME: i64 %[[GS:[0-9]+]]
; CHECK: %plr.stride = sdiv exact i64 %[[GS]], 4
; CHECK: %plr.state.bytes = sub i64
; CHECK-NEXT: %plr.state.buffer = call ptr @plr_scratch_alloc(i64 %plr.state.bytes)
; CHECK: %plr.state = getelementptr i8, ptr %plr.state.buffer
; CHECK: call i32 @plr_run_many(
; CHECK: plr.map:
; CHECK: [[SO:%[0-9]+]] = mul i64 %plr.i, %[[GS]]
; CHECK-NEXT: [[SA:%[0-9]+]] = getelementptr i8, ptr %plr.state, i64 [[SO]]
; CHECK-NEXT: %plr.state1 = load float, ptr [[SA]]
; CHECK: [[YO:%[0-9]+]] = mul i64 %plr.i, %[[GS]]
; CHECK-NEXT: [[YA:%[0-9]+]] = getelementptr i8, ptr %y, i64 [[YO]]
; CHECK-NEXT: %plr.map2 = load float, ptr [[YA]]
; CHECK: plr.map.done:
; CHECK-NEXT: call void @plr_scratch_free(ptr %plr.state.buffer)
;
; lsum: the state's step (C*4 bytes of y, twice) is whole i64 elements.
; CHECK-LABEL: define dso_local i64 @lsum(
; CHECK: %plr.state.step = mul i64 [[YS:%[0-9]+]], 2
; CHECK-NEXT: [[R:%[0-9]+]] = srem i64 %plr.state.step, 8
; CHECK-NEXT: icmp eq i64 [[R]], 0
; CHECK: srem i64 [[YS]], 4
; CHECK-LABEL: define internal i1 @lsum.plr.call(
; CHECK-SAME: i64 %[[LS:[0-9]+]]
; CHECK: %plr.state.step1 = mul i64 %[[LS]], 2
; CHECK-NEXT: %plr.stride = sdiv exact i64 %plr.state.step1, 8
; CHECK: %plr.state.bytes = mul i64 {{%[0-9]+}}, 2
; CHECK: call i32 @plr_run_many(
; CHECK: plr.map:
; CHECK: %plr.state.step2 = mul i64 %[[LS]], 2
; CHECK-NEXT: [[LO:%[0-9]+]] = mul i64 %plr.i, %plr.state.step2
; CHECK-NEXT: [[LA:%[0-9]+]] = getelementptr i8, ptr %plr.state, i64 [[LO]]
; CHECK-NEXT: load i64, ptr [[LA]]
;
; Input: make-input.sh rbuf.c FN -ffast-math for each function (its define alone), from:
; /* an in-place gain: the map reads y[i*C] as the loop found it */
; void gain(const float *restrict x, float *restrict y, long n, long C, float a) {
;   float s = 0.5f;
;   for (long i = 0; i < n; i++) {
;     s = a * s + x[i * C];
;     y[i * C] = s * y[i * C];
;   }
; }
; /* a long long sum shifted into int: a state wider than its output */
; long long lsum(int *restrict y, const int *restrict x, int n, int C) {
;   long long s = 3;
;   for (int i = 0; i < n; i++) {
;     s += x[i * C];
;     y[i * C] = (int)(s >> 2);
;   }
;   return s;
; }

define dso_local void @gain(ptr noalias nocapture noundef readonly %x, ptr noalias nocapture noundef %y, i64 noundef %n, i64 noundef %C, float noundef nofpclass(nan inf) %a) local_unnamed_addr {
entry:
  %cmp15 = icmp sgt i64 %n, 0
  br i1 %cmp15, label %for.body.preheader, label %for.cond.cleanup

for.body.preheader:                               ; preds = %entry
  br label %for.body

for.cond.cleanup.loopexit:                        ; preds = %for.body
  br label %for.cond.cleanup

for.cond.cleanup:                                 ; preds = %for.cond.cleanup.loopexit, %entry
  ret void

for.body:                                         ; preds = %for.body.preheader, %for.body
  %i.017 = phi i64 [ %inc, %for.body ], [ 0, %for.body.preheader ]
  %s.016 = phi float [ %add, %for.body ], [ 5.000000e-01, %for.body.preheader ]
  %mul = fmul fast float %s.016, %a
  %mul1 = mul nsw i64 %i.017, %C
  %arrayidx = getelementptr inbounds float, ptr %x, i64 %mul1
  %0 = load float, ptr %arrayidx, align 4
  %add = fadd fast float %0, %mul
  %arrayidx3 = getelementptr inbounds float, ptr %y, i64 %mul1
  %1 = load float, ptr %arrayidx3, align 4
  %mul4 = fmul fast float %add, %1
  store float %mul4, ptr %arrayidx3, align 4
  %inc = add nuw nsw i64 %i.017, 1
  %exitcond.not = icmp eq i64 %inc, %n
  br i1 %exitcond.not, label %for.cond.cleanup.loopexit, label %for.body
}

define dso_local i64 @lsum(ptr noalias nocapture noundef writeonly %y, ptr noalias nocapture noundef readonly %x, i32 noundef %n, i32 noundef %C) local_unnamed_addr {
entry:
  %cmp11 = icmp sgt i32 %n, 0
  br i1 %cmp11, label %for.body.preheader, label %for.cond.cleanup

for.body.preheader:                               ; preds = %entry
  %0 = sext i32 %C to i64
  %wide.trip.count = zext nneg i32 %n to i64
  br label %for.body

for.cond.cleanup.loopexit:                        ; preds = %for.body
  %add.lcssa = phi i64 [ %add, %for.body ]
  br label %for.cond.cleanup

for.cond.cleanup:                                 ; preds = %for.cond.cleanup.loopexit, %entry
  %s.0.lcssa = phi i64 [ 3, %entry ], [ %add.lcssa, %for.cond.cleanup.loopexit ]
  ret i64 %s.0.lcssa

for.body:                                         ; preds = %for.body.preheader, %for.body
  %indvars.iv = phi i64 [ 0, %for.body.preheader ], [ %indvars.iv.next, %for.body ]
  %s.012 = phi i64 [ 3, %for.body.preheader ], [ %add, %for.body ]
  %1 = mul nsw i64 %indvars.iv, %0
  %arrayidx = getelementptr inbounds i32, ptr %x, i64 %1
  %2 = load i32, ptr %arrayidx, align 4
  %conv = sext i32 %2 to i64
  %add = add nsw i64 %s.012, %conv
  %shr = lshr i64 %add, 2
  %conv1 = trunc i64 %shr to i32
  %arrayidx4 = getelementptr inbounds i32, ptr %y, i64 %1
  store i32 %conv1, ptr %arrayidx4, align 4
  %indvars.iv.next = add nuw nsw i64 %indvars.iv, 1
  %exitcond.not = icmp eq i64 %indvars.iv.next, %wide.trip.count
  br i1 %exitcond.not, label %for.cond.cleanup.loopexit, label %for.body
}

