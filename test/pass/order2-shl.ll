; Second-order prefix sum; 2*y[i-1] arrives as a shift.
; REQUIRES: pass
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -S %s | %FileCheck %s
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -pass-remarks=plr -pass-remarks-missed=plr -disable-output %s 2>&1 | %FileCheck %s --check-prefix=REMARK
;
; Input: make-input.sh order2-shl.c order2 , from:
; void order2(long *y, const long *x, int n) {
;   for (int i = 2; i < n; i++) y[i] = x[i] + 2*y[i-1] - y[i-2];
; }

; REMARK: remark: {{.*}}replaced linear recurrence with a call to plr_run: signature (1: 2, -1), type i64, order 2
; CHECK: br i1 %{{.*}}, label %plr.outlined, label %plr.fallback
; CHECK: plr.outlined:
; CHECK: %targetBlock = call i1 @order2.plr.call(
; CHECK: plr.fallback:
; CHECK-LABEL: define internal i1 @order2.plr.call(
; CHECK: plr.call:
; CHECK: store i32 1, ptr %plr.sig
; CHECK: store i64 2, ptr
; CHECK: store i64 -1, ptr
; CHECK: call i32 @plr_run(ptr {{.*}}%plr.sig, ptr {{.*}}%plr.data)

; Function Attrs: nofree norecurse nosync nounwind memory(argmem: readwrite) uwtable
define dso_local void @order2(ptr nocapture noundef %y, ptr nocapture noundef readonly %x, i32 noundef %n) local_unnamed_addr #0 {
entry:
  %cmp16 = icmp sgt i32 %n, 2
  br i1 %cmp16, label %for.body.preheader, label %for.cond.cleanup

for.body.preheader:                               ; preds = %entry
  %wide.trip.count = zext nneg i32 %n to i64
  br label %for.body

for.cond.cleanup.loopexit:                        ; preds = %for.body
  br label %for.cond.cleanup

for.cond.cleanup:                                 ; preds = %for.cond.cleanup.loopexit, %entry
  ret void

for.body:                                         ; preds = %for.body.preheader, %for.body
  %indvars.iv = phi i64 [ 2, %for.body.preheader ], [ %indvars.iv.next, %for.body ]
  %arrayidx = getelementptr inbounds i64, ptr %x, i64 %indvars.iv
  %0 = load i64, ptr %arrayidx, align 8, !tbaa !5
  %1 = getelementptr i64, ptr %y, i64 %indvars.iv
  %arrayidx2 = getelementptr i8, ptr %1, i64 -8
  %2 = load i64, ptr %arrayidx2, align 8, !tbaa !5
  %mul = shl nsw i64 %2, 1
  %add = add nsw i64 %mul, %0
  %arrayidx5 = getelementptr i8, ptr %1, i64 -16
  %3 = load i64, ptr %arrayidx5, align 8, !tbaa !5
  %sub6 = sub i64 %add, %3
  store i64 %sub6, ptr %1, align 8, !tbaa !5
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
!6 = !{!"long", !7, i64 0}
!7 = !{!"omnipotent char", !8, i64 0}
!8 = !{!"Simple C/C++ TBAA"}
!9 = distinct !{!9, !10}
!10 = !{!"llvm.loop.mustprogress"}
