; A loop alone at a run-time stride whose first outputs are computed before the call (transposed
; states that do not start from zero) is one plr_run_many at that stride: the first outputs are
; computed from the states' start with x read at the stride (x[t*C]), the call starts at element
; i0 of x and y (x + i0*C, y + i0*C), and the first outputs are stored at y[t*C] once the call has
; succeeded. opus's de-emphasis (an input term materialized into y, then one output before the
; call: deemph, its stereo path at C = 2) and a biquad in transposed direct form II from saved
; states (two outputs before the call: tdf2), at one run-time value C and at a product of two
; (deemph_cd, tdf2_cd). (Before, both were versioned on C == 1 and the product refused.)
; REQUIRES: pass
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -S %s | %FileCheck %s
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -pass-remarks=plr -pass-remarks-missed=plr -disable-output %s 2>&1 | %FileCheck %s --check-prefix=REMARK
; REMARK: remark: {{.*}}replaced linear recurrence with a call to plr_run_many: signature (1: coef0), type f32, order 1, layout: x and y stride a run-time value (either sign), input term materialized by a map, transposed states: the first outputs computed before the call from the states' start, output an elementwise map of the state; plan: check(the stride whole elements, not 0, at most 1048576 bytes); ask(3 passes); map(t -> y); map(first 1 outputs from the states' start); call(1: coef0) y->y in place, x and y stride a run-time value, after the first outputs; map(out = g(y))
; REMARK: remark: {{.*}}replaced linear recurrence with a call to plr_run_many: signature (0.2, 0.4, 0.2: 0.9, -0.4), type f32, order 2, layout: x and y stride a run-time value (either sign), transposed states (direct form II transposed): the first outputs computed before the call from the states' start; plan: check(x apart from y or exactly y, the stride whole elements, not 0, at most 1048576 bytes); ask(1 pass); map(first 2 outputs from the states' start); call(0.2, 0.4, 0.2: 0.9, -0.4) x->y, x and y stride a run-time value, after the first outputs
; REMARK: remark: {{.*}}replaced linear recurrence with a call to plr_run_many: signature (1: coef0), type f32, order 1, layout: x and y stride a run-time value (either sign), input term materialized by a map, transposed states
; REMARK: remark: {{.*}}replaced linear recurrence with a call to plr_run_many: signature (0.2, 0.4, 0.2: 0.9, -0.4), type f32, order 2, layout: x and y stride a run-time value (either sign), transposed states (direct form II transposed): the first outputs computed before the call
; REMARK-NOT: remark
;
; deemph: the stride C*4 bytes checked, no pin on C == 1.
; CHECK-LABEL: define dso_local void @deemph(
; CHECK-NOT: %plr.stride.one
; CHECK: %plr.stride.ok
; CHECK: br i1 {{%[0-9]+}}, label %plr.outlined, label %plr.fallback
; The call path: the input terms into y at the stride, the first output computed from m's start,
; the call at element 1 of y, its x and y (plr_data.x at 8, .y at 16: y + 1*C*4, in place), the
; first output stored at y[0] once the call succeeded (plr.done, placed first), then the map.
; CHECK-LABEL: define internal i1 @deemph.plr.call(
; CHECK-SAME: i64 %[[DS:[0-9]+]],
; CHECK: plr.done:
; CHECK-NEXT: store float [[FIRST:%plr.peel[0-9]+]], ptr %y
; CHECK: plr.call.run:
; CHECK: [[FIRST]] = fadd fast float
; CHECK: [[D1:%[0-9]+]] = sub i64 %wide.trip.count, 1
; CHECK-NEXT: store i64 [[D1]], ptr %plr.data
; CHECK: [[O1:%[0-9]+]] = mul i64 1, %[[DS]]
; CHECK-NEXT: [[XA:%[0-9]+]] = getelementptr i8, ptr %y, i64 [[O1]]
; CHECK-NEXT: [[XS:%[0-9]+]] = getelementptr i8, ptr %plr.data, i64 8
; CHECK-NEXT: store ptr [[XA]], ptr [[XS]]
; CHECK: [[O2:%[0-9]+]] = mul i64 1, %[[DS]]
; CHECK-NEXT: [[YA:%[0-9]+]] = getelementptr i8, ptr %y, i64 [[O2]]
; CHECK-NEXT: [[YS:%[0-9]+]] = getelementptr i8, ptr %plr.data, i64 16
; CHECK-NEXT: store ptr [[YA]], ptr [[YS]]
; CHECK: call i32 @plr_run_many(
; CHECK: plr.map:
; CHECK: mul i64 %plr.i, %[[DS]]
;
; tdf2: two outputs first, x read at 0 and C (mul 1 * stride), the call at element 2.
; CHECK-LABEL: define internal i1 @tdf2.plr.call(
; CHECK-SAME: i64 %n, ptr %x, ptr %y, i64 %[[ST:[0-9]+]],
; CHECK: plr.call.go:
; CHECK-NEXT: %plr.peel.x = load float, ptr %x
; CHECK: [[X1:%[0-9]+]] = mul i64 1, %[[ST]]
; CHECK-NEXT: [[XA:%[0-9]+]] = getelementptr i8, ptr %x, i64 [[X1]]
; CHECK-NEXT: %plr.peel.x2 = load float, ptr [[XA]]
; CHECK: [[N2:%[0-9]+]] = sub i64 %n, 2
; CHECK-NEXT: store i64 [[N2]], ptr %plr.data
; CHECK: [[X2:%[0-9]+]] = mul i64 2, %[[ST]]
; CHECK-NEXT: [[XB:%[0-9]+]] = getelementptr i8, ptr %x, i64 [[X2]]
; CHECK: [[Y2:%[0-9]+]] = mul i64 2, %[[ST]]
; CHECK-NEXT: [[YB:%[0-9]+]] = getelementptr i8, ptr %y, i64 [[Y2]]
; CHECK: call i32 @plr_run_many(
; CHECK: plr.done:
; CHECK-NEXT: store float %plr.peel1, ptr %y
; CHECK-NEXT: [[Y1:%[0-9]+]] = mul i64 1, %[[ST]]
; CHECK-NEXT: [[YA:%[0-9]+]] = getelementptr i8, ptr %y, i64 [[Y1]]
; CHECK-NEXT: store float %plr.peel8, ptr [[YA]]
;
; The same at C*D.
; CHECK-LABEL: define dso_local void @deemph_cd(
; CHECK: %plr.stride.ok
; CHECK-LABEL: define internal i1 @deemph_cd.plr.call(
; CHECK: call i32 @plr_run_many(
; CHECK-LABEL: define dso_local void @tdf2_cd(
; CHECK: %plr.stride.ok
; CHECK-LABEL: define internal i1 @tdf2_cd.plr.call(
; CHECK: call i32 @plr_run_many(
;
; Input: make-input.sh rs.c FN -ffast-math for each function (its define alone), from:
; /* opus's de-emphasis (its first output computed before the call) at a run-time stride C */
; void deemph(const float *restrict x, float *restrict y, int n, long C, float coef0, float *mem) {
;   float m = *mem;
;   for (int j = 0; j < n; j++) {
;     float tmp = x[j] + 1e-30f + m;
;     m = coef0 * tmp;
;     y[j * C] = tmp * (1 / 32768.f);
;   }
;   *mem = m;
; }
; /* a biquad in transposed direct form II from saved states (first outputs before the call) */
; void tdf2(const float *restrict x, float *restrict y, long n, long C, float *st) {
;   float z1 = st[0], z2 = st[1];
;   for (long i = 0; i < n; i++) {
;     float in = x[i * C];
;     float out = 0.2f * in + z1;
;     z1 = 0.4f * in + 0.9f * out + z2;
;     z2 = 0.2f * in - 0.4f * out;
;     y[i * C] = out;
;   }
;   st[0] = z1;
;   st[1] = z2;
; }
; /* opus's de-emphasis (its first output computed before the call) at a stride of two run-time values */
; void deemph_cd(const float *restrict x, float *restrict y, int n, long C, long D, float coef0, float *mem) {
;   float m = *mem;
;   for (int j = 0; j < n; j++) {
;     float tmp = x[j] + 1e-30f + m;
;     m = coef0 * tmp;
;     y[j * C * D] = tmp * (1 / 32768.f);
;   }
;   *mem = m;
; }
; /* a biquad in transposed direct form II from saved states (first outputs before the call) */
; void tdf2_cd(const float *restrict x, float *restrict y, long n, long C, long D, float *st) {
;   float z1 = st[0], z2 = st[1];
;   for (long i = 0; i < n; i++) {
;     float in = x[i * C * D];
;     float out = 0.2f * in + z1;
;     z1 = 0.4f * in + 0.9f * out + z2;
;     z2 = 0.2f * in - 0.4f * out;
;     y[i * C * D] = out;
;   }
;   st[0] = z1;
;   st[1] = z2;
; }

define dso_local void @deemph(ptr noalias nocapture noundef readonly %x, ptr noalias nocapture noundef writeonly %y, i32 noundef %n, i64 noundef %C, float noundef nofpclass(nan inf) %coef0, ptr nocapture noundef %mem) local_unnamed_addr {
entry:
  %0 = load float, ptr %mem, align 4
  %cmp11 = icmp sgt i32 %n, 0
  br i1 %cmp11, label %for.body.preheader, label %for.cond.cleanup

for.body.preheader:                               ; preds = %entry
  %wide.trip.count = zext nneg i32 %n to i64
  br label %for.body

for.cond.cleanup.loopexit:                        ; preds = %for.body
  %mul.lcssa = phi float [ %mul, %for.body ]
  br label %for.cond.cleanup

for.cond.cleanup:                                 ; preds = %for.cond.cleanup.loopexit, %entry
  %m.0.lcssa = phi float [ %0, %entry ], [ %mul.lcssa, %for.cond.cleanup.loopexit ]
  store float %m.0.lcssa, ptr %mem, align 4
  ret void

for.body:                                         ; preds = %for.body.preheader, %for.body
  %indvars.iv = phi i64 [ 0, %for.body.preheader ], [ %indvars.iv.next, %for.body ]
  %m.013 = phi float [ %0, %for.body.preheader ], [ %mul, %for.body ]
  %arrayidx = getelementptr inbounds float, ptr %x, i64 %indvars.iv
  %1 = load float, ptr %arrayidx, align 4
  %add = fadd fast float %m.013, 0x39B4484C00000000
  %add1 = fadd fast float %add, %1
  %mul = fmul fast float %add1, %coef0
  %mul2 = fmul fast float %add1, 0x3F00000000000000
  %mul3 = mul nsw i64 %indvars.iv, %C
  %arrayidx4 = getelementptr inbounds float, ptr %y, i64 %mul3
  store float %mul2, ptr %arrayidx4, align 4
  %indvars.iv.next = add nuw nsw i64 %indvars.iv, 1
  %exitcond.not = icmp eq i64 %indvars.iv.next, %wide.trip.count
  br i1 %exitcond.not, label %for.cond.cleanup.loopexit, label %for.body
}

define dso_local void @tdf2(ptr noalias nocapture noundef readonly %x, ptr noalias nocapture noundef writeonly %y, i64 noundef %n, i64 noundef %C, ptr nocapture noundef %st) local_unnamed_addr {
entry:
  %0 = load float, ptr %st, align 4
  %arrayidx1 = getelementptr inbounds i8, ptr %st, i64 4
  %1 = load float, ptr %arrayidx1, align 4
  %cmp27 = icmp sgt i64 %n, 0
  br i1 %cmp27, label %for.body.preheader, label %for.cond.cleanup

for.body.preheader:                               ; preds = %entry
  br label %for.body

for.cond.cleanup.loopexit:                        ; preds = %for.body
  %add7.lcssa = phi float [ %add7, %for.body ]
  %sub.lcssa = phi float [ %sub, %for.body ]
  br label %for.cond.cleanup

for.cond.cleanup:                                 ; preds = %for.cond.cleanup.loopexit, %entry
  %z2.0.lcssa = phi float [ %1, %entry ], [ %sub.lcssa, %for.cond.cleanup.loopexit ]
  %z1.0.lcssa = phi float [ %0, %entry ], [ %add7.lcssa, %for.cond.cleanup.loopexit ]
  store float %z1.0.lcssa, ptr %st, align 4
  store float %z2.0.lcssa, ptr %arrayidx1, align 4
  ret void

for.body:                                         ; preds = %for.body.preheader, %for.body
  %z1.030 = phi float [ %add7, %for.body ], [ %0, %for.body.preheader ]
  %z2.029 = phi float [ %sub, %for.body ], [ %1, %for.body.preheader ]
  %i.028 = phi i64 [ %inc, %for.body ], [ 0, %for.body.preheader ]
  %mul = mul nsw i64 %i.028, %C
  %arrayidx2 = getelementptr inbounds float, ptr %x, i64 %mul
  %2 = load float, ptr %arrayidx2, align 4
  %mul3 = fmul fast float %2, 0x3FC99999A0000000
  %add = fadd fast float %mul3, %z1.030
  %mul4 = fmul fast float %2, 0x3FD99999A0000000
  %mul5 = fmul fast float %add, 0x3FECCCCCC0000000
  %add6 = fadd fast float %mul4, %z2.029
  %add7 = fadd fast float %add6, %mul5
  %mul9 = fmul fast float %add, 0x3FD99999A0000000
  %sub = fsub fast float %mul3, %mul9
  %arrayidx11 = getelementptr inbounds float, ptr %y, i64 %mul
  store float %add, ptr %arrayidx11, align 4
  %inc = add nuw nsw i64 %i.028, 1
  %exitcond.not = icmp eq i64 %inc, %n
  br i1 %exitcond.not, label %for.cond.cleanup.loopexit, label %for.body
}


define dso_local void @deemph_cd(ptr noalias nocapture noundef readonly %x, ptr noalias nocapture noundef writeonly %y, i32 noundef %n, i64 noundef %C, i64 noundef %D, float noundef nofpclass(nan inf) %coef0, ptr nocapture noundef %mem) local_unnamed_addr {
entry:
  %0 = load float, ptr %mem, align 4
  %cmp12 = icmp sgt i32 %n, 0
  br i1 %cmp12, label %for.body.lr.ph, label %for.cond.cleanup

for.body.lr.ph:                                   ; preds = %entry
  %mul3 = mul i64 %D, %C
  %wide.trip.count = zext nneg i32 %n to i64
  br label %for.body

for.cond.cleanup.loopexit:                        ; preds = %for.body
  %mul.lcssa = phi float [ %mul, %for.body ]
  br label %for.cond.cleanup

for.cond.cleanup:                                 ; preds = %for.cond.cleanup.loopexit, %entry
  %m.0.lcssa = phi float [ %0, %entry ], [ %mul.lcssa, %for.cond.cleanup.loopexit ]
  store float %m.0.lcssa, ptr %mem, align 4
  ret void

for.body:                                         ; preds = %for.body.lr.ph, %for.body
  %indvars.iv = phi i64 [ 0, %for.body.lr.ph ], [ %indvars.iv.next, %for.body ]
  %m.014 = phi float [ %0, %for.body.lr.ph ], [ %mul, %for.body ]
  %arrayidx = getelementptr inbounds float, ptr %x, i64 %indvars.iv
  %1 = load float, ptr %arrayidx, align 4
  %add = fadd fast float %m.014, 0x39B4484C00000000
  %add1 = fadd fast float %add, %1
  %mul = fmul fast float %add1, %coef0
  %mul2 = fmul fast float %add1, 0x3F00000000000000
  %mul4 = mul i64 %mul3, %indvars.iv
  %arrayidx5 = getelementptr inbounds float, ptr %y, i64 %mul4
  store float %mul2, ptr %arrayidx5, align 4
  %indvars.iv.next = add nuw nsw i64 %indvars.iv, 1
  %exitcond.not = icmp eq i64 %indvars.iv.next, %wide.trip.count
  br i1 %exitcond.not, label %for.cond.cleanup.loopexit, label %for.body
}

define dso_local void @tdf2_cd(ptr noalias nocapture noundef readonly %x, ptr noalias nocapture noundef writeonly %y, i64 noundef %n, i64 noundef %C, i64 noundef %D, ptr nocapture noundef %st) local_unnamed_addr {
entry:
  %0 = load float, ptr %st, align 4
  %arrayidx1 = getelementptr inbounds i8, ptr %st, i64 4
  %1 = load float, ptr %arrayidx1, align 4
  %cmp30 = icmp sgt i64 %n, 0
  br i1 %cmp30, label %for.body.lr.ph, label %for.cond.cleanup

for.body.lr.ph:                                   ; preds = %entry
  %mul = mul i64 %D, %C
  br label %for.body

for.cond.cleanup.loopexit:                        ; preds = %for.body
  %add8.lcssa = phi float [ %add8, %for.body ]
  %sub.lcssa = phi float [ %sub, %for.body ]
  br label %for.cond.cleanup

for.cond.cleanup:                                 ; preds = %for.cond.cleanup.loopexit, %entry
  %z2.0.lcssa = phi float [ %1, %entry ], [ %sub.lcssa, %for.cond.cleanup.loopexit ]
  %z1.0.lcssa = phi float [ %0, %entry ], [ %add8.lcssa, %for.cond.cleanup.loopexit ]
  store float %z1.0.lcssa, ptr %st, align 4
  store float %z2.0.lcssa, ptr %arrayidx1, align 4
  ret void

for.body:                                         ; preds = %for.body.lr.ph, %for.body
  %z1.033 = phi float [ %0, %for.body.lr.ph ], [ %add8, %for.body ]
  %z2.032 = phi float [ %1, %for.body.lr.ph ], [ %sub, %for.body ]
  %i.031 = phi i64 [ 0, %for.body.lr.ph ], [ %inc, %for.body ]
  %mul2 = mul i64 %mul, %i.031
  %arrayidx3 = getelementptr inbounds float, ptr %x, i64 %mul2
  %2 = load float, ptr %arrayidx3, align 4
  %mul4 = fmul fast float %2, 0x3FC99999A0000000
  %add = fadd fast float %mul4, %z1.033
  %mul5 = fmul fast float %2, 0x3FD99999A0000000
  %mul6 = fmul fast float %add, 0x3FECCCCCC0000000
  %add7 = fadd fast float %mul5, %z2.032
  %add8 = fadd fast float %add7, %mul6
  %mul10 = fmul fast float %add, 0x3FD99999A0000000
  %sub = fsub fast float %mul4, %mul10
  %arrayidx13 = getelementptr inbounds float, ptr %y, i64 %mul2
  store float %add, ptr %arrayidx13, align 4
  %inc = add nuw nsw i64 %i.031, 1
  %exitcond.not = icmp eq i64 %inc, %n
  br i1 %exitcond.not, label %for.cond.cleanup.loopexit, label %for.body
}

