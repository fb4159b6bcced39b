; A loop alone at a run-time stride through an unsigned division (y[i * (C / D)]): SCEV keeps the
; stride as a division that traps on D == 0, which SCEVExpander will not add before the loop (the
; loop might never divide). The program's own division dominates the preheader here (LICM hoisted
; it there, or the source divides before the loop), so the rewrite reads it: the stride is that
; value times the element size, no division is added, and the check tests it as any run-time
; stride (not 0, at most 2^20 bytes, whole elements). divu: the division in the preheader, x at
; unit stride; div_hist: the division before the loop's guard, y's history read back at the
; stride from memory (a candidate through loads a whole number of run-time strides behind the
; store: no one value makes the stride one element), x at the same stride; div32: an unsigned
; 32-bit division widened into the index (sext of the division's value, the narrow index's
; no-wrap tested on it); div_columns: a column nest whose width is the division, computed before the
; outer loop (one call for the nest, the stride read there too).
; REQUIRES: pass
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -S %s | %FileCheck %s
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -S %s | grep -c ' udiv ' | %FileCheck %s --check-prefix=UDIVS
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -pass-remarks=plr -disable-output %s 2>&1 | %FileCheck %s --check-prefix=REMARK
; One division each, the program's: the rewrite adds none.
; UDIVS: {{^}}4{{$}}
; REMARK: remark: {{.*}}replaced linear recurrence with a call to plr_run_many: signature (1: a), type f32, order 1, layout: y stride a run-time value (either sign), x stride 1; plan: check(x apart from y, the stride whole elements, not 0, at most 1048576 bytes); ask(1 pass); call(1: a) x->y, y stride a run-time value, x stride 1
; REMARK: remark: {{.*}}replaced linear recurrence with a call to plr_run_many: signature (1: a), type f32, order 1, layout: x and y stride a run-time value (either sign); plan: check(x apart from y or exactly y, the stride whole elements, not 0, at most 1048576 bytes); ask(1 pass); call(1: a) x->y, x and y stride a run-time value
; REMARK: remark: {{.*}}replaced linear recurrence with a call to plr_run_many: signature (1: a), type f32, order 1, layout: y stride a run-time value (either sign), x stride 1; plan: check(x apart from y, the stride whole elements, not 0, at most 1048576 bytes, no narrow index wraps); ask(1 pass); call(1: a) x->y, y stride a run-time value, x stride 1
; REMARK: remark: {{.*}}replaced loop nest with one call to plr_run_many: signature (1: a), type f32, order 1; one sequence per iteration of the outer loop, x and y stride a run-time value; plan: check(no sequence writes another's history); ask(1 pass); call(1: a) y->y in place, a sequence per outer iteration, histories gathered
;
; CHECK-LABEL: @divu(
; CHECK: for.body.lr.ph:
; CHECK-NEXT: %div = udiv i64 %C, %D
; CHECK-NEXT: [[ST:%.*]] = shl i64 %div, 2
; CHECK: [[NEG:%.*]] = icmp slt i64 [[ST]], 0
; CHECK: [[ABS:%.*]] = select i1 [[NEG]], i64 {{%.*}}, i64 [[ST]]
; CHECK: icmp ne i64 [[ST]], 0
; CHECK: icmp ule i64 [[ABS]], 1048576
; CHECK: %plr.stride.ok =
; CHECK: srem i64 [[ST]], 4
; CHECK: %plr.disjoint =
; CHECK: br i1 {{%.*}}, label %plr.outlined, label %plr.fallback
; CHECK: call i1 @divu.plr.call(float %a, i64 %n, ptr %x, ptr %y, i64 [[ST]])
; The loop as written stays for the check's failures (a zero stride: C < D).
; CHECK: for.body:
; CHECK: mul i64 %div, %i.09
; CHECK-LABEL: define internal i1 @divu.plr.call(
; CHECK: %plr.stride = sdiv exact i64 %0, 4
; CHECK: store i64 %plr.stride,
; CHECK: call i32 @plr_run_many(
;
; CHECK-LABEL: @div_hist(
; CHECK: entry:
; CHECK-NEXT: %div = udiv i64 %C, %D
; CHECK: for.body.preheader:
; CHECK: [[ST:%.*]] = shl i64 %div, 2
; y's and x's first elements, one stride in (i starts at 1).
; CHECK-NEXT: [[Y1:%.*]] = getelementptr i8, ptr %y, i64 [[ST]]
; CHECK-NEXT: [[X1:%.*]] = getelementptr i8, ptr %x, i64 [[ST]]
; CHECK: icmp ne i64 [[ST]], 0
; CHECK: srem i64 [[ST]], 4
; CHECK: %plr.disjoint =
; CHECK: call i1 @div_hist.plr.call(float %a, i64 {{%.*}}, ptr [[X1]], ptr [[Y1]], i64 [[ST]])
; CHECK-LABEL: define internal i1 @div_hist.plr.call(
; CHECK: %plr.x.stride = sdiv exact i64 [[S:%.*]], 4
; CHECK: %plr.stride = sdiv exact i64 [[S]], 4
; y[0]: one stride back from the first output.
; CHECK: [[BACK:%.*]] = mul i64 -1, [[S]]
; CHECK: [[H:%.*]] = getelementptr i8, ptr {{%.*}}, i64 [[BACK]]
; CHECK: %plr.hist = load float, ptr [[H]]
; CHECK: call i32 @plr_run_many(
;
; CHECK-LABEL: @div32(
; CHECK: %div = udiv i32 %C, %D
; CHECK: [[W:%.*]] = sext i32 %div to i64
; CHECK-NEXT: [[ST:%.*]] = shl nsw i64 [[W]], 2
; CHECK: icmp ne i64 [[ST]], 0
; CHECK: srem i64 [[ST]], 4
; The narrow index's no-wrap, tested on the division's value too.
; CHECK: icmp slt i32 %div, 0
; CHECK: @llvm.umul.with.overflow.i32(
; CHECK: %plr.nowrap =
; CHECK: call i1 @div32.plr.call(float %a, i64 %wide.trip.count, ptr %x, ptr %y, i64 [[ST]])
; CHECK-LABEL: define internal i1 @div32.plr.call(
; CHECK: call i32 @plr_run_many(
;
; CHECK-LABEL: @div_columns(
; CHECK: entry:
; CHECK-NEXT: %div = udiv i64 %C, %D
; CHECK: for.cond1.preheader.lr.ph:
; CHECK: [[ST:%.*]] = shl i64 %div, 2
; CHECK: srem i64 [[ST]], 4
; CHECK: %plr.apart.rows =
; CHECK: call i1 @div_columns.plr.call(float %a, i64 {{%.*}}, ptr {{%.*}}, i64 [[ST]], i64 %cols, ptr %img)
; CHECK-LABEL: define internal i1 @div_columns.plr.call(
; CHECK: %plr.stride = sdiv exact i64 %1, 4
; CHECK: call i32 @plr_run_many(
;
; Input: divu as in reject-runtime-stride.ll (make-input.sh rs4.c divu -ffast-math) with the
; division where clang's pipeline puts it; div_hist and div32: make-input.sh rsd.c div_hist
; -ffast-math (both functions), from:
; void div_hist(float *y, const float *x, long n, unsigned long C, unsigned long D, float a) {
;   unsigned long s = C / D;
;   for (long i = 1; i < n; i++)
;     y[i * s] = a * y[(i - 1) * s] + x[i * s];
; }
; void div32(const float *restrict x, float *restrict y, unsigned n, unsigned C, unsigned D, float a) {
;   float s = 0;
;   for (unsigned i = 0; i < n; i++) {
;     s = a * s + x[i];
;     y[i * (C / D)] = s;
;   }
; }
; and div_columns: make-input.sh rsn.c div_columns -ffast-math, from:
; void div_columns(float *img, long rows, long cols, unsigned long C, unsigned long D, float a) {
;   unsigned long w = C / D;
;   for (long c = 0; c < cols; c++)
;     for (long r = 1; r < rows; r++)
;       img[r * w + c] = a * img[(r - 1) * w + c] + img[r * w + c];
; }

define dso_local void @divu(ptr noalias nocapture noundef readonly %x, ptr noalias nocapture noundef writeonly %y, i64 noundef %n, i64 noundef %C, i64 noundef %D, float noundef nofpclass(nan inf) %a) local_unnamed_addr {
entry:
  %cmp7 = icmp sgt i64 %n, 0
  br i1 %cmp7, label %for.body.lr.ph, label %for.cond.cleanup

for.body.lr.ph:                                   ; preds = %entry
  %div = udiv i64 %C, %D
  br label %for.body

for.cond.cleanup.loopexit:                        ; preds = %for.body
  br label %for.cond.cleanup

for.cond.cleanup:                                 ; preds = %for.cond.cleanup.loopexit, %entry
  ret void

for.body:                                         ; preds = %for.body.lr.ph, %for.body
  %i.09 = phi i64 [ 0, %for.body.lr.ph ], [ %inc, %for.body ]
  %s.08 = phi float [ 0.000000e+00, %for.body.lr.ph ], [ %add, %for.body ]
  %mul = fmul fast float %s.08, %a
  %arrayidx = getelementptr inbounds float, ptr %x, i64 %i.09
  %0 = load float, ptr %arrayidx, align 4
  %add = fadd fast float %0, %mul
  %mul1 = mul i64 %div, %i.09
  %arrayidx2 = getelementptr inbounds float, ptr %y, i64 %mul1
  store float %add, ptr %arrayidx2, align 4
  %inc = add nuw nsw i64 %i.09, 1
  %exitcond.not = icmp eq i64 %inc, %n
  br i1 %exitcond.not, label %for.cond.cleanup.loopexit, label %for.body
}

define dso_local void @div_hist(ptr nocapture noundef %y, ptr nocapture noundef readonly %x, i64 noundef %n, i64 noundef %C, i64 noundef %D, float noundef nofpclass(nan inf) %a) local_unnamed_addr {
entry:
  %div = udiv i64 %C, %D
  %cmp13 = icmp sgt i64 %n, 1
  br i1 %cmp13, label %for.body.preheader, label %for.cond.cleanup

for.body.preheader:                               ; preds = %entry
  br label %for.body

for.cond.cleanup.loopexit:                        ; preds = %for.body
  br label %for.cond.cleanup

for.cond.cleanup:                                 ; preds = %for.cond.cleanup.loopexit, %entry
  ret void

for.body:                                         ; preds = %for.body.preheader, %for.body
  %i.014 = phi i64 [ %inc, %for.body ], [ 1, %for.body.preheader ]
  %sub = add nsw i64 %i.014, -1
  %mul = mul i64 %sub, %div
  %arrayidx = getelementptr inbounds float, ptr %y, i64 %mul
  %0 = load float, ptr %arrayidx, align 4
  %mul1 = fmul fast float %0, %a
  %mul2 = mul i64 %i.014, %div
  %arrayidx3 = getelementptr inbounds float, ptr %x, i64 %mul2
  %1 = load float, ptr %arrayidx3, align 4
  %add = fadd fast float %mul1, %1
  %arrayidx5 = getelementptr inbounds float, ptr %y, i64 %mul2
  store float %add, ptr %arrayidx5, align 4
  %inc = add nuw nsw i64 %i.014, 1
  %exitcond.not = icmp eq i64 %inc, %n
  br i1 %exitcond.not, label %for.cond.cleanup.loopexit, label %for.body
}

define dso_local void @div32(ptr noalias nocapture noundef readonly %x, ptr noalias nocapture noundef writeonly %y, i32 noundef %n, i32 noundef %C, i32 noundef %D, float noundef nofpclass(nan inf) %a) local_unnamed_addr {
entry:
  %cmp8.not = icmp eq i32 %n, 0
  br i1 %cmp8.not, label %for.cond.cleanup, label %for.body.lr.ph

for.body.lr.ph:                                   ; preds = %entry
  %div = udiv i32 %C, %D
  %wide.trip.count = zext i32 %n to i64
  br label %for.body

for.cond.cleanup:                                 ; preds = %for.body, %entry
  ret void

for.body:                                         ; preds = %for.body.lr.ph, %for.body
  %indvars.iv = phi i64 [ 0, %for.body.lr.ph ], [ %indvars.iv.next, %for.body ]
  %s.09 = phi float [ 0.000000e+00, %for.body.lr.ph ], [ %add, %for.body ]
  %mul = fmul fast float %s.09, %a
  %arrayidx = getelementptr inbounds float, ptr %x, i64 %indvars.iv
  %0 = load float, ptr %arrayidx, align 4
  %add = fadd fast float %0, %mul
  %1 = trunc nuw i64 %indvars.iv to i32
  %mul1 = mul i32 %div, %1
  %idxprom2 = zext i32 %mul1 to i64
  %arrayidx3 = getelementptr inbounds float, ptr %y, i64 %idxprom2
  store float %add, ptr %arrayidx3, align 4
  %indvars.iv.next = add nuw nsw i64 %indvars.iv, 1
  %exitcond.not = icmp eq i64 %indvars.iv.next, %wide.trip.count
  br i1 %exitcond.not, label %for.cond.cleanup, label %for.body
}

define dso_local void @div_columns(ptr nocapture noundef %img, i64 noundef %rows, i64 noundef %cols, i64 noundef %C, i64 noundef %D, float noundef nofpclass(nan inf) %a) local_unnamed_addr {
entry:
  %div = udiv i64 %C, %D
  %cmp32 = icmp sgt i64 %cols, 0
  br i1 %cmp32, label %for.cond1.preheader.lr.ph, label %for.cond.cleanup

for.cond1.preheader.lr.ph:                        ; preds = %entry
  %cmp230 = icmp sgt i64 %rows, 1
  br label %for.cond1.preheader

for.cond1.preheader:                              ; preds = %for.cond1.preheader.lr.ph, %for.cond.cleanup3
  %c.033 = phi i64 [ 0, %for.cond1.preheader.lr.ph ], [ %inc14, %for.cond.cleanup3 ]
  %invariant.gep = getelementptr float, ptr %img, i64 %c.033
  br i1 %cmp230, label %for.body4.preheader, label %for.cond.cleanup3

for.body4.preheader:                              ; preds = %for.cond1.preheader
  br label %for.body4

for.cond.cleanup.loopexit:                        ; preds = %for.cond.cleanup3
  br label %for.cond.cleanup

for.cond.cleanup:                                 ; preds = %for.cond.cleanup.loopexit, %entry
  ret void

for.cond.cleanup3.loopexit:                       ; preds = %for.body4
  br label %for.cond.cleanup3

for.cond.cleanup3:                                ; preds = %for.cond.cleanup3.loopexit, %for.cond1.preheader
  %inc14 = add nuw nsw i64 %c.033, 1
  %exitcond34.not = icmp eq i64 %inc14, %cols
  br i1 %exitcond34.not, label %for.cond.cleanup.loopexit, label %for.cond1.preheader

for.body4:                                        ; preds = %for.body4.preheader, %for.body4
  %r.031 = phi i64 [ %inc, %for.body4 ], [ 1, %for.body4.preheader ]
  %sub = add nsw i64 %r.031, -1
  %mul = mul i64 %sub, %div
  %gep = getelementptr float, ptr %invariant.gep, i64 %mul
  %0 = load float, ptr %gep, align 4
  %mul5 = fmul fast float %0, %a
  %mul6 = mul i64 %r.031, %div
  %gep29 = getelementptr float, ptr %invariant.gep, i64 %mul6
  %1 = load float, ptr %gep29, align 4
  %add9 = fadd fast float %mul5, %1
  store float %add9, ptr %gep29, align 4
  %inc = add nuw nsw i64 %r.031, 1
  %exitcond.not = icmp eq i64 %inc, %rows
  br i1 %exitcond.not, label %for.cond.cleanup3.loopexit, label %for.body4
}
