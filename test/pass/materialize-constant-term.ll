; An invariant addend is part of the materialized input term.
; REQUIRES: pass
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -S %s | %FileCheck %s
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -pass-remarks=plr -pass-remarks-missed=plr -disable-output %s 2>&1 | %FileCheck %s --check-prefix=REMARK
;
; Input: make-input.sh materialize-constant-term.c ct , from:
; void ct(int *y, const int *x, int n) {
;   for (int i = 1; i < n; i++) y[i] = x[i] + 5 + y[i-1];
; }

; REMARK: remark: {{.*}}replaced linear recurrence with a call to plr_run: signature (1: 1), type i32, order 1, input term materialized by a map
; CHECK: br i1 %{{.*}}, label %plr.outlined, label %plr.fallback
; CHECK: plr.outlined:
; CHECK: %targetBlock = call i1 @ct.plr.call(
; CHECK: plr.fallback:
; CHECK-LABEL: define internal i1 @ct.plr.call(
; CHECK: plr.call:
; CHECK: .plrmap:
; CHECK: plr.call.run:
; CHECK: call i32 @plr_run

; Function Attrs: nofree norecurse nosync nounwind memory(argmem: readwrite) uwtable
define dso_local void @ct(ptr nocapture noundef %y, ptr nocapture noundef readonly %x, i32 noundef %n) local_unnamed_addr #0 {
entry:
  %cmp11 = icmp sgt i32 %n, 1
  br i1 %cmp11, label %for.body.preheader, label %for.cond.cleanup

for.body.preheader:                               ; preds = %entry
  %wide.trip.count = zext nneg i32 %n to i64
  br label %for.body

for.cond.cleanup.loopexit:                        ; preds = %for.body
  br label %for.cond.cleanup

for.cond.cleanup:                                 ; preds = %for.cond.cleanup.loopexit, %entry
  ret void

for.body:                                         ; preds = %for.body.preheader, %for.body
  %indvars.iv = phi i64 [ 1, %for.body.preheader ], [ %indvars.iv.next, %for.body ]
  %arrayidx = getelementptr inbounds i32, ptr %x, i64 %indvars.iv
  %0 = load i32, ptr %arrayidx, align 4, !tbaa !5
  %add = add nsw i32 %0, 5
  %1 = getelementptr i32, ptr %y, i64 %indvars.iv
  %arrayidx2 = getelementptr i8, ptr %1, i64 -4
  %2 = load i32, ptr %arrayidx2, align 4, !tbaa !5
  %add3 = add nsw i32 %add, %2
  store i32 %add3, ptr %1, align 4, !tbaa !5
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
