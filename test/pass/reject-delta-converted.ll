; A difference of converted inputs (an 8-bit delta coder, libsndfile's xi.c
; s2dsc_array): the carried value only delays the input, so nothing the loop
; stores is fed back. The conversion met first (short >> 8 to char) is not
; the reason: the remark says the store does not depend on earlier outputs.
; REQUIRES: pass
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -S %s | %FileCheck %s
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -pass-remarks=plr -pass-remarks-missed=plr -disable-output %s 2>&1 | %FileCheck %s --check-prefix=MISSED
;
; Input: make-input.sh rdc.c delta8, from:
; signed char delta8(signed char prev, const short *src, signed char *dest, int n) {
;   for (int k = 0; k < n; k++) {
;     signed char cur = src[k] >> 8;
;     dest[k] = cur - prev;
;     prev = cur;
;   }
;   return prev;
; }
; MISSED: remark: {{.*}}recurrence not replaced: the stored value does not depend on earlier outputs after simplification
; MISSED-NOT: element type
; MISSED-NOT: replaced linear
; CHECK-NOT: plr_run

; Function Attrs: nofree norecurse nosync nounwind memory(argmem: readwrite) uwtable
define dso_local signext i8 @delta8(i8 noundef signext %prev, ptr nocapture noundef readonly %src, ptr nocapture noundef writeonly %dest, i32 noundef %n) local_unnamed_addr #0 {
entry:
  %cmp12 = icmp sgt i32 %n, 0
  br i1 %cmp12, label %for.body.preheader, label %for.cond.cleanup

for.body.preheader:                               ; preds = %entry
  %wide.trip.count = zext nneg i32 %n to i64
  br label %for.body

for.cond.cleanup.loopexit:                        ; preds = %for.body
  %conv1.lcssa = phi i8 [ %conv1, %for.body ]
  br label %for.cond.cleanup

for.cond.cleanup:                                 ; preds = %for.cond.cleanup.loopexit, %entry
  %prev.addr.0.lcssa = phi i8 [ %prev, %entry ], [ %conv1.lcssa, %for.cond.cleanup.loopexit ]
  ret i8 %prev.addr.0.lcssa

for.body:                                         ; preds = %for.body.preheader, %for.body
  %indvars.iv = phi i64 [ 0, %for.body.preheader ], [ %indvars.iv.next, %for.body ]
  %prev.addr.014 = phi i8 [ %prev, %for.body.preheader ], [ %conv1, %for.body ]
  %arrayidx = getelementptr inbounds i16, ptr %src, i64 %indvars.iv
  %0 = load i16, ptr %arrayidx, align 2, !tbaa !5
  %1 = lshr i16 %0, 8
  %conv1 = trunc nuw i16 %1 to i8
  %sub = sub i8 %conv1, %prev.addr.014
  %arrayidx6 = getelementptr inbounds i8, ptr %dest, i64 %indvars.iv
  store i8 %sub, ptr %arrayidx6, align 1, !tbaa !9
  %indvars.iv.next = add nuw nsw i64 %indvars.iv, 1
  %exitcond.not = icmp eq i64 %indvars.iv.next, %wide.trip.count
  br i1 %exitcond.not, label %for.cond.cleanup.loopexit, label %for.body, !llvm.loop !10
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
!9 = !{!7, !7, i64 0}
!10 = distinct !{!10, !11}
!11 = !{!"llvm.loop.mustprogress"}
