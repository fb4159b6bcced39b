; The first pass of an integral image over two 8-bit planes (pixels masked by another array): the
; input term reads two arrays, not a FIR of one, so it is materialized for the whole nest by a clone
; of the outer loop (every y leaf zero), after a check that no byte the clone reads lies in the
; output over all rows (char may alias int: alias analysis cannot separate them); then one
; plr_run_many in place. (One plane widened alone is read by the runtime itself:
; nest-narrow-input.ll.)
; REQUIRES: pass
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -S %s | %FileCheck %s
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -pass-remarks=plr -disable-output %s 2>&1 | %FileCheck %s --check-prefix=REMARK
; REMARK: remark: {{.*}}replaced loop nest with one call to plr_run_many: signature (1: 1), type i32, order 1; one sequence per iteration of the outer loop, y stride 1, x stride 1, input term materialized by a map
; CHECK: %plr.apart = or i1
; CHECK: br i1 %{{.*}}, label %plr.outlined, label %plr.fallback
; CHECK: plr.outlined:
; CHECK: %targetBlock = call i1 @integral_rows2.plr.call(
; CHECK: plr.fallback:
; CHECK-LABEL: define internal i1 @integral_rows2.plr.call(
; CHECK: plr.nest.call:
; CHECK: call i32 @plr_pays_many(ptr %plr.sig, ptr %plr.data, ptr %plr.layout, i32 2,
; CHECK: load i8
; CHECK: zext i8
; CHECK: plr.nest.run:
; CHECK: %plr.status = call i32 @plr_run_many(
;
; Input: make-input.sh nest-materialized.c integral_rows2 (metadata and attributes left out), from:
; #include <stdint.h>
; void integral_rows2(long h, long w, const uint8_t *img, const uint8_t *mask, int32_t *sat) {
;   for (long r = 0; r < h; r++) {
;     int32_t s = 0;
;     for (long c = 0; c < w; c++) {
;       s += img[r * w + c] & mask[r * w + c];
;       sat[r * w + c] = s;
;     }
;   }
; }

define dso_local void @integral_rows2(i64 noundef %h, i64 noundef %w, ptr nocapture noundef readonly %img, ptr nocapture noundef readonly %mask, ptr nocapture noundef writeonly %sat) local_unnamed_addr {
entry:
  %cmp32 = icmp sgt i64 %h, 0
  br i1 %cmp32, label %for.cond1.preheader.lr.ph, label %for.cond.cleanup

for.cond1.preheader.lr.ph:                        ; preds = %entry
  %cmp229 = icmp sgt i64 %w, 0
  br label %for.cond1.preheader

for.cond1.preheader:                              ; preds = %for.cond1.preheader.lr.ph, %for.cond.cleanup3
  %r.033 = phi i64 [ 0, %for.cond1.preheader.lr.ph ], [ %inc14, %for.cond.cleanup3 ]
  br i1 %cmp229, label %for.body4.lr.ph, label %for.cond.cleanup3

for.body4.lr.ph:                                  ; preds = %for.cond1.preheader
  %mul = mul nuw nsw i64 %r.033, %w
  br label %for.body4

for.cond.cleanup.loopexit:                        ; preds = %for.cond.cleanup3
  br label %for.cond.cleanup

for.cond.cleanup:                                 ; preds = %for.cond.cleanup.loopexit, %entry
  ret void

for.cond.cleanup3.loopexit:                       ; preds = %for.body4
  br label %for.cond.cleanup3

for.cond.cleanup3:                                ; preds = %for.cond.cleanup3.loopexit, %for.cond1.preheader
  %inc14 = add nuw nsw i64 %r.033, 1
  %exitcond34.not = icmp eq i64 %inc14, %h
  br i1 %exitcond34.not, label %for.cond.cleanup.loopexit, label %for.cond1.preheader

for.body4:                                        ; preds = %for.body4.lr.ph, %for.body4
  %c.031 = phi i64 [ 0, %for.body4.lr.ph ], [ %inc, %for.body4 ]
  %s.030 = phi i32 [ 0, %for.body4.lr.ph ], [ %add9, %for.body4 ]
  %add = add nuw nsw i64 %c.031, %mul
  %arrayidx = getelementptr inbounds i8, ptr %img, i64 %add
  %0 = load i8, ptr %arrayidx, align 1
  %arrayidx7 = getelementptr inbounds i8, ptr %mask, i64 %add
  %1 = load i8, ptr %arrayidx7, align 1
  %and28 = and i8 %1, %0
  %and = zext i8 %and28 to i32
  %add9 = add nuw nsw i32 %s.030, %and
  %arrayidx12 = getelementptr inbounds i32, ptr %sat, i64 %add
  store i32 %add9, ptr %arrayidx12, align 4
  %inc = add nuw nsw i64 %c.031, 1
  %exitcond.not = icmp eq i64 %inc, %w
  br i1 %exitcond.not, label %for.cond.cleanup3.loopexit, label %for.body4
}
