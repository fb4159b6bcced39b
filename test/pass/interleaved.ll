; One array's elements read and written interleaved within one step (odd in, even out:
; a[2*i] = a[2*i-1] + 0.5*a[2*i-2]; every third element out and the one before it in): the input's
; elements lie at another offset within each step than the output's, so they never meet, whatever
; the trip count, though their byte ranges always do. The plan keeps no check for them (the other
; loads' check is dropped: plr_call_plan_feasible, interleaved_apart), the call is made with the
; layout's strides, and the runtime's own element-exact overlap test (layout.c) agrees. Before
; 2026-12-04 these were refused as AlwaysOverlaps (a byte-range check could never pass; the issue's
; "in place decision on a stride-2 read of the same array"). The same slots read and written (same:
; in place) are the in-place call as before; an input meeting the output's elements stays refused
; (reject-always-overlaps.ll).
; REQUIRES: pass
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -S %s | %FileCheck %s
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -pass-remarks=plr -pass-remarks-missed=plr -disable-output %s 2>&1 | %FileCheck %s --check-prefix=REMARK
; REMARK: remark: {{.*}}replaced linear recurrence with a call to plr_run_many: signature (1: 0.5), type f32, order 1, layout: y stride 2, x stride 2, input term materialized by a map; plan: ask(2 passes); map(t -> y); call(1: 0.5) y->y in place, y stride 2, x stride 2
; REMARK: remark: {{.*}}replaced linear recurrence with a call to plr_run_many: signature (1: 3), type i32, order 1, layout: y stride 3, x stride 3, input term materialized by a map; plan: ask(2 passes); map(t -> y); call(1: 3) y->y in place, y stride 3, x stride 3
; REMARK: remark: {{.*}}replaced linear recurrence with a call to plr_run_many: signature (2: 3), type i32, order 1, layout: y stride 3, x stride 3; plan: ask(1 pass); call(2: 3) y->y in place, y stride 3, x stride 3
; REMARK-NOT: remark
; The check: the trip count alone (no footprint compared).
; CHECK-LABEL: @odd_even(
; CHECK: %plr.big = icmp uge i64
; CHECK-NOT: icmp ule
; CHECK: br i1 {{%.*}}, label %plr.outlined, label %plr.fallback
; CHECK-LABEL: define internal i1 @odd_even.plr.call(
; CHECK: call i32 @plr_run_many(
; CHECK-LABEL: @thirds(
; CHECK: %plr.big = icmp uge i64
; CHECK-NOT: icmp ule
; CHECK: br i1 {{%.*}}, label %plr.outlined, label %plr.fallback
; CHECK-LABEL: define internal i1 @thirds.plr.call(
; CHECK: call i32 @plr_run_many(
;
; Input: make-input.sh oe.c FN -ffast-math for each function (its define alone), from:
; /* odd elements in, even out */
; void odd_even(float *a, long n) {
;   for (long i = 1; i < n; i++) a[2 * i] = a[2 * i - 1] + 0.5f * a[2 * i - 2];
; }
; /* every third element out, the one before it in, the one after the previous out read back */
; void thirds(int *a, long n) {
;   for (long i = 1; i < n; i++) a[3 * i + 1] = a[3 * i] * 2 + 3 * a[3 * i - 2];
; }
; /* the same in the output's own slots: x is y (in place) */
; void same(int *a, long n) {
;   for (long i = 1; i < n; i++) a[3 * i] = a[3 * i] * 2 + 3 * a[3 * i - 3];
; }

define dso_local void @odd_even(ptr nocapture noundef %a, i64 noundef %n) local_unnamed_addr {
entry:
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
  %.idx = shl i64 %i.014, 3
  %0 = getelementptr i8, ptr %a, i64 %.idx
  %arrayidx = getelementptr i8, ptr %0, i64 -4
  %1 = load float, ptr %arrayidx, align 4
  %arrayidx3 = getelementptr i8, ptr %0, i64 -8
  %2 = load float, ptr %arrayidx3, align 4
  %mul4 = fmul fast float %2, 5.000000e-01
  %add = fadd fast float %mul4, %1
  store float %add, ptr %0, align 4
  %inc = add nuw nsw i64 %i.014, 1
  %exitcond.not = icmp eq i64 %inc, %n
  br i1 %exitcond.not, label %for.cond.cleanup.loopexit, label %for.body
}

define dso_local void @thirds(ptr nocapture noundef %a, i64 noundef %n) local_unnamed_addr {
entry:
  %cmp14 = icmp sgt i64 %n, 1
  br i1 %cmp14, label %for.body.preheader, label %for.cond.cleanup

for.body.preheader:                               ; preds = %entry
  br label %for.body

for.cond.cleanup.loopexit:                        ; preds = %for.body
  br label %for.cond.cleanup

for.cond.cleanup:                                 ; preds = %for.cond.cleanup.loopexit, %entry
  ret void

for.body:                                         ; preds = %for.body.preheader, %for.body
  %i.015 = phi i64 [ %inc, %for.body ], [ 1, %for.body.preheader ]
  %arrayidx.idx = mul i64 %i.015, 12
  %arrayidx = getelementptr inbounds i8, ptr %a, i64 %arrayidx.idx
  %0 = load i32, ptr %arrayidx, align 4
  %mul1 = shl nsw i32 %0, 1
  %arrayidx3 = getelementptr i8, ptr %arrayidx, i64 -8
  %1 = load i32, ptr %arrayidx3, align 4
  %mul4 = mul nsw i32 %1, 3
  %add = add nsw i32 %mul4, %mul1
  %arrayidx7 = getelementptr inbounds i8, ptr %arrayidx, i64 4
  store i32 %add, ptr %arrayidx7, align 4
  %inc = add nuw nsw i64 %i.015, 1
  %exitcond.not = icmp eq i64 %inc, %n
  br i1 %exitcond.not, label %for.cond.cleanup.loopexit, label %for.body
}

define dso_local void @same(ptr nocapture noundef %a, i64 noundef %n) local_unnamed_addr {
entry:
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
  %arrayidx.idx = mul i64 %i.014, 12
  %arrayidx = getelementptr inbounds i8, ptr %a, i64 %arrayidx.idx
  %0 = load i32, ptr %arrayidx, align 4
  %mul1 = shl nsw i32 %0, 1
  %arrayidx3 = getelementptr i8, ptr %arrayidx, i64 -12
  %1 = load i32, ptr %arrayidx3, align 4
  %mul4 = mul nsw i32 %1, 3
  %add = add nsw i32 %mul4, %mul1
  store i32 %add, ptr %arrayidx, align 4
  %inc = add nuw nsw i64 %i.014, 1
  %exitcond.not = icmp eq i64 %inc, %n
  br i1 %exitcond.not, label %for.cond.cleanup.loopexit, label %for.body
}

