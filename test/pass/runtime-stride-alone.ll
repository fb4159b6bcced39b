; A single loop at a run-time stride outside any nest, in its plain forms: one plr_run_many over one
; sequence at that stride, whatever its value and sign (where the pass could only read it as one
; element before; its other forms: runtime-stride-first-outputs.ll, runtime-stride-buffer.ll,
; cascade-strided.ll). The check before the call tests that the stride is not
; zero (every iteration's one element), at most 2^20 bytes either way and a whole number of elements,
; and compares footprints whose direction is known only at run time (min and max of the first and
; last element); the layout's strides are the stride divided by the element size. Through memory
; (ufilt: y[(j-1)*C] read back at -stride from y's first element), x at unit stride beside y's
; run-time one (chan: x stride 1, the state after the loop from y_final), backward in place at a
; long stride (back), an output map of the state at a stride of two run-time values (gain: the
; map loop walks y at the stride), a high-pass whose input is read back at the stride too (hp:
; x[(j-1)*C], the call's x history one stride back from x's first element), and the state stored
; to a second array at the same stride (twice: its map and its last element walk z by the stride).
; REQUIRES: pass
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -S %s | %FileCheck %s
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -pass-remarks=plr -disable-output %s 2>&1 | %FileCheck %s --check-prefix=REMARK
; REMARK: remark: {{.*}}replaced linear recurrence with a call to plr_run_many: signature (1: a), type i32, order 1, layout: x and y stride a run-time value (either sign); plan: check(x apart from y or exactly y, the stride whole elements, not 0, at most 1048576 bytes); ask(1 pass); call(1: a) x->y, x and y stride a run-time value
; REMARK: remark: {{.*}}replaced linear recurrence with a call to plr_run_many: signature (1: a), type f32, order 1, layout: y stride a run-time value (either sign), x stride 1; plan: check(x apart from y, the stride whole elements, not 0, at most 1048576 bytes); ask(1 pass); call(1: a) x->y, y stride a run-time value, x stride 1
; REMARK: remark: {{.*}}replaced linear recurrence with a call to plr_run_many: signature (1: a1, a2), type f64, order 2, layout: x and y stride a run-time value (either sign); plan: check(the stride whole elements, not 0, at most 1048576 bytes); ask(1 pass); call(1: a1, a2) y->y in place, x and y stride a run-time value
; REMARK: remark: {{.*}}replaced linear recurrence with a call to plr_run_many: signature (1: a), type f32, order 1, layout: x and y stride a run-time value (either sign), output an elementwise map of the state; plan: check(x apart from y or exactly y, the stride whole elements, not 0, at most 1048576 bytes); ask(2 passes); call(1: a) x->y, x and y stride a run-time value; map(out = g(y))
; REMARK: remark: {{.*}}replaced linear recurrence with a call to plr_run_many: signature (1, -1: a), type f32, order 1, layout: x and y stride a run-time value (either sign); plan: check(x apart from y, the stride whole elements, not 0, at most 1048576 bytes); ask(1 pass); call(1, -1: a) x->y, x and y stride a run-time value
; REMARK: remark: {{.*}}replaced linear recurrence with a call to plr_run_many: signature (1: a), type f32, order 1, layout: x and y stride a run-time value (either sign), one other array stored as an elementwise map of the output after the call; plan: check(x apart from y or exactly y, the stride whole elements, not 0, at most 1048576 bytes, z apart from x and y); ask(2 passes); call(1: a) x->y, x and y stride a run-time value; map(z = g(y))
;
; CHECK-LABEL: @ufilt(
; CHECK: [[ST:%.*]] = shl nsw i64 %0, 2
; CHECK: [[NEG:%.*]] = icmp slt i64 [[ST]], 0
; CHECK: [[ABS:%.*]] = select i1 [[NEG]], i64 {{%.*}}, i64 [[ST]]
; CHECK: icmp ne i64 [[ST]], 0
; CHECK: icmp ule i64 [[ABS]], 1048576
; CHECK: %plr.stride.ok =
; CHECK: srem i64 [[ST]], 4
; CHECK-NOT: srem
; The footprints: the lower and upper of element 0 and element n-1.
; CHECK: [[LAST:%.*]] = mul i64 {{%.*}}, [[ST]]
; CHECK: icmp slt i64 0, [[LAST]]
; CHECK: icmp sgt i64 0, [[LAST]]
; CHECK: %plr.disjoint =
; CHECK: br i1 {{%.*}}, label %plr.outlined, label %plr.fallback
; The loop as written stays, at stride C.
; CHECK: for.body:
; CHECK: mul nsw i64 %indvars.iv, %0
; CHECK-LABEL: define internal i1 @ufilt.plr.call(
; CHECK: %plr.x.stride = sdiv exact i64 [[S:%.*]], 4
; CHECK: %plr.stride = sdiv exact i64 [[S]], 4
; CHECK: store i64 %plr.x.stride,
; CHECK: store i64 %plr.stride,
; y[-1]: one stride back from the first output.
; CHECK: [[BACK:%.*]] = mul i64 -1, [[S]]
; CHECK: [[H:%.*]] = getelementptr i8, ptr {{%.*}}, i64 [[BACK]]
; CHECK: %plr.hist = load i32, ptr [[H]]
; CHECK: call i32 @plr_run_many(
;
; CHECK-LABEL: define internal i1 @chan.plr.call(
; CHECK: %plr.stride = sdiv exact i64 {{%.*}}, 4
; CHECK: store i64 1, ptr %plr.layout
; CHECK-NEXT: [[XS:%.*]] = getelementptr i8, ptr %plr.layout, i64 8
; CHECK-NEXT: store i64 1, ptr [[XS]]
; CHECK: store i64 %plr.stride,
; CHECK: call i32 @plr_run_many(
;
; CHECK-LABEL: define internal i1 @back.plr.call(
; CHECK: %plr.stride = sdiv exact i64 {{%.*}}, 8
; CHECK: call i32 @plr_run_many(
;
; CHECK-LABEL: define internal i1 @gain.plr.call(
; CHECK: call i32 @plr_run_many(
; CHECK: plr.map:
; CHECK: [[OFF:%.*]] = mul i64 %plr.i, [[GS:%.*]]
; CHECK: [[AT:%.*]] = getelementptr i8, ptr %y, i64 [[OFF]]
; CHECK: %plr.state = load float, ptr [[AT]]
; CHECK: fmul fast float %plr.state, %g
; CHECK: store float {{%.*}}, ptr [[AT]]
;
; x[-1] and y[-1] of hp: one stride back from each array's first element.
; CHECK-LABEL: define internal i1 @hp.plr.call(
; CHECK: [[YB:%.*]] = mul i64 -1, [[HS:%.*]]
; CHECK-NEXT: [[YA:%.*]] = getelementptr i8, ptr %scevgep, i64 [[YB]]
; CHECK-NEXT: load float, ptr [[YA]]
; CHECK: [[XB:%.*]] = mul i64 -1, [[HS]]
; CHECK-NEXT: [[XA:%.*]] = getelementptr i8, ptr %scevgep1, i64 [[XB]]
; CHECK-NEXT: %plr.hist2 = load float, ptr [[XA]]
; CHECK-NEXT: store float %plr.hist2, ptr %plr.xhist
; CHECK: call i32 @plr_run_many(
;
; twice: z's map walks z by the stride; z's last element, read back after the loop, one stride per index.
; CHECK-LABEL: define internal i1 @twice.plr.call(
; CHECK: plr.map:
; CHECK: %plr.state = load float
; CHECK: [[ZO:%.*]] = mul i64 %plr.i, [[TS:%.*]]
; CHECK-NEXT: [[ZA:%.*]] = getelementptr i8, ptr %z, i64 [[ZO]]
; CHECK-NEXT: store float {{%.*}}, ptr [[ZA]]
; CHECK: plr.map.done:
; CHECK-NEXT: [[LO:%.*]] = mul i64 %plr.last, [[TS]]
; CHECK-NEXT: [[LA:%.*]] = getelementptr i8, ptr %z, i64 [[LO]]
; CHECK-NEXT: %plr.final = load float, ptr [[LA]]
;
; Input: make-input.sh alone.c FN -ffast-math for each function (its define alone), from:
; /* through memory, x and y at a run-time stride C */
; void ufilt(const unsigned *x, unsigned *y, int n, int C, unsigned a) {
;   for (int j = 1; j < n; j++)
;     y[j * C] = a * y[(j - 1) * C] + x[j * C];
; }
; /* one channel of an interleaved output, the input at unit stride, the state kept */
; void chan(const float *restrict x, float *restrict y, long n, long C, float a, float *mem) {
;   float m = *mem;
;   for (long i = 0; i < n; i++) { m = x[i] + a * m; y[i * C] = m; }
;   *mem = m;
; }
; /* backward in place, second order through memory */
; void back(double *y, long n, long s, double a1, double a2) {
;   for (long i = n - 3; i >= 0; i--)
;     y[i * s] = y[i * s] + a1 * y[(i + 1) * s] + a2 * y[(i + 2) * s];
; }
; /* an output map of the state, at a stride of two run-time values */
; float gain(const float *restrict x, float *restrict y, long h, long w, long d, float a, float g) {
;   float s = 0;
;   for (long i = 0; i < h; i++) { s = a * s + x[i * w * d]; y[i * w * d] = s * g; }
;   return s;
; }
; /* a high-pass: the input's earlier element read back at the stride too */
; void hp(const float *restrict x, float *restrict y, long n, long C, float a) {
;   for (long j = 1; j < n; j++)
;     y[j * C] = x[j * C] - x[(j - 1) * C] + a * y[(j - 1) * C];
; }
; /* the state stored to a second array at the same stride, its last value kept */
; float twice(const float *restrict x, float *restrict y, float *restrict z, long n, long C, float a) {
;   float s = 0, last = 0;
;   for (long j = 0; j < n; j++) { s = a * s + x[j * C]; y[j * C] = s; z[j * C] = 2 * s; last = z[j * C]; }
;   return last;
; }

define dso_local void @ufilt(ptr nocapture noundef readonly %x, ptr nocapture noundef %y, i32 noundef %n, i32 noundef %C, i32 noundef %a) local_unnamed_addr {
entry:
  %cmp15 = icmp sgt i32 %n, 1
  br i1 %cmp15, label %for.body.preheader, label %for.cond.cleanup

for.body.preheader:                               ; preds = %entry
  %0 = sext i32 %C to i64
  %wide.trip.count = zext nneg i32 %n to i64
  br label %for.body

for.cond.cleanup.loopexit:                        ; preds = %for.body
  br label %for.cond.cleanup

for.cond.cleanup:                                 ; preds = %for.cond.cleanup.loopexit, %entry
  ret void

for.body:                                         ; preds = %for.body.preheader, %for.body
  %indvars.iv = phi i64 [ 1, %for.body.preheader ], [ %indvars.iv.next, %for.body ]
  %1 = add nsw i64 %indvars.iv, -1
  %2 = mul nsw i64 %1, %0
  %arrayidx = getelementptr inbounds i32, ptr %y, i64 %2
  %3 = load i32, ptr %arrayidx, align 4
  %mul1 = mul i32 %3, %a
  %4 = mul nsw i64 %indvars.iv, %0
  %arrayidx4 = getelementptr inbounds i32, ptr %x, i64 %4
  %5 = load i32, ptr %arrayidx4, align 4
  %add = add i32 %mul1, %5
  %arrayidx7 = getelementptr inbounds i32, ptr %y, i64 %4
  store i32 %add, ptr %arrayidx7, align 4
  %indvars.iv.next = add nuw nsw i64 %indvars.iv, 1
  %exitcond.not = icmp eq i64 %indvars.iv.next, %wide.trip.count
  br i1 %exitcond.not, label %for.cond.cleanup.loopexit, label %for.body
}

define dso_local void @chan(ptr noalias nocapture noundef readonly %x, ptr noalias nocapture noundef writeonly %y, i64 noundef %n, i64 noundef %C, float noundef nofpclass(nan inf) %a, ptr nocapture noundef %mem) local_unnamed_addr {
entry:
  %0 = load float, ptr %mem, align 4
  %cmp9 = icmp sgt i64 %n, 0
  br i1 %cmp9, label %for.body.preheader, label %for.cond.cleanup

for.body.preheader:                               ; preds = %entry
  br label %for.body

for.cond.cleanup.loopexit:                        ; preds = %for.body
  %add.lcssa = phi float [ %add, %for.body ]
  br label %for.cond.cleanup

for.cond.cleanup:                                 ; preds = %for.cond.cleanup.loopexit, %entry
  %m.0.lcssa = phi float [ %0, %entry ], [ %add.lcssa, %for.cond.cleanup.loopexit ]
  store float %m.0.lcssa, ptr %mem, align 4
  ret void

for.body:                                         ; preds = %for.body.preheader, %for.body
  %i.011 = phi i64 [ %inc, %for.body ], [ 0, %for.body.preheader ]
  %m.010 = phi float [ %add, %for.body ], [ %0, %for.body.preheader ]
  %arrayidx = getelementptr inbounds float, ptr %x, i64 %i.011
  %1 = load float, ptr %arrayidx, align 4
  %mul = fmul fast float %m.010, %a
  %add = fadd fast float %1, %mul
  %mul1 = mul nsw i64 %i.011, %C
  %arrayidx2 = getelementptr inbounds float, ptr %y, i64 %mul1
  store float %add, ptr %arrayidx2, align 4
  %inc = add nuw nsw i64 %i.011, 1
  %exitcond.not = icmp eq i64 %inc, %n
  br i1 %exitcond.not, label %for.cond.cleanup.loopexit, label %for.body
}

define dso_local void @back(ptr nocapture noundef %y, i64 noundef %n, i64 noundef %s, double noundef nofpclass(nan inf) %a1, double noundef nofpclass(nan inf) %a2) local_unnamed_addr {
entry:
  %cmp23 = icmp sgt i64 %n, 2
  br i1 %cmp23, label %for.body.preheader, label %for.cond.cleanup

for.body.preheader:                               ; preds = %entry
  %sub = add nsw i64 %n, -3
  br label %for.body

for.cond.cleanup.loopexit:                        ; preds = %for.body
  br label %for.cond.cleanup

for.cond.cleanup:                                 ; preds = %for.cond.cleanup.loopexit, %entry
  ret void

for.body:                                         ; preds = %for.body.preheader, %for.body
  %i.024 = phi i64 [ %dec, %for.body ], [ %sub, %for.body.preheader ]
  %mul = mul nsw i64 %i.024, %s
  %arrayidx = getelementptr inbounds double, ptr %y, i64 %mul
  %0 = load double, ptr %arrayidx, align 8
  %add = add nuw nsw i64 %i.024, 1
  %mul1 = mul nsw i64 %add, %s
  %arrayidx2 = getelementptr inbounds double, ptr %y, i64 %mul1
  %1 = load double, ptr %arrayidx2, align 8
  %mul3 = fmul fast double %1, %a1
  %add4 = fadd fast double %mul3, %0
  %add5 = add nuw nsw i64 %i.024, 2
  %mul6 = mul nsw i64 %add5, %s
  %arrayidx7 = getelementptr inbounds double, ptr %y, i64 %mul6
  %2 = load double, ptr %arrayidx7, align 8
  %mul8 = fmul fast double %2, %a2
  %add9 = fadd fast double %add4, %mul8
  store double %add9, ptr %arrayidx, align 8
  %dec = add nsw i64 %i.024, -1
  %cmp.not = icmp eq i64 %i.024, 0
  br i1 %cmp.not, label %for.cond.cleanup.loopexit, label %for.body
}

define dso_local nofpclass(nan inf) float @gain(ptr noalias nocapture noundef readonly %x, ptr noalias nocapture noundef writeonly %y, i64 noundef %h, i64 noundef %w, i64 noundef %d, float noundef nofpclass(nan inf) %a, float noundef nofpclass(nan inf) %g) local_unnamed_addr {
entry:
  %cmp14 = icmp sgt i64 %h, 0
  br i1 %cmp14, label %for.body.lr.ph, label %for.cond.cleanup

for.body.lr.ph:                                   ; preds = %entry
  %mul1 = mul i64 %d, %w
  br label %for.body

for.cond.cleanup.loopexit:                        ; preds = %for.body
  %add.lcssa = phi float [ %add, %for.body ]
  br label %for.cond.cleanup

for.cond.cleanup:                                 ; preds = %for.cond.cleanup.loopexit, %entry
  %s.0.lcssa = phi float [ 0.000000e+00, %entry ], [ %add.lcssa, %for.cond.cleanup.loopexit ]
  ret float %s.0.lcssa

for.body:                                         ; preds = %for.body.lr.ph, %for.body
  %i.016 = phi i64 [ 0, %for.body.lr.ph ], [ %inc, %for.body ]
  %s.015 = phi float [ 0.000000e+00, %for.body.lr.ph ], [ %add, %for.body ]
  %mul = fmul fast float %s.015, %a
  %mul2 = mul i64 %mul1, %i.016
  %arrayidx = getelementptr inbounds float, ptr %x, i64 %mul2
  %0 = load float, ptr %arrayidx, align 4
  %add = fadd fast float %0, %mul
  %mul3 = fmul fast float %add, %g
  %arrayidx6 = getelementptr inbounds float, ptr %y, i64 %mul2
  store float %mul3, ptr %arrayidx6, align 4
  %inc = add nuw nsw i64 %i.016, 1
  %exitcond.not = icmp eq i64 %inc, %h
  br i1 %exitcond.not, label %for.cond.cleanup.loopexit, label %for.body
}

define dso_local void @hp(ptr noalias nocapture noundef readonly %x, ptr noalias nocapture noundef %y, i64 noundef %n, i64 noundef %C, float noundef nofpclass(nan inf) %a) local_unnamed_addr {
entry:
  %cmp20 = icmp sgt i64 %n, 1
  br i1 %cmp20, label %for.body.preheader, label %for.cond.cleanup

for.body.preheader:                               ; preds = %entry
  br label %for.body

for.cond.cleanup.loopexit:                        ; preds = %for.body
  br label %for.cond.cleanup

for.cond.cleanup:                                 ; preds = %for.cond.cleanup.loopexit, %entry
  ret void

for.body:                                         ; preds = %for.body.preheader, %for.body
  %j.021 = phi i64 [ %inc, %for.body ], [ 1, %for.body.preheader ]
  %mul = mul nsw i64 %j.021, %C
  %arrayidx = getelementptr inbounds float, ptr %x, i64 %mul
  %0 = load float, ptr %arrayidx, align 4
  %sub = add nsw i64 %j.021, -1
  %mul1 = mul nsw i64 %sub, %C
  %arrayidx2 = getelementptr inbounds float, ptr %x, i64 %mul1
  %1 = load float, ptr %arrayidx2, align 4
  %sub3 = fsub fast float %0, %1
  %arrayidx6 = getelementptr inbounds float, ptr %y, i64 %mul1
  %2 = load float, ptr %arrayidx6, align 4
  %mul7 = fmul fast float %2, %a
  %add = fadd fast float %sub3, %mul7
  %arrayidx9 = getelementptr inbounds float, ptr %y, i64 %mul
  store float %add, ptr %arrayidx9, align 4
  %inc = add nuw nsw i64 %j.021, 1
  %exitcond.not = icmp eq i64 %inc, %n
  br i1 %exitcond.not, label %for.cond.cleanup.loopexit, label %for.body
}

define dso_local nofpclass(nan inf) float @twice(ptr noalias nocapture noundef readonly %x, ptr noalias nocapture noundef writeonly %y, ptr noalias nocapture noundef writeonly %z, i64 noundef %n, i64 noundef %C, float noundef nofpclass(nan inf) %a) local_unnamed_addr {
entry:
  %cmp20 = icmp sgt i64 %n, 0
  br i1 %cmp20, label %for.body.preheader, label %for.cond.cleanup

for.body.preheader:                               ; preds = %entry
  br label %for.body

for.cond.cleanup.loopexit:                        ; preds = %for.body
  %mul4.lcssa = phi float [ %mul4, %for.body ]
  br label %for.cond.cleanup

for.cond.cleanup:                                 ; preds = %for.cond.cleanup.loopexit, %entry
  %last.0.lcssa = phi float [ 0.000000e+00, %entry ], [ %mul4.lcssa, %for.cond.cleanup.loopexit ]
  ret float %last.0.lcssa

for.body:                                         ; preds = %for.body.preheader, %for.body
  %j.022 = phi i64 [ %inc, %for.body ], [ 0, %for.body.preheader ]
  %s.021 = phi float [ %add, %for.body ], [ 0.000000e+00, %for.body.preheader ]
  %mul = fmul fast float %s.021, %a
  %mul1 = mul nsw i64 %j.022, %C
  %arrayidx = getelementptr inbounds float, ptr %x, i64 %mul1
  %0 = load float, ptr %arrayidx, align 4
  %add = fadd fast float %0, %mul
  %arrayidx3 = getelementptr inbounds float, ptr %y, i64 %mul1
  store float %add, ptr %arrayidx3, align 4
  %mul4 = fmul fast float %add, 2.000000e+00
  %arrayidx6 = getelementptr inbounds float, ptr %z, i64 %mul1
  store float %mul4, ptr %arrayidx6, align 4
  %inc = add nuw nsw i64 %j.022, 1
  %exitcond.not = icmp eq i64 %inc, %n
  br i1 %exitcond.not, label %for.cond.cleanup.loopexit, label %for.body
}
