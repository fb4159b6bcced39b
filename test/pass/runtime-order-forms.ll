; Recurrences of run-time order in the forms recfuzz found refused (docs/pass.md, "Recurrences of
; run-time order"): a gain on the input, y[i] = g*x[i] + s over s -= a[j]*y[i-j], is a FIR tap of
; length 1, signature (g: -a[j]), its a0 stored over the 1 plr_signature_from_array wrote; 2*x[i] (a
; shift by InstCombine) is a0 = 2; taps summed from p down to 1 walk y up from y[i-p] to y[i-1], the
; same sum, the coefficient array read the other way (from a[1], stride +1 here). A factor on the sum
; (y[i] = x[i] - g*s, x[i] + s*g, g*(x[i] - s), h*(g*x[i] - s): one value from before the loop) is
; taken: every coefficient is g times the array's, b[1..p] multiplied by g after
; plr_signature_from_array (a loop over the taps in the element type: an i32 coefficient truncated,
; multiplied, sign-extended back; an f32 one narrowed, exactly, and widened back; a0 = h*g for a gain
; on both); for floating point under the one consent rule (the product carries reassoc: without it
; FPConsent). A factor that changes with i (i*s) is
; RuntimeOrderGain; unsigned 32-bit indices (y[i - j] with unsigned i, j: zext of a wrapping
; difference) are RuntimeOrderWrap.
; REQUIRES: pass
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -S %s | %FileCheck %s
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -pass-remarks=plr -pass-remarks-missed=plr -pass-remarks-analysis=plr -disable-output %s 2>&1 | %FileCheck %s --check-prefix=REMARK
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -pass-remarks-missed=plr -pass-remarks-output=%t.yaml -disable-output %s 2>/dev/null
; RUN: %FileCheck %s --check-prefix=YAML < %t.yaml
; REMARK: remark: {{.*}}replaced linear recurrence with a call to plr_run: signature (g: -a[j] for j = 1..p), type f32, order p, order a run-time value (an inner loop over the taps): the signature read from the coefficient array before the call; plan: check(x apart from y or exactly y, coefficients apart from y, the taps run, 1 <= p <= 32); signature(from the array: b[j] = -a[j], j = 1..p; a0 = g); ask(1 pass); call(g: b[1..p]) x->y, history y[-p..-1] from memory
; REMARK: remark: {{.*}}replaced linear recurrence with a call to plr_run: signature (2: -a[j] for j = 1..p), type i32, order p, {{.*}}signature(from the array: b[j] = -a[j], j = 1..p; a0 = 2); ask(1 pass); call(2: b[1..p])
; REMARK: remark: {{.*}}replaced linear recurrence with a call to plr_run: signature (1: -a[j] for j = 1..p), type i32, order p, {{.*}}signature(from the array: b[j] = -a[j], j = 1..p); ask(1 pass); call(1: b[1..p])
; REMARK: remark: {{.*}}replaced linear recurrence with a call to plr_run: signature (1: -g*a[j] for j = 1..p), type i32, order p, {{.*}}signature(from the array: b[j] = -g*a[j], j = 1..p); ask(1 pass); call(1: b[1..p])
; REMARK: remark: {{.*}}recurrence not replaced: the recurrence's order is a run-time value and the taps read y[i - j] at an index computed in 32-bit unsigned arithmetic (unsigned i, j), which wraps around past zero instead of reaching before the array: not an address a fixed distance back from y[i] that the call could be given (use int or 64-bit indices (long, size_t) for i and j)
; REMARK-NEXT: remark: {{.*}}candidate: the store to y[i]; the reason concerns the read of y[
; REMARK: remark: {{.*}}replaced linear recurrence with a call to plr_run: signature (1: g*a[j] for j = 1..p), type f32, order p, {{.*}}signature(from the array: b[j] = g*a[j], j = 1..p); ask(1 pass); call(1: b[1..p])
; REMARK: remark: {{.*}}replaced linear recurrence with a call to plr_run: signature (g: -g*a[j] for j = 1..p), type i64, order p, {{.*}}signature(from the array: b[j] = -g*a[j], j = 1..p; a0 = g); ask(1 pass); call(g: b[1..p])
; REMARK: remark: {{.*}}recurrence not replaced: the recurrence's order is a run-time value and the sum over the taps is multiplied by something other than one value fixed before the loop: a factor that changes with i (i*s), or several factors (s + g*s, g*(h*s), g*s + h*s), while each coefficient can be scaled by one factor only (taken: one factor from before the loop on the sum (y[i] = x[i] - g*s, every a[j] scaled by g before the call) and a gain on the input (y[i] = g*x[i] - s); compute the combined factor once before the loop)
; REMARK-NEXT: remark: {{.*}}candidate: the store to y[i]; the reason concerns the multiplication 's.0.lcssa*(int)i'
; REMARK: remark: {{.*}}replaced linear recurrence with a call to plr_run: signature (h*g: -h*a[j] for j = 1..p), type i32, order p, {{.*}}signature(from the array: b[j] = -h*a[j], j = 1..p; a0 = h*g); ask(1 pass); call(h*g: b[1..p])
; REMARK: remark: {{.*}}floating-point recurrence (1: -g*a[j] for j = 1..p) (f32) not replaced: parallel evaluation would reassociate floating-point operations
; YAML: Name: RuntimeOrderWrap
; YAML: Name: RuntimeOrderGain
; YAML: Name: FPConsent
; The gain: a0 = g, widened to double, over the signature's a[0] (offset 16).
; CHECK-LABEL: @gain_f32(
; CHECK: %plr.sig.status = call i32 @plr_signature_from_array(ptr %plr.sig, i32 4, ptr {{.*}}, i64 1, i32 %plr.order{{[0-9]*}}, i32 -1)
; CHECK: [[G:%.*]] = fpext float %g to double
; CHECK-NEXT: [[A0:%.*]] = getelementptr i8, ptr %plr.sig, i64 16
; CHECK-NEXT: store double [[G]], ptr [[A0]]
; CHECK: call i32 @plr_run(
; CHECK-LABEL: @twice_i32(
; CHECK: call i32 @plr_signature_from_array(
; CHECK: store i64 2, ptr
; CHECK: call i32 @plr_run(
; The taps from p down: the coefficients from a[1] (a + 4) at stride +1.
; CHECK-LABEL: @down_i32(
; CHECK: [[C:%scevgep[0-9]*]] = getelementptr i8, ptr %a, i64 4
; CHECK: call i32 @plr_signature_from_array(ptr %plr.sig, i32 0, ptr [[C]], i64 1,
; CHECK: call i32 @plr_run(
; A factor on the sum: b[j] (offset 280 + 8j, j = 1..p) times g in i32, the signature read with
; sign -1 (y[i] = x[i] - g*s); a0 stays the array's 1.
; CHECK-LABEL: @gain_on_sum.plr.call(
; CHECK: %plr.sig.status = call i32 @plr_signature_from_array(ptr %plr.sig, i32 0, ptr {{.*}}, i64 1, i32 [[P:%plr.order[0-9]*]], i32 -1)
; CHECK: plr.sig.scale:
; CHECK-NEXT: %plr.j = phi i64 [ 1, %plr.call.sig ], [ %plr.j.next, %plr.sig.scale ]
; CHECK-NEXT: [[OFF:%.*]] = mul i64 %plr.j, 8
; CHECK-NEXT: [[AT:%.*]] = add i64 280, [[OFF]]
; CHECK-NEXT: %plr.b.j = getelementptr i8, ptr %plr.sig, i64 [[AT]]
; CHECK-NEXT: %plr.b = load i64, ptr %plr.b.j, align 8
; CHECK-NEXT: [[B32:%.*]] = trunc i64 %plr.b to i32
; CHECK-NEXT: %plr.b.scaled = mul i32 [[B32]], %g
; CHECK-NEXT: [[B64:%.*]] = sext i32 %plr.b.scaled to i64
; CHECK-NEXT: store i64 [[B64]], ptr %plr.b.j, align 8
; CHECK-NEXT: %plr.j.next = add i64 %plr.j, 1
; CHECK-NEXT: [[DONE:%.*]] = icmp ugt i64 %plr.j.next, %0
; CHECK-NEXT: br i1 [[DONE]], label %plr.sig.scaled, label %plr.sig.scale
; CHECK: plr.sig.scaled:
; CHECK-NOT: ptr %plr.sig, i64 16
; CHECK: call i32 @plr_run(
; CHECK-LABEL: @unsigned_idx(
; CHECK-NOT: call i32 @plr_run
; x[i] + s*g in f32 (fast math): the sum added (sign +1), each coefficient narrowed, times g, widened.
; CHECK-LABEL: @sum_gain_f32.plr.call(
; CHECK: call i32 @plr_signature_from_array(ptr %plr.sig, i32 4, ptr {{.*}}, i64 1, i32 %plr.order{{[0-9]*}}, i32 1)
; CHECK: %plr.b = load double, ptr %plr.b.j, align 8
; CHECK-NEXT: [[BF:%.*]] = fptrunc double %plr.b to float
; CHECK-NEXT: %plr.b.scaled = fmul float [[BF]], %g
; CHECK-NEXT: [[BD:%.*]] = fpext float %plr.b.scaled to double
; CHECK-NEXT: store double [[BD]], ptr %plr.b.j, align 8
; CHECK: call i32 @plr_run(
; g*(x[i] - s) in i64: both, b[j] times g in i64 and a0 = g.
; CHECK-LABEL: @gain_on_all_i64.plr.call(
; CHECK: call i32 @plr_signature_from_array(ptr %plr.sig, i32 1, ptr {{.*}}, i64 1, i32 %plr.order{{[0-9]*}}, i32 -1)
; CHECK: %plr.b = load i64, ptr %plr.b.j, align 8
; CHECK-NEXT: %plr.b.scaled = mul i64 %plr.b, %g
; CHECK-NEXT: store i64 %plr.b.scaled, ptr %plr.b.j, align 8
; CHECK: plr.sig.scaled:
; CHECK-NEXT: [[A0:%.*]] = getelementptr i8, ptr %plr.sig, i64 16
; CHECK-NEXT: store i64 %g, ptr [[A0]]
; CHECK: call i32 @plr_run(
; CHECK-LABEL: @counter_times_sum(
; CHECK-NOT: call i32 @plr_run
; h*(g*x[i] - s): b[j] times h, a0 = h*g.
; CHECK-LABEL: @gains_i32.plr.call(
; CHECK: %plr.b.scaled = mul i32 {{%.*}}, %h
; CHECK: plr.sig.scaled:
; CHECK-NEXT: %plr.a0 = mul i32 %h, %g
; CHECK-NEXT: [[A0W:%.*]] = sext i32 %plr.a0 to i64
; CHECK-NEXT: [[A0:%.*]] = getelementptr i8, ptr %plr.sig, i64 16
; CHECK-NEXT: store i64 [[A0W]], ptr [[A0]]
; CHECK: call i32 @plr_run(
; CHECK-LABEL: @sum_gain_strict(
; CHECK-NOT: call i32 @plr_run
;
; Input: make-input.sh rof.c gain_f32 -ffast-math (the whole module), from:
; void gain_f32(float *y, const float *x, const float *a, int n, int p, float g) {
;   for (int i = p; i < n; i++) {
;     float s = 0;
;     for (int j = 1; j <= p; j++)
;       s -= a[j] * y[i - j];
;     y[i] = g * x[i] + s;
;   }
; }
; void twice_i32(int *y, const int *x, const int *a, int n, int p) {
;   for (int i = p; i < n; i++) {
;     int s = 2 * x[i];
;     for (int j = 1; j <= p; j++)
;       s -= a[j] * y[i - j];
;     y[i] = s;
;   }
; }
; void down_i32(int *y, const int *x, const int *a, int n, int p) {
;   for (int i = p; i < n; i++) {
;     int s = x[i];
;     for (int j = p; j >= 1; j--)
;       s -= a[j] * y[i - j];
;     y[i] = s;
;   }
; }
; void gain_on_sum(int *y, const int *x, const int *a, int n, int p, int g) {
;   for (int i = p; i < n; i++) {
;     int s = 0;
;     for (int j = 1; j <= p; j++)
;       s += a[j] * y[i - j];
;     y[i] = x[i] - g * s;
;   }
; }
; void unsigned_idx(int *y, const int *x, const int *a, unsigned n, unsigned p) {
;   for (unsigned i = p; i < n; i++) {
;     int s = x[i];
;     for (unsigned j = 1; j <= p; j++)
;       s -= a[j] * y[i - j];
;     y[i] = s;
;   }
; }
;
; void sum_gain_f32(float *y, const float *x, const float *a, int n, int p, float g) {
;   for (int i = p; i < n; i++) {
;     float s = 0;
;     for (int j = 1; j <= p; j++)
;       s += a[j] * y[i - j];
;     y[i] = x[i] + s * g;
;   }
; }
; void gain_on_all_i64(long *y, const long *x, const long *a, long n, long p, long g) {
;   for (long i = p; i < n; i++) {
;     long s = x[i];
;     for (long j = 1; j <= p; j++)
;       s -= a[j] * y[i - j];
;     y[i] = g * s;
;   }
; }
; void counter_times_sum(int *y, const int *x, const int *a, int n, int p) {
;   for (int i = p; i < n; i++) {
;     int s = 0;
;     for (int j = 1; j <= p; j++)
;       s += a[j] * y[i - j];
;     y[i] = x[i] - i * s;
;   }
; }
; void gains_i32(int *y, const int *x, const int *a, int n, int p, int g, int h) {
;   for (int i = p; i < n; i++) {
;     int s = g * x[i];
;     for (int j = 1; j <= p; j++)
;       s -= a[j] * y[i - j];
;     y[i] = h * s;
;   }
; }
;
; and sum_gain_strict (make-input.sh strict.c sum_gain_strict, without -ffast-math: no reassoc on any
; operation; its !tbaa and !llvm.loop dropped, its attributes #1):
; void sum_gain_strict(float *y, const float *x, const float *a, int n, int p, float g) {
;   for (int i = p; i < n; i++) {
;     float s = 0;
;     for (int j = 1; j <= p; j++)
;       s += a[j] * y[i - j];
;     y[i] = x[i] - g * s;
;   }
; }


; Function Attrs: nofree norecurse nosync nounwind memory(argmem: readwrite) uwtable
define dso_local void @gain_f32(ptr nocapture noundef %y, ptr nocapture noundef readonly %x, ptr nocapture noundef readonly %a, i32 noundef %n, i32 noundef %p, float noundef nofpclass(nan inf) %g) local_unnamed_addr #0 {
entry:
  %cmp29 = icmp slt i32 %p, %n
  br i1 %cmp29, label %for.cond1.preheader.lr.ph, label %for.cond.cleanup

for.cond1.preheader.lr.ph:                        ; preds = %entry
  %cmp2.not26 = icmp slt i32 %p, 1
  %0 = add nsw i32 %p, 1
  %1 = sext i32 %p to i64
  %wide.trip.count36 = sext i32 %n to i64
  %wide.trip.count = zext i32 %0 to i64
  br label %for.cond1.preheader

for.cond1.preheader:                              ; preds = %for.cond1.preheader.lr.ph, %for.cond.cleanup3
  %indvars.iv33 = phi i64 [ %1, %for.cond1.preheader.lr.ph ], [ %indvars.iv.next34, %for.cond.cleanup3 ]
  br i1 %cmp2.not26, label %for.cond.cleanup3, label %for.body4.preheader

for.body4.preheader:                              ; preds = %for.cond1.preheader
  br label %for.body4

for.cond.cleanup.loopexit:                        ; preds = %for.cond.cleanup3
  br label %for.cond.cleanup

for.cond.cleanup:                                 ; preds = %for.cond.cleanup.loopexit, %entry
  ret void

for.cond.cleanup3.loopexit:                       ; preds = %for.body4
  %sub7.lcssa = phi float [ %sub7, %for.body4 ]
  br label %for.cond.cleanup3

for.cond.cleanup3:                                ; preds = %for.cond.cleanup3.loopexit, %for.cond1.preheader
  %s.0.lcssa = phi float [ 0.000000e+00, %for.cond1.preheader ], [ %sub7.lcssa, %for.cond.cleanup3.loopexit ]
  %arrayidx9 = getelementptr inbounds float, ptr %x, i64 %indvars.iv33
  %2 = load float, ptr %arrayidx9, align 4, !tbaa !5
  %mul10 = fmul fast float %2, %g
  %add = fadd fast float %mul10, %s.0.lcssa
  %arrayidx12 = getelementptr inbounds float, ptr %y, i64 %indvars.iv33
  store float %add, ptr %arrayidx12, align 4, !tbaa !5
  %indvars.iv.next34 = add nsw i64 %indvars.iv33, 1
  %exitcond37.not = icmp eq i64 %indvars.iv.next34, %wide.trip.count36
  br i1 %exitcond37.not, label %for.cond.cleanup.loopexit, label %for.cond1.preheader, !llvm.loop !9

for.body4:                                        ; preds = %for.body4.preheader, %for.body4
  %indvars.iv = phi i64 [ %indvars.iv.next, %for.body4 ], [ 1, %for.body4.preheader ]
  %s.027 = phi float [ %sub7, %for.body4 ], [ 0.000000e+00, %for.body4.preheader ]
  %arrayidx = getelementptr inbounds float, ptr %a, i64 %indvars.iv
  %3 = load float, ptr %arrayidx, align 4, !tbaa !5
  %4 = sub nsw i64 %indvars.iv33, %indvars.iv
  %arrayidx6 = getelementptr inbounds float, ptr %y, i64 %4
  %5 = load float, ptr %arrayidx6, align 4, !tbaa !5
  %mul = fmul fast float %5, %3
  %sub7 = fsub fast float %s.027, %mul
  %indvars.iv.next = add nuw nsw i64 %indvars.iv, 1
  %exitcond.not = icmp eq i64 %indvars.iv.next, %wide.trip.count
  br i1 %exitcond.not, label %for.cond.cleanup3.loopexit, label %for.body4, !llvm.loop !11
}

; Function Attrs: nofree norecurse nosync nounwind memory(argmem: readwrite) uwtable
define dso_local void @twice_i32(ptr nocapture noundef %y, ptr nocapture noundef readonly %x, ptr nocapture noundef readonly %a, i32 noundef %n, i32 noundef %p) local_unnamed_addr #0 {
entry:
  %cmp29 = icmp slt i32 %p, %n
  br i1 %cmp29, label %for.body.lr.ph, label %for.cond.cleanup

for.body.lr.ph:                                   ; preds = %entry
  %cmp2.not26 = icmp slt i32 %p, 1
  %0 = add nsw i32 %p, 1
  %1 = sext i32 %p to i64
  %wide.trip.count36 = sext i32 %n to i64
  %wide.trip.count = zext i32 %0 to i64
  br label %for.body

for.cond.cleanup:                                 ; preds = %for.cond.cleanup3, %entry
  ret void

for.body:                                         ; preds = %for.body.lr.ph, %for.cond.cleanup3
  %indvars.iv33 = phi i64 [ %1, %for.body.lr.ph ], [ %indvars.iv.next34, %for.cond.cleanup3 ]
  %arrayidx = getelementptr inbounds i32, ptr %x, i64 %indvars.iv33
  %2 = load i32, ptr %arrayidx, align 4, !tbaa !12
  %mul = shl nsw i32 %2, 1
  br i1 %cmp2.not26, label %for.cond.cleanup3, label %for.body4

for.cond.cleanup3:                                ; preds = %for.body4, %for.body
  %s.0.lcssa = phi i32 [ %mul, %for.body ], [ %sub10, %for.body4 ]
  %arrayidx12 = getelementptr inbounds i32, ptr %y, i64 %indvars.iv33
  store i32 %s.0.lcssa, ptr %arrayidx12, align 4, !tbaa !12
  %indvars.iv.next34 = add nsw i64 %indvars.iv33, 1
  %exitcond37.not = icmp eq i64 %indvars.iv.next34, %wide.trip.count36
  br i1 %exitcond37.not, label %for.cond.cleanup, label %for.body, !llvm.loop !14

for.body4:                                        ; preds = %for.body, %for.body4
  %indvars.iv = phi i64 [ %indvars.iv.next, %for.body4 ], [ 1, %for.body ]
  %s.027 = phi i32 [ %sub10, %for.body4 ], [ %mul, %for.body ]
  %arrayidx6 = getelementptr inbounds i32, ptr %a, i64 %indvars.iv
  %3 = load i32, ptr %arrayidx6, align 4, !tbaa !12
  %4 = sub nsw i64 %indvars.iv33, %indvars.iv
  %arrayidx8 = getelementptr inbounds i32, ptr %y, i64 %4
  %5 = load i32, ptr %arrayidx8, align 4, !tbaa !12
  %mul9 = mul nsw i32 %5, %3
  %sub10 = sub nsw i32 %s.027, %mul9
  %indvars.iv.next = add nuw nsw i64 %indvars.iv, 1
  %exitcond.not = icmp eq i64 %indvars.iv.next, %wide.trip.count
  br i1 %exitcond.not, label %for.cond.cleanup3, label %for.body4, !llvm.loop !15
}

; Function Attrs: nofree norecurse nosync nounwind memory(argmem: readwrite) uwtable
define dso_local void @down_i32(ptr nocapture noundef %y, ptr nocapture noundef readonly %x, ptr nocapture noundef readonly %a, i32 noundef %n, i32 noundef %p) local_unnamed_addr #0 {
entry:
  %cmp27 = icmp slt i32 %p, %n
  br i1 %cmp27, label %for.body.lr.ph, label %for.cond.cleanup

for.body.lr.ph:                                   ; preds = %entry
  %cmp224 = icmp sgt i32 %p, 0
  %0 = sext i32 %p to i64
  %wide.trip.count = sext i32 %n to i64
  br label %for.body

for.cond.cleanup:                                 ; preds = %for.cond.cleanup3, %entry
  ret void

for.body:                                         ; preds = %for.body.lr.ph, %for.cond.cleanup3
  %indvars.iv31 = phi i64 [ %0, %for.body.lr.ph ], [ %indvars.iv.next32, %for.cond.cleanup3 ]
  %arrayidx = getelementptr inbounds i32, ptr %x, i64 %indvars.iv31
  %1 = load i32, ptr %arrayidx, align 4, !tbaa !12
  br i1 %cmp224, label %for.body4, label %for.cond.cleanup3

for.cond.cleanup3:                                ; preds = %for.body4, %for.body
  %s.0.lcssa = phi i32 [ %1, %for.body ], [ %sub9, %for.body4 ]
  %arrayidx11 = getelementptr inbounds i32, ptr %y, i64 %indvars.iv31
  store i32 %s.0.lcssa, ptr %arrayidx11, align 4, !tbaa !12
  %indvars.iv.next32 = add nsw i64 %indvars.iv31, 1
  %exitcond.not = icmp eq i64 %indvars.iv.next32, %wide.trip.count
  br i1 %exitcond.not, label %for.cond.cleanup, label %for.body, !llvm.loop !16

for.body4:                                        ; preds = %for.body, %for.body4
  %indvars.iv = phi i64 [ %indvars.iv.next, %for.body4 ], [ %0, %for.body ]
  %s.025 = phi i32 [ %sub9, %for.body4 ], [ %1, %for.body ]
  %arrayidx6 = getelementptr inbounds i32, ptr %a, i64 %indvars.iv
  %2 = load i32, ptr %arrayidx6, align 4, !tbaa !12
  %3 = sub nsw i64 %indvars.iv31, %indvars.iv
  %arrayidx8 = getelementptr inbounds i32, ptr %y, i64 %3
  %4 = load i32, ptr %arrayidx8, align 4, !tbaa !12
  %mul = mul nsw i32 %4, %2
  %sub9 = sub nsw i32 %s.025, %mul
  %indvars.iv.next = add nsw i64 %indvars.iv, -1
  %cmp2 = icmp sgt i64 %indvars.iv, 1
  br i1 %cmp2, label %for.body4, label %for.cond.cleanup3, !llvm.loop !17
}

; Function Attrs: nofree norecurse nosync nounwind memory(argmem: readwrite) uwtable
define dso_local void @gain_on_sum(ptr nocapture noundef %y, ptr nocapture noundef readonly %x, ptr nocapture noundef readonly %a, i32 noundef %n, i32 noundef %p, i32 noundef %g) local_unnamed_addr #0 {
entry:
  %cmp29 = icmp slt i32 %p, %n
  br i1 %cmp29, label %for.cond1.preheader.lr.ph, label %for.cond.cleanup

for.cond1.preheader.lr.ph:                        ; preds = %entry
  %cmp2.not26 = icmp slt i32 %p, 1
  %0 = add nsw i32 %p, 1
  %1 = sext i32 %p to i64
  %wide.trip.count36 = sext i32 %n to i64
  %wide.trip.count = zext i32 %0 to i64
  br label %for.cond1.preheader

for.cond1.preheader:                              ; preds = %for.cond1.preheader.lr.ph, %for.cond.cleanup3
  %indvars.iv33 = phi i64 [ %1, %for.cond1.preheader.lr.ph ], [ %indvars.iv.next34, %for.cond.cleanup3 ]
  br i1 %cmp2.not26, label %for.cond.cleanup3, label %for.body4

for.cond.cleanup:                                 ; preds = %for.cond.cleanup3, %entry
  ret void

for.cond.cleanup3:                                ; preds = %for.body4, %for.cond1.preheader
  %s.0.lcssa = phi i32 [ 0, %for.cond1.preheader ], [ %add, %for.body4 ]
  %arrayidx8 = getelementptr inbounds i32, ptr %x, i64 %indvars.iv33
  %2 = load i32, ptr %arrayidx8, align 4, !tbaa !12
  %mul9 = mul nsw i32 %s.0.lcssa, %g
  %sub10 = sub nsw i32 %2, %mul9
  %arrayidx12 = getelementptr inbounds i32, ptr %y, i64 %indvars.iv33
  store i32 %sub10, ptr %arrayidx12, align 4, !tbaa !12
  %indvars.iv.next34 = add nsw i64 %indvars.iv33, 1
  %exitcond37.not = icmp eq i64 %indvars.iv.next34, %wide.trip.count36
  br i1 %exitcond37.not, label %for.cond.cleanup, label %for.cond1.preheader, !llvm.loop !18

for.body4:                                        ; preds = %for.cond1.preheader, %for.body4
  %indvars.iv = phi i64 [ %indvars.iv.next, %for.body4 ], [ 1, %for.cond1.preheader ]
  %s.027 = phi i32 [ %add, %for.body4 ], [ 0, %for.cond1.preheader ]
  %arrayidx = getelementptr inbounds i32, ptr %a, i64 %indvars.iv
  %3 = load i32, ptr %arrayidx, align 4, !tbaa !12
  %4 = sub nsw i64 %indvars.iv33, %indvars.iv
  %arrayidx6 = getelementptr inbounds i32, ptr %y, i64 %4
  %5 = load i32, ptr %arrayidx6, align 4, !tbaa !12
  %mul = mul nsw i32 %5, %3
  %add = add nsw i32 %mul, %s.027
  %indvars.iv.next = add nuw nsw i64 %indvars.iv, 1
  %exitcond.not = icmp eq i64 %indvars.iv.next, %wide.trip.count
  br i1 %exitcond.not, label %for.cond.cleanup3, label %for.body4, !llvm.loop !19
}

; Function Attrs: nofree norecurse nosync nounwind memory(argmem: readwrite) uwtable
define dso_local void @unsigned_idx(ptr nocapture noundef %y, ptr nocapture noundef readonly %x, ptr nocapture noundef readonly %a, i32 noundef %n, i32 noundef %p) local_unnamed_addr #0 {
entry:
  %cmp28 = icmp ult i32 %p, %n
  br i1 %cmp28, label %for.body.lr.ph, label %for.cond.cleanup

for.body.lr.ph:                                   ; preds = %entry
  %cmp2.not25 = icmp eq i32 %p, 0
  %0 = add nuw i32 %p, 1
  %1 = zext i32 %p to i64
  %wide.trip.count34 = zext i32 %n to i64
  %wide.trip.count = zext i32 %0 to i64
  br label %for.body

for.cond.cleanup:                                 ; preds = %for.cond.cleanup3, %entry
  ret void

for.body:                                         ; preds = %for.body.lr.ph, %for.cond.cleanup3
  %indvars.iv31 = phi i64 [ %1, %for.body.lr.ph ], [ %indvars.iv.next32, %for.cond.cleanup3 ]
  %arrayidx = getelementptr inbounds i32, ptr %x, i64 %indvars.iv31
  %2 = load i32, ptr %arrayidx, align 4, !tbaa !12
  br i1 %cmp2.not25, label %for.cond.cleanup3, label %for.body4

for.cond.cleanup3:                                ; preds = %for.body4, %for.body
  %s.0.lcssa = phi i32 [ %2, %for.body ], [ %sub9, %for.body4 ]
  %arrayidx11 = getelementptr inbounds i32, ptr %y, i64 %indvars.iv31
  store i32 %s.0.lcssa, ptr %arrayidx11, align 4, !tbaa !12
  %indvars.iv.next32 = add nuw nsw i64 %indvars.iv31, 1
  %exitcond35.not = icmp eq i64 %indvars.iv.next32, %wide.trip.count34
  br i1 %exitcond35.not, label %for.cond.cleanup, label %for.body, !llvm.loop !20

for.body4:                                        ; preds = %for.body, %for.body4
  %indvars.iv = phi i64 [ %indvars.iv.next, %for.body4 ], [ 1, %for.body ]
  %s.026 = phi i32 [ %sub9, %for.body4 ], [ %2, %for.body ]
  %arrayidx6 = getelementptr inbounds i32, ptr %a, i64 %indvars.iv
  %3 = load i32, ptr %arrayidx6, align 4, !tbaa !12
  %sub = sub nsw i64 %indvars.iv31, %indvars.iv
  %idxprom7 = and i64 %sub, 4294967295
  %arrayidx8 = getelementptr inbounds i32, ptr %y, i64 %idxprom7
  %4 = load i32, ptr %arrayidx8, align 4, !tbaa !12
  %mul = mul nsw i32 %4, %3
  %sub9 = sub nsw i32 %s.026, %mul
  %indvars.iv.next = add nuw nsw i64 %indvars.iv, 1
  %exitcond = icmp eq i64 %indvars.iv.next, %wide.trip.count
  br i1 %exitcond, label %for.cond.cleanup3, label %for.body4, !llvm.loop !21
}

; Function Attrs: nofree norecurse nosync nounwind memory(argmem: readwrite) uwtable
define dso_local void @sum_gain_f32(ptr nocapture noundef %y, ptr nocapture noundef readonly %x, ptr nocapture noundef readonly %a, i32 noundef %n, i32 noundef %p, float noundef nofpclass(nan inf) %g) local_unnamed_addr #0 {
entry:
  %cmp29 = icmp slt i32 %p, %n
  br i1 %cmp29, label %for.cond1.preheader.lr.ph, label %for.cond.cleanup

for.cond1.preheader.lr.ph:                        ; preds = %entry
  %cmp2.not26 = icmp slt i32 %p, 1
  %0 = add nsw i32 %p, 1
  %1 = sext i32 %p to i64
  %wide.trip.count36 = sext i32 %n to i64
  %wide.trip.count = zext i32 %0 to i64
  br label %for.cond1.preheader

for.cond1.preheader:                              ; preds = %for.cond1.preheader.lr.ph, %for.cond.cleanup3
  %indvars.iv33 = phi i64 [ %1, %for.cond1.preheader.lr.ph ], [ %indvars.iv.next34, %for.cond.cleanup3 ]
  br i1 %cmp2.not26, label %for.cond.cleanup3, label %for.body4

for.cond.cleanup:                                 ; preds = %for.cond.cleanup3, %entry
  ret void

for.cond.cleanup3:                                ; preds = %for.body4, %for.cond1.preheader
  %s.0.lcssa = phi float [ 0.000000e+00, %for.cond1.preheader ], [ %add, %for.body4 ]
  %arrayidx8 = getelementptr inbounds float, ptr %x, i64 %indvars.iv33
  %2 = load float, ptr %arrayidx8, align 4, !tbaa !5
  %mul9 = fmul fast float %s.0.lcssa, %g
  %add10 = fadd fast float %2, %mul9
  %arrayidx12 = getelementptr inbounds float, ptr %y, i64 %indvars.iv33
  store float %add10, ptr %arrayidx12, align 4, !tbaa !5
  %indvars.iv.next34 = add nsw i64 %indvars.iv33, 1
  %exitcond37.not = icmp eq i64 %indvars.iv.next34, %wide.trip.count36
  br i1 %exitcond37.not, label %for.cond.cleanup, label %for.cond1.preheader, !llvm.loop !22

for.body4:                                        ; preds = %for.cond1.preheader, %for.body4
  %indvars.iv = phi i64 [ %indvars.iv.next, %for.body4 ], [ 1, %for.cond1.preheader ]
  %s.027 = phi float [ %add, %for.body4 ], [ 0.000000e+00, %for.cond1.preheader ]
  %arrayidx = getelementptr inbounds float, ptr %a, i64 %indvars.iv
  %3 = load float, ptr %arrayidx, align 4, !tbaa !5
  %4 = sub nsw i64 %indvars.iv33, %indvars.iv
  %arrayidx6 = getelementptr inbounds float, ptr %y, i64 %4
  %5 = load float, ptr %arrayidx6, align 4, !tbaa !5
  %mul = fmul fast float %5, %3
  %add = fadd fast float %mul, %s.027
  %indvars.iv.next = add nuw nsw i64 %indvars.iv, 1
  %exitcond.not = icmp eq i64 %indvars.iv.next, %wide.trip.count
  br i1 %exitcond.not, label %for.cond.cleanup3, label %for.body4, !llvm.loop !23
}

; Function Attrs: nofree norecurse nosync nounwind memory(argmem: readwrite) uwtable
define dso_local void @gain_on_all_i64(ptr nocapture noundef %y, ptr nocapture noundef readonly %x, ptr nocapture noundef readonly %a, i64 noundef %n, i64 noundef %p, i64 noundef %g) local_unnamed_addr #0 {
entry:
  %cmp26 = icmp slt i64 %p, %n
  br i1 %cmp26, label %for.body.lr.ph, label %for.cond.cleanup

for.body.lr.ph:                                   ; preds = %entry
  %cmp2.not23 = icmp slt i64 %p, 1
  br label %for.body

for.cond.cleanup:                                 ; preds = %for.cond.cleanup3, %entry
  ret void

for.body:                                         ; preds = %for.body.lr.ph, %for.cond.cleanup3
  %i.027 = phi i64 [ %p, %for.body.lr.ph ], [ %inc11, %for.cond.cleanup3 ]
  %arrayidx = getelementptr inbounds i64, ptr %x, i64 %i.027
  %0 = load i64, ptr %arrayidx, align 8, !tbaa !24
  br i1 %cmp2.not23, label %for.cond.cleanup3, label %for.body4

for.cond.cleanup3:                                ; preds = %for.body4, %for.body
  %s.0.lcssa = phi i64 [ %0, %for.body ], [ %sub7, %for.body4 ]
  %mul8 = mul nsw i64 %s.0.lcssa, %g
  %arrayidx9 = getelementptr inbounds i64, ptr %y, i64 %i.027
  store i64 %mul8, ptr %arrayidx9, align 8, !tbaa !24
  %inc11 = add nsw i64 %i.027, 1
  %exitcond28.not = icmp eq i64 %inc11, %n
  br i1 %exitcond28.not, label %for.cond.cleanup, label %for.body, !llvm.loop !26

for.body4:                                        ; preds = %for.body, %for.body4
  %j.025 = phi i64 [ %inc, %for.body4 ], [ 1, %for.body ]
  %s.024 = phi i64 [ %sub7, %for.body4 ], [ %0, %for.body ]
  %arrayidx5 = getelementptr inbounds i64, ptr %a, i64 %j.025
  %1 = load i64, ptr %arrayidx5, align 8, !tbaa !24
  %sub = sub nsw i64 %i.027, %j.025
  %arrayidx6 = getelementptr inbounds i64, ptr %y, i64 %sub
  %2 = load i64, ptr %arrayidx6, align 8, !tbaa !24
  %mul = mul nsw i64 %2, %1
  %sub7 = sub nsw i64 %s.024, %mul
  %inc = add nuw i64 %j.025, 1
  %exitcond.not = icmp eq i64 %j.025, %p
  br i1 %exitcond.not, label %for.cond.cleanup3, label %for.body4, !llvm.loop !27
}

; Function Attrs: nofree norecurse nosync nounwind memory(argmem: readwrite) uwtable
define dso_local void @counter_times_sum(ptr nocapture noundef %y, ptr nocapture noundef readonly %x, ptr nocapture noundef readonly %a, i32 noundef %n, i32 noundef %p) local_unnamed_addr #0 {
entry:
  %cmp30 = icmp slt i32 %p, %n
  br i1 %cmp30, label %for.cond1.preheader.lr.ph, label %for.cond.cleanup

for.cond1.preheader.lr.ph:                        ; preds = %entry
  %cmp2.not27 = icmp slt i32 %p, 1
  %0 = add nsw i32 %p, 1
  %1 = sext i32 %p to i64
  %wide.trip.count37 = sext i32 %n to i64
  %wide.trip.count = zext i32 %0 to i64
  br label %for.cond1.preheader

for.cond1.preheader:                              ; preds = %for.cond1.preheader.lr.ph, %for.cond.cleanup3
  %indvars.iv34 = phi i64 [ %1, %for.cond1.preheader.lr.ph ], [ %indvars.iv.next35, %for.cond.cleanup3 ]
  br i1 %cmp2.not27, label %for.cond.cleanup3, label %for.body4

for.cond.cleanup:                                 ; preds = %for.cond.cleanup3, %entry
  ret void

for.cond.cleanup3:                                ; preds = %for.body4, %for.cond1.preheader
  %s.0.lcssa = phi i32 [ 0, %for.cond1.preheader ], [ %add, %for.body4 ]
  %arrayidx8 = getelementptr inbounds i32, ptr %x, i64 %indvars.iv34
  %2 = load i32, ptr %arrayidx8, align 4, !tbaa !12
  %3 = trunc nsw i64 %indvars.iv34 to i32
  %mul9 = mul nsw i32 %s.0.lcssa, %3
  %sub10 = sub nsw i32 %2, %mul9
  %arrayidx12 = getelementptr inbounds i32, ptr %y, i64 %indvars.iv34
  store i32 %sub10, ptr %arrayidx12, align 4, !tbaa !12
  %indvars.iv.next35 = add nsw i64 %indvars.iv34, 1
  %exitcond38.not = icmp eq i64 %indvars.iv.next35, %wide.trip.count37
  br i1 %exitcond38.not, label %for.cond.cleanup, label %for.cond1.preheader, !llvm.loop !28

for.body4:                                        ; preds = %for.cond1.preheader, %for.body4
  %indvars.iv = phi i64 [ %indvars.iv.next, %for.body4 ], [ 1, %for.cond1.preheader ]
  %s.028 = phi i32 [ %add, %for.body4 ], [ 0, %for.cond1.preheader ]
  %arrayidx = getelementptr inbounds i32, ptr %a, i64 %indvars.iv
  %4 = load i32, ptr %arrayidx, align 4, !tbaa !12
  %5 = sub nsw i64 %indvars.iv34, %indvars.iv
  %arrayidx6 = getelementptr inbounds i32, ptr %y, i64 %5
  %6 = load i32, ptr %arrayidx6, align 4, !tbaa !12
  %mul = mul nsw i32 %6, %4
  %add = add nsw i32 %mul, %s.028
  %indvars.iv.next = add nuw nsw i64 %indvars.iv, 1
  %exitcond.not = icmp eq i64 %indvars.iv.next, %wide.trip.count
  br i1 %exitcond.not, label %for.cond.cleanup3, label %for.body4, !llvm.loop !29
}

; Function Attrs: nofree norecurse nosync nounwind memory(argmem: readwrite) uwtable
define dso_local void @gains_i32(ptr nocapture noundef %y, ptr nocapture noundef readonly %x, ptr nocapture noundef readonly %a, i32 noundef %n, i32 noundef %p, i32 noundef %g, i32 noundef %h) local_unnamed_addr #0 {
entry:
  %cmp30 = icmp slt i32 %p, %n
  br i1 %cmp30, label %for.body.lr.ph, label %for.cond.cleanup

for.body.lr.ph:                                   ; preds = %entry
  %cmp2.not27 = icmp slt i32 %p, 1
  %0 = add nsw i32 %p, 1
  %1 = sext i32 %p to i64
  %wide.trip.count37 = sext i32 %n to i64
  %wide.trip.count = zext i32 %0 to i64
  br label %for.body

for.cond.cleanup:                                 ; preds = %for.cond.cleanup3, %entry
  ret void

for.body:                                         ; preds = %for.body.lr.ph, %for.cond.cleanup3
  %indvars.iv34 = phi i64 [ %1, %for.body.lr.ph ], [ %indvars.iv.next35, %for.cond.cleanup3 ]
  %arrayidx = getelementptr inbounds i32, ptr %x, i64 %indvars.iv34
  %2 = load i32, ptr %arrayidx, align 4, !tbaa !12
  %mul = mul nsw i32 %2, %g
  br i1 %cmp2.not27, label %for.cond.cleanup3, label %for.body4

for.cond.cleanup3:                                ; preds = %for.body4, %for.body
  %s.0.lcssa = phi i32 [ %mul, %for.body ], [ %sub10, %for.body4 ]
  %mul11 = mul nsw i32 %s.0.lcssa, %h
  %arrayidx13 = getelementptr inbounds i32, ptr %y, i64 %indvars.iv34
  store i32 %mul11, ptr %arrayidx13, align 4, !tbaa !12
  %indvars.iv.next35 = add nsw i64 %indvars.iv34, 1
  %exitcond38.not = icmp eq i64 %indvars.iv.next35, %wide.trip.count37
  br i1 %exitcond38.not, label %for.cond.cleanup, label %for.body, !llvm.loop !30

for.body4:                                        ; preds = %for.body, %for.body4
  %indvars.iv = phi i64 [ %indvars.iv.next, %for.body4 ], [ 1, %for.body ]
  %s.028 = phi i32 [ %sub10, %for.body4 ], [ %mul, %for.body ]
  %arrayidx6 = getelementptr inbounds i32, ptr %a, i64 %indvars.iv
  %3 = load i32, ptr %arrayidx6, align 4, !tbaa !12
  %4 = sub nsw i64 %indvars.iv34, %indvars.iv
  %arrayidx8 = getelementptr inbounds i32, ptr %y, i64 %4
  %5 = load i32, ptr %arrayidx8, align 4, !tbaa !12
  %mul9 = mul nsw i32 %5, %3
  %sub10 = sub nsw i32 %s.028, %mul9
  %indvars.iv.next = add nuw nsw i64 %indvars.iv, 1
  %exitcond.not = icmp eq i64 %indvars.iv.next, %wide.trip.count
  br i1 %exitcond.not, label %for.cond.cleanup3, label %for.body4, !llvm.loop !31
}

define dso_local void @sum_gain_strict(ptr nocapture noundef %y, ptr nocapture noundef readonly %x, ptr nocapture noundef readonly %a, i32 noundef %n, i32 noundef %p, float noundef %g) local_unnamed_addr #1 {
entry:
  %cmp27 = icmp slt i32 %p, %n
  br i1 %cmp27, label %for.cond1.preheader.lr.ph, label %for.cond.cleanup

for.cond1.preheader.lr.ph:                        ; preds = %entry
  %cmp2.not24 = icmp slt i32 %p, 1
  %neg = fneg float %g
  %0 = add nsw i32 %p, 1
  %1 = sext i32 %p to i64
  %wide.trip.count34 = sext i32 %n to i64
  %wide.trip.count = zext i32 %0 to i64
  br label %for.cond1.preheader

for.cond1.preheader:                              ; preds = %for.cond1.preheader.lr.ph, %for.cond.cleanup3
  %indvars.iv31 = phi i64 [ %1, %for.cond1.preheader.lr.ph ], [ %indvars.iv.next32, %for.cond.cleanup3 ]
  br i1 %cmp2.not24, label %for.cond.cleanup3, label %for.body4.preheader

for.body4.preheader:                              ; preds = %for.cond1.preheader
  br label %for.body4

for.cond.cleanup.loopexit:                        ; preds = %for.cond.cleanup3
  br label %for.cond.cleanup

for.cond.cleanup:                                 ; preds = %for.cond.cleanup.loopexit, %entry
  ret void

for.cond.cleanup3.loopexit:                       ; preds = %for.body4
  %.lcssa = phi float [ %7, %for.body4 ]
  br label %for.cond.cleanup3

for.cond.cleanup3:                                ; preds = %for.cond.cleanup3.loopexit, %for.cond1.preheader
  %s.0.lcssa = phi float [ 0.000000e+00, %for.cond1.preheader ], [ %.lcssa, %for.cond.cleanup3.loopexit ]
  %arrayidx8 = getelementptr inbounds float, ptr %x, i64 %indvars.iv31
  %2 = load float, ptr %arrayidx8, align 4
  %3 = tail call float @llvm.fmuladd.f32(float %neg, float %s.0.lcssa, float %2)
  %arrayidx10 = getelementptr inbounds float, ptr %y, i64 %indvars.iv31
  store float %3, ptr %arrayidx10, align 4
  %indvars.iv.next32 = add nsw i64 %indvars.iv31, 1
  %exitcond35.not = icmp eq i64 %indvars.iv.next32, %wide.trip.count34
  br i1 %exitcond35.not, label %for.cond.cleanup.loopexit, label %for.cond1.preheader

for.body4:                                        ; preds = %for.body4.preheader, %for.body4
  %indvars.iv = phi i64 [ %indvars.iv.next, %for.body4 ], [ 1, %for.body4.preheader ]
  %s.025 = phi float [ %7, %for.body4 ], [ 0.000000e+00, %for.body4.preheader ]
  %arrayidx = getelementptr inbounds float, ptr %a, i64 %indvars.iv
  %4 = load float, ptr %arrayidx, align 4
  %5 = sub nsw i64 %indvars.iv31, %indvars.iv
  %arrayidx6 = getelementptr inbounds float, ptr %y, i64 %5
  %6 = load float, ptr %arrayidx6, align 4
  %7 = tail call float @llvm.fmuladd.f32(float %4, float %6, float %s.025)
  %indvars.iv.next = add nuw nsw i64 %indvars.iv, 1
  %exitcond.not = icmp eq i64 %indvars.iv.next, %wide.trip.count
  br i1 %exitcond.not, label %for.cond.cleanup3.loopexit, label %for.body4
}

attributes #0 = { nofree norecurse nosync nounwind memory(argmem: readwrite) uwtable "approx-func-fp-math"="true" "min-legal-vector-width"="0" "no-infs-fp-math"="true" "no-nans-fp-math"="true" "no-signed-zeros-fp-math"="true" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" "unsafe-fp-math"="true" }
attributes #1 = { nofree norecurse nosync nounwind memory(argmem: readwrite) uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }


!0 = !{i32 1, !"wchar_size", i32 4}
!1 = !{i32 8, !"PIC Level", i32 2}
!2 = !{i32 7, !"PIE Level", i32 2}
!3 = !{i32 7, !"uwtable", i32 2}
!4 = !{!"Debian clang version 19.1.7 (3~deb12u1)"}
!5 = !{!6, !6, i64 0}
!6 = !{!"float", !7, i64 0}
!7 = !{!"omnipotent char", !8, i64 0}
!8 = !{!"Simple C/C++ TBAA"}
!9 = distinct !{!9, !10}
!10 = !{!"llvm.loop.mustprogress"}
!11 = distinct !{!11, !10}
!12 = !{!13, !13, i64 0}
!13 = !{!"int", !7, i64 0}
!14 = distinct !{!14, !10}
!15 = distinct !{!15, !10}
!16 = distinct !{!16, !10}
!17 = distinct !{!17, !10}
!18 = distinct !{!18, !10}
!19 = distinct !{!19, !10}
!20 = distinct !{!20, !10}
!21 = distinct !{!21, !10}
!22 = distinct !{!22, !10}
!23 = distinct !{!23, !10}
!24 = !{!25, !25, i64 0}
!25 = !{!"long", !7, i64 0}
!26 = distinct !{!26, !10}
!27 = distinct !{!27, !10}
!28 = distinct !{!28, !10}
!29 = distinct !{!29, !10}
!30 = distinct !{!30, !10}
!31 = distinct !{!31, !10}
