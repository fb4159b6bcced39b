; Output as an elementwise map of the state (rolling-sum mean, Howes et al. Listing 1): the runtime computes sum, a map loop divides.
; REQUIRES: pass
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -S %s | %FileCheck %s
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -pass-remarks=plr -pass-remarks-missed=plr -disable-output %s 2>&1 | %FileCheck %s --check-prefix=REMARK
;
; Input: make-input.sh output-map.c imean , from:
; #define D 5
; void imean(int *O, const int *I, int n) {
;   int sum = 0;
;   for (int t = 1; t < n; t++) {
;     sum += I[t + D - 1] - I[t - 1];
;     O[t] = sum / D;
;   }
; }

; REMARK: remark: {{.*}}replaced linear recurrence with a call to plr_run: signature (1, 0, 0, 0, 0, -1: 1), type i32, order 1, output an elementwise map of the state
; CHECK: call i32 @plr_run
; CHECK: plr.map:
; CHECK: %plr.state = load i32
; CHECK: sdiv i32 %plr.state, 5
; CHECK: br i1 %{{.*}}, label %plr.map.done, label %plr.map

; Function Attrs: nofree norecurse nosync nounwind memory(argmem: readwrite) uwtable
define dso_local void @imean(ptr nocapture noundef writeonly %O, ptr nocapture noundef readonly %I, i32 noundef %n) local_unnamed_addr #0 {
entry:
  %cmp14 = icmp sgt i32 %n, 1
  br i1 %cmp14, label %for.body.preheader, label %for.cond.cleanup

for.body.preheader:                               ; preds = %entry
  %wide.trip.count = zext nneg i32 %n to i64
  br label %for.body

for.cond.cleanup.loopexit:                        ; preds = %for.body
  br label %for.cond.cleanup

for.cond.cleanup:                                 ; preds = %for.cond.cleanup.loopexit, %entry
  ret void

for.body:                                         ; preds = %for.body.preheader, %for.body
  %indvars.iv = phi i64 [ 1, %for.body.preheader ], [ %indvars.iv.next, %for.body ]
  %sum.015 = phi i32 [ 0, %for.body.preheader ], [ %add5, %for.body ]
  %0 = getelementptr inbounds i32, ptr %I, i64 %indvars.iv
  %arrayidx = getelementptr inbounds i8, ptr %0, i64 16
  %1 = load i32, ptr %arrayidx, align 4, !tbaa !5
  %arrayidx3 = getelementptr i8, ptr %0, i64 -4
  %2 = load i32, ptr %arrayidx3, align 4, !tbaa !5
  %sub4 = sub nsw i32 %1, %2
  %add5 = add nsw i32 %sub4, %sum.015
  %div = sdiv i32 %add5, 5
  %arrayidx7 = getelementptr inbounds i32, ptr %O, i64 %indvars.iv
  store i32 %div, ptr %arrayidx7, align 4, !tbaa !5
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
