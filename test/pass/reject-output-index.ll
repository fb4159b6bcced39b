; Other arrays stored, or read by an output map, not at the output's index: at another stride
; (z[2*i]), in the other direction (z[n-1-i]), a map reading in[2*i]. The maps after the call walk
; the output's index, so each is refused with that reason.
; REQUIRES: pass
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -S %s | %FileCheck %s
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -pass-remarks=plr -pass-remarks-missed=plr -pass-remarks-analysis=plr -disable-output %s 2>&1 | %FileCheck %s --check-prefix=MISSED
;
; Input: make-input.sh FILE.c FN -ffast-math for each function (metadata and attributes left out), from:
; void stride2(int *y, int *z, const int *x, int n) {
;   int s = 0;
;   for (int i = 0; i < n; i++) { s = 3*s + x[i]; y[i] = s; z[2*i] = s; }
; }
; void reversed(int *y, int *z, const int *x, int n) {
;   int s = 0;
;   for (int i = 0; i < n; i++) { s = 3*s + x[i]; y[i] = s; z[n - 1 - i] = s; }
; }
; void gain2(float *out, const float *in, const float *t, int n, float a) {
;   float g = 1;
;   for (int i = 0; i < n; i++) { g = a*g + t[i]; out[i] = in[2*i] * g; }
; }

; MISSED: remark: {{.*}}recurrence not replaced: the loop stores another array, or computes its output from one, not at the output's index (another stride, the other direction, a gather)
; MISSED-NEXT: remark: {{.*}}candidate: the store to y[i]; the reason concerns the store to z[
; MISSED: remark: {{.*}}recurrence not replaced: the loop stores another array, or computes its output from one, not at the output's index
; MISSED-NEXT: remark: {{.*}}candidate: the store to y[i]; the reason concerns the store to {{.*}}z[
; MISSED: remark: {{.*}}recurrence not replaced: the loop stores another array, or computes its output from one, not at the output's index
; MISSED-NEXT: remark: {{.*}}candidate: the store to out[i]; the reason concerns the read of in[
; MISSED-NOT: remark: {{.*}}replaced linear
; CHECK-NOT: plr_run

define dso_local void @stride2(ptr nocapture noundef writeonly %y, ptr nocapture noundef writeonly %z, ptr nocapture noundef readonly %x, i32 noundef %n) local_unnamed_addr {
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
  %mul = mul nsw i32 %s.013, 3
  %arrayidx = getelementptr inbounds i32, ptr %x, i64 %indvars.iv
  %0 = load i32, ptr %arrayidx, align 4
  %add = add nsw i32 %0, %mul
  %arrayidx2 = getelementptr inbounds i32, ptr %y, i64 %indvars.iv
  store i32 %add, ptr %arrayidx2, align 4
  %arrayidx5.idx = shl nsw i64 %indvars.iv, 3
  %arrayidx5 = getelementptr inbounds i8, ptr %z, i64 %arrayidx5.idx
  store i32 %add, ptr %arrayidx5, align 4
  %indvars.iv.next = add nuw nsw i64 %indvars.iv, 1
  %exitcond.not = icmp eq i64 %indvars.iv.next, %wide.trip.count
  br i1 %exitcond.not, label %for.cond.cleanup.loopexit, label %for.body
}

define dso_local void @reversed(ptr nocapture noundef writeonly %y, ptr nocapture noundef writeonly %z, ptr nocapture noundef readonly %x, i32 noundef %n) local_unnamed_addr {
entry:
  %cmp13 = icmp sgt i32 %n, 0
  br i1 %cmp13, label %for.body.preheader, label %for.cond.cleanup

for.body.preheader:                               ; preds = %entry
  %0 = zext nneg i32 %n to i64
  %wide.trip.count = zext nneg i32 %n to i64
  %invariant.gep = getelementptr i32, ptr %z, i64 %0
  br label %for.body

for.cond.cleanup.loopexit:                        ; preds = %for.body
  br label %for.cond.cleanup

for.cond.cleanup:                                 ; preds = %for.cond.cleanup.loopexit, %entry
  ret void

for.body:                                         ; preds = %for.body.preheader, %for.body
  %indvars.iv = phi i64 [ 0, %for.body.preheader ], [ %indvars.iv.next, %for.body ]
  %s.014 = phi i32 [ 0, %for.body.preheader ], [ %add, %for.body ]
  %mul = mul nsw i32 %s.014, 3
  %arrayidx = getelementptr inbounds i32, ptr %x, i64 %indvars.iv
  %1 = load i32, ptr %arrayidx, align 4
  %add = add nsw i32 %1, %mul
  %arrayidx2 = getelementptr inbounds i32, ptr %y, i64 %indvars.iv
  store i32 %add, ptr %arrayidx2, align 4
  %2 = xor i64 %indvars.iv, -1
  %gep = getelementptr i32, ptr %invariant.gep, i64 %2
  store i32 %add, ptr %gep, align 4
  %indvars.iv.next = add nuw nsw i64 %indvars.iv, 1
  %exitcond.not = icmp eq i64 %indvars.iv.next, %wide.trip.count
  br i1 %exitcond.not, label %for.cond.cleanup.loopexit, label %for.body
}

define dso_local void @gain2(ptr nocapture noundef writeonly %out, ptr nocapture noundef readonly %in, ptr nocapture noundef readonly %t, i32 noundef %n, float noundef nofpclass(nan inf) %a) local_unnamed_addr {
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
  %arrayidx3.idx = shl nsw i64 %indvars.iv, 3
  %arrayidx3 = getelementptr inbounds i8, ptr %in, i64 %arrayidx3.idx
  %1 = load float, ptr %arrayidx3, align 4
  %mul4 = fmul fast float %1, %add
  %arrayidx6 = getelementptr inbounds float, ptr %out, i64 %indvars.iv
  store float %mul4, ptr %arrayidx6, align 4
  %indvars.iv.next = add nuw nsw i64 %indvars.iv, 1
  %exitcond.not = icmp eq i64 %indvars.iv.next, %wide.trip.count
  br i1 %exitcond.not, label %for.cond.cleanup.loopexit, label %for.body
}

