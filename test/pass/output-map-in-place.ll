; An output map that reads the output array itself (a gain applied in place, out[i] = out[i]*g): the
; map must read out[i] as the loop found it, so the call writes the state into a buffer of its own
; (plr_scratch_alloc'd in the call path after the pays question; none, and the loop runs as written), the map
; then reads out[i] and the state and stores out[i], and the buffer is freed on the way to plr.done
; and on the way to the fallback after a failed call. Refused as OutputOverlap: a map reading out at
; another index (out[i+1]). In a row nest, the nest is not one call (a buffer per sequence is not
; built: NestPlan) and each row's loop takes its own.
; REQUIRES: pass
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -S %s | %FileCheck %s
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -pass-remarks=plr -pass-remarks-missed=plr -pass-remarks-analysis=plr -disable-output %s 2>&1 | %FileCheck %s --check-prefix=REMARK
;
; Input: make-input.sh on each function alone, -ffast-math (metadata and attributes left out), from:
; void gain_inplace(float *out, const float *t, int n, float a) {
;   float g = 1;
;   for (int i = 0; i < n; i++) { g = a*g + t[i]; out[i] = out[i] * g; }
; }
; void gain_next(float *out, const float *t, int n, float a) {
;   float g = 1;
;   for (int i = 0; i < n; i++) { g = a*g + t[i]; out[i] = out[i + 1] * g; }
; }
; void gain_rows(float *img, const float *t, int h, int w, float a) {
;   for (int r = 0; r < h; r++) {
;     float g = 1;
;     for (int c = 0; c < w; c++) { g = a*g + t[c]; img[r*w + c] *= g; }
;   }
; }

; REMARK: remark: {{.*}}replaced linear recurrence with a call to plr_run: signature (1: a), type f32, order 1, output an elementwise map of the state and of other arrays at its index; plan: check(x apart from y or exactly y); ask(2 passes); buffer(the state, n elements: the map reads y as it was); call(1: a) x->state; map(out = g(state, out)){{$}}
; REMARK: remark: {{.*}}recurrence not replaced: an output map reads the output array itself other than as y[i] before the loop stores it
; REMARK: remark: {{.*}}candidate: the store to out[i]; the reason concerns the read of out[i + 1]
; REMARK: remark: {{.*}}replaced linear recurrence with a call to plr_run: {{.*}} buffer(the state, n elements: the map reads y as it was); call(1: a) x->state; map(out = g(state, &img[i*(long)w]))
; REMARK: remark: {{.*}}the loop around it is not part of the call (one call per sequence): {{.*}}an output map reading the output itself, whose state goes to a buffer)

; The original function may no longer claim nofree or argmem-only effects.
; CHECK-LABEL: define dso_local void @gain_inplace(
; CHECK-SAME: local_unnamed_addr {
; CHECK-LABEL: define internal i1 @gain_inplace.plr.call(
; CHECK: %plr.state.bytes = sub i64
; CHECK-NEXT: %plr.state.buffer = call ptr @plr_scratch_alloc(i64 %plr.state.bytes)
; CHECK-NEXT: [[NULL:%.*]] = icmp eq ptr %plr.state.buffer, null
; CHECK-NEXT: br i1 [[NULL]], label %plr.fallback{{.*}}, label %plr.call.buffered
; CHECK: plr.call.buffered:
; CHECK: %plr.state = getelementptr i8, ptr %plr.state.buffer
; CHECK: store ptr %plr.state, ptr
; CHECK: %plr.status = call i32 @plr_run(
; CHECK: br i1 {{.*}}, label %plr.done, label %plr.call.failed
; CHECK: plr.call.failed:
; CHECK-NEXT: call void @plr_scratch_free(ptr %plr.state.buffer)
; CHECK-NEXT: br label %plr.fallback
; CHECK: plr.map:
; the state from the buffer, out[i] from out, the product into out
; CHECK: [[SAT:%.*]] = getelementptr i8, ptr %plr.state,
; CHECK-NEXT: [[S:%.*]] = load float, ptr [[SAT]]
; CHECK: [[OAT:%.*]] = getelementptr i8, ptr %out,
; CHECK-NEXT: [[O:%.*]] = load float, ptr [[OAT]]
; CHECK-NEXT: [[G:%.*]] = fmul fast float [[O]], [[S]]
; CHECK: [[OUT:%.*]] = getelementptr i8, ptr %out,
; CHECK-NEXT: store float [[G]], ptr [[OUT]]
; CHECK: plr.map.done:
; CHECK-NEXT: call void @plr_scratch_free(ptr %plr.state.buffer)
; CHECK-LABEL: define dso_local void @gain_next(
; CHECK-NOT: plr_run
; CHECK-LABEL: define dso_local void @gain_rows(
; CHECK-LABEL: define internal i1 @gain_rows.plr.call(
; CHECK: call ptr @plr_scratch_alloc(
; CHECK: call i32 @plr_run(


define dso_local void @gain_inplace(ptr nocapture noundef %out, ptr nocapture noundef readonly %t, i32 noundef %n, float noundef nofpclass(nan inf) %a) local_unnamed_addr {
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
  %g.013 = phi float [ 1.000000e+00, %for.body.preheader ], [ %add, %for.body ]
  %mul = fmul fast float %g.013, %a
  %arrayidx = getelementptr inbounds float, ptr %t, i64 %indvars.iv
  %0 = load float, ptr %arrayidx, align 4
  %add = fadd fast float %0, %mul
  %arrayidx2 = getelementptr inbounds float, ptr %out, i64 %indvars.iv
  %1 = load float, ptr %arrayidx2, align 4
  %mul3 = fmul fast float %1, %add
  store float %mul3, ptr %arrayidx2, align 4
  %indvars.iv.next = add nuw nsw i64 %indvars.iv, 1
  %exitcond.not = icmp eq i64 %indvars.iv.next, %wide.trip.count
  br i1 %exitcond.not, label %for.cond.cleanup.loopexit, label %for.body
}




define dso_local void @gain_next(ptr nocapture noundef %out, ptr nocapture noundef readonly %t, i32 noundef %n, float noundef nofpclass(nan inf) %a) local_unnamed_addr {
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
  %g.014 = phi float [ 1.000000e+00, %for.body.preheader ], [ %add, %for.body ]
  %mul = fmul fast float %g.014, %a
  %arrayidx = getelementptr inbounds float, ptr %t, i64 %indvars.iv
  %0 = load float, ptr %arrayidx, align 4
  %add = fadd fast float %0, %mul
  %indvars.iv.next = add nuw nsw i64 %indvars.iv, 1
  %arrayidx3 = getelementptr inbounds float, ptr %out, i64 %indvars.iv.next
  %1 = load float, ptr %arrayidx3, align 4
  %mul4 = fmul fast float %1, %add
  %arrayidx6 = getelementptr inbounds float, ptr %out, i64 %indvars.iv
  store float %mul4, ptr %arrayidx6, align 4
  %exitcond.not = icmp eq i64 %indvars.iv.next, %wide.trip.count
  br i1 %exitcond.not, label %for.cond.cleanup.loopexit, label %for.body
}




define dso_local void @gain_rows(ptr nocapture noundef %img, ptr nocapture noundef readonly %t, i32 noundef %h, i32 noundef %w, float noundef nofpclass(nan inf) %a) local_unnamed_addr {
entry:
  %cmp23 = icmp sgt i32 %h, 0
  br i1 %cmp23, label %for.cond1.preheader.lr.ph, label %for.cond.cleanup

for.cond1.preheader.lr.ph:                        ; preds = %entry
  %cmp220 = icmp sgt i32 %w, 0
  %0 = zext i32 %w to i64
  %wide.trip.count31 = zext nneg i32 %h to i64
  br label %for.cond1.preheader

for.cond1.preheader:                              ; preds = %for.cond1.preheader.lr.ph, %for.cond.cleanup3
  %indvars.iv27 = phi i64 [ 0, %for.cond1.preheader.lr.ph ], [ %indvars.iv.next28, %for.cond.cleanup3 ]
  br i1 %cmp220, label %for.body4.lr.ph, label %for.cond.cleanup3

for.body4.lr.ph:                                  ; preds = %for.cond1.preheader
  %1 = mul nuw nsw i64 %indvars.iv27, %0
  %invariant.gep = getelementptr inbounds float, ptr %img, i64 %1
  br label %for.body4

for.cond.cleanup.loopexit:                        ; preds = %for.cond.cleanup3
  br label %for.cond.cleanup

for.cond.cleanup:                                 ; preds = %for.cond.cleanup.loopexit, %entry
  ret void

for.cond.cleanup3.loopexit:                       ; preds = %for.body4
  br label %for.cond.cleanup3

for.cond.cleanup3:                                ; preds = %for.cond.cleanup3.loopexit, %for.cond1.preheader
  %indvars.iv.next28 = add nuw nsw i64 %indvars.iv27, 1
  %exitcond32.not = icmp eq i64 %indvars.iv.next28, %wide.trip.count31
  br i1 %exitcond32.not, label %for.cond.cleanup.loopexit, label %for.cond1.preheader

for.body4:                                        ; preds = %for.body4.lr.ph, %for.body4
  %indvars.iv = phi i64 [ 0, %for.body4.lr.ph ], [ %indvars.iv.next, %for.body4 ]
  %g.021 = phi float [ 1.000000e+00, %for.body4.lr.ph ], [ %add, %for.body4 ]
  %mul = fmul fast float %g.021, %a
  %arrayidx = getelementptr inbounds float, ptr %t, i64 %indvars.iv
  %2 = load float, ptr %arrayidx, align 4
  %add = fadd fast float %2, %mul
  %gep = getelementptr inbounds float, ptr %invariant.gep, i64 %indvars.iv
  %3 = load float, ptr %gep, align 4
  %mul9 = fmul fast float %3, %add
  store float %mul9, ptr %gep, align 4
  %indvars.iv.next = add nuw nsw i64 %indvars.iv, 1
  %exitcond.not = icmp eq i64 %indvars.iv.next, %0
  br i1 %exitcond.not, label %for.cond.cleanup3.loopexit, label %for.body4
}



