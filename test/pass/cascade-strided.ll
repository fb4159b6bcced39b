; Cascades at a stride other than one element: one plr_run_many per stage, the first from x to y
; at the loop's strides, the later ones in place over y with a layout of their own (x at y's
; stride: plr.layout1); a FIR tail (a first difference of the second stage) walks y at y's
; stride; a folded output (a double EMA, 2*e1 - e2 over stage 1) computes its first two outputs
; at y's stride (y[0], y[C]) before its call at element 2. Two stages over every other element
; (cascade2, refused as LayoutForm before), the FIR tail and the double EMA at a run-time stride
; C (versioned on C == 1 before). e2e: cascade-strided.c.
; REQUIRES: pass
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -S %s | %FileCheck %s
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -pass-remarks=plr -pass-remarks-missed=plr -disable-output %s 2>&1 | %FileCheck %s --check-prefix=REMARK
; REMARK: remark: {{.*}}replaced linear recurrence with a call to plr_run_many: signature (1: a) then (1: b), type f32, order 1, layout: y stride 2, x stride 2, a cascade of two recurrences (two calls); plan: check(x apart from y); ask(2 passes, 2 stages); call(1: a) x->y, y stride 2, x stride 2; call(1: b) y->y in place, y stride 2, x stride 2
; REMARK: remark: {{.*}}replaced linear recurrence with a call to plr_run_many: signature (1: a) then (1: b) then (1, -1:), type f32, order 1, layout: x and y stride a run-time value (either sign), a cascade of three stages (two calls, then a FIR map); plan: check(x apart from y, the stride whole elements, not 0, at most 1048576 bytes); ask(3 passes, 3 stages); call(1: a) x->y, x and y stride a run-time value; call(1: b) y->y in place, x and y stride a run-time value; map(y = FIR(1, -1:) of y)
; REMARK: remark: {{.*}}replaced linear recurrence with a call to plr_run_many: signature (a: 1 - a) then (a: 1 - a) then (2 - a, -2*(1 - a): 1 - a) (the last: the output over stage 1), type f64, order 1, layout: x and y stride a run-time value (either sign), an output combining stages 1..2 of a cascade of 2, folded into one recurrence over stage 1 (two calls); plan: check(x apart from y, the stride whole elements, not 0, at most 1048576 bytes); ask(2 passes, 3 stages); call(a: 1 - a) x->y, x and y stride a run-time value; map(first 2 outputs from stage 1 in y); call(2 - a, -2*(1 - a): 1 - a) y->y in place, x and y stride a run-time value, after the first outputs
; REMARK-NOT: remark
;
; cascade2: the second stage's layout is x stride 2 (elements), y stride 2.
; CHECK-LABEL: define internal i1 @cascade2.plr.call(
; CHECK: %plr.status = call i32 @plr_run_many(ptr %plr.sig, ptr %plr.data, ptr %plr.layout,
; CHECK: store i64 1, ptr %plr.layout1
; CHECK-NEXT: [[XS:%[0-9]+]] = getelementptr i8, ptr %plr.layout1, i64 8
; CHECK-NEXT: store i64 2, ptr [[XS]]
; CHECK-NEXT: [[XD:%[0-9]+]] = getelementptr i8, ptr %plr.layout1, i64 16
; CHECK-NEXT: store i64 0, ptr [[XD]]
; CHECK-NEXT: [[YS:%[0-9]+]] = getelementptr i8, ptr %plr.layout1, i64 24
; CHECK-NEXT: store i64 2, ptr [[YS]]
; CHECK: %plr.status2 = call i32 @plr_run_many(ptr %plr.sig, ptr %plr.data, ptr %plr.layout1,
;
; casc_fir: the stage's layout from the run-time stride; the FIR map at it.
; CHECK-LABEL: define internal i1 @casc_fir.plr.call(
; CHECK-SAME: i64 %[[CS:[0-9]+]]
; CHECK: %plr.status = call i32 @plr_run_many(
; CHECK: %plr.stage.stride = sdiv exact i64 %[[CS]], 4
; CHECK-NEXT: store i64 1, ptr %plr.layout1
; CHECK-NEXT: [[CX:%[0-9]+]] = getelementptr i8, ptr %plr.layout1, i64 8
; CHECK-NEXT: store i64 %plr.stage.stride, ptr [[CX]]
; CHECK: %plr.status2 = call i32 @plr_run_many(ptr %plr.sig, ptr %plr.data, ptr %plr.layout1,
; CHECK: plr.fir:
; CHECK: [[FO:%[0-9]+]] = mul i64 %plr.i, %[[CS]]
; CHECK-NEXT: [[FA:%[0-9]+]] = getelementptr i8, ptr %y, i64 [[FO]]
; CHECK-NEXT: %plr.state = load float, ptr [[FA]]
;
; dema: stage 1 read back at y[0] and y[C], the first two outputs stored there, the folded call
; at element 2 in place with the stage layout.
; CHECK-LABEL: define internal i1 @dema.plr.call(
; CHECK-SAME: i64 %[[DS:[0-9]+]]
; CHECK: plr.fold:
; CHECK-NEXT: %plr.s = load double, ptr %y
; CHECK-NEXT: [[D1:%[0-9]+]] = mul i64 1, %[[DS]]
; CHECK-NEXT: [[DA:%[0-9]+]] = getelementptr i8, ptr %y, i64 [[D1]]
; CHECK-NEXT: %plr.s2 = load double, ptr [[DA]]
; CHECK: store double %plr.st9, ptr %y
; CHECK-NEXT: [[D2:%[0-9]+]] = mul i64 1, %[[DS]]
; CHECK-NEXT: [[DB:%[0-9]+]] = getelementptr i8, ptr %y, i64 [[D2]]
; CHECK-NEXT: store double %plr.st17, ptr [[DB]]
; CHECK: [[D3:%[0-9]+]] = mul i64 2, %[[DS]]
; CHECK-NEXT: [[DC:%[0-9]+]] = getelementptr i8, ptr %y, i64 [[D3]]
; CHECK: %plr.stage.stride = sdiv exact i64 %[[DS]], 8
; CHECK: %plr.status.fold = call i32 @plr_run_many(ptr %plr.sig, ptr %plr.data, ptr %plr.layout{{[0-9]+}},
;
; Input: make-input.sh cst.c FN -ffast-math for each function (its define alone), from:
; void cascade2(float *y, const float *x, float a, float b, long n) {
;   float v = 0, w = 0;
;   for (long i = 0; i < n; i++) { v = a * v + x[2 * i]; w = b * w + v; y[2 * i] = w; }
; }
; /* two low-passes and a first difference at a run-time stride (a FIR tail) */
; void casc_fir(const float *restrict x, float *restrict y, long n, long C, float a, float b) {
;   float s1 = 0, s2 = 0, prev = 0;
;   for (long i = 0; i < n; i++) {
;     s1 = a * s1 + x[i * C];
;     s2 = b * s2 + s1;
;     y[i * C] = s2 - prev;
;     prev = s2;
;   }
; }
; /* a double EMA, its output folded over the first stage, at a run-time stride */
; void dema(const double *restrict x, double *restrict y, long n, long C, double a) {
;   double e1 = 0, e2 = 0;
;   for (long i = 0; i < n; i++) {
;     e1 = e1 + a * (x[i * C] - e1);
;     e2 = e2 + a * (e1 - e2);
;     y[i * C] = 2 * e1 - e2;
;   }
; }

define dso_local void @cascade2(ptr nocapture noundef writeonly %y, ptr nocapture noundef readonly %x, float noundef nofpclass(nan inf) %a, float noundef nofpclass(nan inf) %b, i64 noundef %n) local_unnamed_addr {
entry:
  %cmp11 = icmp sgt i64 %n, 0
  br i1 %cmp11, label %for.body.preheader, label %for.cond.cleanup

for.body.preheader:                               ; preds = %entry
  br label %for.body

for.cond.cleanup.loopexit:                        ; preds = %for.body
  br label %for.cond.cleanup

for.cond.cleanup:                                 ; preds = %for.cond.cleanup.loopexit, %entry
  ret void

for.body:                                         ; preds = %for.body.preheader, %for.body
  %i.014 = phi i64 [ %inc, %for.body ], [ 0, %for.body.preheader ]
  %w.013 = phi float [ %add3, %for.body ], [ 0.000000e+00, %for.body.preheader ]
  %v.012 = phi float [ %add, %for.body ], [ 0.000000e+00, %for.body.preheader ]
  %mul = fmul fast float %v.012, %a
  %mul1 = shl nuw nsw i64 %i.014, 1
  %arrayidx = getelementptr inbounds float, ptr %x, i64 %mul1
  %0 = load float, ptr %arrayidx, align 4
  %add = fadd fast float %0, %mul
  %mul2 = fmul fast float %w.013, %b
  %add3 = fadd fast float %add, %mul2
  %arrayidx5 = getelementptr inbounds float, ptr %y, i64 %mul1
  store float %add3, ptr %arrayidx5, align 4
  %inc = add nuw nsw i64 %i.014, 1
  %exitcond.not = icmp eq i64 %inc, %n
  br i1 %exitcond.not, label %for.cond.cleanup.loopexit, label %for.body
}


define dso_local void @casc_fir(ptr noalias nocapture noundef readonly %x, ptr noalias nocapture noundef writeonly %y, i64 noundef %n, i64 noundef %C, float noundef nofpclass(nan inf) %a, float noundef nofpclass(nan inf) %b) local_unnamed_addr {
entry:
  %cmp13 = icmp sgt i64 %n, 0
  br i1 %cmp13, label %for.body.preheader, label %for.cond.cleanup

for.body.preheader:                               ; preds = %entry
  br label %for.body

for.cond.cleanup.loopexit:                        ; preds = %for.body
  br label %for.cond.cleanup

for.cond.cleanup:                                 ; preds = %for.cond.cleanup.loopexit, %entry
  ret void

for.body:                                         ; preds = %for.body.preheader, %for.body
  %i.016 = phi i64 [ %inc, %for.body ], [ 0, %for.body.preheader ]
  %prev.015 = phi float [ %add3, %for.body ], [ 0.000000e+00, %for.body.preheader ]
  %s1.014 = phi float [ %add, %for.body ], [ 0.000000e+00, %for.body.preheader ]
  %mul = fmul fast float %s1.014, %a
  %mul1 = mul nsw i64 %i.016, %C
  %arrayidx = getelementptr inbounds float, ptr %x, i64 %mul1
  %0 = load float, ptr %arrayidx, align 4
  %add = fadd fast float %0, %mul
  %mul2 = fmul fast float %prev.015, %b
  %add3 = fadd fast float %add, %mul2
  %sub = fsub fast float %add3, %prev.015
  %arrayidx5 = getelementptr inbounds float, ptr %y, i64 %mul1
  store float %sub, ptr %arrayidx5, align 4
  %inc = add nuw nsw i64 %i.016, 1
  %exitcond.not = icmp eq i64 %inc, %n
  br i1 %exitcond.not, label %for.cond.cleanup.loopexit, label %for.body
}

define dso_local void @dema(ptr noalias nocapture noundef readonly %x, ptr noalias nocapture noundef writeonly %y, i64 noundef %n, i64 noundef %C, double noundef nofpclass(nan inf) %a) local_unnamed_addr {
entry:
  %cmp19 = icmp sgt i64 %n, 0
  br i1 %cmp19, label %for.body.preheader, label %for.cond.cleanup

for.body.preheader:                               ; preds = %entry
  br label %for.body

for.cond.cleanup.loopexit:                        ; preds = %for.body
  br label %for.cond.cleanup

for.cond.cleanup:                                 ; preds = %for.cond.cleanup.loopexit, %entry
  ret void

for.body:                                         ; preds = %for.body.preheader, %for.body
  %i.022 = phi i64 [ %inc, %for.body ], [ 0, %for.body.preheader ]
  %e2.021 = phi double [ %add4, %for.body ], [ 0.000000e+00, %for.body.preheader ]
  %e1.020 = phi double [ %add, %for.body ], [ 0.000000e+00, %for.body.preheader ]
  %mul = mul nsw i64 %i.022, %C
  %arrayidx = getelementptr inbounds double, ptr %x, i64 %mul
  %0 = load double, ptr %arrayidx, align 8
  %sub = fsub fast double %0, %e1.020
  %mul1 = fmul fast double %sub, %a
  %add = fadd fast double %mul1, %e1.020
  %sub2 = fsub fast double %add, %e2.021
  %mul3 = fmul fast double %sub2, %a
  %add4 = fadd fast double %mul3, %e2.021
  %mul5 = fmul fast double %add, 2.000000e+00
  %sub6 = fsub fast double %mul5, %add4
  %arrayidx8 = getelementptr inbounds double, ptr %y, i64 %mul
  store double %sub6, ptr %arrayidx8, align 8
  %inc = add nuw nsw i64 %i.022, 1
  %exitcond.not = icmp eq i64 %inc, %n
  br i1 %exitcond.not, label %for.cond.cleanup.loopexit, label %for.body
}

