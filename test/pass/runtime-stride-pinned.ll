; A single loop at a run-time stride (y[j*C]) outside any nest, in a form the call at that stride
; does not take (runtime-stride-alone.ll takes the plain ones), is read where the stride is one
; element and versioned on it, as LoopVectorize versions a symbolic stride: the check before the
; call tests C == 1 (plr.stride.one; the footprints, the call's layout and histories are those of
; unit stride), and any other C runs the loop as written. Through memory with an input term
; materialized (usq), opus's mono de-emphasis (the state in a register, the output a map of it, the
; first output computed before the call: deemph). A stride of two run-time values has no one value
; to pin: reject-runtime-stride.ll.
; REQUIRES: pass
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -S %s | %FileCheck %s
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -pass-remarks=plr -pass-remarks-missed=plr -disable-output %s 2>&1 | %FileCheck %s --check-prefix=REMARK
; REMARK: remark: {{.*}}replaced linear recurrence with a call to plr_run: signature (1: a), type i32, order 1, layout: the stride a run-time value, taken where it is one element (C == 1; else the loop runs as written), input term materialized by a map; plan: check(the stride C is 1); ask(2 passes); map(t -> y); call(1: a) y->y in place
; REMARK: remark: {{.*}}replaced linear recurrence with a call to plr_run: signature (1: coef0), type f32, order 1, layout: the stride a run-time value, taken where it is one element (C == 1; else the loop runs as written), input term materialized by a map, transposed states: the first outputs computed before the call from the states' start, output an elementwise map of the state; plan: check(the stride C is 1); ask(3 passes)
; REMARK-NOT: remark
; CHECK-LABEL: @usq(
; CHECK: [[NE:%.*]] = icmp ne i32 %C, 1
; CHECK-NEXT: %plr.stride.one = xor i1 [[NE]], true
; CHECK-NEXT: [[OK:%.*]] = and i1 {{%[0-9]+}}, %plr.stride.one
; CHECK-NEXT: br i1 [[OK]], label %plr.outlined, label %plr.fallback
; The loop as written stays, at stride C.
; CHECK: for.body:
; CHECK: mul nsw i64 %indvars.iv, %0
; CHECK-LABEL: define internal i1 @usq.plr.call(
; CHECK: call i32 @plr_run(
; CHECK-LABEL: @deemph(
; CHECK: icmp ne i32 %C, 1
; CHECK: %plr.stride.one
; CHECK-LABEL: define internal i1 @deemph.plr.call(
; CHECK: call i32 @plr_run(
;
; Input: make-input.sh pin.c FN -ffast-math for each function (its define alone), from:
; /* through memory at a run-time stride C, the input term materialized (x squared) */
; void usq(const unsigned *restrict x, unsigned *restrict y, int n, int C, unsigned a) {
;   for (int j = 1; j < n; j++)
;     y[j * C] = a * y[(j - 1) * C] + x[j * C] * x[j * C];
; }
; /* opus's mono de-emphasis */
; void deemph(const float *restrict x, float *restrict y, int n, int C, float coef0, float *mem) {
;   float m = *mem;
;   for (int j = 0; j < n; j++) {
;     float tmp = x[j] + 1e-30f + m;
;     m = coef0 * tmp;
;     y[j * C] = tmp * (1 / 32768.f);
;   }
;   *mem = m;
; }

define dso_local void @usq(ptr noalias nocapture noundef readonly %x, ptr noalias nocapture noundef %y, i32 noundef %n, i32 noundef %C, i32 noundef %a) local_unnamed_addr {
entry:
  %cmp22 = icmp sgt i32 %n, 1
  br i1 %cmp22, label %for.body.preheader, label %for.cond.cleanup

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
  %mul8 = mul i32 %5, %5
  %add = add i32 %mul8, %mul1
  %arrayidx11 = getelementptr inbounds i32, ptr %y, i64 %4
  store i32 %add, ptr %arrayidx11, align 4
  %indvars.iv.next = add nuw nsw i64 %indvars.iv, 1
  %exitcond.not = icmp eq i64 %indvars.iv.next, %wide.trip.count
  br i1 %exitcond.not, label %for.cond.cleanup.loopexit, label %for.body
}

define dso_local void @deemph(ptr noalias nocapture noundef readonly %x, ptr noalias nocapture noundef writeonly %y, i32 noundef %n, i32 noundef %C, float noundef nofpclass(nan inf) %coef0, ptr nocapture noundef %mem) local_unnamed_addr {
entry:
  %0 = load float, ptr %mem, align 4
  %cmp12 = icmp sgt i32 %n, 0
  br i1 %cmp12, label %for.body.preheader, label %for.cond.cleanup

for.body.preheader:                               ; preds = %entry
  %1 = sext i32 %C to i64
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
  %m.014 = phi float [ %0, %for.body.preheader ], [ %mul, %for.body ]
  %arrayidx = getelementptr inbounds float, ptr %x, i64 %indvars.iv
  %2 = load float, ptr %arrayidx, align 4
  %add = fadd fast float %m.014, 0x39B4484C00000000
  %add1 = fadd fast float %add, %2
  %mul = fmul fast float %add1, %coef0
  %mul2 = fmul fast float %add1, 0x3F00000000000000
  %3 = mul nsw i64 %indvars.iv, %1
  %arrayidx5 = getelementptr inbounds float, ptr %y, i64 %3
  store float %mul2, ptr %arrayidx5, align 4
  %indvars.iv.next = add nuw nsw i64 %indvars.iv, 1
  %exitcond.not = icmp eq i64 %indvars.iv.next, %wide.trip.count
  br i1 %exitcond.not, label %for.cond.cleanup.loopexit, label %for.body
}

