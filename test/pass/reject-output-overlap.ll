; An output map that reads the output array itself (a gain applied in place, out[i] = out[i]*g):
; the call writes the state into out before the map could read out[i], so it is refused with its
; own reason (taking it would need a buffer of n elements for the state). An output that merely
; overlaps another array the map reads is decided at run time: the loop runs then.
; REQUIRES: pass
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -S %s | %FileCheck %s
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -pass-remarks=plr -pass-remarks-missed=plr -pass-remarks-analysis=plr -disable-output %s 2>&1 | %FileCheck %s --check-prefix=MISSED
;
; Input: make-input.sh gain_inplace.c gain_inplace -ffast-math (metadata and attributes left out), from:
; void gain_inplace(float *out, const float *t, int n, float a) {
;   float g = 1;
;   for (int i = 0; i < n; i++) { g = a*g + t[i]; out[i] = out[i] * g; }
; }

; MISSED: remark: {{.*}}recurrence not replaced: an output map reads the output array itself (in place): the call overwrites it with the state before the map would read it
; MISSED: remark: {{.*}}candidate: the store to out[i]; the reason concerns the read of out[i]
; MISSED-NOT: remark: {{.*}}replaced linear
; CHECK-NOT: plr_run

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

