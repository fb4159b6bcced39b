; Recurrences over int16 elements, which clang computes in i16 (the source
; computes in int and truncates on the store; InstCombine narrows it): one
; call with the signature in i32 (type 0) and x_store = y_store = i16 (3)
; at plr_data's offsets 48 and 52; the start of a state widened into
; y_init (sext), its final value read back from y_final truncated.
; REQUIRES: pass
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -S %s | %FileCheck %s
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -pass-remarks=plr -pass-remarks-missed=plr -disable-output %s 2>&1 | %FileCheck %s --check-prefix=REMARK
;
; Input: make-input.sh narrow-i16.c (clang -O2, at vectorizer start), from:
; short acc16(short *restrict y, const short *restrict x, int n, short s0) {
;   short s = s0;
;   for (int i = 0; i < n; i++) { s += x[i]; y[i] = s; }
;   return s;
; }
; void second16(unsigned short *restrict y, const unsigned short *restrict x, int n) {
;   for (int i = 2; i < n; i++) y[i] = (unsigned short)(x[i] + 3 * y[i - 1] - 7 * y[i - 2]);
; }

; REMARK: remark: {{.*}}replaced linear recurrence with a call to plr_run: signature (1: 1), type i16 (computed in i32), order 1
; REMARK: remark: {{.*}}replaced linear recurrence with a call to plr_run: signature (1: 3, -7), type i16 (computed in i32), order 2

; CHECK-LABEL: define {{.*}} @acc16(
; CHECK: br i1 %{{.*}}, label %plr.outlined, label %plr.fallback
; CHECK: plr.outlined:
; CHECK: %targetBlock = call i1 @acc16.plr.call(
; CHECK: plr.fallback:
; CHECK: phi i16 [ %add, %for.body ], [ %plr.narrow.reload, %plr.outlined ]
; CHECK-LABEL: define internal i1 @acc16.plr.call(
; CHECK: %plr.yfinal = alloca [1 x i32]
; CHECK: %plr.yinit = alloca [1 x i32]
; CHECK: plr.call:
; CHECK: [[XS:%.*]] = getelementptr i8, ptr %plr.data, i64 48
; CHECK-NEXT: store i32 3, ptr [[XS]]
; CHECK-NEXT: [[YS:%.*]] = getelementptr i8, ptr %plr.data, i64 52
; CHECK-NEXT: store i32 3, ptr [[YS]]
; CHECK: %plr.wide = sext i16 %s0 to i32
; CHECK-NEXT: store i32 %plr.wide, ptr %plr.yinit
; CHECK: call i32 @plr_run(
; CHECK: %plr.final = load i32, ptr
; CHECK-NEXT: %plr.narrow = trunc i32 %plr.final to i16

; y[i-1] and y[i-2] from memory, as i16 loads, widened
; CHECK-LABEL: define {{.*}} @second16(
; CHECK: br i1 %{{.*}}, label %plr.outlined, label %plr.fallback
; CHECK: plr.outlined:
; CHECK: %targetBlock = call i1 @second16.plr.call(
; CHECK: plr.fallback:
; CHECK-LABEL: define internal i1 @second16.plr.call(
; CHECK: plr.call:
; CHECK: store i32 3, ptr
; CHECK: %plr.hist = load i16, ptr {{.*}}, align 2
; CHECK-NEXT: %plr.wide = sext i16 %plr.hist to i32
; CHECK: store i32 %plr.wide, ptr
; CHECK: %plr.hist2 = load i16, ptr {{.*}}, align 2
; CHECK-NEXT: %plr.wide3 = sext i16 %plr.hist2 to i32
; CHECK-NEXT: store i32 %plr.wide3, ptr %plr.yinit
; CHECK: call i32 @plr_run(


; Function Attrs: nofree norecurse nosync nounwind memory(argmem: readwrite) uwtable
define dso_local signext i16 @acc16(ptr noalias nocapture noundef writeonly %y, ptr noalias nocapture noundef readonly %x, i32 noundef %n, i16 noundef signext %s0) local_unnamed_addr #0 {
entry:
  %cmp10 = icmp sgt i32 %n, 0
  br i1 %cmp10, label %for.body.preheader, label %for.cond.cleanup

for.body.preheader:                               ; preds = %entry
  %wide.trip.count = zext nneg i32 %n to i64
  br label %for.body

for.cond.cleanup.loopexit:                        ; preds = %for.body
  %add.lcssa = phi i16 [ %add, %for.body ]
  br label %for.cond.cleanup

for.cond.cleanup:                                 ; preds = %for.cond.cleanup.loopexit, %entry
  %s.0.lcssa = phi i16 [ %s0, %entry ], [ %add.lcssa, %for.cond.cleanup.loopexit ]
  ret i16 %s.0.lcssa

for.body:                                         ; preds = %for.body.preheader, %for.body
  %indvars.iv = phi i64 [ 0, %for.body.preheader ], [ %indvars.iv.next, %for.body ]
  %s.011 = phi i16 [ %s0, %for.body.preheader ], [ %add, %for.body ]
  %arrayidx = getelementptr inbounds i16, ptr %x, i64 %indvars.iv
  %0 = load i16, ptr %arrayidx, align 2, !tbaa !5
  %add = add i16 %0, %s.011
  %arrayidx4 = getelementptr inbounds i16, ptr %y, i64 %indvars.iv
  store i16 %add, ptr %arrayidx4, align 2, !tbaa !5
  %indvars.iv.next = add nuw nsw i64 %indvars.iv, 1
  %exitcond.not = icmp eq i64 %indvars.iv.next, %wide.trip.count
  br i1 %exitcond.not, label %for.cond.cleanup.loopexit, label %for.body, !llvm.loop !9
}

; Function Attrs: nofree norecurse nosync nounwind memory(argmem: readwrite) uwtable
define dso_local void @second16(ptr noalias nocapture noundef %y, ptr noalias nocapture noundef readonly %x, i32 noundef %n) local_unnamed_addr #0 {
entry:
  %cmp20 = icmp sgt i32 %n, 2
  br i1 %cmp20, label %for.body.preheader, label %for.cond.cleanup

for.body.preheader:                               ; preds = %entry
  %wide.trip.count = zext nneg i32 %n to i64
  br label %for.body

for.cond.cleanup:                                 ; preds = %for.body, %entry
  ret void

for.body:                                         ; preds = %for.body.preheader, %for.body
  %indvars.iv = phi i64 [ 2, %for.body.preheader ], [ %indvars.iv.next, %for.body ]
  %arrayidx = getelementptr inbounds i16, ptr %x, i64 %indvars.iv
  %0 = load i16, ptr %arrayidx, align 2, !tbaa !5
  %1 = getelementptr i16, ptr %y, i64 %indvars.iv
  %arrayidx2 = getelementptr i8, ptr %1, i64 -2
  %2 = load i16, ptr %arrayidx2, align 2, !tbaa !5
  %mul = mul i16 %2, 3
  %add = add i16 %mul, %0
  %arrayidx6 = getelementptr i8, ptr %1, i64 -4
  %3 = load i16, ptr %arrayidx6, align 2, !tbaa !5
  %mul8.neg = mul i16 %3, -7
  %sub9 = add i16 %add, %mul8.neg
  store i16 %sub9, ptr %1, align 2, !tbaa !5
  %indvars.iv.next = add nuw nsw i64 %indvars.iv, 1
  %exitcond.not = icmp eq i64 %indvars.iv.next, %wide.trip.count
  br i1 %exitcond.not, label %for.cond.cleanup, label %for.body, !llvm.loop !11
}

attributes #0 = { nofree norecurse nosync nounwind memory(argmem: readwrite) uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }


!0 = !{i32 1, !"wchar_size", i32 4}
!1 = !{i32 8, !"PIC Level", i32 2}
!2 = !{i32 7, !"PIE Level", i32 2}
!3 = !{i32 7, !"uwtable", i32 2}
!4 = !{!"Debian clang version 19.1.7 (3~deb12u1)"}
!5 = !{!6, !6, i64 0}
!6 = !{!"short", !7, i64 0}
!7 = !{!"omnipotent char", !8, i64 0}
!8 = !{!"Simple C/C++ TBAA"}
!9 = distinct !{!9, !10}
!10 = !{!"llvm.loop.mustprogress"}
!11 = distinct !{!11, !10}
