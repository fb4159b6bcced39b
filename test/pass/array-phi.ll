; Array form after LoopLoadElimination: y[i-1] carried in a phi whose initial value is y[0].
; REQUIRES: pass
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -S %s | %FileCheck %s
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -pass-remarks=plr -pass-remarks-missed=plr -disable-output %s 2>&1 | %FileCheck %s --check-prefix=REMARK
;
; Input: make-input.sh array-phi.c prefix  (PHASE=final), from:
; void prefix(int *restrict y, const int *restrict x, long n) {
;   for (long i = 1; i < n; i++) y[i] = x[i] + y[i-1];
; }

; REMARK: remark: {{.*}}replaced linear recurrence with a call to plr_run: signature (1: 1), type i32, order 1
; CHECK: br i1 %{{.*}}, label %plr.outlined, label %plr.fallback
; CHECK: plr.outlined:
; CHECK-NEXT: call i1 @prefix.plr.call(
; CHECK: plr.fallback:
; CHECK-LABEL: define internal i1 @prefix.plr.call(
; CHECK: plr.call:
; CHECK: call i32 @plr_run(ptr {{.*}}%plr.sig, ptr {{.*}}%plr.data)

; Function Attrs: nofree norecurse nosync nounwind memory(argmem: readwrite) uwtable
define dso_local void @prefix(ptr noalias nocapture noundef %y, ptr noalias nocapture noundef readonly %x, i64 noundef %n) local_unnamed_addr #0 {
entry:
  %cmp8 = icmp sgt i64 %n, 1
  br i1 %cmp8, label %for.body.preheader, label %for.cond.cleanup

for.body.preheader:                               ; preds = %entry
  %load_initial = load i32, ptr %y, align 4
  br label %for.body

for.cond.cleanup:                                 ; preds = %for.body, %entry
  ret void

for.body:                                         ; preds = %for.body.preheader, %for.body
  %store_forwarded = phi i32 [ %load_initial, %for.body.preheader ], [ %add, %for.body ]
  %i.09 = phi i64 [ 1, %for.body.preheader ], [ %inc, %for.body ]
  %arrayidx = getelementptr inbounds i32, ptr %x, i64 %i.09
  %0 = load i32, ptr %arrayidx, align 4, !tbaa !5
  %1 = getelementptr i32, ptr %y, i64 %i.09
  %add = add nsw i32 %store_forwarded, %0
  store i32 %add, ptr %1, align 4, !tbaa !5
  %inc = add nuw nsw i64 %i.09, 1
  %exitcond.not = icmp eq i64 %inc, %n
  br i1 %exitcond.not, label %for.cond.cleanup, label %for.body, !llvm.loop !9
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
!9 = distinct !{!9, !10, !11}
!10 = !{!"llvm.loop.mustprogress"}
!11 = !{!"llvm.loop.unroll.disable"}
