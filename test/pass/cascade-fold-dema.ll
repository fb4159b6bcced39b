; A double EMA whose output combines both stages (y = 2*e1 - e2, e2 an EMA of e1): e2 is folded into the
; output, a first-order recurrence (2 - a, -2(1 - a) : 1 - a) over e1. One call computes e1 into y; the
; first two outputs (K + F - 1) are computed from e1 in y and e2's initial state; one call does the rest in
; place, with that real history (e1's last value before it saved first).
; REQUIRES: pass
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -S %s | %FileCheck %s
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -pass-remarks=plr -pass-remarks-missed=plr -disable-output %s 2>&1 | %FileCheck %s --check-prefix=MISSED
;
; Input: make-input.sh cascade-fold-dema.c dema -ffast-math, from:
; void dema(float *y, const float *x, long n, float a) {
;   float s1 = 0, s2 = 0;
;   for (long i = 0; i < n; i++) { s1 += a * (x[i] - s1); s2 += a * (s1 - s2); y[i] = 2 * s1 - s2; }
; }

; MISSED: remark: {{.*}}replaced linear recurrence with a call to plr_run: signature (a: 1 - a) then (a: 1 - a) then (2 - a, -2*(1 - a): 1 - a) (the last: the output over stage 1), type f32, order 1, an output combining stages 1..2 of a cascade of 2, folded into one recurrence over stage 1 (two calls)
; MISSED-NOT: not replaced
; CHECK: %plr.status = call i32 @plr_run
; CHECK-NEXT: icmp eq i32 %plr.status, 0
; CHECK-NEXT: br i1 %{{.*}}, label %plr.fold, label %plr.fallback
; CHECK: plr.fold:
; e1[0], e1[1] from y; e1[1] saved as the folded call's input history, then y[0], y[1] overwritten
; CHECK: %plr.s = load float
; CHECK: %plr.s2 = load float
; CHECK: store float %plr.s2, ptr %plr.xhist.fold
; CHECK: store float
; CHECK: store float %[[Y1:[a-z0-9.]+]], ptr
; CHECK: store float %[[Y1]], ptr %plr.yinit.fold
; CHECK: sub i64 %n, 2
; CHECK: %plr.status.fold = call i32 @plr_run
; CHECK: br i1 %{{.*}}, label %plr.done, label %plr.fallback

; Function Attrs: nofree norecurse nosync nounwind memory(argmem: readwrite) uwtable
define dso_local void @dema(ptr nocapture noundef writeonly %y, ptr nocapture noundef readonly %x, i64 noundef %n, float noundef nofpclass(nan inf) %a) local_unnamed_addr #0 {
entry:
  %cmp16 = icmp sgt i64 %n, 0
  br i1 %cmp16, label %for.body.preheader, label %for.cond.cleanup

for.body.preheader:                               ; preds = %entry
  br label %for.body

for.cond.cleanup.loopexit:                        ; preds = %for.body
  br label %for.cond.cleanup

for.cond.cleanup:                                 ; preds = %for.cond.cleanup.loopexit, %entry
  ret void

for.body:                                         ; preds = %for.body.preheader, %for.body
  %i.019 = phi i64 [ %inc, %for.body ], [ 0, %for.body.preheader ]
  %s2.018 = phi float [ %add3, %for.body ], [ 0.000000e+00, %for.body.preheader ]
  %s1.017 = phi float [ %add, %for.body ], [ 0.000000e+00, %for.body.preheader ]
  %arrayidx = getelementptr inbounds float, ptr %x, i64 %i.019
  %0 = load float, ptr %arrayidx, align 4, !tbaa !5
  %sub = fsub fast float %0, %s1.017
  %mul = fmul fast float %sub, %a
  %add = fadd fast float %mul, %s1.017
  %sub1 = fsub fast float %add, %s2.018
  %mul2 = fmul fast float %sub1, %a
  %add3 = fadd fast float %mul2, %s2.018
  %mul4 = fmul fast float %add, 2.000000e+00
  %sub5 = fsub fast float %mul4, %add3
  %arrayidx6 = getelementptr inbounds float, ptr %y, i64 %i.019
  store float %sub5, ptr %arrayidx6, align 4, !tbaa !5
  %inc = add nuw nsw i64 %i.019, 1
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
