; A loop alone at a stride of two run-time values (x[i*w*d], y[i*w*d]) is one call at that stride in
; its plain forms (runtime-stride-alone.ll, runtime-stride-alone-2.ll). Forms with first outputs
; computed before the call are lowered at a constant stride only, and no one value makes this one
; an element, so they are refused with the reason: opus's de-emphasis (a transposed state, deemph),
; a biquad in transposed direct form II from saved states (tdf2). (With one value, C in y[j*C],
; both are versioned on C == 1: runtime-stride-pinned.ll.)
; REQUIRES: pass
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -S %s | %FileCheck %s
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -pass-remarks-missed=plr -disable-output %s 2>&1 | %FileCheck %s --check-prefix=MISSED
; MISSED: remark: {{.*}}recurrence not replaced: the stride is a run-time value (a column of an image with a variable width); that is replaced as part of a loop nest the call covers whole, in a loop alone as one call at that stride unless first outputs are computed before the call, a FIR map follows it, stages cascade or the state needs a buffer of its own, or where one value makes it one element (y[j*C], versioned on C == 1), and this loop is none of these
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
; /* a biquad in transposed direct form II from saved states (first outputs before the call) */
; void tdf2(const float *restrict x, float *restrict y, long n, long C, long D, float *st) {
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

define dso_local void @tdf2(ptr noalias nocapture noundef readonly %x, ptr noalias nocapture noundef writeonly %y, i64 noundef %n, i64 noundef %C, i64 noundef %D, ptr nocapture noundef %st) local_unnamed_addr {
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

