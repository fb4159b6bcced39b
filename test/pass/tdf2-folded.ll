; A transposed direct form II whose output coefficient on the first state is -1 (a1 = 1): InstCombine
; substitutes v = 2*x[i] + z1 into z1 = -2*x[i] - v + z2 and folds it to z1 = z2 - (4*x[i] + z1), a state
; that reaches itself. The output reads it back (z1 = y[i] - 2*x[i] at every iteration, exact in
; integers), so z1 is the transposed state z2 - 2*x[i] - y[i] one step later and the loop is the plain
; recurrence (2, -2, b2: -1, -a2). From zero states one call with zero histories; from states loaded
; before the loop the first two outputs are computed before the call (the loop's own instructions, the
; folded ones included), and the states saved after the loop are read back from the last inputs and
; outputs (z1 = -4*x[n-1] + z2 - z1 over the delayed forms). A later state that InstCombine reduced to a
; copy of z1 (its input terms cancel) reads z1 back through the output the same way.
; REQUIRES: pass
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -S %s | %FileCheck %s
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -pass-remarks=plr -pass-remarks-missed=plr -disable-output %s 2>&1 | %FileCheck %s --check-prefix=REMARK
;
; Input: make-input.sh tdf2-folded.c tdf2f_zero, from:
; struct ist { int z1, z2; };
; void tdf2f_zero(int *restrict y, const int *restrict x, int n) {
;   int z1 = 0, z2 = 0;
;   for (int i = 0; i < n; i++) {
;     int v = 2 * x[i] + z1;
;     z1 = -2 * x[i] - v + z2;
;     z2 = 3 * x[i] + 5 * v;
;     y[i] = v;
;   }
; }
; void tdf2f_state(struct ist *s, int *y, const int *x, int n, int b2, int a2) {
;   int z1 = s->z1, z2 = s->z2;
;   for (int i = 0; i < n; i++) {
;     int v = 2 * x[i] + z1;
;     z1 = -2 * x[i] - v + z2;
;     z2 = b2 * x[i] - a2 * v;
;     y[i] = v;
;   }
;   s->z1 = z1;
;   s->z2 = z2;
; }
; void tdf2f_copy(int *restrict y, const int *restrict x, int n) {
;   int z1 = 0, z2 = 0;
;   for (int i = 0; i < n; i++) {
;     int v = -2 * x[i] + z1;
;     z1 = 3 * x[i] - 4 * v + z2;
;     z2 = 2 * x[i] + v;
;     y[i] = v;
;   }
; }

; REMARK: remark: {{.*}}replaced linear recurrence with a call to plr_run: signature (2, -2, 3: -1, 5), type i32, order 2, transposed states (direct form II transposed), from zero
; REMARK: remark: {{.*}}replaced linear recurrence with a call to plr_run: signature (2, -2, b2: -1, -a2), type i32, order 2, transposed states (direct form II transposed): the first outputs computed before the call from the states' start
; REMARK: remark: {{.*}}replaced linear recurrence with a call to plr_run: signature (-2, 3, 2: -4, 1), type i32, order 2, transposed states (direct form II transposed), from zero
; REMARK-NOT: not replaced

; The folded update as clang leaves it: the state reaches itself.
; CHECK-LABEL: define dso_local void @tdf2f_zero(
; CHECK: br i1 %{{.*}}, label %plr.outlined, label %plr.fallback
; CHECK: plr.outlined:
; CHECK: %targetBlock = call i1 @tdf2f_zero.plr.call(
; CHECK: plr.fallback:
; CHECK: %[[Z1:.*]] = phi i32 [ 0, %plr.fallback ], [ %add4, %for.body ]
; CHECK: %[[T:.*]] = add i32 %{{.*}}, %[[Z1]]
; CHECK-NEXT: %add4 = sub i32 %z2.022, %[[T]]
; CHECK-LABEL: define internal i1 @tdf2f_zero.plr.call(
; CHECK: plr.call.go:
; CHECK-NOT: plr.peel
; CHECK: store i32 0, ptr %plr.yinit
; CHECK: call i32 @plr_run

; Loaded states: y[0] = 2*x[0] + z1 and y[1] = 2*x[1] + (z2 - (4*x[0] + z1)) before the call, stored once
; it succeeds; z1 after the loop from -4*x[n-1] (its x part, read before the call).
; CHECK-LABEL: define dso_local void @tdf2f_state(
; CHECK: %[[S1:.*]] = load i32, ptr %s
; CHECK: %[[S2:.*]] = load i32, ptr %z2
; CHECK: br i1 %{{.*}}, label %plr.outlined, label %plr.fallback
; CHECK: plr.outlined:
; CHECK: %targetBlock = call i1 @tdf2f_state.plr.call(
; CHECK: plr.fallback:
; CHECK-LABEL: define internal i1 @tdf2f_state.plr.call(
; CHECK: plr.call.go:
; CHECK: %plr.peel.x = load i32
; CHECK-NEXT: %plr.peel = shl nsw i32 %plr.peel.x, 1
; CHECK-NEXT: %[[Y0:.*]] = add nsw i32 %plr.peel, %[[S1]]
; CHECK: %plr.peel4 = shl i32 %plr.peel.x, 2
; CHECK-NEXT: %plr.peel5 = add i32 %plr.peel4, %[[S1]]
; CHECK-NEXT: %plr.peel6 = sub i32 %[[S2]], %plr.peel5
; CHECK-NEXT: %[[Y1:.*]] = add nsw i32 %plr.peel3, %plr.peel6
; CHECK: store i32 %[[Y1]], ptr
; CHECK-NEXT: store i32 %[[Y0]], ptr %plr.yinit
; CHECK: %plr.xlast = load i32
; CHECK-NEXT: %plr.st = mul i32 -4, %plr.xlast
; CHECK: call i32 @plr_run
; CHECK: store i32 %[[Y0]]
; CHECK: store i32 %[[Y1]]

; The second state's input terms cancel (2*x[i] + v over v = -2*x[i] + z1): z2 is a copy of z1's phi,
; read while z1 is being resolved, so it is z1 read back through the output (y[i] + 2*x[i]) one step later.
; CHECK-LABEL: define dso_local void @tdf2f_copy(
; CHECK: br i1 %{{.*}}, label %plr.outlined, label %plr.fallback
; CHECK: plr.outlined:
; CHECK: %targetBlock = call i1 @tdf2f_copy.plr.call(
; CHECK: plr.fallback:
; CHECK: %z2.022 = phi i32 [ 0, %plr.fallback ], [ %z1.024, %for.body ]
; CHECK-LABEL: define internal i1 @tdf2f_copy.plr.call(
; CHECK: call i32 @plr_run


; Function Attrs: nofree norecurse nosync nounwind memory(argmem: readwrite) uwtable
define dso_local void @tdf2f_zero(ptr noalias nocapture noundef writeonly %y, ptr noalias nocapture noundef readonly %x, i32 noundef %n) local_unnamed_addr #0 {
entry:
  %cmp21 = icmp sgt i32 %n, 0
  br i1 %cmp21, label %for.body.preheader, label %for.cond.cleanup

for.body.preheader:                               ; preds = %entry
  %wide.trip.count = zext nneg i32 %n to i64
  br label %for.body

for.cond.cleanup.loopexit:                        ; preds = %for.body
  br label %for.cond.cleanup

for.cond.cleanup:                                 ; preds = %for.cond.cleanup.loopexit, %entry
  ret void

for.body:                                         ; preds = %for.body.preheader, %for.body
  %indvars.iv = phi i64 [ 0, %for.body.preheader ], [ %indvars.iv.next, %for.body ]
  %z1.024 = phi i32 [ 0, %for.body.preheader ], [ %add4, %for.body ]
  %z2.022 = phi i32 [ 0, %for.body.preheader ], [ %add9, %for.body ]
  %arrayidx = getelementptr inbounds i32, ptr %x, i64 %indvars.iv
  %0 = load i32, ptr %arrayidx, align 4, !tbaa !5
  %mul = shl nsw i32 %0, 1
  %add = add nsw i32 %mul, %z1.024
  %1 = shl i32 %0, 2
  %2 = add i32 %1, %z1.024
  %add4 = sub i32 %z2.022, %2
  %mul7 = mul nsw i32 %0, 3
  %mul8 = mul nsw i32 %add, 5
  %add9 = add nsw i32 %mul8, %mul7
  %arrayidx11 = getelementptr inbounds i32, ptr %y, i64 %indvars.iv
  store i32 %add, ptr %arrayidx11, align 4, !tbaa !5
  %indvars.iv.next = add nuw nsw i64 %indvars.iv, 1
  %exitcond.not = icmp eq i64 %indvars.iv.next, %wide.trip.count
  br i1 %exitcond.not, label %for.cond.cleanup.loopexit, label %for.body, !llvm.loop !9
}

; Function Attrs: nofree norecurse nosync nounwind memory(argmem: readwrite) uwtable
define dso_local void @tdf2f_state(ptr nocapture noundef %s, ptr nocapture noundef writeonly %y, ptr nocapture noundef readonly %x, i32 noundef %n, i32 noundef %b2, i32 noundef %a2) local_unnamed_addr #0 {
entry:
  %0 = load i32, ptr %s, align 4, !tbaa !11
  %z22 = getelementptr inbounds i8, ptr %s, i64 4
  %1 = load i32, ptr %z22, align 4, !tbaa !13
  %cmp30 = icmp sgt i32 %n, 0
  br i1 %cmp30, label %for.body.preheader, label %for.cond.cleanup

for.body.preheader:                               ; preds = %entry
  %wide.trip.count = zext nneg i32 %n to i64
  br label %for.body

for.cond.cleanup:                                 ; preds = %for.body, %entry
  %z2.0.lcssa = phi i32 [ %1, %entry ], [ %sub11, %for.body ]
  %z1.0.lcssa = phi i32 [ %0, %entry ], [ %add6, %for.body ]
  store i32 %z1.0.lcssa, ptr %s, align 4, !tbaa !11
  store i32 %z2.0.lcssa, ptr %z22, align 4, !tbaa !13
  ret void

for.body:                                         ; preds = %for.body.preheader, %for.body
  %indvars.iv = phi i64 [ 0, %for.body.preheader ], [ %indvars.iv.next, %for.body ]
  %z1.033 = phi i32 [ %0, %for.body.preheader ], [ %add6, %for.body ]
  %z2.031 = phi i32 [ %1, %for.body.preheader ], [ %sub11, %for.body ]
  %arrayidx = getelementptr inbounds i32, ptr %x, i64 %indvars.iv
  %2 = load i32, ptr %arrayidx, align 4, !tbaa !5
  %mul = shl nsw i32 %2, 1
  %add = add nsw i32 %mul, %z1.033
  %3 = shl i32 %2, 2
  %4 = add i32 %3, %z1.033
  %add6 = sub i32 %z2.031, %4
  %mul9 = mul nsw i32 %2, %b2
  %mul10 = mul nsw i32 %add, %a2
  %sub11 = sub nsw i32 %mul9, %mul10
  %arrayidx13 = getelementptr inbounds i32, ptr %y, i64 %indvars.iv
  store i32 %add, ptr %arrayidx13, align 4, !tbaa !5
  %indvars.iv.next = add nuw nsw i64 %indvars.iv, 1
  %exitcond.not = icmp eq i64 %indvars.iv.next, %wide.trip.count
  br i1 %exitcond.not, label %for.cond.cleanup, label %for.body, !llvm.loop !14
}

; Function Attrs: nofree norecurse nosync nounwind memory(argmem: readwrite) uwtable
define dso_local void @tdf2f_copy(ptr noalias nocapture noundef writeonly %y, ptr noalias nocapture noundef readonly %x, i32 noundef %n) local_unnamed_addr #0 {
entry:
  %cmp21 = icmp sgt i32 %n, 0
  br i1 %cmp21, label %for.body.preheader, label %for.cond.cleanup

for.body.preheader:                               ; preds = %entry
  %wide.trip.count = zext nneg i32 %n to i64
  br label %for.body

for.cond.cleanup:                                 ; preds = %for.body, %entry
  ret void

for.body:                                         ; preds = %for.body.preheader, %for.body
  %indvars.iv = phi i64 [ 0, %for.body.preheader ], [ %indvars.iv.next, %for.body ]
  %z1.024 = phi i32 [ 0, %for.body.preheader ], [ %add5, %for.body ]
  %z2.022 = phi i32 [ 0, %for.body.preheader ], [ %z1.024, %for.body ]
  %arrayidx = getelementptr inbounds i32, ptr %x, i64 %indvars.iv
  %0 = load i32, ptr %arrayidx, align 4, !tbaa !5
  %1 = shl i32 %0, 1
  %add = sub i32 %z1.024, %1
  %mul3 = mul nsw i32 %0, 3
  %sub = add i32 %mul3, %z2.022
  %2 = shl i32 %add, 2
  %add5 = sub i32 %sub, %2
  %arrayidx11 = getelementptr inbounds i32, ptr %y, i64 %indvars.iv
  store i32 %add, ptr %arrayidx11, align 4, !tbaa !5
  %indvars.iv.next = add nuw nsw i64 %indvars.iv, 1
  %exitcond.not = icmp eq i64 %indvars.iv.next, %wide.trip.count
  br i1 %exitcond.not, label %for.cond.cleanup, label %for.body, !llvm.loop !15
}

attributes #0 = { nofree norecurse nosync nounwind memory(argmem: readwrite) uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }


!0 = !{i32 1, !"wchar_size", i32 4}
!1 = !{i32 8, !"PIC Level", i32 2}
!2 = !{i32 7, !"PIE Level", i32 2}
!3 = !{i32 7, !"uwtable", i32 2}
!4 = !{!"Debian clang version 19.1.7 (3~deb12u1)"}
!5 = !{!6, !6, i64 0}
!6 = !{!"int", !7, i64 0}
!7 = !{!"omnipotent char", !8, i64 0}
!8 = !{!"Simple C/C++ TBAA"}
!9 = distinct !{!9, !10}
!10 = !{!"llvm.loop.mustprogress"}
!11 = !{!12, !6, i64 0}
!12 = !{!"ist", !6, i64 0, !6, i64 4}
!13 = !{!12, !6, i64 4}
!14 = distinct !{!14, !10}
!15 = distinct !{!15, !10}
