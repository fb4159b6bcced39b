; All coefficients are loop-invariant arguments.
; REQUIRES: pass
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -S %s | %FileCheck %s
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -pass-remarks=plr -pass-remarks-missed=plr -disable-output %s 2>&1 | %FileCheck %s --check-prefix=REMARK
;
; Input: make-input.sh args-i32.c lin , from:
; void lin(int *y, const int *x, int n, int c0, int c1, int b1, int b2) {
;   for (int i = 2; i < n; i++) y[i] = c0*x[i] + c1*x[i-1] + b1*y[i-1] + b2*y[i-2];
; }

; REMARK: remark: {{.*}}replaced linear recurrence with a call to plr_run: signature (c0, c1: b1, b2), type i32, order 2
; CHECK: sext i32 %b1 to i64
; CHECK: call i32 @plr_run

; Function Attrs: nofree norecurse nosync nounwind memory(argmem: readwrite) uwtable
define dso_local void @lin(ptr nocapture noundef %y, ptr nocapture noundef readonly %x, i32 noundef %n, i32 noundef %c0, i32 noundef %c1, i32 noundef %b1, i32 noundef %b2) local_unnamed_addr #0 {
entry:
  %cmp25 = icmp sgt i32 %n, 2
  br i1 %cmp25, label %for.body.preheader, label %for.cond.cleanup

for.body.preheader:                               ; preds = %entry
  %wide.trip.count = zext nneg i32 %n to i64
  %arrayidx6.phi.trans.insert = getelementptr inbounds i8, ptr %y, i64 4
  %.pre = load i32, ptr %arrayidx6.phi.trans.insert, align 4, !tbaa !5
  %invariant.gep = getelementptr i8, ptr %x, i64 -4
  br label %for.body

for.cond.cleanup.loopexit:                        ; preds = %for.body
  br label %for.cond.cleanup

for.cond.cleanup:                                 ; preds = %for.cond.cleanup.loopexit, %entry
  ret void

for.body:                                         ; preds = %for.body.preheader, %for.body
  %0 = phi i32 [ %.pre, %for.body.preheader ], [ %add13, %for.body ]
  %indvars.iv = phi i64 [ 2, %for.body.preheader ], [ %indvars.iv.next, %for.body ]
  %arrayidx = getelementptr inbounds i32, ptr %x, i64 %indvars.iv
  %1 = load i32, ptr %arrayidx, align 4, !tbaa !5
  %mul = mul nsw i32 %1, %c0
  %gep = getelementptr i32, ptr %invariant.gep, i64 %indvars.iv
  %2 = load i32, ptr %gep, align 4, !tbaa !5
  %mul3 = mul nsw i32 %2, %c1
  %add = add nsw i32 %mul3, %mul
  %mul7 = mul nsw i32 %0, %b1
  %add8 = add nsw i32 %add, %mul7
  %3 = getelementptr i32, ptr %y, i64 %indvars.iv
  %arrayidx11 = getelementptr i8, ptr %3, i64 -8
  %4 = load i32, ptr %arrayidx11, align 4, !tbaa !5
  %mul12 = mul nsw i32 %4, %b2
  %add13 = add nsw i32 %add8, %mul12
  store i32 %add13, ptr %3, align 4, !tbaa !5
  %indvars.iv.next = add nuw nsw i64 %indvars.iv, 1
  %exitcond.not = icmp eq i64 %indvars.iv.next, %wide.trip.count
  br i1 %exitcond.not, label %for.cond.cleanup.loopexit, label %for.body, !llvm.loop !9
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
