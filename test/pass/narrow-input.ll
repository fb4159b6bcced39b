; Narrow inputs widened into a wider recurrence: the runtime reads them as they are held, x_store at
; plr_data's offset 48 (i16: 3, u8: 2, u16: 4, i8: 1; y_store 0, the signature's type), one call
; (before, a map materialized the widened input into y first). An input history carried in an i8 phi
; is widened into x_history as the loop widens it (zext); an input used after the loop is loaded as
; held and widened (inlast).
; REQUIRES: pass
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -S %s | %FileCheck %s
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -pass-remarks=plr -pass-remarks-missed=plr -disable-output %s 2>&1 | %FileCheck %s --check-prefix=REMARK
;
; Input: make-input.sh narrow-input.c FN for each function (metadata and attributes left out), from:
; #include <stdint.h>
; void cv(int *y, const short *x, int n) {
;   for (int i = 1; i < n; i++) y[i] = x[i] + y[i-1];
; }
; void in8fir(int *restrict y, const uint8_t *restrict x, int n) {
;   for (int i = 1; i < n; i++) y[i] = x[i] - x[i - 1] + 3 * y[i - 1];
; }
; long inu16(long *restrict y, const unsigned short *restrict x, int n) {
;   for (int i = 2; i < n; i++) y[i] = x[i] + y[i - 1] + y[i - 2];
;   return y[n - 1];
; }
; int inlast(int *restrict y, const int8_t *restrict x, int n) {
;   int t = 0;
;   for (int i = 1; i < n; i++) { t = x[i]; y[i] = t + 3 * y[i - 1]; }
;   return t;
; }

; REMARK: remark: {{.*}}replaced linear recurrence with a call to plr_run: signature (1: 1), type i32 (x i16), order 1; plan: check(x apart from y); ask(1 pass); call(1: 1) x->y{{$}}
; REMARK: remark: {{.*}}replaced linear recurrence with a call to plr_run: signature (1, -1: 3), type i32 (x u8), order 1
; REMARK: remark: {{.*}}replaced linear recurrence with a call to plr_run: signature (1: 1, 1), type i64 (x u16), order 2
; REMARK: remark: {{.*}}replaced linear recurrence with a call to plr_run: signature (1: 3), type i32 (x i8), order 1

; CHECK-LABEL: define {{.*}} @cv(
; CHECK: plr.call.abi:
; CHECK: [[XS:%.*]] = getelementptr i8, ptr %plr.data, i64 48
; CHECK-NEXT: store i32 3, ptr [[XS]]
; CHECK-NEXT: [[YS:%.*]] = getelementptr i8, ptr %plr.data, i64 52
; CHECK-NEXT: store i32 0, ptr [[YS]]
; CHECK-NOT: plrmap
; CHECK: call i32 @plr_run(

; CHECK-LABEL: define {{.*}} @in8fir(
; CHECK: [[XS:%.*]] = getelementptr i8, ptr %plr.data, i64 48
; CHECK-NEXT: store i32 2, ptr [[XS]]
; CHECK: plr.call.go:
; CHECK: %plr.x.wide = zext i8 %.pre to i32
; CHECK-NEXT: store i32 %plr.x.wide, ptr %plr.xhist
; CHECK: call i32 @plr_run(

; CHECK-LABEL: define {{.*}} @inu16(
; CHECK: store i32 1, ptr %plr.sig
; CHECK: [[XS:%.*]] = getelementptr i8, ptr %plr.data, i64 48
; CHECK-NEXT: store i32 4, ptr [[XS]]
; CHECK: call i32 @plr_run(

; CHECK-LABEL: define {{.*}} @inlast(
; CHECK: [[XS:%.*]] = getelementptr i8, ptr %plr.data, i64 48
; CHECK-NEXT: store i32 1, ptr [[XS]]
; CHECK: %plr.xlast = load i8, ptr
; CHECK-NEXT: %plr.x.wide = sext i8 %plr.xlast to i32
; CHECK: call i32 @plr_run(

define dso_local void @cv(ptr nocapture noundef %y, ptr nocapture noundef readonly %x, i32 noundef %n) local_unnamed_addr {
entry:
  %cmp10 = icmp sgt i32 %n, 1
  br i1 %cmp10, label %for.body.preheader, label %for.cond.cleanup

for.body.preheader:                               ; preds = %entry
  %wide.trip.count = zext nneg i32 %n to i64
  br label %for.body

for.cond.cleanup.loopexit:                        ; preds = %for.body
  br label %for.cond.cleanup

for.cond.cleanup:                                 ; preds = %for.cond.cleanup.loopexit, %entry
  ret void

for.body:                                         ; preds = %for.body.preheader, %for.body
  %indvars.iv = phi i64 [ 1, %for.body.preheader ], [ %indvars.iv.next, %for.body ]
  %arrayidx = getelementptr inbounds i16, ptr %x, i64 %indvars.iv
  %0 = load i16, ptr %arrayidx, align 2
  %conv = sext i16 %0 to i32
  %1 = getelementptr i32, ptr %y, i64 %indvars.iv
  %arrayidx2 = getelementptr i8, ptr %1, i64 -4
  %2 = load i32, ptr %arrayidx2, align 4
  %add = add nsw i32 %2, %conv
  store i32 %add, ptr %1, align 4
  %indvars.iv.next = add nuw nsw i64 %indvars.iv, 1
  %exitcond.not = icmp eq i64 %indvars.iv.next, %wide.trip.count
  br i1 %exitcond.not, label %for.cond.cleanup.loopexit, label %for.body
}

define dso_local void @in8fir(ptr noalias nocapture noundef %y, ptr noalias nocapture noundef readonly %x, i32 noundef %n) local_unnamed_addr {
entry:
  %cmp17 = icmp sgt i32 %n, 1
  br i1 %cmp17, label %for.body.preheader, label %for.cond.cleanup

for.body.preheader:                               ; preds = %entry
  %wide.trip.count = zext nneg i32 %n to i64
  %.pre = load i8, ptr %x, align 1
  %.pre21 = load i32, ptr %y, align 4
  br label %for.body

for.cond.cleanup.loopexit:                        ; preds = %for.body
  br label %for.cond.cleanup

for.cond.cleanup:                                 ; preds = %for.cond.cleanup.loopexit, %entry
  ret void

for.body:                                         ; preds = %for.body.preheader, %for.body
  %0 = phi i32 [ %.pre21, %for.body.preheader ], [ %add, %for.body ]
  %1 = phi i8 [ %.pre, %for.body.preheader ], [ %2, %for.body ]
  %indvars.iv = phi i64 [ 1, %for.body.preheader ], [ %indvars.iv.next, %for.body ]
  %arrayidx = getelementptr inbounds i8, ptr %x, i64 %indvars.iv
  %2 = load i8, ptr %arrayidx, align 1
  %conv = zext i8 %2 to i32
  %conv3 = zext i8 %1 to i32
  %sub4 = sub nsw i32 %conv, %conv3
  %mul = mul nsw i32 %0, 3
  %add = add nsw i32 %sub4, %mul
  %arrayidx9 = getelementptr inbounds i32, ptr %y, i64 %indvars.iv
  store i32 %add, ptr %arrayidx9, align 4
  %indvars.iv.next = add nuw nsw i64 %indvars.iv, 1
  %exitcond.not = icmp eq i64 %indvars.iv.next, %wide.trip.count
  br i1 %exitcond.not, label %for.cond.cleanup.loopexit, label %for.body
}

define dso_local i64 @inu16(ptr noalias nocapture noundef %y, ptr noalias nocapture noundef readonly %x, i32 noundef %n) local_unnamed_addr {
entry:
  %cmp21 = icmp sgt i32 %n, 2
  br i1 %cmp21, label %for.body.preheader, label %for.cond.cleanup

for.body.preheader:                               ; preds = %entry
  %wide.trip.count = zext nneg i32 %n to i64
  br label %for.body

for.cond.cleanup.loopexit:                        ; preds = %for.body
  br label %for.cond.cleanup

for.cond.cleanup:                                 ; preds = %for.cond.cleanup.loopexit, %entry
  %0 = sext i32 %n to i64
  %1 = getelementptr i64, ptr %y, i64 %0
  %arrayidx11 = getelementptr i8, ptr %1, i64 -8
  %2 = load i64, ptr %arrayidx11, align 8
  ret i64 %2

for.body:                                         ; preds = %for.body.preheader, %for.body
  %indvars.iv = phi i64 [ 2, %for.body.preheader ], [ %indvars.iv.next, %for.body ]
  %arrayidx = getelementptr inbounds i16, ptr %x, i64 %indvars.iv
  %3 = load i16, ptr %arrayidx, align 2
  %conv = zext i16 %3 to i64
  %4 = getelementptr i64, ptr %y, i64 %indvars.iv
  %arrayidx2 = getelementptr i8, ptr %4, i64 -8
  %5 = load i64, ptr %arrayidx2, align 8
  %add = add nsw i64 %5, %conv
  %arrayidx5 = getelementptr i8, ptr %4, i64 -16
  %6 = load i64, ptr %arrayidx5, align 8
  %add6 = add nsw i64 %add, %6
  store i64 %add6, ptr %4, align 8
  %indvars.iv.next = add nuw nsw i64 %indvars.iv, 1
  %exitcond.not = icmp eq i64 %indvars.iv.next, %wide.trip.count
  br i1 %exitcond.not, label %for.cond.cleanup.loopexit, label %for.body
}

define dso_local range(i32 -128, 128) i32 @inlast(ptr noalias nocapture noundef %y, ptr noalias nocapture noundef readonly %x, i32 noundef %n) local_unnamed_addr {
entry:
  %cmp11 = icmp sgt i32 %n, 1
  br i1 %cmp11, label %for.body.preheader, label %for.cond.cleanup

for.body.preheader:                               ; preds = %entry
  %wide.trip.count = zext nneg i32 %n to i64
  br label %for.body

for.cond.cleanup.loopexit:                        ; preds = %for.body
  %conv.lcssa = phi i32 [ %conv, %for.body ]
  br label %for.cond.cleanup

for.cond.cleanup:                                 ; preds = %for.cond.cleanup.loopexit, %entry
  %t.0.lcssa = phi i32 [ 0, %entry ], [ %conv.lcssa, %for.cond.cleanup.loopexit ]
  ret i32 %t.0.lcssa

for.body:                                         ; preds = %for.body.preheader, %for.body
  %indvars.iv = phi i64 [ 1, %for.body.preheader ], [ %indvars.iv.next, %for.body ]
  %arrayidx = getelementptr inbounds i8, ptr %x, i64 %indvars.iv
  %0 = load i8, ptr %arrayidx, align 1
  %conv = sext i8 %0 to i32
  %1 = getelementptr i32, ptr %y, i64 %indvars.iv
  %arrayidx2 = getelementptr i8, ptr %1, i64 -4
  %2 = load i32, ptr %arrayidx2, align 4
  %mul = mul nsw i32 %2, 3
  %add = add nsw i32 %mul, %conv
  store i32 %add, ptr %1, align 4
  %indvars.iv.next = add nuw nsw i64 %indvars.iv, 1
  %exitcond.not = icmp eq i64 %indvars.iv.next, %wide.trip.count
  br i1 %exitcond.not, label %for.cond.cleanup.loopexit, label %for.body
}
