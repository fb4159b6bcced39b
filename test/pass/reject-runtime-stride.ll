; A loop alone at a stride of two run-time values (x[i*w*d], y[i*w*d]) is one call at that stride in
; its plain forms (runtime-stride-alone.ll, runtime-stride-alone-2.ll). Forms with first outputs
; computed before the call or a state whose output is a FIR of it are lowered at a constant stride
; only, and no one value makes this one an element, so they are refused with the reason: opus's
; de-emphasis (transposed states, deemph), a biquad in direct form II (df2). (With one value, C in
; y[j*C], both are versioned on C == 1: runtime-stride-pinned.ll.)
; REQUIRES: pass
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -S %s | %FileCheck %s
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -pass-remarks-missed=plr -disable-output %s 2>&1 | %FileCheck %s --check-prefix=MISSED
; MISSED: remark: {{.*}}recurrence not replaced: the stride is a run-time value (a column of an image with a variable width); that is replaced as part of a loop nest the call covers whole, in a loop alone as one call at that stride in its plain forms (an input term computed into y first, maps of the state into its output and into other arrays at that stride), or where one value makes it one element (y[j*C], versioned on C == 1), and this loop is none of these
; MISSED: remark: {{.*}}recurrence not replaced: the stride is a run-time value
; MISSED-NOT: remark
; CHECK-NOT: plr_run
;
; Input: make-input.sh rej.c FN -ffast-math for each function (its define alone), from:
; /* opus's de-emphasis (its first output computed before the call) at a stride of two run-time values */
; void deemph(const float *restrict x, float *restrict y, int n, long C, long D, float coef0, float *mem) {
;   float m = *mem;
;   for (int j = 0; j < n; j++) {
;     float tmp = x[j] + 1e-30f + m;
;     m = coef0 * tmp;
;     y[j * C * D] = tmp * (1 / 32768.f);
;   }
;   *mem = m;
; }
; /* a biquad in direct form II (the output a FIR of the state: a map after the call) at such a stride */
; void df2(const float *restrict x, float *restrict y, long n, long C, long D, float a1, float a2) {
;   float w1 = 0, w2 = 0;
;   for (long i = 0; i < n; i++) {
;     float w = x[i * C * D] - a1 * w1 - a2 * w2;
;     y[i * C * D] = 0.25f * w + 0.5f * w1 + 0.25f * w2;
;     w2 = w1;
;     w1 = w;
;   }
; }

define dso_local void @deemph(ptr noalias nocapture noundef readonly %x, ptr noalias nocapture noundef writeonly %y, i32 noundef %n, i64 noundef %C, i64 noundef %D, float noundef nofpclass(nan inf) %coef0, ptr nocapture noundef %mem) local_unnamed_addr {
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

define dso_local void @df2(ptr noalias nocapture noundef readonly %x, ptr noalias nocapture noundef writeonly %y, i64 noundef %n, i64 noundef %C, i64 noundef %D, float noundef nofpclass(nan inf) %a1, float noundef nofpclass(nan inf) %a2) local_unnamed_addr {
entry:
  %cmp21 = icmp sgt i64 %n, 0
  br i1 %cmp21, label %for.body.lr.ph, label %for.cond.cleanup

for.body.lr.ph:                                   ; preds = %entry
  %mul = mul i64 %D, %C
  %mul3 = fneg fast float %a2
  br label %for.body

for.cond.cleanup.loopexit:                        ; preds = %for.body
  br label %for.cond.cleanup

for.cond.cleanup:                                 ; preds = %for.cond.cleanup.loopexit, %entry
  ret void

for.body:                                         ; preds = %for.body.lr.ph, %for.body
  %w1.024 = phi float [ 0.000000e+00, %for.body.lr.ph ], [ %sub4, %for.body ]
  %i.023 = phi i64 [ 0, %for.body.lr.ph ], [ %inc, %for.body ]
  %w2.022 = phi float [ 0.000000e+00, %for.body.lr.ph ], [ %w1.024, %for.body ]
  %mul1 = mul i64 %mul, %i.023
  %arrayidx = getelementptr inbounds float, ptr %x, i64 %mul1
  %0 = load float, ptr %arrayidx, align 4
  %mul3.neg = fmul fast float %w2.022, %mul3
  %mul2.neg = fmul fast float %w1.024, %a1
  %1 = fsub fast float %mul3.neg, %mul2.neg
  %sub4 = fadd fast float %1, %0
  %mul6 = fmul fast float %w1.024, 5.000000e-01
  %reass.add = fadd fast float %sub4, %w2.022
  %reass.mul = fmul fast float %reass.add, 2.500000e-01
  %add8 = fadd fast float %reass.mul, %mul6
  %arrayidx11 = getelementptr inbounds float, ptr %y, i64 %mul1
  store float %add8, ptr %arrayidx11, align 4
  %inc = add nuw nsw i64 %i.023, 1
  %exitcond.not = icmp eq i64 %inc, %n
  br i1 %exitcond.not, label %for.cond.cleanup.loopexit, label %for.body
}

