; What is still refused of a recurrence held in another type than it is computed in, each with its
; reason (and sqf, refused until 2026-12-04, now taken):
; - a state stored rounded whose input term must be materialized (sqf: a map would store the term
;   rounded to float into y) is read as an output map of a state wider than its output: the terms
;   and the states in a buffer of doubles, the map rounds each into y;
; - an older state used after the loop (older_f returns s one step back, beyond the order: y holds
;   it rounded to float, y_final only the newest): LiveOut;
; - a cascade of int states stored as short (cic16): Narrow;
; - a nest whose input history would be a narrow value per row (rows_fir8: x[c-1] carried in a u8
;   phi): the nest is not taken (analysis NestHistory), each row is one call;
; - one short array read both sign- and zero-extended (twoways): not x as held; the input term is
;   materialized, as before.
; REQUIRES: pass
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -pass-remarks=plr -pass-remarks-missed=plr -pass-remarks-analysis=plr -pass-remarks-output=%t.yaml -disable-output %s 2>&1 | %FileCheck %s
; RUN: %FileCheck %s --check-prefix=YAML < %t.yaml
;
; Input: make-input.sh reject-mixed.c FN -ffast-math for each function (metadata and attributes left
; out), from:
; #include <stdint.h>
; void sqf(float *restrict y, const float *restrict x, int n) {
;   double s = 0;
;   for (int i = 0; i < n; i++) { s += (double)x[i] * x[i]; y[i] = (float)s; }
; }
; double older_f(float *restrict y, const float *restrict x, double a, int n) {
;   double s = 0, p = 0;
;   for (int i = 0; i < n; i++) { p = s; s = a * s + x[i]; y[i] = (float)s; }
;   return p;
; }
; void twoways(int *restrict y, const short *restrict x, int n) {
;   for (int i = 1; i < n; i++) y[i] = x[i] + (unsigned short)x[i - 1] + 2 * y[i - 1];
; }
; void cic16(short *restrict y, const short *restrict x, int n) {
;   int u = 0, v = 0;
;   for (int i = 0; i < n; i++) { u += x[i]; v += u; y[i] = (short)v; }
; }
; void rows_fir8(int *restrict y, const uint8_t *restrict x, int h, int w) {
;   for (int r = 0; r < h; r++)
;     for (int c = 1; c < w; c++) y[r * w + c] = x[r * w + c] - x[r * w + c - 1] + 3 * y[r * w + c - 1];
; }

; CHECK: remark: {{.*}}replaced linear recurrence with a call to plr_run: signature (1: 1), type f64, order 1, input term materialized by a map, output an elementwise map of the state into f32; plan: ask(3 passes); buffer(the state, n elements: wider than the output); map(t -> state); call(1: 1) state->state in place; map(out = g(state))
; CHECK: remark: {{.*}}recurrence not replaced: a value computed in the loop is used after it and cannot be recovered
; CHECK: remark: {{.*}}replaced linear recurrence with a call to plr_run: signature (1: 2), type i32, order 1, input term materialized by a map
; CHECK: remark: {{.*}}recurrence not replaced: a recurrence held in another type than it is computed in
; CHECK: remark: {{.*}}replaced linear recurrence with a call to plr_run: signature (1, -1: 3), type i32 (x u8), order 1
; CHECK-NEXT: remark: {{.*}}the loop around it is not part of the call (one call per sequence): what a sequence starts from cannot be read before the call

; YAML: Name: Replaced
; YAML: Function: sqf
; YAML: Name: LiveOut
; YAML: Function: older_f
; YAML: Name: Replaced
; YAML: Function: twoways
; YAML: Name: Narrow
; YAML: Function: cic16
; YAML: Name: Replaced
; YAML: Function: rows_fir8
; YAML: Name: NestHistory
; YAML: Function: rows_fir8

define dso_local void @sqf(ptr noalias nocapture noundef writeonly %y, ptr noalias nocapture noundef readonly %x, i32 noundef %n) local_unnamed_addr {
entry:
  %cmp13 = icmp sgt i32 %n, 0
  br i1 %cmp13, label %for.body.preheader, label %for.cond.cleanup

for.body.preheader:                               ; preds = %entry
  %wide.trip.count = zext nneg i32 %n to i64
  br label %for.body

for.cond.cleanup.loopexit:                        ; preds = %for.body
  br label %for.cond.cleanup

for.cond.cleanup:                                 ; preds = %for.cond.cleanup.loopexit, %entry
  ret void

for.body:                                         ; preds = %for.body.preheader, %for.body
  %indvars.iv = phi i64 [ 0, %for.body.preheader ], [ %indvars.iv.next, %for.body ]
  %s.014 = phi double [ 0.000000e+00, %for.body.preheader ], [ %add, %for.body ]
  %arrayidx = getelementptr inbounds float, ptr %x, i64 %indvars.iv
  %0 = load float, ptr %arrayidx, align 4
  %conv = fpext float %0 to double
  %mul = fmul fast double %conv, %conv
  %add = fadd fast double %mul, %s.014
  %conv4 = fptrunc double %add to float
  %arrayidx6 = getelementptr inbounds float, ptr %y, i64 %indvars.iv
  store float %conv4, ptr %arrayidx6, align 4
  %indvars.iv.next = add nuw nsw i64 %indvars.iv, 1
  %exitcond.not = icmp eq i64 %indvars.iv.next, %wide.trip.count
  br i1 %exitcond.not, label %for.cond.cleanup.loopexit, label %for.body
}

define dso_local nofpclass(nan inf) double @older_f(ptr noalias nocapture noundef writeonly %y, ptr noalias nocapture noundef readonly %x, double noundef nofpclass(nan inf) %a, i32 noundef %n) local_unnamed_addr {
entry:
  %cmp9 = icmp sgt i32 %n, 0
  br i1 %cmp9, label %for.body.preheader, label %for.cond.cleanup

for.body.preheader:                               ; preds = %entry
  %wide.trip.count = zext nneg i32 %n to i64
  br label %for.body

for.cond.cleanup.loopexit:                        ; preds = %for.body
  %s.010.lcssa = phi double [ %s.010, %for.body ]
  br label %for.cond.cleanup

for.cond.cleanup:                                 ; preds = %for.cond.cleanup.loopexit, %entry
  %p.0.lcssa = phi double [ 0.000000e+00, %entry ], [ %s.010.lcssa, %for.cond.cleanup.loopexit ]
  ret double %p.0.lcssa

for.body:                                         ; preds = %for.body.preheader, %for.body
  %indvars.iv = phi i64 [ 0, %for.body.preheader ], [ %indvars.iv.next, %for.body ]
  %s.010 = phi double [ 0.000000e+00, %for.body.preheader ], [ %add, %for.body ]
  %mul = fmul fast double %s.010, %a
  %arrayidx = getelementptr inbounds float, ptr %x, i64 %indvars.iv
  %0 = load float, ptr %arrayidx, align 4
  %conv = fpext float %0 to double
  %add = fadd fast double %mul, %conv
  %conv1 = fptrunc double %add to float
  %arrayidx3 = getelementptr inbounds float, ptr %y, i64 %indvars.iv
  store float %conv1, ptr %arrayidx3, align 4
  %indvars.iv.next = add nuw nsw i64 %indvars.iv, 1
  %exitcond.not = icmp eq i64 %indvars.iv.next, %wide.trip.count
  br i1 %exitcond.not, label %for.cond.cleanup.loopexit, label %for.body
}

define dso_local void @twoways(ptr noalias nocapture noundef %y, ptr noalias nocapture noundef readonly %x, i32 noundef %n) local_unnamed_addr {
entry:
  %cmp17 = icmp sgt i32 %n, 1
  br i1 %cmp17, label %for.body.preheader, label %for.cond.cleanup

for.body.preheader:                               ; preds = %entry
  %wide.trip.count = zext nneg i32 %n to i64
  %.pre = load i16, ptr %x, align 2
  %.pre21 = load i32, ptr %y, align 4
  br label %for.body

for.cond.cleanup.loopexit:                        ; preds = %for.body
  br label %for.cond.cleanup

for.cond.cleanup:                                 ; preds = %for.cond.cleanup.loopexit, %entry
  ret void

for.body:                                         ; preds = %for.body.preheader, %for.body
  %0 = phi i32 [ %.pre21, %for.body.preheader ], [ %add7, %for.body ]
  %1 = phi i16 [ %.pre, %for.body.preheader ], [ %2, %for.body ]
  %indvars.iv = phi i64 [ 1, %for.body.preheader ], [ %indvars.iv.next, %for.body ]
  %arrayidx = getelementptr inbounds i16, ptr %x, i64 %indvars.iv
  %2 = load i16, ptr %arrayidx, align 2
  %conv = sext i16 %2 to i32
  %conv3 = zext i16 %1 to i32
  %add = add nsw i32 %conv3, %conv
  %mul = shl nsw i32 %0, 1
  %add7 = add nsw i32 %add, %mul
  %arrayidx9 = getelementptr inbounds i32, ptr %y, i64 %indvars.iv
  store i32 %add7, ptr %arrayidx9, align 4
  %indvars.iv.next = add nuw nsw i64 %indvars.iv, 1
  %exitcond.not = icmp eq i64 %indvars.iv.next, %wide.trip.count
  br i1 %exitcond.not, label %for.cond.cleanup.loopexit, label %for.body
}

define dso_local void @cic16(ptr noalias nocapture noundef writeonly %y, ptr noalias nocapture noundef readonly %x, i32 noundef %n) local_unnamed_addr {
entry:
  %cmp10 = icmp sgt i32 %n, 0
  br i1 %cmp10, label %for.body.preheader, label %for.cond.cleanup

for.body.preheader:                               ; preds = %entry
  %wide.trip.count = zext nneg i32 %n to i64
  br label %for.body

for.cond.cleanup.loopexit:                        ; preds = %for.body
  br label %for.cond.cleanup

for.cond.cleanup:                                 ; preds = %for.cond.cleanup.loopexit, %entry
  ret void

for.body:                                         ; preds = %for.body.preheader, %for.body
  %indvars.iv = phi i64 [ 0, %for.body.preheader ], [ %indvars.iv.next, %for.body ]
  %v.012 = phi i16 [ 0, %for.body.preheader ], [ %add1, %for.body ]
  %u.011 = phi i16 [ 0, %for.body.preheader ], [ %add, %for.body ]
  %arrayidx = getelementptr inbounds i16, ptr %x, i64 %indvars.iv
  %0 = load i16, ptr %arrayidx, align 2
  %add = add i16 %0, %u.011
  %add1 = add i16 %add, %v.012
  %arrayidx4 = getelementptr inbounds i16, ptr %y, i64 %indvars.iv
  store i16 %add1, ptr %arrayidx4, align 2
  %indvars.iv.next = add nuw nsw i64 %indvars.iv, 1
  %exitcond.not = icmp eq i64 %indvars.iv.next, %wide.trip.count
  br i1 %exitcond.not, label %for.cond.cleanup.loopexit, label %for.body
}

define dso_local void @rows_fir8(ptr noalias nocapture noundef %y, ptr noalias nocapture noundef readonly %x, i32 noundef %h, i32 noundef %w) local_unnamed_addr {
entry:
  %cmp43 = icmp sgt i32 %h, 0
  br i1 %cmp43, label %for.cond1.preheader.lr.ph, label %for.cond.cleanup

for.cond1.preheader.lr.ph:                        ; preds = %entry
  %cmp241 = icmp sgt i32 %w, 1
  %0 = sext i32 %w to i64
  %wide.trip.count52 = zext nneg i32 %h to i64
  %wide.trip.count = zext nneg i32 %w to i64
  br label %for.cond1.preheader

for.cond1.preheader:                              ; preds = %for.cond1.preheader.lr.ph, %for.cond.cleanup3
  %indvars.iv48 = phi i64 [ 0, %for.cond1.preheader.lr.ph ], [ %indvars.iv.next49, %for.cond.cleanup3 ]
  br i1 %cmp241, label %for.body4.lr.ph, label %for.cond.cleanup3

for.body4.lr.ph:                                  ; preds = %for.cond1.preheader
  %1 = mul nuw nsw i64 %indvars.iv48, %0
  br label %for.body4

for.cond.cleanup.loopexit:                        ; preds = %for.cond.cleanup3
  br label %for.cond.cleanup

for.cond.cleanup:                                 ; preds = %for.cond.cleanup.loopexit, %entry
  ret void

for.cond.cleanup3.loopexit:                       ; preds = %for.body4
  br label %for.cond.cleanup3

for.cond.cleanup3:                                ; preds = %for.cond.cleanup3.loopexit, %for.cond1.preheader
  %indvars.iv.next49 = add nuw nsw i64 %indvars.iv48, 1
  %exitcond53.not = icmp eq i64 %indvars.iv.next49, %wide.trip.count52
  br i1 %exitcond53.not, label %for.cond.cleanup.loopexit, label %for.cond1.preheader

for.body4:                                        ; preds = %for.body4.lr.ph, %for.body4
  %indvars.iv = phi i64 [ 1, %for.body4.lr.ph ], [ %indvars.iv.next, %for.body4 ]
  %2 = add nuw nsw i64 %indvars.iv, %1
  %arrayidx = getelementptr inbounds i8, ptr %x, i64 %2
  %3 = load i8, ptr %arrayidx, align 1
  %conv = zext i8 %3 to i32
  %4 = add nsw i64 %2, -1
  %arrayidx8 = getelementptr inbounds i8, ptr %x, i64 %4
  %5 = load i8, ptr %arrayidx8, align 1
  %conv9 = zext i8 %5 to i32
  %sub10 = sub nsw i32 %conv, %conv9
  %arrayidx15 = getelementptr inbounds i32, ptr %y, i64 %4
  %6 = load i32, ptr %arrayidx15, align 4
  %mul16 = mul nsw i32 %6, 3
  %add17 = add nsw i32 %sub10, %mul16
  %arrayidx21 = getelementptr inbounds i32, ptr %y, i64 %2
  store i32 %add17, ptr %arrayidx21, align 4
  %indvars.iv.next = add nuw nsw i64 %indvars.iv, 1
  %exitcond.not = icmp eq i64 %indvars.iv.next, %wide.trip.count
  br i1 %exitcond.not, label %for.cond.cleanup3.loopexit, label %for.body4
}
