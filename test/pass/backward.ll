; A loop counting down (y[i] = x[i] + b*y[i+1], i from n-2 to 0): a backward sequence, element 0 at
; the highest address, which plr_run_many takes with stride -1.
; REQUIRES: pass
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -S %s | %FileCheck %s
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -pass-remarks=plr -disable-output %s 2>&1 | %FileCheck %s --check-prefix=REMARK
; REMARK: remark: {{.*}}replaced linear recurrence with a call to plr_run_many: signature (1: b), type f32, order 1, layout: y stride -1, x stride -1 (backward)
; CHECK: store i64 -1
; The history y[-1] (y[n-1] in memory) is read one step above element 0.
; CHECK: %[[H:[0-9]+]] = getelementptr i8, ptr %{{.*}}, i64 4
; CHECK-NEXT: %plr.hist = load float, ptr %[[H]]
; CHECK: %plr.status = call i32 @plr_run_many(
;
; Input: make-input.sh down.c down -ffast-math, from:
; void down(float *y, const float *x, int n, float b) {
;   for (int i = n - 2; i >= 0; i--) y[i] = x[i] + b * y[i + 1];
; }


; Function Attrs: nofree norecurse nosync nounwind memory(argmem: readwrite) uwtable
define dso_local void @down(ptr nocapture noundef %y, ptr nocapture noundef readonly %x, i32 noundef %n, float noundef nofpclass(nan inf) %b) local_unnamed_addr #0 {
entry:
  %cmp11 = icmp sgt i32 %n, 1
  br i1 %cmp11, label %for.body.preheader, label %for.cond.cleanup

for.body.preheader:                               ; preds = %entry
  %sub = add nsw i32 %n, -2
  %0 = zext nneg i32 %sub to i64
  br label %for.body

for.cond.cleanup.loopexit:                        ; preds = %for.body
  br label %for.cond.cleanup

for.cond.cleanup:                                 ; preds = %for.cond.cleanup.loopexit, %entry
  ret void

for.body:                                         ; preds = %for.body.preheader, %for.body
  %indvars.iv = phi i64 [ %0, %for.body.preheader ], [ %indvars.iv.next, %for.body ]
  %arrayidx = getelementptr inbounds float, ptr %x, i64 %indvars.iv
  %1 = load float, ptr %arrayidx, align 4, !tbaa !5
  %2 = getelementptr inbounds float, ptr %y, i64 %indvars.iv
  %arrayidx2 = getelementptr inbounds i8, ptr %2, i64 4
  %3 = load float, ptr %arrayidx2, align 4, !tbaa !5
  %mul = fmul fast float %3, %b
  %add3 = fadd fast float %mul, %1
  store float %add3, ptr %2, align 4, !tbaa !5
  %indvars.iv.next = add nsw i64 %indvars.iv, -1
  %cmp.not = icmp eq i64 %indvars.iv, 0
  br i1 %cmp.not, label %for.cond.cleanup.loopexit, label %for.body, !llvm.loop !9
}

attributes #0 = { nofree norecurse nosync nounwind memory(argmem: readwrite) uwtable "approx-func-fp-math"="true" "min-legal-vector-width"="0" "no-infs-fp-math"="true" "no-nans-fp-math"="true" "no-signed-zeros-fp-math"="true" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" "unsafe-fp-math"="true" }


!0 = !{i32 1, !"wchar_size", i32 4}
!1 = !{i32 8, !"PIC Level", i32 2}
!2 = !{i32 7, !"PIE Level", i32 2}
!3 = !{i32 7, !"uwtable", i32 2}
!4 = !{!"Debian clang version 19.1.7 (3~deb12u1)"}
!5 = !{!6, !6, i64 0}
!6 = !{!"float", !7, i64 0}
!7 = !{!"omnipotent char", !8, i64 0}
!8 = !{!"Simple C/C++ TBAA"}
!9 = distinct !{!9, !10}
!10 = !{!"llvm.loop.mustprogress"}
