; A loop that stores to another array a value that is not an elementwise map of the recurrence's
; output: z[i] = s + t reads a second state t of its own. (Arrays stored as maps of the state, or of
; other arrays at the same index, are taken: several-outputs.ll.)
; REQUIRES: pass
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -S %s | %FileCheck %s
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -pass-remarks=plr -pass-remarks-missed=plr -pass-remarks-analysis=plr -disable-output %s 2>&1 | %FileCheck %s --check-prefix=MISSED
;
; Input: make-input.sh twostates.c twostates -ffast-math (metadata and attributes left out), from:
; void twostates(int *y, int *z, const int *x, int n) {
;   int s = 0, t = 0;
;   for (int i = 0; i < n; i++) { s += x[i]; t = 3*t + x[i]; y[i] = s; z[i] = s + t; }
; }

; MISSED: remark: {{.*}}recurrence not replaced: the loop stores to memory other than the output array a value that is not an elementwise map of the recurrence's output
; MISSED: remark: {{.*}}candidate (1: 1): the store to y[i]; the reason concerns the value 't' carried from one iteration to the next
; CHECK-NOT: plr_run
; MISSED-NOT: remark: {{.*}}replaced linear

define dso_local void @twostates(ptr nocapture noundef writeonly %y, ptr nocapture noundef writeonly %z, ptr nocapture noundef readonly %x, i32 noundef %n) local_unnamed_addr {
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
  %t.020 = phi i32 [ 0, %for.body.preheader ], [ %add3, %for.body ]
  %s.019 = phi i32 [ 0, %for.body.preheader ], [ %add, %for.body ]
  %arrayidx = getelementptr inbounds i32, ptr %x, i64 %indvars.iv
  %0 = load i32, ptr %arrayidx, align 4
  %add = add nsw i32 %0, %s.019
  %mul = mul nsw i32 %t.020, 3
  %add3 = add nsw i32 %0, %mul
  %arrayidx5 = getelementptr inbounds i32, ptr %y, i64 %indvars.iv
  store i32 %add, ptr %arrayidx5, align 4
  %add6 = add nsw i32 %add, %add3
  %arrayidx8 = getelementptr inbounds i32, ptr %z, i64 %indvars.iv
  store i32 %add6, ptr %arrayidx8, align 4
  %indvars.iv.next = add nuw nsw i64 %indvars.iv, 1
  %exitcond.not = icmp eq i64 %indvars.iv.next, %wide.trip.count
  br i1 %exitcond.not, label %for.cond.cleanup.loopexit, label %for.body
}

