; An output map over a cascade: y[i] = x[i] - g2 of a two-stage low-pass (g1 = a*g1 + (1-a)*x[i],
; g2 = a*g2 + (1-a)*g1), a high-pass. The map's state g2 is the last stage of a cascade
; (recognize.c, cascade_under_map): two stage calls leave g2 in y, then the map loop loads it
; and x and stores x - g2 over it. Before 2026-12-05: "a loop-carried value is not a delayed
; copy" (the map's state read as one recurrence reads g1).
; @highpass2_rows: the same over the rows of an image, one plr_run_many per stage for the nest,
; then the nest's map loop over every row.
; @highpass2_before reads g2 before its update (y[i] = x[i] - g2 first): read once the other
; readings failed (driver.c), the map loop carries the last stage one index back in a register
; from g2's start, as over a plain state (float-state-before.ll).
; @two_stages_read: the output reads two stages (x[i] - g1*g2), no map of one state: refused.
; REQUIRES: pass
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -S %s | %FileCheck %s
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -pass-remarks=plr -pass-remarks-missed=plr -disable-output %s 2>&1 | %FileCheck %s --check-prefix=REMARK
;
; Input: make-input.sh hp2.c highpass2 -ffast-math and hp2b.c highpass2_before -ffast-math
; (metadata and attributes left out), from:
; void highpass2(float *y, const float *x, long n, float a) {
;   float g1 = 0, g2 = 0;
;   for (long i = 0; i < n; i++) {
;     g1 = a * g1 + (1 - a) * x[i]; g2 = a * g2 + (1 - a) * g1; y[i] = x[i] - g2;
;   }
; }
; highpass2_before the same with `y[i] = x[i] - g2;` first in the body, two_stages_read
; (make-input.sh hp2c.c two_stages_read -ffast-math) the same storing `y[i] = x[i] - g1 * g2`,
; and from make-input.sh hp2rows.c highpass2_rows -ffast-math:
; void highpass2_rows(float *img, const float *src, long h, long w, float a) {
;   for (long r = 0; r < h; r++) {
;     float g1 = 0, g2 = 0;
;     for (long c = 0; c < w; c++) {
;       float v = src[r * w + c];
;       g1 = a * g1 + (1 - a) * v; g2 = a * g2 + (1 - a) * g1; img[r * w + c] = v - g2;
;     }
;   }
; }

; REMARK: remark: {{.*}}replaced linear recurrence with a call to plr_run: signature (1 - a: a) then (1 - a: a), type f32, order 1, a cascade of two recurrences (two calls), output an elementwise map of the state and of other arrays at its index; plan: check(x apart from y); ask(3 passes, 2 stages); call(1 - a: a) x->y; call(1 - a: a) y->y in place; map(out = g(y, x))
; REMARK: remark: {{.*}}replaced linear recurrence with a call to plr_run: signature (1 - a: a) then (1 - a: a), type f32, order 1, a cascade of two recurrences (two calls), output an elementwise map of the state and of other arrays at its index; plan: check(x apart from y); ask(3 passes, 2 stages); call(1 - a: a) x->y; call(1 - a: a) y->y in place; map(out = g(y, x, y[i-1]))
; REMARK: remark: {{.*}}replaced loop nest with one call per stage to plr_run_many: signature (1 - a: a) then (1 - a: a), type f32, order 1; one sequence per iteration of the outer loop, y stride 1, x stride 1, a cascade of two recurrences (two calls), output an elementwise map of the state and of other arrays at its index; plan: check(x apart from y, x is not y); ask(3 passes, 2 stages); call(1 - a: a) x->y, a sequence per outer iteration, from zero; call(1 - a: a) y->y in place, a sequence per outer iteration, from zero; map(out = g(y, src))
; REMARK: remark: {{.*}}recurrence not replaced: a loop-carried value is not a delayed copy of the output or the input
; REMARK-NOT: remark:

; CHECK-LABEL: define internal i1 @highpass2.plr.call(
; CHECK: %plr.status = call i32 @plr_run(
; CHECK: %plr.status2 = call i32 @plr_run(
; CHECK: plr.map:
; CHECK-NEXT: %plr.i = phi i64 [ 0, %plr.done ], [ %plr.i.next, %plr.map ]
; CHECK: [[AT:%[0-9]+]] = getelementptr i8, ptr %y, i64
; CHECK-NEXT: %plr.state = load float, ptr [[AT]]
; CHECK: [[XAT:%[0-9]+]] = getelementptr i8, ptr %x, i64
; CHECK-NEXT: [[XV:%plr.map[0-9]*]] = load float, ptr [[XAT]]
; CHECK-NEXT: [[D:%plr.map[0-9]*]] = fsub fast float [[XV]], %plr.state
; CHECK-NEXT: store float [[D]], ptr [[AT]]
; CHECK-LABEL: define internal i1 @highpass2_before.plr.call(
; CHECK: %plr.status2 = call i32 @plr_run(
; CHECK: plr.map:
; CHECK-NEXT: %plr.i = phi i64 [ 0, %plr.done ], [ %plr.i.next, %plr.map ]
; CHECK-NEXT: %plr.state.before = phi float [ 0.000000e+00, %plr.done ], [ %plr.state, %plr.map ]
; CHECK: %plr.state = load float, ptr [[AT:%[0-9]+]]
; CHECK: [[XV:%plr.map[0-9]*]] = load float, ptr
; CHECK-NEXT: [[D:%plr.map[0-9]*]] = fsub fast float [[XV]], %plr.state.before
; CHECK-NEXT: store float [[D]], ptr [[AT]]

define dso_local void @highpass2(ptr nocapture noundef writeonly %y, ptr nocapture noundef readonly %x, i64 noundef %n, float noundef nofpclass(nan inf) %a) local_unnamed_addr {
entry:
  %cmp19 = icmp sgt i64 %n, 0
  br i1 %cmp19, label %for.body.lr.ph, label %for.cond.cleanup

for.body.lr.ph:                                   ; preds = %entry
  %sub = fsub fast float 1.000000e+00, %a
  br label %for.body

for.cond.cleanup.loopexit:                        ; preds = %for.body
  br label %for.cond.cleanup

for.cond.cleanup:                                 ; preds = %for.cond.cleanup.loopexit, %entry
  ret void

for.body:                                         ; preds = %for.body.lr.ph, %for.body
  %i.022 = phi i64 [ 0, %for.body.lr.ph ], [ %inc, %for.body ]
  %g2.021 = phi float [ 0.000000e+00, %for.body.lr.ph ], [ %add5, %for.body ]
  %g1.020 = phi float [ 0.000000e+00, %for.body.lr.ph ], [ %add, %for.body ]
  %mul = fmul fast float %g1.020, %a
  %arrayidx = getelementptr inbounds float, ptr %x, i64 %i.022
  %0 = load float, ptr %arrayidx, align 4
  %mul1 = fmul fast float %0, %sub
  %add = fadd fast float %mul1, %mul
  %mul2 = fmul fast float %g2.021, %a
  %mul4 = fmul fast float %add, %sub
  %add5 = fadd fast float %mul4, %mul2
  %sub7 = fsub fast float %0, %add5
  %arrayidx8 = getelementptr inbounds float, ptr %y, i64 %i.022
  store float %sub7, ptr %arrayidx8, align 4
  %inc = add nuw nsw i64 %i.022, 1
  %exitcond.not = icmp eq i64 %inc, %n
  br i1 %exitcond.not, label %for.cond.cleanup.loopexit, label %for.body
}

define dso_local void @highpass2_before(ptr nocapture noundef writeonly %y, ptr nocapture noundef readonly %x, i64 noundef %n, float noundef nofpclass(nan inf) %a) local_unnamed_addr {
entry:
  %cmp19 = icmp sgt i64 %n, 0
  br i1 %cmp19, label %for.body.lr.ph, label %for.cond.cleanup

for.body.lr.ph:                                   ; preds = %entry
  %sub2 = fsub fast float 1.000000e+00, %a
  br label %for.body

for.cond.cleanup.loopexit:                        ; preds = %for.body
  br label %for.cond.cleanup

for.cond.cleanup:                                 ; preds = %for.cond.cleanup.loopexit, %entry
  ret void

for.body:                                         ; preds = %for.body.lr.ph, %for.body
  %i.022 = phi i64 [ 0, %for.body.lr.ph ], [ %inc, %for.body ]
  %g2.021 = phi float [ 0.000000e+00, %for.body.lr.ph ], [ %add8, %for.body ]
  %g1.020 = phi float [ 0.000000e+00, %for.body.lr.ph ], [ %add, %for.body ]
  %arrayidx = getelementptr inbounds float, ptr %x, i64 %i.022
  %0 = load float, ptr %arrayidx, align 4
  %sub = fsub fast float %0, %g2.021
  %arrayidx1 = getelementptr inbounds float, ptr %y, i64 %i.022
  store float %sub, ptr %arrayidx1, align 4
  %mul = fmul fast float %g1.020, %a
  %1 = load float, ptr %arrayidx, align 4
  %mul4 = fmul fast float %1, %sub2
  %add = fadd fast float %mul4, %mul
  %mul5 = fmul fast float %g2.021, %a
  %mul7 = fmul fast float %add, %sub2
  %add8 = fadd fast float %mul7, %mul5
  %inc = add nuw nsw i64 %i.022, 1
  %exitcond.not = icmp eq i64 %inc, %n
  br i1 %exitcond.not, label %for.cond.cleanup.loopexit, label %for.body
}

; CHECK-LABEL: define internal i1 @highpass2_rows.plr.call(
; CHECK: %plr.status = call i32 @plr_run_many(
; CHECK: %plr.status.stage = call i32 @plr_run_many(
; CHECK: plr.map.seq:
; CHECK: plr.map:
; CHECK: %plr.state = load float, ptr [[AT:%[0-9]+]]
; CHECK: [[XV:%plr.map[0-9]*]] = load float, ptr
; CHECK-NEXT: [[D:%plr.map[0-9]*]] = fsub fast float [[XV]], %plr.state
; CHECK-NEXT: store float [[D]], ptr [[AT]]

define dso_local void @highpass2_rows(ptr nocapture noundef writeonly %img, ptr nocapture noundef readonly %src, i64 noundef %h, i64 noundef %w, float noundef nofpclass(nan inf) %a) local_unnamed_addr {
entry:
  %cmp37 = icmp sgt i64 %h, 0
  br i1 %cmp37, label %for.cond1.preheader.lr.ph, label %for.cond.cleanup

for.cond1.preheader.lr.ph:                        ; preds = %entry
  %cmp233 = icmp sgt i64 %w, 0
  %sub = fsub fast float 1.000000e+00, %a
  br label %for.cond1.preheader

for.cond1.preheader:                              ; preds = %for.cond1.preheader.lr.ph, %for.cond.cleanup3
  %r.038 = phi i64 [ 0, %for.cond1.preheader.lr.ph ], [ %inc17, %for.cond.cleanup3 ]
  br i1 %cmp233, label %for.body4.lr.ph, label %for.cond.cleanup3

for.body4.lr.ph:                                  ; preds = %for.cond1.preheader
  %mul = mul nuw nsw i64 %r.038, %w
  br label %for.body4

for.cond.cleanup.loopexit:                        ; preds = %for.cond.cleanup3
  br label %for.cond.cleanup

for.cond.cleanup:                                 ; preds = %for.cond.cleanup.loopexit, %entry
  ret void

for.cond.cleanup3.loopexit:                       ; preds = %for.body4
  br label %for.cond.cleanup3

for.cond.cleanup3:                                ; preds = %for.cond.cleanup3.loopexit, %for.cond1.preheader
  %inc17 = add nuw nsw i64 %r.038, 1
  %exitcond39.not = icmp eq i64 %inc17, %h
  br i1 %exitcond39.not, label %for.cond.cleanup.loopexit, label %for.cond1.preheader

for.body4:                                        ; preds = %for.body4.lr.ph, %for.body4
  %c.036 = phi i64 [ 0, %for.body4.lr.ph ], [ %inc, %for.body4 ]
  %g2.035 = phi float [ 0.000000e+00, %for.body4.lr.ph ], [ %add11, %for.body4 ]
  %g1.034 = phi float [ 0.000000e+00, %for.body4.lr.ph ], [ %add7, %for.body4 ]
  %add = add nuw nsw i64 %c.036, %mul
  %arrayidx = getelementptr inbounds float, ptr %src, i64 %add
  %0 = load float, ptr %arrayidx, align 4
  %mul5 = fmul fast float %g1.034, %a
  %mul6 = fmul fast float %0, %sub
  %add7 = fadd fast float %mul6, %mul5
  %mul8 = fmul fast float %g2.035, %a
  %mul10 = fmul fast float %add7, %sub
  %add11 = fadd fast float %mul10, %mul8
  %sub12 = fsub fast float %0, %add11
  %arrayidx15 = getelementptr inbounds float, ptr %img, i64 %add
  store float %sub12, ptr %arrayidx15, align 4
  %inc = add nuw nsw i64 %c.036, 1
  %exitcond.not = icmp eq i64 %inc, %w
  br i1 %exitcond.not, label %for.cond.cleanup3.loopexit, label %for.body4
}

; CHECK-LABEL: define dso_local void @two_stages_read(
; CHECK-NOT: plr
; CHECK: ret void

define dso_local void @two_stages_read(ptr nocapture noundef writeonly %y, ptr nocapture noundef readonly %x, i64 noundef %n, float noundef nofpclass(nan inf) %a) local_unnamed_addr {
entry:
  %cmp21 = icmp sgt i64 %n, 0
  br i1 %cmp21, label %for.body.lr.ph, label %for.cond.cleanup

for.body.lr.ph:                                   ; preds = %entry
  %sub = fsub fast float 1.000000e+00, %a
  br label %for.body

for.cond.cleanup.loopexit:                        ; preds = %for.body
  br label %for.cond.cleanup

for.cond.cleanup:                                 ; preds = %for.cond.cleanup.loopexit, %entry
  ret void

for.body:                                         ; preds = %for.body.lr.ph, %for.body
  %i.024 = phi i64 [ 0, %for.body.lr.ph ], [ %inc, %for.body ]
  %g2.023 = phi float [ 0.000000e+00, %for.body.lr.ph ], [ %add5, %for.body ]
  %g1.022 = phi float [ 0.000000e+00, %for.body.lr.ph ], [ %add, %for.body ]
  %mul = fmul fast float %g1.022, %a
  %arrayidx = getelementptr inbounds float, ptr %x, i64 %i.024
  %0 = load float, ptr %arrayidx, align 4
  %mul1 = fmul fast float %0, %sub
  %add = fadd fast float %mul1, %mul
  %mul2 = fmul fast float %g2.023, %a
  %mul4 = fmul fast float %add, %sub
  %add5 = fadd fast float %mul4, %mul2
  %mul7 = fmul fast float %add5, %add
  %sub8 = fsub fast float %0, %mul7
  %arrayidx9 = getelementptr inbounds float, ptr %y, i64 %i.024
  store float %sub8, ptr %arrayidx9, align 4
  %inc = add nuw nsw i64 %i.024, 1
  %exitcond.not = icmp eq i64 %inc, %n
  br i1 %exitcond.not, label %for.cond.cleanup.loopexit, label %for.body
}
