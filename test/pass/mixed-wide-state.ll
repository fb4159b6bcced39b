; A state kept wider than the output it is stored as: an int state stored
; as short or int8_t, a long one as int (trunc on the store). The
; signature is in the state's type (i32: 0, i64: 1), y_store the stored
; width (i16: 3, i8: 1, i32: 5), x_store x's (u16: 4 where clang
; zero-extends it); y_init is the state's start, the state after the loop
; y_final, whole (isum16 returns the int).
; A short state that clang keeps in int, re-extended before each use
; (`shl`/`ashr` by 16: ssub16v, the nest frames_mul) is read as the state
; itself: equal modulo 2^16, which is all the stored outputs keep. Its
; value after the loop is then right modulo 2^16 only: taken when every
; use truncates it to 16 bits (ssub16_ret, hand-made from ssub16v with the
; state returned as short), refused when a use reads the whole int
; (ssub16_wide). A short state returned as short is narrowed to i16 by
; clang (ssub16r): the plain narrow call.
; REQUIRES: pass
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -S %s | %FileCheck %s
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -pass-remarks=plr -pass-remarks-missed=plr -disable-output %s 2>&1 | %FileCheck %s --check-prefix=REMARK
;
; Input: make-input.sh mixed-wide-state.c FN for each function (metadata and
; attributes left out), from:
; #include <stdint.h>
; int isum16(short *restrict y, const short *restrict x, int n, int s0) {
;   int s = s0;
;   for (int i = 0; i < n; i++) { s += x[i]; y[i] = (short)s; }
;   return s;
; }
; void ssub16v(short *restrict y, const short *restrict x, int n) {
;   short s = 5;
;   for (int i = 0; i < n; i++) { s = (short)(x[i] - 3 * s); y[i] = s; }
; }
; short ssub16r(short *restrict y, const short *restrict x, int n, int d) {
;   short s = 5;
;   for (int i = 0; i < n; i++) { s = (short)(x[i] - d * s); y[i] = s; }
;   return s;
; }
; int iord2_8(int8_t *restrict y, const int8_t *restrict x, int n) {
;   int s1 = 1, s2 = -2;
;   for (int i = 0; i < n; i++) { int s = x[i] + 2 * s1 - s2; s2 = s1; s1 = s; y[i] = (int8_t)s; }
;   return s1 * 3 + s2;
; }
; long lsum32(int *restrict y, const int *restrict x, int n) {
;   long s = 1L << 40;
;   for (int i = 0; i < n; i++) { s += x[i]; y[i] = (int)s; }
;   return s;
; }
; void frames_mul(short *restrict y, const short *restrict x, int h, int w) {
;   for (int r = 0; r < h; r++) {
;     short s = 0;
;     for (int c = 0; c < w; c++) { s = (short)(x[r * w + c] - 3 * s); y[r * w + c] = s; }
;   }
; }

; and ssub16_ret / ssub16_wide: ssub16v with the state returned. A short
; state may also be carried as stored (i16 phis of the truncated value,
; extended where used: sphi16, its older value returned as short; sphi16i,
; returned as int through `& 0xffff`; clang's coefficient -3 is 65533, the
; same modulo 2^16), or re-extended doubled (`ashr(shl(s, 16), 15)`:
; stwice), or masked after a shift (`(s << 2) & 0x3fffc`, 4 times the
; state's low 16 bits: smask), and a short state returned as int
; (`ashr(shl(s, 16), 16)` after the loop: sret):
; int sret(short *restrict y, const int *restrict x, int n) {
;   short s1 = (short)-4, s2 = (short)4;
;   for (int i = 2; i < n; i++) { short s = (short)(-3 * x[i] + 4 * x[i - 1] + 4 * x[i - 2] + 5 * s1 - 4 * s2); s2 = s1; s1 = s; y[i] = s; }
;   return s1;
; }
; int smask(unsigned short *restrict y, const int *restrict x, int n) {
;   unsigned short s1 = (unsigned short)-8;
;   for (int i = 2; i < n; i++) { unsigned short s = (unsigned short)(2 * x[i] - 3 * x[i - 1] + 2 * x[i - 2] + 4 * s1); s1 = s; y[i] = s; }
;   return s1;
; }
; unsigned short sphi16(unsigned short *restrict y, const int *restrict x, int n) {
;   unsigned short s1 = (unsigned short)-2, s2 = (unsigned short)-7;
;   for (int i = 2; i < n; i++) { unsigned short s = (unsigned short)(-3 * x[i] + 2 * x[i - 1] - 2 * s1 + 3 * s2); s2 = s1; s1 = s; y[i] = s; }
;   return s2;
; }
; int sphi16i(unsigned short *restrict y, const int *restrict x, int n) {
;   unsigned short s1 = (unsigned short)-7, s2 = (unsigned short)2;
;   for (int i = 2; i < n; i++) { unsigned short s = (unsigned short)(-3 * x[i] + 2 * x[i - 1] - 2 * s1 + 3 * s2); s2 = s1; s1 = s; y[i] = s; }
;   return s1;
; }
; void stwice(short *restrict y, const signed char *restrict x, int n) {
;   short s1 = (short)-9;
;   for (int i = 2; i < n; i++) { short s = (short)(-3 * x[i] + 3 * x[i - 1] - 3 * x[i - 2] - 2 * s1); s1 = s; y[i] = s; }
; }

; REMARK: remark: {{.*}}replaced linear recurrence with a call to plr_run: signature (1: 1), type i32 (x i16, y i16), order 1; plan: check(x apart from y or exactly y); ask(1 pass); call(1: 1) x->y
; REMARK: remark: {{.*}}replaced linear recurrence with a call to plr_run: signature (1: -3), type i32 (x u16, y i16), order 1
; REMARK: remark: {{.*}}replaced linear recurrence with a call to plr_run: signature (1: -(short)d), type i16 (computed in i32), order 1
; REMARK: remark: {{.*}}replaced linear recurrence with a call to plr_run: signature (1: 2, -1), type i32 (x i8, y i8), order 2
; REMARK: remark: {{.*}}replaced linear recurrence with a call to plr_run: signature (1: 1), type i64 (x i32, y i32), order 1
; REMARK: remark: {{.*}}replaced loop nest with one call to plr_run_many: signature (1: -3), type i32 (x u16, y i16), order 1
; REMARK: remark: {{.*}}replaced linear recurrence with a call to plr_run: signature (1: -3), type i32 (x u16, y i16), order 1
; REMARK: remark: {{.*}}recurrence not replaced: a value computed in the loop is used after it and cannot be recovered
; REMARK: remark: {{.*}}replaced linear recurrence with a call to plr_run: signature (65533, 2: -2, 3), type i32 (y i16), order 2
; REMARK: remark: {{.*}}replaced linear recurrence with a call to plr_run: signature (65533, 2: -2, 3), type i32 (y i16), order 2
; REMARK: remark: {{.*}}replaced linear recurrence with a call to plr_run: signature (-3, 3, -3: -2), type i32 (x i8, y i16), order 1
; REMARK: remark: {{.*}}replaced linear recurrence with a call to plr_run: signature (2, 65533, 2: 4), type i32 (y i16), order 1
; REMARK: remark: {{.*}}replaced linear recurrence with a call to plr_run: signature (65533, 4, 4: 5, -4), type i32 (y i16), order 2

; CHECK-LABEL: define {{.*}} i32 @isum16(
; CHECK: br i1 %{{.*}}, label %plr.outlined, label %plr.fallback
; CHECK: plr.outlined:
; CHECK: %targetBlock = call i1 @isum16.plr.call(
; CHECK: plr.fallback:
; CHECK: phi i32 [ %add, %for.body ], [ %plr.final.reload, %plr.outlined ]
; CHECK-LABEL: define internal i1 @isum16.plr.call(
; CHECK: %plr.yfinal = alloca [1 x i32]
; CHECK: plr.call.abi:
; CHECK: store i32 0, ptr %plr.sig
; CHECK: [[XS:%.*]] = getelementptr i8, ptr %plr.data, i64 48
; CHECK-NEXT: store i32 3, ptr [[XS]]
; CHECK-NEXT: [[YS:%.*]] = getelementptr i8, ptr %plr.data, i64 52
; CHECK-NEXT: store i32 3, ptr [[YS]]
; CHECK: store i32 %s0, ptr %plr.yinit
; CHECK: call i32 @plr_run(
; CHECK: %plr.final = load i32, ptr
; CHECK: store {{.*}} %plr.final, ptr %plr.final.out
; CHECK-NOT: trunc

; CHECK-LABEL: define {{.*}} void @ssub16v(
; CHECK: br i1 %{{.*}}, label %plr.outlined, label %plr.fallback
; CHECK: plr.outlined:
; CHECK: %targetBlock = call i1 @ssub16v.plr.call(
; CHECK: plr.fallback:
; CHECK-LABEL: define internal i1 @ssub16v.plr.call(
; CHECK: store i64 -3, ptr
; CHECK: [[XS:%.*]] = getelementptr i8, ptr %plr.data, i64 48
; CHECK-NEXT: store i32 4, ptr [[XS]]
; CHECK-NEXT: [[YS:%.*]] = getelementptr i8, ptr %plr.data, i64 52
; CHECK-NEXT: store i32 3, ptr [[YS]]
; CHECK: store i32 5, ptr %plr.yinit
; CHECK: call i32 @plr_run(

; CHECK-LABEL: define {{.*}} @iord2_8(
; CHECK: br i1 %{{.*}}, label %plr.outlined, label %plr.fallback
; CHECK: plr.outlined:
; CHECK: %targetBlock = call i1 @iord2_8.plr.call(
; CHECK: plr.fallback:
; CHECK-LABEL: define internal i1 @iord2_8.plr.call(
; CHECK: %plr.yfinal = alloca [2 x i32]
; CHECK: [[XS:%.*]] = getelementptr i8, ptr %plr.data, i64 48
; CHECK-NEXT: store i32 1, ptr [[XS]]
; CHECK-NEXT: [[YS:%.*]] = getelementptr i8, ptr %plr.data, i64 52
; CHECK-NEXT: store i32 1, ptr [[YS]]
; CHECK: store i32 1, ptr
; CHECK-NEXT: store i32 -2, ptr %plr.yinit
; CHECK: %plr.final = load i32, ptr
; CHECK: %plr.final1 = load i32, ptr

; CHECK-LABEL: define {{.*}} i64 @lsum32(
; CHECK: br i1 %{{.*}}, label %plr.outlined, label %plr.fallback
; CHECK: plr.outlined:
; CHECK: %targetBlock = call i1 @lsum32.plr.call(
; CHECK: plr.fallback:
; CHECK-LABEL: define internal i1 @lsum32.plr.call(
; CHECK: store i32 1, ptr %plr.sig
; CHECK: [[XS:%.*]] = getelementptr i8, ptr %plr.data, i64 48
; CHECK-NEXT: store i32 5, ptr [[XS]]
; CHECK-NEXT: [[YS:%.*]] = getelementptr i8, ptr %plr.data, i64 52
; CHECK-NEXT: store i32 5, ptr [[YS]]
; CHECK: store i64 1099511627776, ptr %plr.yinit
; CHECK: %plr.final = load i64, ptr

; CHECK-LABEL: define {{.*}} void @frames_mul(
; CHECK: br i1 %{{.*}}, label %plr.outlined, label %plr.fallback
; CHECK: plr.outlined:
; CHECK: %targetBlock = call i1 @frames_mul.plr.call(
; CHECK: plr.fallback:
; CHECK-LABEL: define internal i1 @frames_mul.plr.call(
; CHECK: [[XS:%.*]] = getelementptr i8, ptr %plr.data, i64 48
; CHECK-NEXT: store i32 4, ptr [[XS]]
; CHECK-NEXT: [[YS:%.*]] = getelementptr i8, ptr %plr.data, i64 52
; CHECK-NEXT: store i32 3, ptr [[YS]]
; CHECK: call i32 @plr_run_many(

; The state's y_final, truncated after the loop as the source does.
; CHECK-LABEL: define {{.*}} i16 @ssub16_ret(
; CHECK: br i1 %{{.*}}, label %plr.outlined, label %plr.fallback
; CHECK: plr.outlined:
; CHECK: %targetBlock = call i1 @ssub16_ret.plr.call(
; CHECK: plr.fallback:
; CHECK: %sub.lcssa = phi i32 [ %sub, %for.body ], [ %plr.final.reload, %plr.outlined ]
; CHECK: %s.ret = trunc i32 %s.last to i16
; CHECK-LABEL: define internal i1 @ssub16_ret.plr.call(
; CHECK: call i32 @plr_run(
; CHECK: %plr.final = load i32, ptr
; CHECK: store {{.*}} %plr.final, ptr %plr.final.out

; CHECK-LABEL: define {{.*}} i32 @ssub16_wide(
; CHECK-NOT: plr_run
; CHECK: ret i32

define dso_local i32 @isum16(ptr noalias nocapture noundef writeonly %y, ptr noalias nocapture noundef readonly %x, i32 noundef %n, i32 noundef %s0) local_unnamed_addr {
entry:
  %cmp9 = icmp sgt i32 %n, 0
  br i1 %cmp9, label %for.body.preheader, label %for.cond.cleanup

for.body.preheader:                               ; preds = %entry
  %wide.trip.count = zext nneg i32 %n to i64
  br label %for.body

for.cond.cleanup.loopexit:                        ; preds = %for.body
  %add.lcssa = phi i32 [ %add, %for.body ]
  br label %for.cond.cleanup

for.cond.cleanup:                                 ; preds = %for.cond.cleanup.loopexit, %entry
  %s.0.lcssa = phi i32 [ %s0, %entry ], [ %add.lcssa, %for.cond.cleanup.loopexit ]
  ret i32 %s.0.lcssa

for.body:                                         ; preds = %for.body.preheader, %for.body
  %indvars.iv = phi i64 [ 0, %for.body.preheader ], [ %indvars.iv.next, %for.body ]
  %s.010 = phi i32 [ %s0, %for.body.preheader ], [ %add, %for.body ]
  %arrayidx = getelementptr inbounds i16, ptr %x, i64 %indvars.iv
  %0 = load i16, ptr %arrayidx, align 2
  %conv = sext i16 %0 to i32
  %add = add nsw i32 %s.010, %conv
  %conv1 = trunc i32 %add to i16
  %arrayidx3 = getelementptr inbounds i16, ptr %y, i64 %indvars.iv
  store i16 %conv1, ptr %arrayidx3, align 2
  %indvars.iv.next = add nuw nsw i64 %indvars.iv, 1
  %exitcond.not = icmp eq i64 %indvars.iv.next, %wide.trip.count
  br i1 %exitcond.not, label %for.cond.cleanup.loopexit, label %for.body
}

define dso_local void @ssub16v(ptr noalias nocapture noundef writeonly %y, ptr noalias nocapture noundef readonly %x, i32 noundef %n) local_unnamed_addr {
entry:
  %cmp9 = icmp sgt i32 %n, 0
  br i1 %cmp9, label %for.body.preheader, label %for.cond.cleanup

for.body.preheader:                               ; preds = %entry
  %wide.trip.count = zext nneg i32 %n to i64
  br label %for.body

for.cond.cleanup.loopexit:                        ; preds = %for.body
  br label %for.cond.cleanup

for.cond.cleanup:                                 ; preds = %for.cond.cleanup.loopexit, %entry
  ret void

for.body:                                         ; preds = %for.body.preheader, %for.body
  %indvars.iv = phi i64 [ 0, %for.body.preheader ], [ %indvars.iv.next, %for.body ]
  %s.010 = phi i32 [ 5, %for.body.preheader ], [ %sub, %for.body ]
  %arrayidx = getelementptr inbounds i16, ptr %x, i64 %indvars.iv
  %0 = load i16, ptr %arrayidx, align 2
  %conv13 = zext i16 %0 to i32
  %sext = shl i32 %s.010, 16
  %conv1 = ashr exact i32 %sext, 16
  %mul.neg = mul nsw i32 %conv1, -3
  %sub = add nsw i32 %mul.neg, %conv13
  %conv2 = trunc i32 %sub to i16
  %arrayidx4 = getelementptr inbounds i16, ptr %y, i64 %indvars.iv
  store i16 %conv2, ptr %arrayidx4, align 2
  %indvars.iv.next = add nuw nsw i64 %indvars.iv, 1
  %exitcond.not = icmp eq i64 %indvars.iv.next, %wide.trip.count
  br i1 %exitcond.not, label %for.cond.cleanup.loopexit, label %for.body
}

define dso_local signext i16 @ssub16r(ptr noalias nocapture noundef writeonly %y, ptr noalias nocapture noundef readonly %x, i32 noundef %n, i32 noundef %d) local_unnamed_addr {
entry:
  %cmp10 = icmp sgt i32 %n, 0
  br i1 %cmp10, label %for.body.lr.ph, label %for.cond.cleanup

for.body.lr.ph:                                   ; preds = %entry
  %0 = trunc i32 %d to i16
  %wide.trip.count = zext nneg i32 %n to i64
  br label %for.body

for.cond.cleanup.loopexit:                        ; preds = %for.body
  %conv2.lcssa = phi i16 [ %conv2, %for.body ]
  br label %for.cond.cleanup

for.cond.cleanup:                                 ; preds = %for.cond.cleanup.loopexit, %entry
  %s.0.lcssa = phi i16 [ 5, %entry ], [ %conv2.lcssa, %for.cond.cleanup.loopexit ]
  ret i16 %s.0.lcssa

for.body:                                         ; preds = %for.body.lr.ph, %for.body
  %indvars.iv = phi i64 [ 0, %for.body.lr.ph ], [ %indvars.iv.next, %for.body ]
  %s.011 = phi i16 [ 5, %for.body.lr.ph ], [ %conv2, %for.body ]
  %arrayidx = getelementptr inbounds i16, ptr %x, i64 %indvars.iv
  %1 = load i16, ptr %arrayidx, align 2
  %2 = mul i16 %s.011, %0
  %conv2 = sub i16 %1, %2
  %arrayidx4 = getelementptr inbounds i16, ptr %y, i64 %indvars.iv
  store i16 %conv2, ptr %arrayidx4, align 2
  %indvars.iv.next = add nuw nsw i64 %indvars.iv, 1
  %exitcond.not = icmp eq i64 %indvars.iv.next, %wide.trip.count
  br i1 %exitcond.not, label %for.cond.cleanup.loopexit, label %for.body
}

define dso_local i32 @iord2_8(ptr noalias nocapture noundef writeonly %y, ptr noalias nocapture noundef readonly %x, i32 noundef %n) local_unnamed_addr {
entry:
  %cmp13 = icmp sgt i32 %n, 0
  br i1 %cmp13, label %for.body.preheader, label %for.cond.cleanup

for.body.preheader:                               ; preds = %entry
  %wide.trip.count = zext nneg i32 %n to i64
  br label %for.body

for.cond.cleanup.loopexit:                        ; preds = %for.body
  %s1.016.lcssa = phi i32 [ %s1.016, %for.body ]
  %sub.lcssa = phi i32 [ %sub, %for.body ]
  %0 = mul nsw i32 %sub.lcssa, 3
  %1 = add nsw i32 %0, %s1.016.lcssa
  br label %for.cond.cleanup

for.cond.cleanup:                                 ; preds = %for.cond.cleanup.loopexit, %entry
  %add5 = phi i32 [ 1, %entry ], [ %1, %for.cond.cleanup.loopexit ]
  ret i32 %add5

for.body:                                         ; preds = %for.body.preheader, %for.body
  %indvars.iv = phi i64 [ 0, %for.body.preheader ], [ %indvars.iv.next, %for.body ]
  %s1.016 = phi i32 [ 1, %for.body.preheader ], [ %sub, %for.body ]
  %s2.014 = phi i32 [ -2, %for.body.preheader ], [ %s1.016, %for.body ]
  %arrayidx = getelementptr inbounds i8, ptr %x, i64 %indvars.iv
  %2 = load i8, ptr %arrayidx, align 1
  %conv = sext i8 %2 to i32
  %mul = shl nsw i32 %s1.016, 1
  %add = sub i32 %mul, %s2.014
  %sub = add i32 %add, %conv
  %conv1 = trunc i32 %sub to i8
  %arrayidx3 = getelementptr inbounds i8, ptr %y, i64 %indvars.iv
  store i8 %conv1, ptr %arrayidx3, align 1
  %indvars.iv.next = add nuw nsw i64 %indvars.iv, 1
  %exitcond.not = icmp eq i64 %indvars.iv.next, %wide.trip.count
  br i1 %exitcond.not, label %for.cond.cleanup.loopexit, label %for.body
}

define dso_local i64 @lsum32(ptr noalias nocapture noundef writeonly %y, ptr noalias nocapture noundef readonly %x, i32 noundef %n) local_unnamed_addr {
entry:
  %cmp9 = icmp sgt i32 %n, 0
  br i1 %cmp9, label %for.body.preheader, label %for.cond.cleanup

for.body.preheader:                               ; preds = %entry
  %wide.trip.count = zext nneg i32 %n to i64
  br label %for.body

for.cond.cleanup.loopexit:                        ; preds = %for.body
  %add.lcssa = phi i64 [ %add, %for.body ]
  br label %for.cond.cleanup

for.cond.cleanup:                                 ; preds = %for.cond.cleanup.loopexit, %entry
  %s.0.lcssa = phi i64 [ 1099511627776, %entry ], [ %add.lcssa, %for.cond.cleanup.loopexit ]
  ret i64 %s.0.lcssa

for.body:                                         ; preds = %for.body.preheader, %for.body
  %indvars.iv = phi i64 [ 0, %for.body.preheader ], [ %indvars.iv.next, %for.body ]
  %s.010 = phi i64 [ 1099511627776, %for.body.preheader ], [ %add, %for.body ]
  %arrayidx = getelementptr inbounds i32, ptr %x, i64 %indvars.iv
  %0 = load i32, ptr %arrayidx, align 4
  %conv = sext i32 %0 to i64
  %add = add nsw i64 %s.010, %conv
  %conv1 = trunc i64 %add to i32
  %arrayidx3 = getelementptr inbounds i32, ptr %y, i64 %indvars.iv
  store i32 %conv1, ptr %arrayidx3, align 4
  %indvars.iv.next = add nuw nsw i64 %indvars.iv, 1
  %exitcond.not = icmp eq i64 %indvars.iv.next, %wide.trip.count
  br i1 %exitcond.not, label %for.cond.cleanup.loopexit, label %for.body
}

define dso_local void @frames_mul(ptr noalias nocapture noundef writeonly %y, ptr noalias nocapture noundef readonly %x, i32 noundef %h, i32 noundef %w) local_unnamed_addr {
entry:
  %cmp27 = icmp sgt i32 %h, 0
  br i1 %cmp27, label %for.cond1.preheader.lr.ph, label %for.cond.cleanup

for.cond1.preheader.lr.ph:                        ; preds = %entry
  %cmp224 = icmp sgt i32 %w, 0
  %0 = zext i32 %w to i64
  %wide.trip.count35 = zext nneg i32 %h to i64
  br label %for.cond1.preheader

for.cond1.preheader:                              ; preds = %for.cond1.preheader.lr.ph, %for.cond.cleanup3
  %indvars.iv31 = phi i64 [ 0, %for.cond1.preheader.lr.ph ], [ %indvars.iv.next32, %for.cond.cleanup3 ]
  br i1 %cmp224, label %for.body4.lr.ph, label %for.cond.cleanup3

for.body4.lr.ph:                                  ; preds = %for.cond1.preheader
  %1 = mul nuw nsw i64 %indvars.iv31, %0
  br label %for.body4

for.cond.cleanup.loopexit:                        ; preds = %for.cond.cleanup3
  br label %for.cond.cleanup

for.cond.cleanup:                                 ; preds = %for.cond.cleanup.loopexit, %entry
  ret void

for.cond.cleanup3.loopexit:                       ; preds = %for.body4
  br label %for.cond.cleanup3

for.cond.cleanup3:                                ; preds = %for.cond.cleanup3.loopexit, %for.cond1.preheader
  %indvars.iv.next32 = add nuw nsw i64 %indvars.iv31, 1
  %exitcond36.not = icmp eq i64 %indvars.iv.next32, %wide.trip.count35
  br i1 %exitcond36.not, label %for.cond.cleanup.loopexit, label %for.cond1.preheader

for.body4:                                        ; preds = %for.body4.lr.ph, %for.body4
  %indvars.iv = phi i64 [ 0, %for.body4.lr.ph ], [ %indvars.iv.next, %for.body4 ]
  %s.025 = phi i32 [ 0, %for.body4.lr.ph ], [ %sub, %for.body4 ]
  %2 = add nuw nsw i64 %indvars.iv, %1
  %arrayidx = getelementptr inbounds i16, ptr %x, i64 %2
  %3 = load i16, ptr %arrayidx, align 2
  %conv37 = zext i16 %3 to i32
  %sext = shl i32 %s.025, 16
  %conv5 = ashr exact i32 %sext, 16
  %mul6.neg = mul nsw i32 %conv5, -3
  %sub = add nsw i32 %mul6.neg, %conv37
  %conv7 = trunc i32 %sub to i16
  %arrayidx11 = getelementptr inbounds i16, ptr %y, i64 %2
  store i16 %conv7, ptr %arrayidx11, align 2
  %indvars.iv.next = add nuw nsw i64 %indvars.iv, 1
  %exitcond.not = icmp eq i64 %indvars.iv.next, %0
  br i1 %exitcond.not, label %for.cond.cleanup3.loopexit, label %for.body4
}

define dso_local i16 @ssub16_ret(ptr noalias nocapture noundef writeonly %y, ptr noalias nocapture noundef readonly %x, i32 noundef %n) local_unnamed_addr {
entry:
  %cmp9 = icmp sgt i32 %n, 0
  br i1 %cmp9, label %for.body.preheader, label %for.cond.cleanup

for.body.preheader:                               ; preds = %entry
  %wide.trip.count = zext nneg i32 %n to i64
  br label %for.body

for.cond.cleanup.loopexit:                        ; preds = %for.body
  %sub.lcssa = phi i32 [ %sub, %for.body ]
  br label %for.cond.cleanup

for.cond.cleanup:                                 ; preds = %for.cond.cleanup.loopexit, %entry
  %s.last = phi i32 [ 5, %entry ], [ %sub.lcssa, %for.cond.cleanup.loopexit ]
  %s.ret = trunc i32 %s.last to i16
  ret i16 %s.ret

for.body:                                         ; preds = %for.body.preheader, %for.body
  %indvars.iv = phi i64 [ 0, %for.body.preheader ], [ %indvars.iv.next, %for.body ]
  %s.010 = phi i32 [ 5, %for.body.preheader ], [ %sub, %for.body ]
  %arrayidx = getelementptr inbounds i16, ptr %x, i64 %indvars.iv
  %0 = load i16, ptr %arrayidx, align 2
  %conv13 = zext i16 %0 to i32
  %sext = shl i32 %s.010, 16
  %conv1 = ashr exact i32 %sext, 16
  %mul.neg = mul nsw i32 %conv1, -3
  %sub = add nsw i32 %mul.neg, %conv13
  %conv2 = trunc i32 %sub to i16
  %arrayidx4 = getelementptr inbounds i16, ptr %y, i64 %indvars.iv
  store i16 %conv2, ptr %arrayidx4, align 2
  %indvars.iv.next = add nuw nsw i64 %indvars.iv, 1
  %exitcond.not = icmp eq i64 %indvars.iv.next, %wide.trip.count
  br i1 %exitcond.not, label %for.cond.cleanup.loopexit, label %for.body
}

define dso_local i32 @ssub16_wide(ptr noalias nocapture noundef writeonly %y, ptr noalias nocapture noundef readonly %x, i32 noundef %n) local_unnamed_addr {
entry:
  %cmp9 = icmp sgt i32 %n, 0
  br i1 %cmp9, label %for.body.preheader, label %for.cond.cleanup

for.body.preheader:                               ; preds = %entry
  %wide.trip.count = zext nneg i32 %n to i64
  br label %for.body

for.cond.cleanup.loopexit:                        ; preds = %for.body
  %sub.lcssa = phi i32 [ %sub, %for.body ]
  br label %for.cond.cleanup

for.cond.cleanup:                                 ; preds = %for.cond.cleanup.loopexit, %entry
  %s.last = phi i32 [ 5, %entry ], [ %sub.lcssa, %for.cond.cleanup.loopexit ]
  ret i32 %s.last

for.body:                                         ; preds = %for.body.preheader, %for.body
  %indvars.iv = phi i64 [ 0, %for.body.preheader ], [ %indvars.iv.next, %for.body ]
  %s.010 = phi i32 [ 5, %for.body.preheader ], [ %sub, %for.body ]
  %arrayidx = getelementptr inbounds i16, ptr %x, i64 %indvars.iv
  %0 = load i16, ptr %arrayidx, align 2
  %conv13 = zext i16 %0 to i32
  %sext = shl i32 %s.010, 16
  %conv1 = ashr exact i32 %sext, 16
  %mul.neg = mul nsw i32 %conv1, -3
  %sub = add nsw i32 %mul.neg, %conv13
  %conv2 = trunc i32 %sub to i16
  %arrayidx4 = getelementptr inbounds i16, ptr %y, i64 %indvars.iv
  store i16 %conv2, ptr %arrayidx4, align 2
  %indvars.iv.next = add nuw nsw i64 %indvars.iv, 1
  %exitcond.not = icmp eq i64 %indvars.iv.next, %wide.trip.count
  br i1 %exitcond.not, label %for.cond.cleanup.loopexit, label %for.body
}

; The i16 phis' starts widened into y_init (constants: folded), the older
; one's final value truncated back to i16.
; CHECK-LABEL: define {{.*}} i16 @sphi16(
; CHECK: br i1 %{{.*}}, label %plr.outlined, label %plr.fallback
; CHECK: plr.outlined:
; CHECK: %targetBlock = call i1 @sphi16.plr.call(
; CHECK: plr.fallback:
; CHECK: phi i16 [ %s1.023, %for.body ], [ %plr.final.narrow.reload, %plr.outlined ]
; CHECK-LABEL: define internal i1 @sphi16.plr.call(
; CHECK: %plr.yinit = alloca [2 x i32]
; CHECK: store i32 -2, ptr
; CHECK-NEXT: store i32 -7, ptr %plr.yinit
; CHECK: %plr.final = load i32, ptr
; CHECK-NEXT: %plr.final.narrow = trunc i32 %plr.final to i16

; CHECK-LABEL: define {{.*}} i32 @sphi16i(
; CHECK: br i1 %{{.*}}, label %plr.outlined, label %plr.fallback
; CHECK: plr.outlined:
; CHECK: %targetBlock = call i1 @sphi16i.plr.call(
; CHECK: plr.fallback:
; CHECK: %add8.lcssa = phi i32 [ %add8, %for.body ], [ %plr.final.reload, %plr.outlined ]
; CHECK-NEXT: and i32 %add8.lcssa, 65535
; CHECK-LABEL: define internal i1 @sphi16i.plr.call(
; CHECK: %plr.final = load i32, ptr

; CHECK-LABEL: define {{.*}} void @stwice(
; CHECK: br i1 %{{.*}}, label %plr.outlined, label %plr.fallback
; CHECK: plr.outlined:
; CHECK: %targetBlock = call i1 @stwice.plr.call(
; CHECK: plr.fallback:
; CHECK-LABEL: define internal i1 @stwice.plr.call(
; CHECK: call i32 @plr_run(

define dso_local zeroext i16 @sphi16(ptr noalias nocapture noundef writeonly %y, ptr noalias nocapture noundef readonly %x, i32 noundef %n) local_unnamed_addr {
entry:
  %cmp20 = icmp sgt i32 %n, 2
  br i1 %cmp20, label %for.body.preheader, label %for.cond.cleanup

for.body.preheader:                               ; preds = %entry
  %wide.trip.count = zext nneg i32 %n to i64
  br label %for.body

for.cond.cleanup.loopexit:                        ; preds = %for.body
  %s1.023.lcssa = phi i16 [ %s1.023, %for.body ]
  br label %for.cond.cleanup

for.cond.cleanup:                                 ; preds = %for.cond.cleanup.loopexit, %entry
  %s2.0.lcssa = phi i16 [ -7, %entry ], [ %s1.023.lcssa, %for.cond.cleanup.loopexit ]
  ret i16 %s2.0.lcssa

for.body:                                         ; preds = %for.body.preheader, %for.body
  %indvars.iv = phi i64 [ 2, %for.body.preheader ], [ %indvars.iv.next, %for.body ]
  %s1.023 = phi i16 [ -2, %for.body.preheader ], [ %conv9, %for.body ]
  %s2.021 = phi i16 [ -7, %for.body.preheader ], [ %s1.023, %for.body ]
  %arrayidx = getelementptr inbounds i32, ptr %x, i64 %indvars.iv
  %0 = load i32, ptr %arrayidx, align 4
  %mul = mul i32 %0, 65533
  %arrayidx2 = getelementptr i8, ptr %arrayidx, i64 -4
  %1 = load i32, ptr %arrayidx2, align 4
  %mul3 = shl nsw i32 %1, 1
  %conv = zext i16 %s1.023 to i32
  %conv6 = zext i16 %s2.021 to i32
  %mul7 = mul nuw nsw i32 %conv6, 3
  %2 = shl nuw nsw i32 %conv, 1
  %add = sub nsw i32 %mul7, %2
  %sub5 = add i32 %add, %mul
  %add8 = add i32 %sub5, %mul3
  %conv9 = trunc i32 %add8 to i16
  %arrayidx11 = getelementptr inbounds i16, ptr %y, i64 %indvars.iv
  store i16 %conv9, ptr %arrayidx11, align 2
  %indvars.iv.next = add nuw nsw i64 %indvars.iv, 1
  %exitcond.not = icmp eq i64 %indvars.iv.next, %wide.trip.count
  br i1 %exitcond.not, label %for.cond.cleanup.loopexit, label %for.body
}

define dso_local range(i32 0, 65536) i32 @sphi16i(ptr noalias nocapture noundef writeonly %y, ptr noalias nocapture noundef readonly %x, i32 noundef %n) local_unnamed_addr {
entry:
  %cmp21 = icmp sgt i32 %n, 2
  br i1 %cmp21, label %for.body.preheader, label %for.cond.cleanup

for.body.preheader:                               ; preds = %entry
  %wide.trip.count = zext nneg i32 %n to i64
  br label %for.body

for.cond.cleanup.loopexit:                        ; preds = %for.body
  %add8.lcssa = phi i32 [ %add8, %for.body ]
  %0 = and i32 %add8.lcssa, 65535
  br label %for.cond.cleanup

for.cond.cleanup:                                 ; preds = %for.cond.cleanup.loopexit, %entry
  %s1.0.lcssa = phi i32 [ 65529, %entry ], [ %0, %for.cond.cleanup.loopexit ]
  ret i32 %s1.0.lcssa

for.body:                                         ; preds = %for.body.preheader, %for.body
  %indvars.iv = phi i64 [ 2, %for.body.preheader ], [ %indvars.iv.next, %for.body ]
  %s1.024 = phi i16 [ -7, %for.body.preheader ], [ %conv9, %for.body ]
  %s2.022 = phi i16 [ 2, %for.body.preheader ], [ %s1.024, %for.body ]
  %arrayidx = getelementptr inbounds i32, ptr %x, i64 %indvars.iv
  %1 = load i32, ptr %arrayidx, align 4
  %mul = mul i32 %1, 65533
  %arrayidx2 = getelementptr i8, ptr %arrayidx, i64 -4
  %2 = load i32, ptr %arrayidx2, align 4
  %mul3 = shl nsw i32 %2, 1
  %conv = zext i16 %s1.024 to i32
  %conv6 = zext i16 %s2.022 to i32
  %mul7 = mul nuw nsw i32 %conv6, 3
  %3 = shl nuw nsw i32 %conv, 1
  %add = sub nsw i32 %mul7, %3
  %sub5 = add i32 %add, %mul
  %add8 = add i32 %sub5, %mul3
  %conv9 = trunc i32 %add8 to i16
  %arrayidx11 = getelementptr inbounds i16, ptr %y, i64 %indvars.iv
  store i16 %conv9, ptr %arrayidx11, align 2
  %indvars.iv.next = add nuw nsw i64 %indvars.iv, 1
  %exitcond.not = icmp eq i64 %indvars.iv.next, %wide.trip.count
  br i1 %exitcond.not, label %for.cond.cleanup.loopexit, label %for.body
}

define dso_local void @stwice(ptr noalias nocapture noundef writeonly %y, ptr noalias nocapture noundef readonly %x, i32 noundef %n) local_unnamed_addr {
entry:
  %cmp27 = icmp sgt i32 %n, 2
  br i1 %cmp27, label %for.body.preheader, label %for.cond.cleanup

for.body.preheader:                               ; preds = %entry
  %wide.trip.count = zext nneg i32 %n to i64
  br label %for.body

for.cond.cleanup.loopexit:                        ; preds = %for.body
  br label %for.cond.cleanup

for.cond.cleanup:                                 ; preds = %for.cond.cleanup.loopexit, %entry
  ret void

for.body:                                         ; preds = %for.body.preheader, %for.body
  %indvars.iv = phi i64 [ 2, %for.body.preheader ], [ %indvars.iv.next, %for.body ]
  %s1.029 = phi i32 [ -9, %for.body.preheader ], [ %sub13, %for.body ]
  %arrayidx = getelementptr inbounds i8, ptr %x, i64 %indvars.iv
  %0 = load i8, ptr %arrayidx, align 1
  %conv = sext i8 %0 to i32
  %arrayidx2 = getelementptr i8, ptr %arrayidx, i64 -1
  %1 = load i8, ptr %arrayidx2, align 1
  %conv3 = sext i8 %1 to i32
  %arrayidx7 = getelementptr i8, ptr %arrayidx, i64 -2
  %2 = load i8, ptr %arrayidx7, align 1
  %conv8 = sext i8 %2 to i32
  %sext = shl i32 %s1.029, 16
  %mul12 = ashr exact i32 %sext, 15
  %3 = add nsw i32 %conv, %conv8
  %reass.add26 = sub nsw i32 %conv3, %3
  %reass.mul = mul nsw i32 %reass.add26, 3
  %sub13 = sub nsw i32 %reass.mul, %mul12
  %conv14 = trunc i32 %sub13 to i16
  %arrayidx16 = getelementptr inbounds i16, ptr %y, i64 %indvars.iv
  store i16 %conv14, ptr %arrayidx16, align 2
  %indvars.iv.next = add nuw nsw i64 %indvars.iv, 1
  %exitcond.not = icmp eq i64 %indvars.iv.next, %wide.trip.count
  br i1 %exitcond.not, label %for.cond.cleanup.loopexit, label %for.body
}

; CHECK-LABEL: define {{.*}} i32 @smask(
; CHECK: br i1 %{{.*}}, label %plr.outlined, label %plr.fallback
; CHECK: plr.outlined:
; CHECK: %targetBlock = call i1 @smask.plr.call(
; CHECK: plr.fallback:
; CHECK-LABEL: define internal i1 @smask.plr.call(
; CHECK: call i32 @plr_run(

define dso_local range(i32 0, 65536) i32 @smask(ptr noalias nocapture noundef writeonly %y, ptr noalias nocapture noundef readonly %x, i32 noundef %n) local_unnamed_addr {
entry:
  %cmp24 = icmp sgt i32 %n, 2
  br i1 %cmp24, label %for.body.preheader, label %for.cond.cleanup

for.body.preheader:                               ; preds = %entry
  %wide.trip.count = zext nneg i32 %n to i64
  br label %for.body

for.cond.cleanup.loopexit:                        ; preds = %for.body
  %add10.lcssa = phi i32 [ %add10, %for.body ]
  %0 = and i32 %add10.lcssa, 65535
  br label %for.cond.cleanup

for.cond.cleanup:                                 ; preds = %for.cond.cleanup.loopexit, %entry
  %s1.0.lcssa = phi i32 [ 65528, %entry ], [ %0, %for.cond.cleanup.loopexit ]
  ret i32 %s1.0.lcssa

for.body:                                         ; preds = %for.body.preheader, %for.body
  %indvars.iv = phi i64 [ 2, %for.body.preheader ], [ %indvars.iv.next, %for.body ]
  %s1.026 = phi i32 [ 65528, %for.body.preheader ], [ %add10, %for.body ]
  %arrayidx = getelementptr inbounds i32, ptr %x, i64 %indvars.iv
  %1 = load i32, ptr %arrayidx, align 4
  %arrayidx2 = getelementptr i8, ptr %arrayidx, i64 -4
  %2 = load i32, ptr %arrayidx2, align 4
  %mul3.neg = mul i32 %2, 65533
  %arrayidx7 = getelementptr i8, ptr %arrayidx, i64 -8
  %3 = load i32, ptr %arrayidx7, align 4
  %conv = shl i32 %s1.026, 2
  %mul9 = and i32 %conv, 262140
  %reass.add = add i32 %3, %1
  %reass.mul = shl i32 %reass.add, 1
  %add = add i32 %mul3.neg, %mul9
  %add10 = add i32 %add, %reass.mul
  %conv11 = trunc i32 %add10 to i16
  %arrayidx13 = getelementptr inbounds i16, ptr %y, i64 %indvars.iv
  store i16 %conv11, ptr %arrayidx13, align 2
  %indvars.iv.next = add nuw nsw i64 %indvars.iv, 1
  %exitcond.not = icmp eq i64 %indvars.iv.next, %wide.trip.count
  br i1 %exitcond.not, label %for.cond.cleanup.loopexit, label %for.body
}

; CHECK-LABEL: define {{.*}} i32 @sret(
; CHECK: br i1 %{{.*}}, label %plr.outlined, label %plr.fallback
; CHECK: plr.outlined:
; CHECK: %targetBlock = call i1 @sret.plr.call(
; CHECK: plr.fallback:
; CHECK: [[L:%.*]] = phi i32 [ {{%.*}}, %for.body ], [ %plr.final{{[0-9]*}}.reload, %plr.outlined ]
; CHECK-NEXT: shl i32 [[L]], 16
; CHECK-LABEL: define internal i1 @sret.plr.call(
; CHECK: %plr.final{{[0-9]*}} = load i32, ptr

define dso_local range(i32 -32768, 32768) i32 @sret(ptr noalias nocapture noundef writeonly %y, ptr noalias nocapture noundef readonly %x, i32 noundef %n) local_unnamed_addr {
entry:
  %cmp28 = icmp sgt i32 %n, 2
  br i1 %cmp28, label %for.body.preheader, label %for.cond.cleanup

for.body.preheader:                               ; preds = %entry
  %wide.trip.count = zext nneg i32 %n to i64
  br label %for.body

for.cond.cleanup.loopexit:                        ; preds = %for.body
  %sub13.lcssa = phi i32 [ %sub13, %for.body ]
  %0 = shl i32 %sub13.lcssa, 16
  %1 = ashr exact i32 %0, 16
  br label %for.cond.cleanup

for.cond.cleanup:                                 ; preds = %for.cond.cleanup.loopexit, %entry
  %s1.0.lcssa = phi i32 [ -4, %entry ], [ %1, %for.cond.cleanup.loopexit ]
  ret i32 %s1.0.lcssa

for.body:                                         ; preds = %for.body.preheader, %for.body
  %indvars.iv = phi i64 [ 2, %for.body.preheader ], [ %indvars.iv.next, %for.body ]
  %s1.031 = phi i16 [ -4, %for.body.preheader ], [ %conv14, %for.body ]
  %s2.029 = phi i16 [ 4, %for.body.preheader ], [ %s1.031, %for.body ]
  %arrayidx = getelementptr inbounds i32, ptr %x, i64 %indvars.iv
  %2 = load i32, ptr %arrayidx, align 4
  %mul = mul i32 %2, 65533
  %arrayidx2 = getelementptr i8, ptr %arrayidx, i64 -4
  %3 = load i32, ptr %arrayidx2, align 4
  %arrayidx6 = getelementptr i8, ptr %arrayidx, i64 -8
  %4 = load i32, ptr %arrayidx6, align 4
  %conv = zext i16 %s1.031 to i32
  %mul9 = mul nuw nsw i32 %conv, 5
  %conv11 = sext i16 %s2.029 to i32
  %reass.add = add i32 %4, %3
  %reass.mul = shl i32 %reass.add, 2
  %5 = shl nsw i32 %conv11, 2
  %add8 = sub nsw i32 %mul9, %5
  %add10 = add i32 %add8, %mul
  %sub13 = add i32 %add10, %reass.mul
  %conv14 = trunc i32 %sub13 to i16
  %arrayidx16 = getelementptr inbounds i16, ptr %y, i64 %indvars.iv
  store i16 %conv14, ptr %arrayidx16, align 2
  %indvars.iv.next = add nuw nsw i64 %indvars.iv, 1
  %exitcond.not = icmp eq i64 %indvars.iv.next, %wide.trip.count
  br i1 %exitcond.not, label %for.cond.cleanup.loopexit, label %for.body
}
