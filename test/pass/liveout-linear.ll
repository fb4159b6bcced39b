; A value used after the loop that is a linear function of the last inputs and outputs: 3*y[n-2] + x[n-2],
; its x part read before the call, its y part from what the call leaves.
; REQUIRES: pass
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -S %s | %FileCheck %s
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -pass-remarks=plr -pass-remarks-missed=plr -disable-output %s 2>&1 | %FileCheck %s --check-prefix=REMARK
;
; Input: make-input.sh liveout-linear.c lo , from:
; int lo(int *y, const int *x, int n) {
;   int p = 0;
;   for (int i = 1; i < n; i++) { p = 3*y[i-1] + x[i-1]; y[i] = x[i] + p; }
;   return p;
; }

; REMARK: remark: {{.*}}replaced linear recurrence with a call to plr_run: signature (1, 1: 3), type i32, order 1
; CHECK: plr.call:
; CHECK: %plr.xlast = load i32
; CHECK: call i32 @plr_run
; CHECK: plr.done:
; CHECK: %plr.final = load i32

; Function Attrs: nofree norecurse nosync nounwind memory(argmem: readwrite) uwtable
define dso_local i32 @lo(ptr nocapture noundef %y, ptr nocapture noundef readonly %x, i32 noundef %n) local_unnamed_addr #0 {
entry:
  %cmp17 = icmp sgt i32 %n, 1
  br i1 %cmp17, label %for.body.preheader, label %for.cond.cleanup

for.body.preheader:                               ; preds = %entry
  %wide.trip.count = zext nneg i32 %n to i64
  %.pre = load i32, ptr %y, align 4, !tbaa !5
  %invariant.gep = getelementptr i8, ptr %x, i64 -4
  br label %for.body

for.cond.cleanup.loopexit:                        ; preds = %for.body
  %add.lcssa = phi i32 [ %add, %for.body ]
  br label %for.cond.cleanup

for.cond.cleanup:                                 ; preds = %for.cond.cleanup.loopexit, %entry
  %p.0.lcssa = phi i32 [ 0, %entry ], [ %add.lcssa, %for.cond.cleanup.loopexit ]
  ret i32 %p.0.lcssa

for.body:                                         ; preds = %for.body.preheader, %for.body
  %0 = phi i32 [ %.pre, %for.body.preheader ], [ %add6, %for.body ]
  %indvars.iv = phi i64 [ 1, %for.body.preheader ], [ %indvars.iv.next, %for.body ]
  %mul = mul nsw i32 %0, 3
  %gep = getelementptr i32, ptr %invariant.gep, i64 %indvars.iv
  %1 = load i32, ptr %gep, align 4, !tbaa !5
  %add = add nsw i32 %mul, %1
  %arrayidx5 = getelementptr inbounds i32, ptr %x, i64 %indvars.iv
  %2 = load i32, ptr %arrayidx5, align 4, !tbaa !5
  %add6 = add nsw i32 %2, %add
  %arrayidx8 = getelementptr inbounds i32, ptr %y, i64 %indvars.iv
  store i32 %add6, ptr %arrayidx8, align 4, !tbaa !5
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
