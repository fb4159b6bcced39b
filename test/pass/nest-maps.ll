; The maps after the call in a nest (several outputs over image rows): one plr_run_many for every
; row, then one map loop nest over the rows, each array the maps read or write walked from its own
; start + r*dist. Checked over the whole nest before the call: what the maps read apart from y and
; the other stored arrays (all rows), the other stored arrays apart from x, y and each other, and x
; apart from y when a map reads x (the runtime's own overlap check would let exactly in place
; through).
; REQUIRES: pass
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -S %s | %FileCheck %s
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -pass-remarks=plr -pass-remarks-missed=plr -disable-output %s 2>&1 | %FileCheck %s --check-prefix=REMARK
;
; Input: make-input.sh FILE.c FN -ffast-math for each function (metadata and attributes left out), from:
; void nest_gain(long h, long w, float a, const float *x, const float *gain, float *y) {
;   for (long r = 0; r < h; r++) {
;     float s = 0;
;     for (long c = 0; c < w; c++) {
;       s = a * s + x[r * w + c];
;       y[r * w + c] = gain[r * w + c] * s;
;     }
;   }
; }
; void nest_two(long h, long w, const int *x, int *y, int *env, const int *bias) {
;   for (long r = 0; r < h; r++) {
;     int s = 0;
;     for (long c = 0; c < w; c++) {
;       s = 3 * s + x[r * w + c];
;       y[r * w + c] = s;
;       env[r * w + c] = (s >> 2) + bias[r * w + c] - x[r * w + c];
;     }
;   }
; }

; REMARK: remark: {{.*}}replaced loop nest with one call to plr_run_many: signature (1: a), type f32, order 1; one sequence per iteration of the outer loop, y stride 1, x stride 1, output an elementwise map of the state and of other arrays at its index; plan: check(other loads apart from y); ask(2 passes); call(1: a) x->y, a sequence per outer iteration, from zero; map(out = g(y, gain))
; REMARK: remark: {{.*}}replaced loop nest with one call to plr_run_many: signature (1: 3), type i32, order 1; one sequence per iteration of the outer loop, y stride 1, x stride 1, one other array stored as an elementwise map of the output after the call; plan: check(x apart from y, other loads apart from y and env, env apart from x and y); ask(2 passes); call(1: 3) x->y, a sequence per outer iteration, from zero; map(env = g(y, bias, x))

; CHECK-LABEL: define dso_local void @nest_gain(
; CHECK: [[GAIN:%[0-9]+]] = ptrtoint ptr %gain to i64
; CHECK: %plr.apart = or i1
; CHECK: br i1 %{{[0-9]+}}, label %plr.outlined, label %plr.fallback
; CHECK: plr.outlined:
; CHECK: %targetBlock = call i1 @nest_gain.plr.call(
; CHECK: plr.fallback:
; CHECK-LABEL: define internal i1 @nest_gain.plr.call(
; CHECK: %plr.status = call i32 @plr_run_many(
; CHECK: plr.map.seq:
; CHECK-NEXT: %plr.s = phi i64
; CHECK-NEXT: [[D:%[0-9]+]] = mul i64 %plr.s, %0
; CHECK-NEXT: [[ROW:%[0-9]+]] = getelementptr i8, ptr %y, i64 [[D]]
; CHECK-NEXT: [[GD:%[0-9]+]] = mul i64 %plr.s, %0
; CHECK-NEXT: [[GROW:%[0-9]+]] = getelementptr i8, ptr %gain, i64 [[GD]]
; CHECK: plr.map:
; CHECK: getelementptr i8, ptr [[ROW]]
; CHECK-NEXT: %plr.state = load float
; CHECK: getelementptr i8, ptr [[GROW]]
; CHECK-NEXT: load float
; CHECK-NEXT: fmul fast float
; CHECK: plr.map.seq.next:

; CHECK-LABEL: define dso_local void @nest_two(
; CHECK: %plr.apart = or i1
; CHECK: %plr.apart1 = or i1
; CHECK: %plr.x.apart = or i1
; CHECK: %plr.stores.apart = or i1
; CHECK: %plr.stores.apart2 = or i1
; CHECK: br i1 %{{[0-9]+}}, label %plr.outlined, label %plr.fallback
; CHECK: plr.outlined:
; CHECK: %targetBlock = call i1 @nest_two.plr.call(
; CHECK: plr.fallback:
; CHECK-LABEL: define internal i1 @nest_two.plr.call(
; CHECK: %plr.status = call i32 @plr_run_many(
; CHECK: plr.map.seq:
; CHECK: getelementptr i8, ptr %env
; CHECK: plr.map:
; CHECK: %plr.state = load i32
; CHECK: ashr i32 %plr.state, 2
; CHECK: store i32

define dso_local void @nest_gain(i64 noundef %h, i64 noundef %w, float noundef nofpclass(nan inf) %a, ptr nocapture noundef readonly %x, ptr nocapture noundef readonly %gain, ptr nocapture noundef writeonly %y) local_unnamed_addr {
entry:
  %cmp32 = icmp sgt i64 %h, 0
  br i1 %cmp32, label %for.cond1.preheader.lr.ph, label %for.cond.cleanup

for.cond1.preheader.lr.ph:                        ; preds = %entry
  %cmp229 = icmp sgt i64 %w, 0
  br label %for.cond1.preheader

for.cond1.preheader:                              ; preds = %for.cond1.preheader.lr.ph, %for.cond.cleanup3
  %r.033 = phi i64 [ 0, %for.cond1.preheader.lr.ph ], [ %inc15, %for.cond.cleanup3 ]
  br i1 %cmp229, label %for.body4.lr.ph, label %for.cond.cleanup3

for.body4.lr.ph:                                  ; preds = %for.cond1.preheader
  %mul5 = mul nuw nsw i64 %r.033, %w
  br label %for.body4

for.cond.cleanup.loopexit:                        ; preds = %for.cond.cleanup3
  br label %for.cond.cleanup

for.cond.cleanup:                                 ; preds = %for.cond.cleanup.loopexit, %entry
  ret void

for.cond.cleanup3.loopexit:                       ; preds = %for.body4
  br label %for.cond.cleanup3

for.cond.cleanup3:                                ; preds = %for.cond.cleanup3.loopexit, %for.cond1.preheader
  %inc15 = add nuw nsw i64 %r.033, 1
  %exitcond34.not = icmp eq i64 %inc15, %h
  br i1 %exitcond34.not, label %for.cond.cleanup.loopexit, label %for.cond1.preheader

for.body4:                                        ; preds = %for.body4.lr.ph, %for.body4
  %c.031 = phi i64 [ 0, %for.body4.lr.ph ], [ %inc, %for.body4 ]
  %s.030 = phi float [ 0.000000e+00, %for.body4.lr.ph ], [ %add6, %for.body4 ]
  %mul = fmul fast float %s.030, %a
  %add = add nuw nsw i64 %c.031, %mul5
  %arrayidx = getelementptr inbounds float, ptr %x, i64 %add
  %0 = load float, ptr %arrayidx, align 4
  %add6 = fadd fast float %0, %mul
  %arrayidx9 = getelementptr inbounds float, ptr %gain, i64 %add
  %1 = load float, ptr %arrayidx9, align 4
  %mul10 = fmul fast float %1, %add6
  %arrayidx13 = getelementptr inbounds float, ptr %y, i64 %add
  store float %mul10, ptr %arrayidx13, align 4
  %inc = add nuw nsw i64 %c.031, 1
  %exitcond.not = icmp eq i64 %inc, %w
  br i1 %exitcond.not, label %for.cond.cleanup3.loopexit, label %for.body4
}

define dso_local void @nest_two(i64 noundef %h, i64 noundef %w, ptr nocapture noundef readonly %x, ptr nocapture noundef writeonly %y, ptr nocapture noundef writeonly %env, ptr nocapture noundef readonly %bias) local_unnamed_addr {
entry:
  %cmp46 = icmp sgt i64 %h, 0
  br i1 %cmp46, label %for.cond1.preheader.lr.ph, label %for.cond.cleanup

for.cond1.preheader.lr.ph:                        ; preds = %entry
  %cmp243 = icmp sgt i64 %w, 0
  br label %for.cond1.preheader

for.cond1.preheader:                              ; preds = %for.cond1.preheader.lr.ph, %for.cond.cleanup3
  %r.047 = phi i64 [ 0, %for.cond1.preheader.lr.ph ], [ %inc21, %for.cond.cleanup3 ]
  br i1 %cmp243, label %for.body4.lr.ph, label %for.cond.cleanup3

for.body4.lr.ph:                                  ; preds = %for.cond1.preheader
  %mul5 = mul nuw nsw i64 %r.047, %w
  br label %for.body4

for.cond.cleanup.loopexit:                        ; preds = %for.cond.cleanup3
  br label %for.cond.cleanup

for.cond.cleanup:                                 ; preds = %for.cond.cleanup.loopexit, %entry
  ret void

for.cond.cleanup3.loopexit:                       ; preds = %for.body4
  br label %for.cond.cleanup3

for.cond.cleanup3:                                ; preds = %for.cond.cleanup3.loopexit, %for.cond1.preheader
  %inc21 = add nuw nsw i64 %r.047, 1
  %exitcond48.not = icmp eq i64 %inc21, %h
  br i1 %exitcond48.not, label %for.cond.cleanup.loopexit, label %for.cond1.preheader

for.body4:                                        ; preds = %for.body4.lr.ph, %for.body4
  %c.045 = phi i64 [ 0, %for.body4.lr.ph ], [ %inc, %for.body4 ]
  %s.044 = phi i32 [ 0, %for.body4.lr.ph ], [ %add6, %for.body4 ]
  %mul = mul nsw i32 %s.044, 3
  %add = add nuw nsw i64 %c.045, %mul5
  %arrayidx = getelementptr inbounds i32, ptr %x, i64 %add
  %0 = load i32, ptr %arrayidx, align 4
  %add6 = add nsw i32 %0, %mul
  %arrayidx9 = getelementptr inbounds i32, ptr %y, i64 %add
  store i32 %add6, ptr %arrayidx9, align 4
  %shr = ashr i32 %add6, 2
  %arrayidx12 = getelementptr inbounds i32, ptr %bias, i64 %add
  %1 = load i32, ptr %arrayidx12, align 4
  %add13 = add nsw i32 %shr, %1
  %2 = load i32, ptr %arrayidx, align 4
  %sub = sub i32 %add13, %2
  %arrayidx19 = getelementptr inbounds i32, ptr %env, i64 %add
  store i32 %sub, ptr %arrayidx19, align 4
  %inc = add nuw nsw i64 %c.045, 1
  %exitcond.not = icmp eq i64 %inc, %w
  br i1 %exitcond.not, label %for.cond.cleanup3.loopexit, label %for.body4
}

