; A transposed direct form II folded into itself (tdf2-folded.ll) in fast-math float. clang 19 keeps v
; in the state's update at -O2 -ffast-math (`z1 = (-2*x[i] + z2) - v`), so these bodies are that
; integer fold written in float by hand. Reading z1 back through the output adds a coefficient of the
; update to one of the output: `(-(4*x[i]) ...) + 2*x[i]`. With constants whose sum is exact (-4 + 2)
; that changes nothing the loop computes beyond reassociation, and the loop is replaced. With values
; (`c` = b0 - b1 hoisted, as InstCombine would under reassociation) the difference b0 - c would be rounded
; apart from the b1 the loop's own update implies: refused, as before, with "a loop-carried value is
; not a delayed copy" (the reason that stays for a state that reaches itself).
; REQUIRES: pass
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -S %s | %FileCheck %s
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -pass-remarks=plr -pass-remarks-missed=plr -pass-remarks-analysis=plr -disable-output %s 2>&1 | %FileCheck %s --check-prefix=REMARK
;
; float versions of, by hand:
; void fold_const(float *restrict y, const float *restrict x, long n) {
;   float z1 = 0, z2 = 0;
;   for (long i = 0; i < n; i++) {
;     float v = 2 * x[i] + z1;
;     z1 = z2 - (4 * x[i] + z1);        /* -2*x[i] - v + z2, folded */
;     z2 = 3 * x[i] + 5 * v;
;     y[i] = v;
;   }
; }
; void fold_values(float *restrict y, const float *restrict x, long n, float b0, float c) {
;   ... v = b0 * x[i] + z1; z1 = z2 - (c * x[i] + z1); ...   /* b1*x[i] - v + z2, c = b0 - b1 */
; }

; REMARK: remark: {{.*}}replaced linear recurrence with a call to plr_run: signature (2, -2, 3: -1, 5), type f32, order 2, transposed states (direct form II transposed), from zero
; REMARK: remark: {{.*}}recurrence not replaced: a loop-carried value is not a delayed copy of the output or the input
; REMARK-NEXT: remark: {{.*}}the reason concerns the value 'z1' carried from one iteration to the next
; REMARK-NOT: replaced linear

; CHECK-LABEL: define void @fold_const(
; CHECK: call i32 @plr_run
; CHECK-LABEL: define void @fold_values(
; CHECK-NOT: call i32 @plr_run

define void @fold_const(ptr noalias %y, ptr noalias %x, i64 %n) {
entry:
  %cmp = icmp sgt i64 %n, 0
  br i1 %cmp, label %for.body.preheader, label %for.cond.cleanup

for.body.preheader:
  br label %for.body

for.cond.cleanup.loopexit:
  br label %for.cond.cleanup

for.cond.cleanup:
  ret void

for.body:
  %i = phi i64 [ 0, %for.body.preheader ], [ %i.next, %for.body ]
  %z1 = phi float [ 0.000000e+00, %for.body.preheader ], [ %z1.next, %for.body ]
  %z2 = phi float [ 0.000000e+00, %for.body.preheader ], [ %z2.next, %for.body ]
  %px = getelementptr inbounds float, ptr %x, i64 %i
  %xi = load float, ptr %px, align 4
  %mul = fmul fast float %xi, 2.000000e+00
  %v = fadd fast float %mul, %z1
  %mul4 = fmul fast float %xi, 4.000000e+00
  %t = fadd fast float %mul4, %z1
  %z1.next = fsub fast float %z2, %t
  %mul3 = fmul fast float %xi, 3.000000e+00
  %mul5 = fmul fast float %v, 5.000000e+00
  %z2.next = fadd fast float %mul5, %mul3
  %py = getelementptr inbounds float, ptr %y, i64 %i
  store float %v, ptr %py, align 4
  %i.next = add nuw nsw i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %for.cond.cleanup.loopexit, label %for.body
}

define void @fold_values(ptr noalias %y, ptr noalias %x, i64 %n, float %b0, float %c) {
entry:
  %cmp = icmp sgt i64 %n, 0
  br i1 %cmp, label %for.body.preheader, label %for.cond.cleanup

for.body.preheader:
  br label %for.body

for.cond.cleanup.loopexit:
  br label %for.cond.cleanup

for.cond.cleanup:
  ret void

for.body:
  %i = phi i64 [ 0, %for.body.preheader ], [ %i.next, %for.body ]
  %z1 = phi float [ 0.000000e+00, %for.body.preheader ], [ %z1.next, %for.body ]
  %z2 = phi float [ 0.000000e+00, %for.body.preheader ], [ %z2.next, %for.body ]
  %px = getelementptr inbounds float, ptr %x, i64 %i
  %xi = load float, ptr %px, align 4
  %mul = fmul fast float %xi, %b0
  %v = fadd fast float %mul, %z1
  %mulc = fmul fast float %xi, %c
  %t = fadd fast float %mulc, %z1
  %z1.next = fsub fast float %z2, %t
  %mul3 = fmul fast float %xi, 3.000000e+00
  %mul5 = fmul fast float %v, 5.000000e+00
  %z2.next = fadd fast float %mul5, %mul3
  %py = getelementptr inbounds float, ptr %y, i64 %i
  store float %v, ptr %py, align 4
  %i.next = add nuw nsw i64 %i, 1
  %done = icmp eq i64 %i.next, %n
  br i1 %done, label %for.cond.cleanup.loopexit, label %for.body
}
