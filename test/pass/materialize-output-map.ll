; A rolling sum over a run-time window, divided by it: the input term (two loads a run-time distance
; apart) is materialized into o by a clone that stores the state's input term (not its map), the
; runtime runs the sum in place, a map loop divides.
; REQUIRES: pass
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -S %s | %FileCheck %s
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -pass-remarks=plr -disable-output %s 2>&1 | %FileCheck %s --check-prefix=REMARK
; REMARK: remark: {{.*}}replaced linear recurrence with a call to plr_run: signature (1: 1), type f32, order 1, input term materialized by a map, output an elementwise map of the state
; The clone (before the call) stores the difference of the two loads, without the division.
; CHECK: plr.call.go:
; CHECK: %sub3.plrmap = fsub fast float
; CHECK-NEXT: %add4.plrmap = fadd fast float %sub3.plrmap, 0.0
; CHECK: store float %add4.plrmap
; CHECK: %plr.status = call i32 @plr_run(
; CHECK: plr.map:
; CHECK: fdiv fast float %plr.state
;
; Input: make-input.sh box.c box -ffast-math, from:
; void box(float *o, const float *I, long n, long D) {
;   float sum = 0;
;   for (long t = 1; t < n; t++) {
;     sum += I[t + D - 1] - I[t - 1];
;     o[t] = sum / D;
;   }
; }


; Function Attrs: nofree norecurse nosync nounwind memory(argmem: readwrite) uwtable
define dso_local void @box(ptr nocapture noundef writeonly %o, ptr nocapture noundef readonly %I, i64 noundef %n, i64 noundef %D) local_unnamed_addr #0 {
entry:
  %cmp13 = icmp sgt i64 %n, 1
  br i1 %cmp13, label %for.body.lr.ph, label %for.cond.cleanup

for.body.lr.ph:                                   ; preds = %entry
  %conv = sitofp i64 %D to float
  br label %for.body

for.cond.cleanup.loopexit:                        ; preds = %for.body
  br label %for.cond.cleanup

for.cond.cleanup:                                 ; preds = %for.cond.cleanup.loopexit, %entry
  ret void

for.body:                                         ; preds = %for.body.lr.ph, %for.body
  %t.015 = phi i64 [ 1, %for.body.lr.ph ], [ %inc, %for.body ]
  %sum.014 = phi float [ 0.000000e+00, %for.body.lr.ph ], [ %add4, %for.body ]
  %0 = getelementptr float, ptr %I, i64 %t.015
  %1 = getelementptr float, ptr %0, i64 %D
  %arrayidx = getelementptr i8, ptr %1, i64 -4
  %2 = load float, ptr %arrayidx, align 4, !tbaa !5
  %arrayidx2 = getelementptr i8, ptr %0, i64 -4
  %3 = load float, ptr %arrayidx2, align 4, !tbaa !5
  %sub3 = fsub fast float %2, %3
  %add4 = fadd fast float %sub3, %sum.014
  %4 = fdiv fast float %add4, %conv
  %arrayidx5 = getelementptr inbounds float, ptr %o, i64 %t.015
  store float %4, ptr %arrayidx5, align 4, !tbaa !5
  %inc = add nuw nsw i64 %t.015, 1
  %exitcond.not = icmp eq i64 %inc, %n
  br i1 %exitcond.not, label %for.cond.cleanup.loopexit, label %for.body, !llvm.loop !9
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
