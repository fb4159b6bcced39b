; An output map that reads other arrays at the output's index (a gain applied to a signal, an
; envelope): the call computes the state into y, then one map loop computes out[i] = g(y[i], a[i], ...)
; with the loop's own operations. Every array the map reads must still hold what the loop read:
; apart from y (checked before the call: "other loads apart from y"); elements of x itself are
; checked with x, and then y may not be exactly x. The state after the loop is the call's y_final.
; A load the map reads at y's own index, step and size may also be exactly y (the parameters may
; alias): then the call writes the state into a buffer (allocated only there; a null one freed
; elsewhere) and the map reads y as the loop found it.
; REQUIRES: pass
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -S %s | %FileCheck %s
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -pass-remarks=plr -pass-remarks-missed=plr -disable-output %s 2>&1 | %FileCheck %s --check-prefix=REMARK
;
; Input: make-input.sh FILE.c FN -ffast-math for each function (metadata and attributes left out), from:
; void smooth_gain(float *out, const float *in, const float *target, int n, float a) {
;   float g = 0.5f;
;   for (int i = 0; i < n; i++) { g = a*g + (1-a)*target[i]; out[i] = in[i] * g; }
; }
; int envelope(int *out, const int *gain, const int *x, long n, int s) {
;   for (long i = 0; i < n; i++) { s += x[i]; out[i] = gain[i] * s - x[i]; }
;   return s;
; }

; REMARK: remark: {{.*}}replaced linear recurrence with a call to plr_run: signature (1 - a: a), type f32, order 1, output an elementwise map of the state and of other arrays at its index; plan: check(x apart from y or exactly y, other loads apart from y (a map's load: or exactly y)); ask(2 passes); buffer(where the map's load is y: the state, n elements; else y); call(1 - a: a) x->y; map(out = g(y, in))
; REMARK: remark: {{.*}}replaced linear recurrence with a call to plr_run: signature (1: 1), type i32, order 1, output an elementwise map of the state and of other arrays at its index; plan: check(x apart from y, other loads apart from y (a map's load: or exactly y)); ask(2 passes); buffer(where the map's load is y: the state, n elements; else y); call(1: 1) x->y; map(out = g(y, gain, x))

; in[0..n-1] apart from out[0..n-1]; target (x) apart from out, or exactly out.
; CHECK-LABEL: define dso_local void @smooth_gain(
; CHECK: %plr.disjoint = or i1
; CHECK: icmp eq i64
; CHECK: [[IN:%[0-9]+]] = ptrtoint ptr %in to i64
; CHECK: icmp ule i64 %{{[0-9]+}}, [[IN]]
; CHECK: %plr.apart = or i1
; CHECK: %plr.load.is.y = icmp eq i64
; CHECK-NEXT: %plr.apart.or.y = or i1 %plr.apart, %plr.load.is.y
; CHECK: br i1 %{{[0-9]+}}, label %plr.outlined, label %plr.fallback
; CHECK: plr.outlined:
; CHECK: %targetBlock = call i1 @smooth_gain.plr.call(
; CHECK: plr.fallback:
; CHECK-LABEL: define internal i1 @smooth_gain.plr.call(
; CHECK: %plr.pays = call i32 @plr_pays(
; CHECK: [[ISY:%plr.load.is.y[0-9]*]] = icmp eq i64
; CHECK: br i1 [[ISY]], label %plr.state.alloc, label %plr.state.where
; CHECK: plr.state.alloc:
; CHECK-NEXT: %plr.state.buffer = call ptr @plr_scratch_alloc(i64 %plr.state.bytes)
; CHECK: plr.state.where:
; CHECK-NEXT: [[ST:%plr.state[0-9]+]] = phi ptr [ %out, %plr.call.go ], [ %plr.state, %plr.call.buffered ]
; CHECK-NEXT: [[BUF:%plr.state.buffer[0-9]+]] = phi ptr [ null, %plr.call.go ], [ %plr.state.buffer, %plr.call.buffered ]
; CHECK-NEXT: [[DY:%[0-9]+]] = getelementptr i8, ptr %plr.data, i64 16
; CHECK-NEXT: store ptr [[ST]], ptr [[DY]]
; CHECK: %plr.status = call i32 @plr_run(
; CHECK: plr.call.buffered:
; CHECK: %plr.state = getelementptr i8, ptr %plr.state.buffer, i64
; CHECK-NEXT: br label %plr.state.where
; CHECK: plr.call.failed:
; CHECK-NEXT: call void @plr_scratch_free(ptr [[BUF]])
; CHECK: plr.map:
; CHECK: [[AT:%[0-9]+]] = getelementptr i8, ptr [[ST]], i64
; CHECK-NEXT: [[S:%plr.state[0-9]+]] = load float, ptr [[AT]]
; CHECK: [[INAT:%[0-9]+]] = getelementptr i8, ptr %in, i64
; CHECK-NEXT: [[G:%plr.map[0-9]*]] = load float, ptr [[INAT]]
; CHECK-NEXT: [[V:%plr.map[0-9]*]] = fmul fast float [[S]], [[G]]
; CHECK: [[OUTAT:%[0-9]+]] = getelementptr i8, ptr %out, i64
; CHECK-NEXT: store float [[V]], ptr [[OUTAT]]
; CHECK: br i1 %{{[0-9]+}}, label %plr.map.done, label %plr.map
; CHECK: plr.map.done:
; CHECK-NEXT: call void @plr_scratch_free(ptr [[BUF]])

; x read by the map: apart from out (no "exactly y"); gain apart from out; s from y_final.
; CHECK-LABEL: define dso_local i32 @envelope(
; CHECK: %plr.disjoint = or i1
; CHECK-NEXT: and i1
; CHECK-NOT: icmp eq i64
; CHECK: %plr.apart = or i1
; CHECK: br i1 %{{.*}}, label %plr.outlined, label %plr.fallback
; CHECK: plr.outlined:
; CHECK: %targetBlock = call i1 @envelope.plr.call(
; CHECK: plr.fallback:
; CHECK-LABEL: define internal i1 @envelope.plr.call(
; CHECK: %plr.status = call i32 @plr_run(
; CHECK: plr.map:
; CHECK: [[SI:%plr.state[0-9]+]] = load i32
; CHECK: getelementptr i8, ptr %gain
; CHECK: mul nsw i32 %plr.map{{[0-9]*}}, [[SI]]
; CHECK: getelementptr i8, ptr %x
; CHECK: sub nsw i32
; CHECK: plr.map.done:
; CHECK-NEXT: getelementptr i8, ptr %plr.yfinal, i64 0
; CHECK-NEXT: %plr.final = load i32

define dso_local void @smooth_gain(ptr nocapture noundef writeonly %out, ptr nocapture noundef readonly %in, ptr nocapture noundef readonly %target, i32 noundef %n, float noundef nofpclass(nan inf) %a) local_unnamed_addr {
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
  %g.014 = phi float [ 5.000000e-01, %for.body.preheader ], [ %add, %for.body ]
  %arrayidx = getelementptr inbounds float, ptr %target, i64 %indvars.iv
  %0 = load float, ptr %arrayidx, align 4
  %1 = fsub fast float %g.014, %0
  %2 = fmul fast float %1, %a
  %add = fadd fast float %2, %0
  %arrayidx3 = getelementptr inbounds float, ptr %in, i64 %indvars.iv
  %3 = load float, ptr %arrayidx3, align 4
  %mul4 = fmul fast float %add, %3
  %arrayidx6 = getelementptr inbounds float, ptr %out, i64 %indvars.iv
  store float %mul4, ptr %arrayidx6, align 4
  %indvars.iv.next = add nuw nsw i64 %indvars.iv, 1
  %exitcond.not = icmp eq i64 %indvars.iv.next, %wide.trip.count
  br i1 %exitcond.not, label %for.cond.cleanup.loopexit, label %for.body
}

define dso_local i32 @envelope(ptr nocapture noundef writeonly %out, ptr nocapture noundef readonly %gain, ptr nocapture noundef readonly %x, i64 noundef %n, i32 noundef %s) local_unnamed_addr {
entry:
  %cmp12 = icmp sgt i64 %n, 0
  br i1 %cmp12, label %for.body.preheader, label %for.cond.cleanup

for.body.preheader:                               ; preds = %entry
  br label %for.body

for.cond.cleanup.loopexit:                        ; preds = %for.body
  %add.lcssa = phi i32 [ %add, %for.body ]
  br label %for.cond.cleanup

for.cond.cleanup:                                 ; preds = %for.cond.cleanup.loopexit, %entry
  %s.addr.0.lcssa = phi i32 [ %s, %entry ], [ %add.lcssa, %for.cond.cleanup.loopexit ]
  ret i32 %s.addr.0.lcssa

for.body:                                         ; preds = %for.body.preheader, %for.body
  %i.014 = phi i64 [ %inc, %for.body ], [ 0, %for.body.preheader ]
  %s.addr.013 = phi i32 [ %add, %for.body ], [ %s, %for.body.preheader ]
  %arrayidx = getelementptr inbounds i32, ptr %x, i64 %i.014
  %0 = load i32, ptr %arrayidx, align 4
  %add = add nsw i32 %0, %s.addr.013
  %arrayidx1 = getelementptr inbounds i32, ptr %gain, i64 %i.014
  %1 = load i32, ptr %arrayidx1, align 4
  %mul = mul nsw i32 %1, %add
  %sub = sub nsw i32 %mul, %0
  %arrayidx3 = getelementptr inbounds i32, ptr %out, i64 %i.014
  store i32 %sub, ptr %arrayidx3, align 4
  %inc = add nuw nsw i64 %i.014, 1
  %exitcond.not = icmp eq i64 %inc, %n
  br i1 %exitcond.not, label %for.cond.cleanup.loopexit, label %for.body
}

