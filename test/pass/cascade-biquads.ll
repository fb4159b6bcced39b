; Two biquads in one loop: the first stage's output s is never stored. The runtime computes it into y,
; then the second stage in place.
; REQUIRES: pass
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -S %s | %FileCheck %s
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -pass-remarks=plr -pass-remarks-missed=plr -disable-output %s 2>&1 | %FileCheck %s --check-prefix=REMARK
;
; Input: make-input.sh cascade-biquads.c bq2 -ffast-math, from:
; void bq2(float *y, const float *x, long n, const float *c) {
;   float x1 = 0, x2 = 0, s1 = 0, s2 = 0, y1 = 0, y2 = 0;
;   float b0 = c[0], b1 = c[1], b2 = c[2], a1 = c[3], a2 = c[4];
;   float d0 = c[5], d1 = c[6], d2 = c[7], e1 = c[8], e2 = c[9];
;   for (long i = 0; i < n; i++) {
;     float xn = x[i];
;     float s = b0 * xn + b1 * x1 + b2 * x2 - a1 * s1 - a2 * s2;
;     float yn = d0 * s + d1 * s1 + d2 * s2 - e1 * y1 - e2 * y2;
;     x2 = x1, x1 = xn, s2 = s1, s1 = s, y2 = y1, y1 = yn;
;     y[i] = yn;
;   }
; }

; REMARK: remark: {{.*}}replaced linear recurrence with a call to plr_run: signature ({{.*}}) then ({{.*}}), type f32, order 2, a cascade of two recurrences (two calls)
; CHECK: %plr.status = call i32 @plr_run
; CHECK: plr.call2:
; CHECK: %plr.status2 = call i32 @plr_run

; Function Attrs: nofree norecurse nosync nounwind memory(argmem: readwrite) uwtable
define dso_local void @bq2(ptr nocapture noundef writeonly %y, ptr nocapture noundef readonly %x, i64 noundef %n, ptr nocapture noundef readonly %c) local_unnamed_addr #0 {
entry:
  %0 = load float, ptr %c, align 4, !tbaa !5
  %arrayidx1 = getelementptr inbounds i8, ptr %c, i64 4
  %1 = load float, ptr %arrayidx1, align 4, !tbaa !5
  %arrayidx2 = getelementptr inbounds i8, ptr %c, i64 8
  %2 = load float, ptr %arrayidx2, align 4, !tbaa !5
  %arrayidx3 = getelementptr inbounds i8, ptr %c, i64 12
  %3 = load float, ptr %arrayidx3, align 4, !tbaa !5
  %arrayidx4 = getelementptr inbounds i8, ptr %c, i64 16
  %4 = load float, ptr %arrayidx4, align 4, !tbaa !5
  %arrayidx5 = getelementptr inbounds i8, ptr %c, i64 20
  %5 = load float, ptr %arrayidx5, align 4, !tbaa !5
  %arrayidx6 = getelementptr inbounds i8, ptr %c, i64 24
  %6 = load float, ptr %arrayidx6, align 4, !tbaa !5
  %arrayidx7 = getelementptr inbounds i8, ptr %c, i64 28
  %7 = load float, ptr %arrayidx7, align 4, !tbaa !5
  %arrayidx8 = getelementptr inbounds i8, ptr %c, i64 32
  %8 = load float, ptr %arrayidx8, align 4, !tbaa !5
  %arrayidx9 = getelementptr inbounds i8, ptr %c, i64 36
  %9 = load float, ptr %arrayidx9, align 4, !tbaa !5
  %factor.op.fmul = fneg fast float %4
  %factor.op.fmul51 = fneg fast float %9
  %cmp53 = icmp sgt i64 %n, 0
  br i1 %cmp53, label %for.body.preheader, label %for.cond.cleanup

for.body.preheader:                               ; preds = %entry
  br label %for.body

for.cond.cleanup.loopexit:                        ; preds = %for.body
  br label %for.cond.cleanup

for.cond.cleanup:                                 ; preds = %for.cond.cleanup.loopexit, %entry
  ret void

for.body:                                         ; preds = %for.body.preheader, %for.body
  %x1.060 = phi float [ %10, %for.body ], [ 0.000000e+00, %for.body.preheader ]
  %x2.059 = phi float [ %x1.060, %for.body ], [ 0.000000e+00, %for.body.preheader ]
  %s1.058 = phi float [ %sub16, %for.body ], [ 0.000000e+00, %for.body.preheader ]
  %i.057 = phi i64 [ %inc, %for.body ], [ 0, %for.body.preheader ]
  %s2.056 = phi float [ %s1.058, %for.body ], [ 0.000000e+00, %for.body.preheader ]
  %y1.055 = phi float [ %sub25, %for.body ], [ 0.000000e+00, %for.body.preheader ]
  %y2.054 = phi float [ %y1.055, %for.body ], [ 0.000000e+00, %for.body.preheader ]
  %arrayidx10 = getelementptr inbounds float, ptr %x, i64 %i.057
  %10 = load float, ptr %arrayidx10, align 4, !tbaa !5
  %mul = fmul fast float %10, %0
  %mul11 = fmul fast float %x1.060, %1
  %mul12 = fmul fast float %x2.059, %2
  %mul15.neg.reass = fmul fast float %s2.056, %factor.op.fmul
  %11 = fmul fast float %3, %s1.058
  %reass.add = fsub fast float %mul15.neg.reass, %11
  %add = fadd fast float %mul11, %mul12
  %add13 = fadd fast float %add, %reass.add
  %sub16 = fadd fast float %add13, %mul
  %mul17 = fmul fast float %sub16, %5
  %mul18 = fmul fast float %s1.058, %6
  %mul20 = fmul fast float %s2.056, %7
  %mul24.neg.reass = fmul fast float %y2.054, %factor.op.fmul51
  %12 = fmul fast float %8, %y1.055
  %reass.add48 = fsub fast float %mul24.neg.reass, %12
  %add19 = fadd fast float %mul18, %mul20
  %add21 = fadd fast float %add19, %reass.add48
  %sub25 = fadd fast float %add21, %mul17
  %arrayidx26 = getelementptr inbounds float, ptr %y, i64 %i.057
  store float %sub25, ptr %arrayidx26, align 4, !tbaa !5
  %inc = add nuw nsw i64 %i.057, 1
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
