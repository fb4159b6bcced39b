; A materialized input term under a stored conversion (opus's shapes):
; - energies (pitch_analysis_core_FLP.c): a double energy updated from two
;   windows of float data, stored as float. The conversion is read as an
;   output map of a state wider than its output: the clone computes each
;   term into a buffer of doubles (y's offsets doubled), the call runs there
;   in place (x and y the buffer, f64), the map rounds each state into y.
; - energies_fmuladd: the same under -fassociative-math alone, where clang
;   contracts e - b*b into llvm.fmuladd: the product of values without y is
;   part of the term, as the fmul is.
; - nlsf_reset (CNG.c): an int accumulator of a constant step, stored as
;   short: the clone stores each term truncated into y (the term modulo
;   2^16, all the call's ring arithmetic reads), the call runs in place on
;   y as i16 (x_store = y_store = 3).
; - prod_whole: the same over products of two taps, the whole int state
;   returned: y holds only its low bits, so it is refused (LiveOut).
; - lcg_noise (celt/bands.c): an LCG, its constant term materialized, the
;   state shifted into float: a map across types whose state fits the
;   output's slot; the clone stores each i32 term into its float's slot,
;   the call runs there in place (x_store = y_store = 0: i32), the map
;   converts each state in its slot.
; REQUIRES: pass
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -S %s | %FileCheck %s
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -pass-remarks=plr -pass-remarks-missed=plr -pass-remarks-output=%t.yaml -disable-output %s 2>&1 | %FileCheck %s --check-prefix=REMARK
; RUN: %FileCheck %s --check-prefix=YAML < %t.yaml
;
; Input: make-input.sh materialized-converted.c FN -ffast-math (metadata and
; attributes left out), from:
; void energies(float *restrict out, const float *restrict b, int n, int len) {
;   double e = 0.5;
;   for (int i = 1; i < n; i++) {
;     e -= b[len - i] * (double)b[len - i];
;     e += b[-i] * (double)b[-i];
;     out[i] = (float)e;
;   }
; }
; (energies_fmuladd: the same source, -fassociative-math -fno-signed-zeros
; -fno-trapping-math)
; void nlsf_reset(short *restrict nlsf, int order, int step) {
;   int acc = 0;
;   for (int i = 0; i < order; i++) { acc += step; nlsf[i] = acc; }
; }
; int prod_whole(short *restrict y, const short *restrict x, int n) {
;   int s = 0;
;   for (int i = 1; i < n; i++) { s += x[i] * x[i - 1]; y[i] = (short)s; }
;   return s;
; }
; void lcg_noise(float *restrict X, int n, uint32_t seed) {
;   for (int j = 0; j < n; j++) { seed = 1664525u * seed + 1013904223u; X[j] = (float)((int32_t)seed >> 20); }
; }

; REMARK: remark: {{.*}}replaced linear recurrence with a call to plr_run: signature (1: 1), type f64, order 1, input term materialized by a map, output an elementwise map of the state into f32; plan: ask(3 passes); buffer(the state, n elements: wider than the output); map(t -> state); call(1: 1) state->state in place; map(out = g(state))
; REMARK: remark: {{.*}}replaced linear recurrence with a call to plr_run: signature (1: 1), type i32 (x i16, y i16), order 1, input term materialized by a map; plan: ask(2 passes); map(t -> y); call(1: 1) y->y in place
; REMARK: remark: {{.*}}recurrence not replaced: a value computed in the loop is used after it and cannot be recovered
; REMARK: remark: {{.*}}replaced linear recurrence with a call to plr_run: signature (1: 1664525), type i32, order 1, input term materialized by a map, output an elementwise map of the state into f32; plan: ask(3 passes); map(t -> y); call(1: 1664525) y->y in place; map(out = g(y))
; REMARK: remark: {{.*}}replaced linear recurrence with a call to plr_run: signature (1: 1), type f64, order 1, input term materialized by a map, output an elementwise map of the state into f32; plan: ask(3 passes); buffer(the state, n elements: wider than the output); map(t -> state)
; YAML: Name: Replaced
; YAML: Function: energies
; YAML: Name: Replaced
; YAML: Function: nlsf_reset
; YAML: Name: LiveOut
; YAML: Function: prod_whole
; YAML: Name: Replaced
; YAML: Function: lcg_noise
; YAML: Name: Replaced
; YAML: Function: energies_fmuladd

; CHECK-LABEL: define internal i1 @energies.plr.call(
; CHECK: store i32 5, ptr %plr.sig
; CHECK: %plr.state.bytes = mul i64 %{{[0-9]+}}, 2
; CHECK-NEXT: %plr.state.buffer = call ptr @plr_scratch_alloc(i64 %plr.state.bytes)
; CHECK: plr.call.buffered:
; CHECK: %plr.state = getelementptr i8, ptr %plr.state.buffer
; CHECK-NEXT: [[DY:%.*]] = getelementptr i8, ptr %plr.data, i64 16
; CHECK-NEXT: store ptr %plr.state, ptr [[DY]]
; CHECK-NEXT: [[DX:%.*]] = getelementptr i8, ptr %plr.data, i64 8
; CHECK-NEXT: store ptr %plr.state, ptr [[DX]]
; the terms, each in double at its output's offset doubled
; CHECK: for.body.plrmap:
; CHECK: %add.plrmap = fadd fast double
; CHECK: %plr.state.off = sub i64
; CHECK-NEXT: [[OFF2:%.*]] = mul i64 %plr.state.off, 2
; CHECK-NEXT: %plr.state.at = getelementptr i8, ptr %plr.state, i64 [[OFF2]]
; CHECK-NEXT: store double %add.plrmap, ptr %plr.state.at
; CHECK: plr.call.run:
; CHECK: call i32 @plr_run(
; CHECK: plr.map:
; CHECK: %plr.state1 = load double
; CHECK-NEXT: %plr.map2 = fptrunc double %plr.state1 to float
; CHECK: store float %plr.map2
; CHECK: plr.map.done:
; CHECK-NEXT: call void @plr_scratch_free(ptr %plr.state.buffer)

; CHECK-LABEL: define internal i1 @nlsf_reset.plr.call(
; CHECK: [[XS:%.*]] = getelementptr i8, ptr %plr.data, i64 48
; CHECK-NEXT: store i32 3, ptr [[XS]]
; CHECK-NEXT: [[YS:%.*]] = getelementptr i8, ptr %plr.data, i64 52
; CHECK-NEXT: store i32 3, ptr [[YS]]
; CHECK: for.body.plrmap:
; CHECK: [[T:%.*]] = trunc i32 %add.plrmap to i16
; CHECK: store i16 [[T]], ptr
; CHECK: plr.call.run:
; CHECK: call i32 @plr_run(

; CHECK-LABEL: define {{.*}} i32 @prod_whole(
; CHECK-NOT: plr_run
; CHECK: ret i32

; CHECK-LABEL: define internal i1 @lcg_noise.plr.call(
; CHECK: [[XS:%.*]] = getelementptr i8, ptr %plr.data, i64 48
; CHECK-NEXT: store i32 0, ptr [[XS]]
; CHECK-NEXT: [[YS:%.*]] = getelementptr i8, ptr %plr.data, i64 52
; CHECK-NEXT: store i32 0, ptr [[YS]]
; CHECK: for.body.plrmap:
; CHECK: %add.plrmap = add i32 %mul.plrmap, 1013904223
; CHECK: store i32 %add.plrmap, ptr %arrayidx.plrmap
; CHECK: plr.call.run:
; CHECK: call i32 @plr_run(
; CHECK: plr.map:
; CHECK: %plr.state = load i32, ptr [[AT:%.*]],
; CHECK-NEXT: %plr.map1 = ashr i32 %plr.state, 20
; CHECK-NEXT: %plr.map2 = sitofp i32 %plr.map1 to float
; CHECK-NEXT: store float %plr.map2, ptr [[AT]]

define dso_local void @energies(ptr noalias nocapture noundef writeonly %out, ptr noalias nocapture noundef readonly %b, i32 noundef %n, i32 noundef %len) local_unnamed_addr {
entry:
  %cmp30 = icmp sgt i32 %n, 1
  br i1 %cmp30, label %for.body.preheader, label %for.cond.cleanup

for.body.preheader:                               ; preds = %entry
  %0 = sext i32 %len to i64
  %wide.trip.count = zext nneg i32 %n to i64
  br label %for.body

for.cond.cleanup.loopexit:                        ; preds = %for.body
  br label %for.cond.cleanup

for.cond.cleanup:                                 ; preds = %for.cond.cleanup.loopexit, %entry
  ret void

for.body:                                         ; preds = %for.body.preheader, %for.body
  %indvars.iv = phi i64 [ 1, %for.body.preheader ], [ %indvars.iv.next, %for.body ]
  %e.031 = phi double [ 5.000000e-01, %for.body.preheader ], [ %add, %for.body ]
  %1 = sub nsw i64 %0, %indvars.iv
  %arrayidx = getelementptr inbounds float, ptr %b, i64 %1
  %2 = load float, ptr %arrayidx, align 4
  %conv = fpext float %2 to double
  %mul = fmul fast double %conv, %conv
  %sub5 = fsub fast double %e.031, %mul
  %3 = sub nsw i64 0, %indvars.iv
  %arrayidx8 = getelementptr inbounds float, ptr %b, i64 %3
  %4 = load float, ptr %arrayidx8, align 4
  %conv9 = fpext float %4 to double
  %mul14 = fmul fast double %conv9, %conv9
  %add = fadd fast double %sub5, %mul14
  %conv15 = fptrunc double %add to float
  %arrayidx17 = getelementptr inbounds float, ptr %out, i64 %indvars.iv
  store float %conv15, ptr %arrayidx17, align 4
  %indvars.iv.next = add nuw nsw i64 %indvars.iv, 1
  %exitcond.not = icmp eq i64 %indvars.iv.next, %wide.trip.count
  br i1 %exitcond.not, label %for.cond.cleanup.loopexit, label %for.body
}

define dso_local void @nlsf_reset(ptr noalias nocapture noundef writeonly %nlsf, i32 noundef %order, i32 noundef %step) local_unnamed_addr {
entry:
  %cmp4 = icmp sgt i32 %order, 0
  br i1 %cmp4, label %for.body.preheader, label %for.cond.cleanup

for.body.preheader:                               ; preds = %entry
  %wide.trip.count = zext nneg i32 %order to i64
  br label %for.body

for.cond.cleanup.loopexit:                        ; preds = %for.body
  br label %for.cond.cleanup

for.cond.cleanup:                                 ; preds = %for.cond.cleanup.loopexit, %entry
  ret void

for.body:                                         ; preds = %for.body.preheader, %for.body
  %indvars.iv = phi i64 [ 0, %for.body.preheader ], [ %indvars.iv.next, %for.body ]
  %acc.05 = phi i32 [ 0, %for.body.preheader ], [ %add, %for.body ]
  %add = add nsw i32 %acc.05, %step
  %conv = trunc i32 %add to i16
  %arrayidx = getelementptr inbounds i16, ptr %nlsf, i64 %indvars.iv
  store i16 %conv, ptr %arrayidx, align 2
  %indvars.iv.next = add nuw nsw i64 %indvars.iv, 1
  %exitcond.not = icmp eq i64 %indvars.iv.next, %wide.trip.count
  br i1 %exitcond.not, label %for.cond.cleanup.loopexit, label %for.body
}

define dso_local i32 @prod_whole(ptr noalias nocapture noundef writeonly %y, ptr noalias nocapture noundef readonly %x, i32 noundef %n) local_unnamed_addr {
entry:
  %cmp14 = icmp sgt i32 %n, 1
  br i1 %cmp14, label %for.body.preheader, label %for.cond.cleanup

for.body.preheader:                               ; preds = %entry
  %wide.trip.count = zext nneg i32 %n to i64
  br label %for.body

for.cond.cleanup.loopexit:                        ; preds = %for.body
  %add.lcssa = phi i32 [ %add, %for.body ]
  br label %for.cond.cleanup

for.cond.cleanup:                                 ; preds = %for.cond.cleanup.loopexit, %entry
  %s.0.lcssa = phi i32 [ 0, %entry ], [ %add.lcssa, %for.cond.cleanup.loopexit ]
  ret i32 %s.0.lcssa

for.body:                                         ; preds = %for.body.preheader, %for.body
  %indvars.iv = phi i64 [ 1, %for.body.preheader ], [ %indvars.iv.next, %for.body ]
  %s.015 = phi i32 [ 0, %for.body.preheader ], [ %add, %for.body ]
  %arrayidx = getelementptr inbounds i16, ptr %x, i64 %indvars.iv
  %0 = load i16, ptr %arrayidx, align 2
  %conv = sext i16 %0 to i32
  %arrayidx2 = getelementptr i8, ptr %arrayidx, i64 -2
  %1 = load i16, ptr %arrayidx2, align 2
  %conv3 = sext i16 %1 to i32
  %mul = mul nsw i32 %conv3, %conv
  %add = add nsw i32 %mul, %s.015
  %conv4 = trunc i32 %add to i16
  %arrayidx6 = getelementptr inbounds i16, ptr %y, i64 %indvars.iv
  store i16 %conv4, ptr %arrayidx6, align 2
  %indvars.iv.next = add nuw nsw i64 %indvars.iv, 1
  %exitcond.not = icmp eq i64 %indvars.iv.next, %wide.trip.count
  br i1 %exitcond.not, label %for.cond.cleanup.loopexit, label %for.body
}

define dso_local void @lcg_noise(ptr noalias nocapture noundef writeonly %X, i32 noundef %n, i32 noundef %seed) local_unnamed_addr {
entry:
  %cmp4 = icmp sgt i32 %n, 0
  br i1 %cmp4, label %for.body.preheader, label %for.cond.cleanup

for.body.preheader:                               ; preds = %entry
  %wide.trip.count = zext nneg i32 %n to i64
  br label %for.body

for.cond.cleanup.loopexit:                        ; preds = %for.body
  br label %for.cond.cleanup

for.cond.cleanup:                                 ; preds = %for.cond.cleanup.loopexit, %entry
  ret void

for.body:                                         ; preds = %for.body.preheader, %for.body
  %indvars.iv = phi i64 [ 0, %for.body.preheader ], [ %indvars.iv.next, %for.body ]
  %seed.addr.05 = phi i32 [ %seed, %for.body.preheader ], [ %add, %for.body ]
  %mul = mul i32 %seed.addr.05, 1664525
  %add = add i32 %mul, 1013904223
  %shr = ashr i32 %add, 20
  %conv = sitofp i32 %shr to float
  %arrayidx = getelementptr inbounds float, ptr %X, i64 %indvars.iv
  store float %conv, ptr %arrayidx, align 4
  %indvars.iv.next = add nuw nsw i64 %indvars.iv, 1
  %exitcond.not = icmp eq i64 %indvars.iv.next, %wide.trip.count
  br i1 %exitcond.not, label %for.cond.cleanup.loopexit, label %for.body
}

; the term through both products: fmuladd(-b, b, 0), then fmuladd(c, c, that)
; CHECK-LABEL: define internal i1 @energies_fmuladd.plr.call(
; CHECK: for.body.plrmap:
; CHECK: [[T1:%.*]] = tail call reassoc nsz double @llvm.fmuladd.f64(double %neg.plrmap, double %conv.plrmap, double 0.000000e+00)
; CHECK: [[T2:%.*]] = tail call reassoc nsz double @llvm.fmuladd.f64(double %conv8.plrmap, double %conv8.plrmap, double [[T1]])
; CHECK: store double [[T2]], ptr %plr.state.at
; CHECK: call i32 @plr_run(

define dso_local void @energies_fmuladd(ptr noalias nocapture noundef writeonly %out, ptr noalias nocapture noundef readonly %b, i32 noundef %n, i32 noundef %len) local_unnamed_addr {
entry:
  %cmp28 = icmp sgt i32 %n, 1
  br i1 %cmp28, label %for.body.preheader, label %for.cond.cleanup

for.body.preheader:                               ; preds = %entry
  %0 = sext i32 %len to i64
  %wide.trip.count = zext nneg i32 %n to i64
  br label %for.body

for.cond.cleanup.loopexit:                        ; preds = %for.body
  br label %for.cond.cleanup

for.cond.cleanup:                                 ; preds = %for.cond.cleanup.loopexit, %entry
  ret void

for.body:                                         ; preds = %for.body.preheader, %for.body
  %indvars.iv = phi i64 [ 1, %for.body.preheader ], [ %indvars.iv.next, %for.body ]
  %e.029 = phi double [ 5.000000e-01, %for.body.preheader ], [ %6, %for.body ]
  %1 = sub nsw i64 %0, %indvars.iv
  %arrayidx = getelementptr inbounds float, ptr %b, i64 %1
  %2 = load float, ptr %arrayidx, align 4
  %conv = fpext float %2 to double
  %neg = fneg reassoc nsz double %conv
  %3 = tail call reassoc nsz double @llvm.fmuladd.f64(double %neg, double %conv, double %e.029)
  %4 = sub nsw i64 0, %indvars.iv
  %arrayidx7 = getelementptr inbounds float, ptr %b, i64 %4
  %5 = load float, ptr %arrayidx7, align 4
  %conv8 = fpext float %5 to double
  %6 = tail call reassoc nsz double @llvm.fmuladd.f64(double %conv8, double %conv8, double %3)
  %conv13 = fptrunc double %6 to float
  %arrayidx15 = getelementptr inbounds float, ptr %out, i64 %indvars.iv
  store float %conv13, ptr %arrayidx15, align 4
  %indvars.iv.next = add nuw nsw i64 %indvars.iv, 1
  %exitcond.not = icmp eq i64 %indvars.iv.next, %wide.trip.count
  br i1 %exitcond.not, label %for.cond.cleanup.loopexit, label %for.body
}

declare double @llvm.fmuladd.f64(double, double, double)
