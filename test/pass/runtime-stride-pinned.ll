; A single loop at a run-time stride (y[j*C]) outside any nest, in a form the call at that stride
; does not take (runtime-stride-alone.ll takes the plain ones), is read where the stride is one
; element and versioned on it, as LoopVectorize versions a symbolic stride: the check before the
; call tests C == 1 (plr.stride.one; the footprints, the call's layout and histories are those of
; unit stride), and any other C runs the loop as written: opus's mono de-emphasis (the state in a
; register, the output a map of it, the first output computed before the call: deemph), a biquad
; in transposed direct form II from saved states (its first two outputs computed before the call:
; tdf2). A stride of two run-time values has no one value to pin: reject-runtime-stride.ll.
; REQUIRES: pass
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -S %s | %FileCheck %s
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -pass-remarks=plr -pass-remarks-missed=plr -disable-output %s 2>&1 | %FileCheck %s --check-prefix=REMARK
; REMARK: remark: {{.*}}replaced linear recurrence with a call to plr_run: signature (1: coef0), type f32, order 1, layout: the stride a run-time value, taken where it is one element (C == 1; else the loop runs as written), input term materialized by a map, transposed states: the first outputs computed before the call from the states' start, output an elementwise map of the state; plan: check(the stride C is 1); ask(3 passes)
; REMARK: remark: {{.*}}replaced linear recurrence with a call to plr_run: signature (0.2, 0.4, 0.2: 0.9, -0.4), type f32, order 2, layout: the stride a run-time value, taken where it is one element (C == 1; else the loop runs as written), transposed states (direct form II transposed): the first outputs computed before the call from the states' start; plan: check(x apart from y or exactly y, the stride C is 1)
; REMARK-NOT: remark
; CHECK-LABEL: @deemph(
; CHECK: [[NE:%.*]] = icmp ne i64 %C, 1
; CHECK-NEXT: %plr.stride.one = xor i1 [[NE]], true
; CHECK-NEXT: [[OK:%.*]] = and i1 {{%[0-9]+}}, %plr.stride.one
; CHECK-NEXT: br i1 [[OK]], label %plr.outlined, label %plr.fallback
; CHECK-LABEL: define internal i1 @deemph.plr.call(
; CHECK: call i32 @plr_run(
; CHECK-LABEL: @tdf2(
; CHECK: icmp ne i64 %C, 1
; CHECK: %plr.stride.one
; The loop as written stays, at stride C.
; CHECK: for.body:
; CHECK: mul nsw i64 {{%.*}}, %C
; CHECK-LABEL: define internal i1 @tdf2.plr.call(
; CHECK: call i32 @plr_run(
;
; Input: make-input.sh pin.c FN -ffast-math for each function (its define alone), from:
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

