; The reasons a loop over int16 elements is not replaced: a shape other
; than one plain call or one call and an output map, Narrow: here
; transposed states (which clang keeps in i16). Beside it, s >> 1 of a
; short state that clang keeps in int (re-extended in place and truncated
; on the store), once refused as an output map over a state stored
; converted, is now read with the conversion as part of the map: the
; state in i32, its low 16 bits stored in y's slots (y i16), the map over
; them.
; REQUIRES: pass
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -pass-remarks=plr -pass-remarks-missed=plr -pass-remarks-output=%t.yaml -disable-output %s 2>&1 | %FileCheck %s
; RUN: %FileCheck %s --check-prefix=YAML < %t.yaml
;
; Input: make-input.sh reject-narrow.c, from:
; void halfsum16(short *restrict y, const short *restrict x, int n) {
;   short s = 0;
;   for (int i = 0; i < n; i++) { s += x[i]; y[i] = (short)(s >> 1); }
; }
; void tdf2_16(short *restrict y, const short *restrict x, int n) {
;   short z1 = 0, z2 = 0;
;   for (int i = 0; i < n; i++) {
;     short v = (short)(x[i] + z1);
;     z1 = (short)(2 * x[i] - 3 * v + z2);
;     z2 = (short)(x[i] - 5 * v);
;     y[i] = v;
;   }
; }

; CHECK: remark: {{.*}}replaced linear recurrence with a call to plr_run: signature (1: 1), type i32 (x u16, y i16), order 1, output an elementwise map of the state into i16
; CHECK: remark: {{.*}}recurrence not replaced: a recurrence held in another type than it is computed in (8- or 16-bit elements, a state stored truncated or rounded, inputs widened) is replaced only as one plain call, or as one call and an output map of a state not stored converted (in a buffer of its own when wider than the output); not as a cascade
; YAML: Name: Narrow
; YAML: Function: tdf2_16


; Function Attrs: nofree norecurse nosync nounwind memory(argmem: readwrite) uwtable
define dso_local void @halfsum16(ptr noalias nocapture noundef writeonly %y, ptr noalias nocapture noundef readonly %x, i32 noundef %n) local_unnamed_addr #0 {
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
  %arrayidx = getelementptr inbounds i16, ptr %x, i64 %indvars.iv
  %0 = load i16, ptr %arrayidx, align 2, !tbaa !5
  %conv16 = zext i16 %0 to i32
  %sext = shl i32 %s.013, 16
  %conv1 = ashr exact i32 %sext, 16
  %add = add nsw i32 %conv1, %conv16
  %sext11 = shl i32 %add, 16
  %shr = ashr i32 %sext11, 17
  %conv4 = trunc nsw i32 %shr to i16
  %arrayidx6 = getelementptr inbounds i16, ptr %y, i64 %indvars.iv
  store i16 %conv4, ptr %arrayidx6, align 2, !tbaa !5
  %indvars.iv.next = add nuw nsw i64 %indvars.iv, 1
  %exitcond.not = icmp eq i64 %indvars.iv.next, %wide.trip.count
  br i1 %exitcond.not, label %for.cond.cleanup.loopexit, label %for.body, !llvm.loop !9
}

; Function Attrs: nofree norecurse nosync nounwind memory(argmem: readwrite) uwtable
define dso_local void @tdf2_16(ptr noalias nocapture noundef writeonly %y, ptr noalias nocapture noundef readonly %x, i32 noundef %n) local_unnamed_addr #0 {
entry:
  %cmp29 = icmp sgt i32 %n, 0
  br i1 %cmp29, label %for.body.preheader, label %for.cond.cleanup

for.body.preheader:                               ; preds = %entry
  %wide.trip.count = zext nneg i32 %n to i64
  br label %for.body

for.cond.cleanup:                                 ; preds = %for.body, %entry
  ret void

for.body:                                         ; preds = %for.body.preheader, %for.body
  %indvars.iv = phi i64 [ 0, %for.body.preheader ], [ %indvars.iv.next, %for.body ]
  %z1.032 = phi i16 [ 0, %for.body.preheader ], [ %add9, %for.body ]
  %z2.030 = phi i16 [ 0, %for.body.preheader ], [ %sub16, %for.body ]
  %arrayidx = getelementptr inbounds i16, ptr %x, i64 %indvars.iv
  %0 = load i16, ptr %arrayidx, align 2, !tbaa !5
  %add = add i16 %0, %z1.032
  %mul = shl i16 %0, 1
  %mul7.neg = mul i16 %add, -3
  %sub = add i16 %mul, %z2.030
  %add9 = add i16 %sub, %mul7.neg
  %mul15.neg = mul i16 %add, -5
  %sub16 = add i16 %mul15.neg, %0
  %arrayidx19 = getelementptr inbounds i16, ptr %y, i64 %indvars.iv
  store i16 %add, ptr %arrayidx19, align 2, !tbaa !5
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
