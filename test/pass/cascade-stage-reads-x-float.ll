; The float form: e1 = 0.5*e1 + 0.5*x[i] + 1.5*e0' with e0 = 0.25*x[i] + 0.75*e0'. x[i] is rewritten over
; stage 0 (0.5/0.25 = 2, exact), and the e0' taps cancel: (0.25: 0.75) then (2: 0.5), two calls.
; REQUIRES: pass
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -S %s | %FileCheck %s
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -pass-remarks=plr -pass-remarks-missed=plr -disable-output %s 2>&1 | %FileCheck %s --check-prefix=REMARK
;
; Input: make-input.sh fc.c flxc -ffast-math , from:
; void flxc(float *y, const float *x, long n, float *s) {
;   float e0 = s[0], e1 = s[1];
;   for (long i = 0; i < n; i++) {
;     float e0n = 0.25f * x[i] + 0.75f * e0;
;     e1 = 0.5f * e1 + 0.5f * x[i] + 1.5f * e0;
;     e0 = e0n; y[i] = e1;
;   }
;   s[0] = e0;
; }

; REMARK: remark: {{.*}}replaced linear recurrence with a call to plr_run: signature (0.25: 0.75) then (2: 0.5), type f32, order 1, a cascade of two recurrences (two calls)
; CHECK: br i1 %{{.*}}, label %plr.outlined, label %plr.fallback
; CHECK: plr.outlined:
; CHECK: %targetBlock = call i1 @flxc.plr.call(
; CHECK: plr.fallback:
; CHECK-LABEL: define internal i1 @flxc.plr.call(
; CHECK: call i32 @plr_run
; CHECK: call i32 @plr_run

; Function Attrs: nofree norecurse nosync nounwind memory(argmem: readwrite) uwtable
define dso_local void @flxc(ptr nocapture noundef writeonly %y, ptr nocapture noundef readonly %x, i64 noundef %n, ptr nocapture noundef %s) local_unnamed_addr #0 {
entry:
  %0 = load float, ptr %s, align 4, !tbaa !5
  %cmp22 = icmp sgt i64 %n, 0
  br i1 %cmp22, label %for.body.preheader, label %for.cond.cleanup

for.body.preheader:                               ; preds = %entry
  %arrayidx1 = getelementptr inbounds i8, ptr %s, i64 4
  %1 = load float, ptr %arrayidx1, align 4, !tbaa !5
  br label %for.body

for.cond.cleanup.loopexit:                        ; preds = %for.body
  %add.lcssa = phi float [ %add, %for.body ]
  br label %for.cond.cleanup

for.cond.cleanup:                                 ; preds = %for.cond.cleanup.loopexit, %entry
  %e0.0.lcssa = phi float [ %0, %entry ], [ %add.lcssa, %for.cond.cleanup.loopexit ]
  store float %e0.0.lcssa, ptr %s, align 4, !tbaa !5
  ret void

for.body:                                         ; preds = %for.body.preheader, %for.body
  %e0.025 = phi float [ %add, %for.body ], [ %0, %for.body.preheader ]
  %i.024 = phi i64 [ %inc, %for.body ], [ 0, %for.body.preheader ]
  %e1.023 = phi float [ %add9, %for.body ], [ %1, %for.body.preheader ]
  %arrayidx2 = getelementptr inbounds float, ptr %x, i64 %i.024
  %2 = load float, ptr %arrayidx2, align 4, !tbaa !5
  %mul = fmul fast float %2, 2.500000e-01
  %mul3 = fmul fast float %e0.025, 7.500000e-01
  %add = fadd fast float %mul, %mul3
  %3 = fadd fast float %2, %e1.023
  %add7 = fmul fast float %3, 5.000000e-01
  %mul8 = fmul fast float %e0.025, 1.500000e+00
  %add9 = fadd fast float %add7, %mul8
  %arrayidx10 = getelementptr inbounds float, ptr %y, i64 %i.024
  store float %add9, ptr %arrayidx10, align 4, !tbaa !5
  %inc = add nuw nsw i64 %i.024, 1
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
