; An int8 recurrence with an input tap x[i-1] from memory and a
; coefficient from a parameter: i8 (1) storage, the x history widened, the
; coefficient sign-extended into the signature's i64 slot.
; REQUIRES: pass
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -S %s | %FileCheck %s
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -pass-remarks=plr -disable-output %s 2>&1 | %FileCheck %s --check-prefix=REMARK
;
; Input: make-input.sh narrow-i8-fir.c, from:
; void fir8(int8_t *restrict y, const int8_t *restrict x, int8_t c, int n) {
;   for (int i = 1; i < n; i++) y[i] = (int8_t)(x[i] - x[i - 1] + c * y[i - 1]);
; }

; REMARK: remark: {{.*}}replaced linear recurrence with a call to plr_run: signature (1, -1: c), type i8 (computed in i32), order 1

; CHECK: %plr.xhist = alloca [1 x i32]
; CHECK: plr.call:
; CHECK: sext i8 %c to i64
; CHECK: store i32 1, ptr
; CHECK: store i32 1, ptr
; (y[0] and x[0], which the loop's phis carry in from before it)
; CHECK: %plr.wide = sext i8 {{.*}} to i32
; CHECK-NEXT: store i32 %plr.wide, ptr %plr.yinit
; CHECK-NEXT: %plr.wide2 = sext i8 {{.*}} to i32
; CHECK-NEXT: store i32 %plr.wide2, ptr %plr.xhist
; CHECK: call i32 @plr_run(


; Function Attrs: nofree norecurse nosync nounwind memory(argmem: readwrite) uwtable
define dso_local void @fir8(ptr noalias nocapture noundef %y, ptr noalias nocapture noundef readonly %x, i8 noundef signext %c, i32 noundef %n) local_unnamed_addr #0 {
entry:
  %cmp20 = icmp sgt i32 %n, 1
  br i1 %cmp20, label %for.body.preheader, label %for.cond.cleanup

for.body.preheader:                               ; preds = %entry
  %wide.trip.count = zext nneg i32 %n to i64
  %.pre = load i8, ptr %x, align 1, !tbaa !5
  %.pre24 = load i8, ptr %y, align 1, !tbaa !5
  br label %for.body

for.cond.cleanup.loopexit:                        ; preds = %for.body
  br label %for.cond.cleanup

for.cond.cleanup:                                 ; preds = %for.cond.cleanup.loopexit, %entry
  ret void

for.body:                                         ; preds = %for.body.preheader, %for.body
  %0 = phi i8 [ %.pre24, %for.body.preheader ], [ %add, %for.body ]
  %1 = phi i8 [ %.pre, %for.body.preheader ], [ %2, %for.body ]
  %indvars.iv = phi i64 [ 1, %for.body.preheader ], [ %indvars.iv.next, %for.body ]
  %arrayidx = getelementptr inbounds i8, ptr %x, i64 %indvars.iv
  %2 = load i8, ptr %arrayidx, align 1, !tbaa !5
  %sub4 = sub i8 %2, %1
  %mul = mul i8 %0, %c
  %add = add i8 %sub4, %mul
  %arrayidx12 = getelementptr inbounds i8, ptr %y, i64 %indvars.iv
  store i8 %add, ptr %arrayidx12, align 1, !tbaa !5
  %indvars.iv.next = add nuw nsw i64 %indvars.iv, 1
  %exitcond.not = icmp eq i64 %indvars.iv.next, %wide.trip.count
  br i1 %exitcond.not, label %for.cond.cleanup.loopexit, label %for.body, !llvm.loop !8
}

attributes #0 = { nofree norecurse nosync nounwind memory(argmem: readwrite) uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }


!0 = !{i32 1, !"wchar_size", i32 4}
!1 = !{i32 8, !"PIC Level", i32 2}
!2 = !{i32 7, !"PIE Level", i32 2}
!3 = !{i32 7, !"uwtable", i32 2}
!4 = !{!"Debian clang version 19.1.7 (3~deb12u1)"}
!5 = !{!6, !6, i64 0}
!6 = !{!"omnipotent char", !7, i64 0}
!7 = !{!"Simple C/C++ TBAA"}
!8 = distinct !{!8, !9}
!9 = !{!"llvm.loop.mustprogress"}
