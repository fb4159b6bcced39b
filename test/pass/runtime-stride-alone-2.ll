; More plain forms of a loop alone at a run-time stride, one plr_run_many at that stride
; (runtime-stride-alone.ll has the first ones): an input term materialized into y first by a
; copy of the loop (x squared) with restrict (usq: through memory, no address check but the
; stride's) and without (sqa: the input's range at the stride checked apart from y, "other loads
; apart from y"), a double state stored into float (wide1: the runtime rounds on the store), a
; biquad in direct form II from saved states at a stride of two run-time values (df2: its histories
; derived from the states, as at unit stride) and one in transposed direct form II from zero
; (tdf2z), and one interleaved buffer's channel 1 from its channel 0 (chmix: their lanes tested apart
; at run time).
; REQUIRES: pass
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -S %s | %FileCheck %s
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -pass-remarks=plr -pass-remarks-missed=plr -disable-output %s 2>&1 | %FileCheck %s --check-prefix=REMARK
; REMARK: remark: {{.*}}replaced linear recurrence with a call to plr_run_many: signature (1: a), type i32, order 1, layout: x and y stride a run-time value (either sign), input term materialized by a map; plan: check(the stride whole elements, not 0, at most 1048576 bytes); ask(2 passes); map(t -> y); call(1: a) y->y in place, x and y stride a run-time value
; REMARK: remark: {{.*}}replaced linear recurrence with a call to plr_run_many: signature (1: a), type f32, order 1, layout: x and y stride a run-time value (either sign), input term materialized by a map; plan: check(other loads apart from y, the stride whole elements, not 0, at most 1048576 bytes); ask(2 passes); map(t -> y); call(1: a) y->y in place, x and y stride a run-time value
; REMARK: remark: {{.*}}replaced linear recurrence with a call to plr_run_many: signature (1: (double)a), type f64 (x f32, y f32), order 1, layout: x and y stride a run-time value (either sign); plan: check(x apart from y or exactly y, the stride whole elements, not 0, at most 1048576 bytes); ask(1 pass); call(1: (double)a) x->y, x and y stride a run-time value
; REMARK: remark: {{.*}}replaced linear recurrence with a call to plr_run_many: signature (0.25, 0.5, 0.25: -a1, -a2), type f32, order 2, layout: x and y stride a run-time value (either sign), output a linear function of the state (direct form II); plan: check(x apart from y or exactly y, the stride whole elements, not 0, at most 1048576 bytes)
; REMARK: remark: {{.*}}replaced linear recurrence with a call to plr_run_many: signature (0.2, 0.4, 0.2: 0.9, -0.4), type f32, order 2, layout: x and y stride a run-time value (either sign), transposed states (direct form II transposed), from zero; plan: check(x apart from y or exactly y, the stride whole elements, not 0, at most 1048576 bytes)
; REMARK: remark: {{.*}}replaced linear recurrence with a call to plr_run_many: signature (1: a), type f32, order 1, layout: x and y stride a run-time value (either sign), input term materialized by a map; plan: check(other loads apart from y, the stride whole elements, not 0, at most 1048576 bytes); ask(2 passes); map(t -> y); call(1: a) y->y in place, x and y stride a run-time value
; REMARK-NOT: remark
; sqa: the load's range, from x's first element, min and max of its first and last at the stride,
; apart from y's.
; CHECK-LABEL: @sqa(
; CHECK: %plr.stride.ok =
; CHECK: [[XB:%.*]] = ptrtoint ptr %x to i64
; CHECK: [[XL:%.*]] = mul i64 {{%.*}}, [[S:%.*]]
; CHECK: icmp slt i64 0, [[XL]]
; CHECK: icmp sgt i64 0, [[XL]]
; CHECK: %plr.apart = or i1
; CHECK: br i1 {{%.*}}, label %plr.outlined, label %plr.fallback
; CHECK-LABEL: define internal i1 @sqa.plr.call(
; CHECK: call i32 @plr_run_many(
;
; chmix: the load of buf[i*C] lies 4 bytes before y's element, in another lane of the same array:
; besides the byte ranges (which meet), apart where -4 modulo |4C| is at least y's size and leaves
; room for the load's element before the next of y's (C = 1 fails: one lane).
; CHECK-LABEL: @chmix(
; CHECK: %plr.apart = or i1
; CHECK: [[ST:%.*]] = select i1 {{%.*}}, i64 1, i64 {{%.*}}
; CHECK-NEXT: [[M:%.*]] = srem i64 -4, [[ST]]
; CHECK: %plr.lane = select i1
; CHECK-NEXT: [[A:%.*]] = icmp uge i64 %plr.lane, 4
; CHECK-NEXT: [[E:%.*]] = add i64 %plr.lane, 4
; CHECK-NEXT: [[B:%.*]] = icmp ule i64 [[E]], [[ST]]
; CHECK-NEXT: %plr.lanes.apart = and i1 [[A]], [[B]]
; CHECK-NEXT: or i1 %plr.apart, %plr.lanes.apart
;
; Input: make-input.sh alone2.c FN -ffast-math for each function (its define alone), from:
; /* through memory at a run-time stride C, the input term materialized (x squared) */
; void usq(const unsigned *restrict x, unsigned *restrict y, int n, int C, unsigned a) {
;   for (int j = 1; j < n; j++)
;     y[j * C] = a * y[(j - 1) * C] + x[j * C] * x[j * C];
; }
; /* the same without restrict: the input's range at the stride checked apart from y */
; void sqa(const float *x, float *y, long n, long C, float a) {
;   float s = 0;
;   for (long j = 0; j < n; j++) { s = a * s + x[j * C] * x[j * C]; y[j * C] = s; }
; }
; /* a double state stored into float */
; void wide1(long h, long C, float a, const float *restrict x, float *restrict y) {
;   double s = 0;
;   for (long i = 0; i < h; i++) { s = a * s + x[i*C]; y[i*C] = (float)s; }
; }
; /* a biquad in direct form II from saved states, at a stride of two run-time values */
; void df2(const float *restrict x, float *restrict y, long n, long C, long D, float a1, float a2) {
;   float w1 = 0.25f, w2 = -0.5f;
;   for (long i = 0; i < n; i++) {
;     float w = x[i * C * D] - a1 * w1 - a2 * w2;
;     y[i * C * D] = 0.25f * w + 0.5f * w1 + 0.25f * w2;
;     w2 = w1; w1 = w;
;   }
; }
; /* a biquad in transposed direct form II from zero */
; void tdf2z(const float *restrict x, float *restrict y, long n, long C) {
;   float z1 = 0, z2 = 0;
;   for (long i = 0; i < n; i++) {
;     float in = x[i * C];
;     float out = 0.2f * in + z1;
;     z1 = 0.4f * in + 0.9f * out + z2;
;     z2 = 0.2f * in - 0.4f * out;
;     y[i * C] = out;
;   }
; }
; /* one interleaved buffer, channel 1 from channel 0, at a run-time channel count C */
; void chmix(float *buf, long n, long C, float a) {
;   for (long i = 1; i < n; i++) buf[i * C + 1] = buf[i * C] + a * buf[(i - 1) * C + 1];
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

define dso_local void @sqa(ptr nocapture noundef readonly %x, ptr nocapture noundef writeonly %y, i64 noundef %n, i64 noundef %C, float noundef nofpclass(nan inf) %a) local_unnamed_addr {
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
  %j.017 = phi i64 [ %inc, %for.body ], [ 0, %for.body.preheader ]
  %s.016 = phi float [ %add, %for.body ], [ 0.000000e+00, %for.body.preheader ]
  %mul = fmul fast float %s.016, %a
  %mul1 = mul nsw i64 %j.017, %C
  %arrayidx = getelementptr inbounds float, ptr %x, i64 %mul1
  %0 = load float, ptr %arrayidx, align 4
  %mul4 = fmul fast float %0, %0
  %add = fadd fast float %mul4, %mul
  %arrayidx6 = getelementptr inbounds float, ptr %y, i64 %mul1
  store float %add, ptr %arrayidx6, align 4
  %inc = add nuw nsw i64 %j.017, 1
  %exitcond.not = icmp eq i64 %inc, %n
  br i1 %exitcond.not, label %for.cond.cleanup.loopexit, label %for.body
}

define dso_local void @wide1(i64 noundef %h, i64 noundef %C, float noundef nofpclass(nan inf) %a, ptr noalias nocapture noundef readonly %x, ptr noalias nocapture noundef writeonly %y) local_unnamed_addr {
entry:
  %cmp11 = icmp sgt i64 %h, 0
  br i1 %cmp11, label %for.body.lr.ph, label %for.cond.cleanup

for.body.lr.ph:                                   ; preds = %entry
  %conv = fpext float %a to double
  br label %for.body

for.cond.cleanup.loopexit:                        ; preds = %for.body
  br label %for.cond.cleanup

for.cond.cleanup:                                 ; preds = %for.cond.cleanup.loopexit, %entry
  ret void

for.body:                                         ; preds = %for.body.lr.ph, %for.body
  %i.013 = phi i64 [ 0, %for.body.lr.ph ], [ %inc, %for.body ]
  %s.012 = phi double [ 0.000000e+00, %for.body.lr.ph ], [ %add, %for.body ]
  %mul = fmul fast double %s.012, %conv
  %mul1 = mul nsw i64 %i.013, %C
  %arrayidx = getelementptr inbounds float, ptr %x, i64 %mul1
  %0 = load float, ptr %arrayidx, align 4
  %conv2 = fpext float %0 to double
  %add = fadd fast double %mul, %conv2
  %conv3 = fptrunc double %add to float
  %arrayidx5 = getelementptr inbounds float, ptr %y, i64 %mul1
  store float %conv3, ptr %arrayidx5, align 4
  %inc = add nuw nsw i64 %i.013, 1
  %exitcond.not = icmp eq i64 %inc, %h
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
  %w1.024 = phi float [ 2.500000e-01, %for.body.lr.ph ], [ %sub4, %for.body ]
  %i.023 = phi i64 [ 0, %for.body.lr.ph ], [ %inc, %for.body ]
  %w2.022 = phi float [ -5.000000e-01, %for.body.lr.ph ], [ %w1.024, %for.body ]
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

define dso_local void @tdf2z(ptr noalias nocapture noundef readonly %x, ptr noalias nocapture noundef writeonly %y, i64 noundef %n, i64 noundef %C) local_unnamed_addr {
entry:
  %cmp18 = icmp sgt i64 %n, 0
  br i1 %cmp18, label %for.body.preheader, label %for.cond.cleanup

for.body.preheader:                               ; preds = %entry
  br label %for.body

for.cond.cleanup.loopexit:                        ; preds = %for.body
  br label %for.cond.cleanup

for.cond.cleanup:                                 ; preds = %for.cond.cleanup.loopexit, %entry
  ret void

for.body:                                         ; preds = %for.body.preheader, %for.body
  %z1.021 = phi float [ %add5, %for.body ], [ 0.000000e+00, %for.body.preheader ]
  %z2.020 = phi float [ %sub, %for.body ], [ 0.000000e+00, %for.body.preheader ]
  %i.019 = phi i64 [ %inc, %for.body ], [ 0, %for.body.preheader ]
  %mul = mul nsw i64 %i.019, %C
  %arrayidx = getelementptr inbounds float, ptr %x, i64 %mul
  %0 = load float, ptr %arrayidx, align 4
  %mul1 = fmul fast float %0, 0x3FC99999A0000000
  %add = fadd fast float %mul1, %z1.021
  %mul2 = fmul fast float %0, 0x3FD99999A0000000
  %mul3 = fmul fast float %add, 0x3FECCCCCC0000000
  %add4 = fadd fast float %mul2, %z2.020
  %add5 = fadd fast float %add4, %mul3
  %mul7 = fmul fast float %add, 0x3FD99999A0000000
  %sub = fsub fast float %mul1, %mul7
  %arrayidx9 = getelementptr inbounds float, ptr %y, i64 %mul
  store float %add, ptr %arrayidx9, align 4
  %inc = add nuw nsw i64 %i.019, 1
  %exitcond.not = icmp eq i64 %inc, %n
  br i1 %exitcond.not, label %for.cond.cleanup.loopexit, label %for.body
}

define dso_local void @chmix(ptr nocapture noundef %buf, i64 noundef %n, i64 noundef %C, float noundef nofpclass(nan inf) %a) local_unnamed_addr {
entry:
  %invariant.gep = getelementptr i8, ptr %buf, i64 4
  %cmp16 = icmp sgt i64 %n, 1
  br i1 %cmp16, label %for.body.preheader, label %for.cond.cleanup

for.body.preheader:                               ; preds = %entry
  br label %for.body

for.cond.cleanup.loopexit:                        ; preds = %for.body
  br label %for.cond.cleanup

for.cond.cleanup:                                 ; preds = %for.cond.cleanup.loopexit, %entry
  ret void

for.body:                                         ; preds = %for.body.preheader, %for.body
  %i.017 = phi i64 [ %inc, %for.body ], [ 1, %for.body.preheader ]
  %mul = mul nsw i64 %i.017, %C
  %arrayidx = getelementptr inbounds float, ptr %buf, i64 %mul
  %0 = load float, ptr %arrayidx, align 4
  %sub = add nsw i64 %i.017, -1
  %mul1 = mul nsw i64 %sub, %C
  %gep = getelementptr float, ptr %invariant.gep, i64 %mul1
  %1 = load float, ptr %gep, align 4
  %mul3 = fmul fast float %1, %a
  %add4 = fadd fast float %mul3, %0
  %arrayidx7 = getelementptr i8, ptr %arrayidx, i64 4
  store float %add4, ptr %arrayidx7, align 4
  %inc = add nuw nsw i64 %i.017, 1
  %exitcond.not = icmp eq i64 %inc, %n
  br i1 %exitcond.not, label %for.cond.cleanup.loopexit, label %for.body
}
