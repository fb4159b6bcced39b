; An output map across types: the state is of another type than the
; output it is mapped to (an int sum scaled into float; libsndfile's xi.c
; delta decoders: a char or short state shifted into short or int, or
; scaled into float). The call computes the state's recurrence and stores
; each state in its output's slot of y (y_store the state's: i8 = 1,
; i16 = 3; the y stride counts the state's elements: 4 for an i8 in a
; float's slot, 2 in a short's); the map reads the state there, in its own
; type, and stores the output over it. A state used after the loop
; converted (sext of the short state) is y_final's, narrowed and
; converted again. A long state into double through llvm.fmuladd (an
; intrinsic the map clones). A char state clang keeps in int: its low byte
; in the slot. A double state mapped into float is wider than the output's
; slot: the call writes it into a buffer of its own (twice y's footprint, y's
; offsets doubled), the map reads it there and stores the float into y;
; also beside another stored array (wide_two: z from the state's earlier
; value, read from the buffer's registers). A char state kept in int (its
; low byte in the slots) beside another stored array is refused: Narrow
; (the loop's other stores may read more of it than its low bits).
; REQUIRES: pass
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -S %s | %FileCheck %s
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -pass-remarks=plr -pass-remarks-missed=plr -pass-remarks-output=%t.yaml -disable-output %s 2>&1 | %FileCheck %s --check-prefix=REMARK
; RUN: %FileCheck %s --check-prefix=YAML < %t.yaml
;
; Input: make-input.sh output-map-types.c FN -ffast-math (metadata and
; attributes left out), from:
; void gain_f(float *restrict y, const int *restrict x, float g, int n) {
;   int s = 0;
;   for (int i = 0; i < n; i++) { s += x[i]; y[i] = s * g; }
; }
; void dsc2f(int *last16, signed char *src, int count, float *dest, float normfact) {
;   signed char last_val = *last16 >> 8;
;   for (int k = 0; k < count; k++) { last_val += src[k]; dest[k] = last_val * normfact; }
;   *last16 = last_val << 8;
; }
; void dsc2s(int *last16, signed char *src, int count, short *dest) {
;   signed char last_val = *last16 >> 8;
;   for (int k = 0; k < count; k++) { last_val += src[k]; dest[k] = last_val << 8; }
;   *last16 = last_val << 8;
; }
; void dles2i(int *last16, short *src, int count, int *dest) {
;   short last_val = *last16;
;   for (int k = 0; k < count; k++) { last_val += src[k]; dest[k] = last_val << 16; }
;   *last16 = last_val;
; }
; typedef struct { short last_16; } XI16;
; static inline int32_t arith_shift_left(int32_t x, int shift) { return (int32_t)(((uint32_t)x) << shift); }
; void dsc2s_16(XI16 *pxi, signed char *src, int count, short *dest) {
;   signed char last_val = pxi->last_16 >> 8;
;   for (int k = 0; k < count; k++) { last_val += src[k]; dest[k] = arith_shift_left(last_val, 8); }
;   pxi->last_16 = arith_shift_left(last_val, 8);
; }
; long affine_d(double *restrict y, const int *restrict x, int n) {
;   long s1 = 3;
;   for (int i = 1; i < n; i++) { long s = x[i] + 2 * s1; s1 = s; y[i] = 0.001 * s + 1; }
;   return s1;
; }
; void reduced(float *restrict y, const signed char *restrict x, float g, int n) {
;   signed char s = 0;
;   for (int i = 0; i < n; i++) { s += x[i]; y[i] = s * g; }
; }
; void wide_state(float *restrict y, const double *restrict x, double g, int n) {
;   double s = 0;
;   for (int i = 0; i < n; i++) { s = 0.5 * s + x[i]; y[i] = (float)(s * g); }
; }
; void wide_two(float *restrict y, float *restrict z, const double *restrict x, double g, int n) {
;   double s = 0;
;   for (int i = 0; i < n; i++) { s = 0.5 * s + x[i]; y[i] = (float)(s * g); z[i] = (float)(s - x[i]); }
; }
; void reduced_two(float *restrict y, int *restrict z, const signed char *restrict x, float g, int n) {
;   signed char s = 0;
;   for (int i = 0; i < n; i++) { s += x[i]; y[i] = s * g; z[i] = s * 1000; }
; }

; REMARK: remark: {{.*}}replaced linear recurrence with a call to plr_run: signature (1: 1), type i32, order 1, output an elementwise map of the state into f32; plan: check(x apart from y or exactly y); ask(2 passes); call(1: 1) x->y; map(out = g(y))
; REMARK: remark: {{.*}}replaced linear recurrence with a call to plr_run_many: signature (1: 1), type i8 (computed in i32), order 1, layout: y stride 4, x stride 1, output an elementwise map of the state into f32; plan: check(x apart from y); ask(2 passes); call(1: 1) x->y, y stride 4, x stride 1; map(out = g(y))
; REMARK: remark: {{.*}}replaced linear recurrence with a call to plr_run_many: signature (1: 1), type i8 (computed in i32), order 1, layout: y stride 2, x stride 1, output an elementwise map of the state into i16
; REMARK: remark: {{.*}}replaced linear recurrence with a call to plr_run_many: signature (1: 1), type i16 (computed in i32), order 1, layout: y stride 2, x stride 1, output an elementwise map of the state into i32
; REMARK: remark: {{.*}}replaced linear recurrence with a call to plr_run_many: signature (1: 1), type i8 (computed in i32), order 1, layout: y stride 2, x stride 1, output an elementwise map of the state into i16
; REMARK: remark: {{.*}}replaced linear recurrence with a call to plr_run: signature (1: 2), type i64 (x i32), order 1, output an elementwise map of the state into f64
; REMARK: remark: {{.*}}replaced linear recurrence with a call to plr_run_many: signature (1: 1), type i32 (x u8, y i8), order 1, layout: y stride 4, x stride 1, output an elementwise map of the state into f32
; REMARK: remark: {{.*}}replaced linear recurrence with a call to plr_run: signature (1: 0.5), type f64, order 1, output an elementwise map of the state into f32; plan: check(x apart from y); ask(2 passes); buffer(the state, n elements: wider than the output); call(1: 0.5) x->state; map(out = g(state))
; REMARK: remark: {{.*}}replaced linear recurrence with a call to plr_run: signature (1: 0.5), type f64, order 1, output an elementwise map of the state into f32, one other array stored as an elementwise map of the output after the call; plan: check(x apart from y, z apart from x and y); ask(3 passes); buffer(the state, n elements: wider than the output); call(1: 0.5) x->state; map(z = g(state[i-1])); map(out = g(state))
; REMARK: remark: {{.*}}recurrence not replaced: a recurrence held in another type than it is computed in
; YAML: Name: Replaced
; YAML: Function: wide_two
; YAML: Name: Narrow
; YAML: Function: reduced_two

; the int state written into y's float slots (y_store 0: i32), the map over it
; CHECK-LABEL: define internal i1 @gain_f.plr.call(
; CHECK: store i32 0, ptr %plr.sig
; CHECK: [[YS:%.*]] = getelementptr i8, ptr %plr.data, i64 52
; CHECK-NEXT: store i32 0, ptr [[YS]]
; CHECK: call i32 @plr_run(
; CHECK: plr.map:
; CHECK: %plr.state = load i32, ptr [[AT:%.*]],
; CHECK-NEXT: %plr.map1 = sitofp i32 %plr.state to float
; CHECK-NEXT: %plr.map2 = fmul fast float %plr.map1, %g
; CHECK-NEXT: store float %plr.map2, ptr [[AT]]

; a char state in a float's slot: x and y i8 (1), y stride 4; the char
; returned from y_final (narrowed from i32)
; CHECK-LABEL: define {{.*}} void @dsc2f(
; CHECK: %targetBlock = call i1 @dsc2f.plr.call(
; CHECK: %plr.narrow.reload = load i8
; CHECK: phi i8 [ %add, %for.body ], [ %plr.narrow.reload, %plr.outlined ]
; CHECK-LABEL: define internal i1 @dsc2f.plr.call(
; CHECK: store i32 0, ptr %plr.sig
; CHECK: [[XS:%.*]] = getelementptr i8, ptr %plr.data, i64 48
; CHECK-NEXT: store i32 1, ptr [[XS]]
; CHECK-NEXT: [[YS:%.*]] = getelementptr i8, ptr %plr.data, i64 52
; CHECK-NEXT: store i32 1, ptr [[YS]]
; CHECK: [[YSTRIDE:%.*]] = getelementptr i8, ptr %plr.layout, i64 24
; CHECK-NEXT: store i64 4, ptr [[YSTRIDE]]
; CHECK: %plr.wide = sext i8 %conv to i32
; CHECK: call i32 @plr_run_many(
; CHECK: plr.map:
; CHECK: %plr.state = load i8, ptr [[AT:%.*]],
; CHECK-NEXT: %plr.map1 = sitofp i8 %plr.state to float
; CHECK-NEXT: %plr.map2 = fmul fast float %plr.map1, %normfact
; CHECK-NEXT: store float %plr.map2, ptr [[AT]]
; CHECK: %plr.final = load i32
; CHECK-NEXT: %plr.narrow = trunc i32 %plr.final to i8

; CHECK-LABEL: define internal i1 @dsc2s.plr.call(
; CHECK: [[YSTRIDE:%.*]] = getelementptr i8, ptr %plr.layout, i64 24
; CHECK-NEXT: store i64 2, ptr [[YSTRIDE]]
; CHECK: %plr.state = load i8, ptr [[AT:%.*]],
; CHECK: store i16 %{{.*}}, ptr [[AT]]

; the short state used after the loop as the map's sext of it
; CHECK-LABEL: define internal i1 @dles2i.plr.call(
; CHECK: [[XS:%.*]] = getelementptr i8, ptr %plr.data, i64 48
; CHECK-NEXT: store i32 3, ptr [[XS]]
; CHECK-NEXT: [[YS:%.*]] = getelementptr i8, ptr %plr.data, i64 52
; CHECK-NEXT: store i32 3, ptr [[YS]]
; CHECK: %plr.state = load i16, ptr [[AT:%.*]],
; CHECK-NEXT: %plr.map1 = sext i16 %plr.state to i32
; CHECK-NEXT: %plr.map2 = shl nsw i32 %plr.map1, 16
; CHECK-NEXT: store i32 %plr.map2, ptr [[AT]]
; CHECK: %plr.final = load i32
; CHECK-NEXT: %plr.narrow = trunc i32 %plr.final to i16
; CHECK-NEXT: %plr.final.cast = sext i16 %plr.narrow to i32

; the last output used after the loop (xi.c's own short field): read back
; from y after the map, as the output's type
; CHECK-LABEL: define internal i1 @dsc2s_16.plr.call(
; CHECK: plr.map.done:
; CHECK: %plr.final = load i16, ptr

; g*s + c contracted by clang into llvm.fmuladd: cloned into the map
; CHECK-LABEL: define internal i1 @affine_d.plr.call(
; CHECK: plr.map:
; CHECK: %plr.state = load i64, ptr [[AT:%.*]],
; CHECK-NEXT: [[D:%.*]] = sitofp i64 %plr.state to double
; CHECK-NEXT: [[G:%.*]] = tail call double @llvm.fmuladd.f64(double [[D]], double 1.000000e-03, double 1.000000e+00)
; CHECK-NEXT: store double [[G]], ptr [[AT]]

; a char state clang keeps in an int register (re-extended by shl/ashr 24
; before each use): computed in i32, its low byte in the slot (y i8), read
; back sign-extended, which the map's own reduction makes the char again
; CHECK-LABEL: define internal i1 @reduced.plr.call(
; CHECK: [[YS:%.*]] = getelementptr i8, ptr %plr.data, i64 52
; CHECK-NEXT: store i32 1, ptr [[YS]]
; CHECK: plr.map:
; CHECK: %plr.state = load i8, ptr [[AT:%.*]],
; CHECK-NEXT: %plr.state.wide = sext i8 %plr.state to i32
; CHECK-NEXT: %plr.map1 = shl i32 %plr.state.wide, 24
; CHECK-NEXT: %plr.map2 = ashr exact i32 %plr.map1, 24
; CHECK: store float %{{.*}}, ptr [[AT]]

; the double state into a buffer of twice y's bytes at y's offset doubled
; (y_store 0: f64), the map loads it at 8 bytes a step and stores the float
; at 4
; CHECK-LABEL: define internal i1 @wide_state.plr.call(
; CHECK: store i32 5, ptr %plr.sig
; CHECK: %plr.state.bytes = mul i64 %{{[0-9]+}}, 2
; CHECK-NEXT: %plr.state.buffer = call ptr @plr_scratch_alloc(i64 %plr.state.bytes)
; CHECK: plr.call.buffered:
; CHECK: [[OFF:%.*]] = sub i64
; CHECK-NEXT: [[OFF2:%.*]] = mul i64 [[OFF]], 2
; CHECK-NEXT: %plr.state = getelementptr i8, ptr %plr.state.buffer, i64 [[OFF2]]
; CHECK-NEXT: [[DY:%.*]] = getelementptr i8, ptr %plr.data, i64 16
; CHECK-NEXT: store ptr %plr.state, ptr [[DY]]
; CHECK: call i32 @plr_run(
; CHECK: plr.call.failed:
; CHECK-NEXT: call void @plr_scratch_free(ptr %plr.state.buffer)
; CHECK: plr.map:
; CHECK: [[SB:%.*]] = mul i64 %plr.i, 8
; CHECK-NEXT: [[SAT:%.*]] = getelementptr i8, ptr %plr.state, i64 [[SB]]
; CHECK-NEXT: %plr.state1 = load double, ptr [[SAT]]
; CHECK-NEXT: %plr.map2 = fmul fast double %plr.state1, %g
; CHECK-NEXT: %plr.map3 = fptrunc double %plr.map2 to float
; CHECK-NEXT: [[YB:%.*]] = mul i64 %plr.i, 4
; CHECK-NEXT: [[YAT:%.*]] = getelementptr i8, ptr %y, i64 [[YB]]
; CHECK-NEXT: store float %plr.map3, ptr [[YAT]]
; CHECK: plr.map.done:
; CHECK-NEXT: call void @plr_scratch_free(ptr %plr.state.buffer)

; z from the state one step back, kept in a register across the map loop
; CHECK-LABEL: define internal i1 @wide_two.plr.call(
; CHECK: %plr.state.bytes = mul i64 %{{[0-9]+}}, 2
; CHECK: plr.map:
; CHECK: %plr.state.before = phi double
; CHECK: %plr.state{{[0-9]+}} = load double
; CHECK: store float %{{.*}}, ptr
; CHECK: store float %{{.*}}, ptr

; CHECK-LABEL: define {{.*}} void @reduced_two(
; CHECK-NOT: plr_run
; CHECK: ret void

define dso_local void @gain_f(ptr noalias nocapture noundef writeonly %y, ptr noalias nocapture noundef readonly %x, float noundef nofpclass(nan inf) %g, i32 noundef %n) local_unnamed_addr {
entry:
  %cmp7 = icmp sgt i32 %n, 0
  br i1 %cmp7, label %for.body.preheader, label %for.cond.cleanup

for.body.preheader:                               ; preds = %entry
  %wide.trip.count = zext nneg i32 %n to i64
  br label %for.body

for.cond.cleanup.loopexit:                        ; preds = %for.body
  br label %for.cond.cleanup

for.cond.cleanup:                                 ; preds = %for.cond.cleanup.loopexit, %entry
  ret void

for.body:                                         ; preds = %for.body.preheader, %for.body
  %indvars.iv = phi i64 [ 0, %for.body.preheader ], [ %indvars.iv.next, %for.body ]
  %s.08 = phi i32 [ 0, %for.body.preheader ], [ %add, %for.body ]
  %arrayidx = getelementptr inbounds i32, ptr %x, i64 %indvars.iv
  %0 = load i32, ptr %arrayidx, align 4
  %add = add nsw i32 %0, %s.08
  %conv = sitofp i32 %add to float
  %mul = fmul fast float %conv, %g
  %arrayidx2 = getelementptr inbounds float, ptr %y, i64 %indvars.iv
  store float %mul, ptr %arrayidx2, align 4
  %indvars.iv.next = add nuw nsw i64 %indvars.iv, 1
  %exitcond.not = icmp eq i64 %indvars.iv.next, %wide.trip.count
  br i1 %exitcond.not, label %for.cond.cleanup.loopexit, label %for.body
}
define dso_local void @dsc2f(ptr nocapture noundef %last16, ptr nocapture noundef readonly %src, i32 noundef %count, ptr nocapture noundef writeonly %dest, float noundef nofpclass(nan inf) %normfact) local_unnamed_addr {
entry:
  %0 = load i32, ptr %last16, align 4
  %shr = lshr i32 %0, 8
  %conv = trunc i32 %shr to i8
  %cmp16 = icmp sgt i32 %count, 0
  br i1 %cmp16, label %for.body.preheader, label %for.cond.cleanup

for.body.preheader:                               ; preds = %entry
  %wide.trip.count = zext nneg i32 %count to i64
  br label %for.body

for.cond.cleanup:                                 ; preds = %for.body, %entry
  %last_val.0.lcssa = phi i8 [ %conv, %entry ], [ %add, %for.body ]
  %conv9 = sext i8 %last_val.0.lcssa to i32
  %shl = shl nsw i32 %conv9, 8
  store i32 %shl, ptr %last16, align 4
  ret void

for.body:                                         ; preds = %for.body.preheader, %for.body
  %indvars.iv = phi i64 [ 0, %for.body.preheader ], [ %indvars.iv.next, %for.body ]
  %last_val.017 = phi i8 [ %conv, %for.body.preheader ], [ %add, %for.body ]
  %arrayidx = getelementptr inbounds i8, ptr %src, i64 %indvars.iv
  %1 = load i8, ptr %arrayidx, align 1
  %add = add i8 %1, %last_val.017
  %conv6 = sitofp i8 %add to float
  %mul = fmul fast float %conv6, %normfact
  %arrayidx8 = getelementptr inbounds float, ptr %dest, i64 %indvars.iv
  store float %mul, ptr %arrayidx8, align 4
  %indvars.iv.next = add nuw nsw i64 %indvars.iv, 1
  %exitcond.not = icmp eq i64 %indvars.iv.next, %wide.trip.count
  br i1 %exitcond.not, label %for.cond.cleanup, label %for.body
}
define dso_local void @dsc2s(ptr nocapture noundef %last16, ptr nocapture noundef readonly %src, i32 noundef %count, ptr nocapture noundef writeonly %dest) local_unnamed_addr {
entry:
  %0 = load i32, ptr %last16, align 4
  %shr = lshr i32 %0, 8
  %conv = trunc i32 %shr to i8
  %cmp17 = icmp sgt i32 %count, 0
  br i1 %cmp17, label %for.body.preheader, label %for.cond.cleanup

for.body.preheader:                               ; preds = %entry
  %wide.trip.count = zext nneg i32 %count to i64
  br label %for.body

for.cond.cleanup:                                 ; preds = %for.body, %entry
  %last_val.0.lcssa = phi i8 [ %conv, %entry ], [ %add, %for.body ]
  %conv9 = sext i8 %last_val.0.lcssa to i32
  %shl10 = shl nsw i32 %conv9, 8
  store i32 %shl10, ptr %last16, align 4
  ret void

for.body:                                         ; preds = %for.body.preheader, %for.body
  %indvars.iv = phi i64 [ 0, %for.body.preheader ], [ %indvars.iv.next, %for.body ]
  %last_val.018 = phi i8 [ %conv, %for.body.preheader ], [ %add, %for.body ]
  %arrayidx = getelementptr inbounds i8, ptr %src, i64 %indvars.iv
  %1 = load i8, ptr %arrayidx, align 1
  %add = add i8 %1, %last_val.018
  %conv5 = zext i8 %add to i16
  %shl = shl nuw i16 %conv5, 8
  %arrayidx8 = getelementptr inbounds i16, ptr %dest, i64 %indvars.iv
  store i16 %shl, ptr %arrayidx8, align 2
  %indvars.iv.next = add nuw nsw i64 %indvars.iv, 1
  %exitcond.not = icmp eq i64 %indvars.iv.next, %wide.trip.count
  br i1 %exitcond.not, label %for.cond.cleanup, label %for.body
}
define dso_local void @dles2i(ptr nocapture noundef %last16, ptr nocapture noundef readonly %src, i32 noundef %count, ptr nocapture noundef writeonly %dest) local_unnamed_addr {
entry:
  %0 = load i32, ptr %last16, align 4
  %cmp15 = icmp sgt i32 %count, 0
  br i1 %cmp15, label %for.body.preheader, label %entry.for.cond.cleanup_crit_edge

entry.for.cond.cleanup_crit_edge:                 ; preds = %entry
  %sext = shl i32 %0, 16
  %.pre = ashr exact i32 %sext, 16
  br label %for.cond.cleanup

for.body.preheader:                               ; preds = %entry
  %conv = trunc i32 %0 to i16
  %wide.trip.count = zext nneg i32 %count to i64
  br label %for.body

for.cond.cleanup:                                 ; preds = %for.body, %entry.for.cond.cleanup_crit_edge
  %conv8.pre-phi = phi i32 [ %.pre, %entry.for.cond.cleanup_crit_edge ], [ %conv5, %for.body ]
  store i32 %conv8.pre-phi, ptr %last16, align 4
  ret void

for.body:                                         ; preds = %for.body.preheader, %for.body
  %indvars.iv = phi i64 [ 0, %for.body.preheader ], [ %indvars.iv.next, %for.body ]
  %last_val.016 = phi i16 [ %conv, %for.body.preheader ], [ %add, %for.body ]
  %arrayidx = getelementptr inbounds i16, ptr %src, i64 %indvars.iv
  %1 = load i16, ptr %arrayidx, align 2
  %add = add i16 %1, %last_val.016
  %conv5 = sext i16 %add to i32
  %shl = shl nsw i32 %conv5, 16
  %arrayidx7 = getelementptr inbounds i32, ptr %dest, i64 %indvars.iv
  store i32 %shl, ptr %arrayidx7, align 4
  %indvars.iv.next = add nuw nsw i64 %indvars.iv, 1
  %exitcond.not = icmp eq i64 %indvars.iv.next, %wide.trip.count
  br i1 %exitcond.not, label %for.cond.cleanup, label %for.body
}
define dso_local void @dsc2s_16(ptr nocapture noundef %pxi, ptr nocapture noundef readonly %src, i32 noundef %count, ptr nocapture noundef writeonly %dest) local_unnamed_addr {
entry:
  %0 = load i16, ptr %pxi, align 2
  %cmp21 = icmp sgt i32 %count, 0
  br i1 %cmp21, label %for.body.preheader, label %entry.for.cond.cleanup_crit_edge

entry.for.cond.cleanup_crit_edge:                 ; preds = %entry
  %.pre24 = and i16 %0, -256
  br label %for.cond.cleanup

for.body.preheader:                               ; preds = %entry
  %1 = lshr i16 %0, 8
  %conv1 = trunc nuw i16 %1 to i8
  %wide.trip.count = zext nneg i32 %count to i64
  br label %for.body

for.cond.cleanup.loopexit:                        ; preds = %for.body
  %shl.i20.lcssa = phi i16 [ %shl.i20, %for.body ]
  br label %for.cond.cleanup

for.cond.cleanup:                                 ; preds = %for.cond.cleanup.loopexit, %entry.for.cond.cleanup_crit_edge
  %shl.i.pre-phi = phi i16 [ %.pre24, %entry.for.cond.cleanup_crit_edge ], [ %shl.i20.lcssa, %for.cond.cleanup.loopexit ]
  store i16 %shl.i.pre-phi, ptr %pxi, align 2
  ret void

for.body:                                         ; preds = %for.body.preheader, %for.body
  %indvars.iv = phi i64 [ 0, %for.body.preheader ], [ %indvars.iv.next, %for.body ]
  %last_val.022 = phi i8 [ %conv1, %for.body.preheader ], [ %add, %for.body ]
  %arrayidx = getelementptr inbounds i8, ptr %src, i64 %indvars.iv
  %2 = load i8, ptr %arrayidx, align 1
  %add = add i8 %2, %last_val.022
  %conv6 = zext i8 %add to i16
  %shl.i20 = shl nuw i16 %conv6, 8
  %arrayidx9 = getelementptr inbounds i16, ptr %dest, i64 %indvars.iv
  store i16 %shl.i20, ptr %arrayidx9, align 2
  %indvars.iv.next = add nuw nsw i64 %indvars.iv, 1
  %exitcond.not = icmp eq i64 %indvars.iv.next, %wide.trip.count
  br i1 %exitcond.not, label %for.cond.cleanup.loopexit, label %for.body
}

define dso_local i64 @affine_d(ptr noalias nocapture noundef writeonly %y, ptr noalias nocapture noundef readonly %x, i32 noundef %n) local_unnamed_addr {
entry:
  %cmp10 = icmp sgt i32 %n, 1
  br i1 %cmp10, label %for.body.preheader, label %for.cond.cleanup

for.body.preheader:                               ; preds = %entry
  %wide.trip.count = zext nneg i32 %n to i64
  br label %for.body

for.cond.cleanup.loopexit:                        ; preds = %for.body
  %add.lcssa = phi i64 [ %add, %for.body ]
  br label %for.cond.cleanup

for.cond.cleanup:                                 ; preds = %for.cond.cleanup.loopexit, %entry
  %s1.0.lcssa = phi i64 [ 3, %entry ], [ %add.lcssa, %for.cond.cleanup.loopexit ]
  ret i64 %s1.0.lcssa

for.body:                                         ; preds = %for.body.preheader, %for.body
  %indvars.iv = phi i64 [ 1, %for.body.preheader ], [ %indvars.iv.next, %for.body ]
  %s1.012 = phi i64 [ 3, %for.body.preheader ], [ %add, %for.body ]
  %arrayidx = getelementptr inbounds i32, ptr %x, i64 %indvars.iv
  %0 = load i32, ptr %arrayidx, align 4
  %conv = sext i32 %0 to i64
  %mul = shl nsw i64 %s1.012, 1
  %add = add nsw i64 %mul, %conv
  %conv1 = sitofp i64 %add to double
  %1 = tail call double @llvm.fmuladd.f64(double %conv1, double 1.000000e-03, double 1.000000e+00)
  %arrayidx4 = getelementptr inbounds double, ptr %y, i64 %indvars.iv
  store double %1, ptr %arrayidx4, align 8
  %indvars.iv.next = add nuw nsw i64 %indvars.iv, 1
  %exitcond.not = icmp eq i64 %indvars.iv.next, %wide.trip.count
  br i1 %exitcond.not, label %for.cond.cleanup.loopexit, label %for.body
}

define dso_local void @reduced(ptr noalias nocapture noundef writeonly %y, ptr noalias nocapture noundef readonly %x, float noundef nofpclass(nan inf) %g, i32 noundef %n) local_unnamed_addr {
entry:
  %cmp12 = icmp sgt i32 %n, 0
  br i1 %cmp12, label %for.body.preheader, label %for.cond.cleanup

for.body.preheader:                               ; preds = %entry
  %wide.trip.count = zext nneg i32 %n to i64
  br label %for.body

for.cond.cleanup.loopexit:                        ; preds = %for.body
  br label %for.cond.cleanup

for.cond.cleanup:                                 ; preds = %for.cond.cleanup.loopexit, %entry
  ret void

for.body:                                         ; preds = %for.body.preheader, %for.body
  %indvars.iv = phi i64 [ 0, %for.body.preheader ], [ %indvars.iv.next, %for.body ]
  %s.013 = phi i32 [ 0, %for.body.preheader ], [ %add, %for.body ]
  %arrayidx = getelementptr inbounds i8, ptr %x, i64 %indvars.iv
  %0 = load i8, ptr %arrayidx, align 1
  %conv16 = zext i8 %0 to i32
  %sext = shl i32 %s.013, 24
  %conv1 = ashr exact i32 %sext, 24
  %add = add nsw i32 %conv1, %conv16
  %sext11 = shl i32 %add, 24
  %conv3 = ashr exact i32 %sext11, 24
  %conv4 = sitofp i32 %conv3 to float
  %mul = fmul fast float %conv4, %g
  %arrayidx6 = getelementptr inbounds float, ptr %y, i64 %indvars.iv
  store float %mul, ptr %arrayidx6, align 4
  %indvars.iv.next = add nuw nsw i64 %indvars.iv, 1
  %exitcond.not = icmp eq i64 %indvars.iv.next, %wide.trip.count
  br i1 %exitcond.not, label %for.cond.cleanup.loopexit, label %for.body
}

define dso_local void @wide_state(ptr noalias nocapture noundef writeonly %y, ptr noalias nocapture noundef readonly %x, double noundef nofpclass(nan inf) %g, i32 noundef %n) local_unnamed_addr {
entry:
  %cmp8 = icmp sgt i32 %n, 0
  br i1 %cmp8, label %for.body.preheader, label %for.cond.cleanup

for.body.preheader:                               ; preds = %entry
  %wide.trip.count = zext nneg i32 %n to i64
  br label %for.body

for.cond.cleanup:                                 ; preds = %for.body, %entry
  ret void

for.body:                                         ; preds = %for.body.preheader, %for.body
  %indvars.iv = phi i64 [ 0, %for.body.preheader ], [ %indvars.iv.next, %for.body ]
  %s.09 = phi double [ 0.000000e+00, %for.body.preheader ], [ %add, %for.body ]
  %mul = fmul fast double %s.09, 5.000000e-01
  %arrayidx = getelementptr inbounds double, ptr %x, i64 %indvars.iv
  %0 = load double, ptr %arrayidx, align 8
  %add = fadd fast double %0, %mul
  %mul1 = fmul fast double %add, %g
  %conv = fptrunc double %mul1 to float
  %arrayidx3 = getelementptr inbounds float, ptr %y, i64 %indvars.iv
  store float %conv, ptr %arrayidx3, align 4
  %indvars.iv.next = add nuw nsw i64 %indvars.iv, 1
  %exitcond.not = icmp eq i64 %indvars.iv.next, %wide.trip.count
  br i1 %exitcond.not, label %for.cond.cleanup, label %for.body
}

define dso_local void @wide_two(ptr noalias nocapture noundef writeonly %y, ptr noalias nocapture noundef writeonly %z, ptr noalias nocapture noundef readonly %x, double noundef nofpclass(nan inf) %g, i32 noundef %n) local_unnamed_addr {
entry:
  %cmp17 = icmp sgt i32 %n, 0
  br i1 %cmp17, label %for.body.preheader, label %for.cond.cleanup

for.body.preheader:                               ; preds = %entry
  %wide.trip.count = zext nneg i32 %n to i64
  br label %for.body

for.cond.cleanup.loopexit:                        ; preds = %for.body
  br label %for.cond.cleanup

for.cond.cleanup:                                 ; preds = %for.cond.cleanup.loopexit, %entry
  ret void

for.body:                                         ; preds = %for.body.preheader, %for.body
  %indvars.iv = phi i64 [ 0, %for.body.preheader ], [ %indvars.iv.next, %for.body ]
  %s.018 = phi double [ 0.000000e+00, %for.body.preheader ], [ %add, %for.body ]
  %mul = fmul fast double %s.018, 5.000000e-01
  %arrayidx = getelementptr inbounds double, ptr %x, i64 %indvars.iv
  %0 = load double, ptr %arrayidx, align 8
  %add = fadd fast double %0, %mul
  %mul1 = fmul fast double %add, %g
  %conv = fptrunc double %mul1 to float
  %arrayidx3 = getelementptr inbounds float, ptr %y, i64 %indvars.iv
  store float %conv, ptr %arrayidx3, align 4
  %conv6 = fptrunc double %mul to float
  %arrayidx8 = getelementptr inbounds float, ptr %z, i64 %indvars.iv
  store float %conv6, ptr %arrayidx8, align 4
  %indvars.iv.next = add nuw nsw i64 %indvars.iv, 1
  %exitcond.not = icmp eq i64 %indvars.iv.next, %wide.trip.count
  br i1 %exitcond.not, label %for.cond.cleanup.loopexit, label %for.body
}

define dso_local void @reduced_two(ptr noalias nocapture noundef writeonly %y, ptr noalias nocapture noundef writeonly %z, ptr noalias nocapture noundef readonly %x, float noundef nofpclass(nan inf) %g, i32 noundef %n) local_unnamed_addr {
entry:
  %cmp18 = icmp sgt i32 %n, 0
  br i1 %cmp18, label %for.body.preheader, label %for.cond.cleanup

for.body.preheader:                               ; preds = %entry
  %wide.trip.count = zext nneg i32 %n to i64
  br label %for.body

for.cond.cleanup.loopexit:                        ; preds = %for.body
  br label %for.cond.cleanup

for.cond.cleanup:                                 ; preds = %for.cond.cleanup.loopexit, %entry
  ret void

for.body:                                         ; preds = %for.body.preheader, %for.body
  %indvars.iv = phi i64 [ 0, %for.body.preheader ], [ %indvars.iv.next, %for.body ]
  %s.019 = phi i32 [ 0, %for.body.preheader ], [ %add, %for.body ]
  %arrayidx = getelementptr inbounds i8, ptr %x, i64 %indvars.iv
  %0 = load i8, ptr %arrayidx, align 1
  %conv22 = zext i8 %0 to i32
  %sext = shl i32 %s.019, 24
  %conv1 = ashr exact i32 %sext, 24
  %add = add nsw i32 %conv1, %conv22
  %sext17 = shl i32 %add, 24
  %conv3 = ashr exact i32 %sext17, 24
  %conv4 = sitofp i32 %conv3 to float
  %mul = fmul fast float %conv4, %g
  %arrayidx6 = getelementptr inbounds float, ptr %y, i64 %indvars.iv
  store float %mul, ptr %arrayidx6, align 4
  %mul8 = mul nsw i32 %conv3, 1000
  %arrayidx10 = getelementptr inbounds i32, ptr %z, i64 %indvars.iv
  store i32 %mul8, ptr %arrayidx10, align 4
  %indvars.iv.next = add nuw nsw i64 %indvars.iv, 1
  %exitcond.not = icmp eq i64 %indvars.iv.next, %wide.trip.count
  br i1 %exitcond.not, label %for.cond.cleanup.loopexit, label %for.body
}

declare double @llvm.fmuladd.f64(double, double, double)
