; REQUIRES: pass
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -S %s | %FileCheck %s
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -pass-remarks=plr -pass-remarks-missed=plr -disable-output %s 2>&1 | %FileCheck %s --check-prefix=MISSED
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -pass-remarks-output=%t.yaml -disable-output %s
; RUN: %FileCheck %s --check-prefix=YAML < %t.yaml
;
; Input: make-input.sh reject-early-exit.c ee , from:
; void ee(int *y, const int *x, int n) {
;   for (int i = 1; i < n; i++) { if (x[i] < 0) break; y[i] = x[i] + y[i-1]; }
; }

; The break is a second exit: the loop's shape (LoopShape), not its trip
; count, is the reason.
; MISSED: remark: <unknown>:0:0: recurrence not replaced: the loop is not in simple form (one preheader, one latch that is its only exit){{$}}
; YAML: --- !Missed
; YAML-NEXT: Pass: plr
; YAML-NEXT: Name: LoopShape
; YAML-NEXT: Function: ee
; YAML-NEXT: Args:
; YAML-NEXT: - String: 'recurrence not replaced: '
; YAML-NEXT: - Reason: 'the loop is not in simple form (one preheader, one latch that is its only exit)'
; YAML-NEXT: ...
; CHECK-NOT: plr_run
; MISSED-NOT: remark: {{.*}}replaced linear

; Function Attrs: nofree norecurse nosync nounwind memory(argmem: readwrite) uwtable
define dso_local void @ee(ptr nocapture noundef %y, ptr nocapture noundef readonly %x, i32 noundef %n) local_unnamed_addr #0 {
entry:
  %cmp15 = icmp sgt i32 %n, 1
  br i1 %cmp15, label %for.body.preheader, label %cleanup

for.body.preheader:                               ; preds = %entry
  %wide.trip.count = zext nneg i32 %n to i64
  br label %for.body

for.body:                                         ; preds = %for.body.preheader, %if.end
  %indvars.iv = phi i64 [ 1, %for.body.preheader ], [ %indvars.iv.next, %if.end ]
  %arrayidx = getelementptr inbounds i32, ptr %x, i64 %indvars.iv
  %0 = load i32, ptr %arrayidx, align 4, !tbaa !5
  %cmp1 = icmp slt i32 %0, 0
  br i1 %cmp1, label %cleanup.loopexit, label %if.end

if.end:                                           ; preds = %for.body
  %1 = getelementptr i32, ptr %y, i64 %indvars.iv
  %arrayidx5 = getelementptr i8, ptr %1, i64 -4
  %2 = load i32, ptr %arrayidx5, align 4, !tbaa !5
  %add = add nsw i32 %2, %0
  store i32 %add, ptr %1, align 4, !tbaa !5
  %indvars.iv.next = add nuw nsw i64 %indvars.iv, 1
  %exitcond.not = icmp eq i64 %indvars.iv.next, %wide.trip.count
  br i1 %exitcond.not, label %cleanup.loopexit, label %for.body, !llvm.loop !9

cleanup.loopexit:                                 ; preds = %for.body, %if.end
  br label %cleanup

cleanup:                                          ; preds = %cleanup.loopexit, %entry
  ret void
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
