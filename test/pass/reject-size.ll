; An output map that reads 17 arrays (out[i] = g * (a0[i] + ... + a16[i])): more than the 16 a map
; may read (PLR_MAX_MAP_LOADS); the same with 16 is taken (output-map-loads.ll takes two).
; REQUIRES: pass
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -S %s | %FileCheck %s
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -pass-remarks-missed=plr -disable-output %s 2>&1 | %FileCheck %s --check-prefix=MISSED
; MISSED: remark: {{.*}}recurrence not replaced: the loop is too large to analyze
; CHECK-NOT: plr_run
;
; Input: make-input.sh manymaps.c manymaps -ffast-math, from:
; void manymaps(float *out, const float *t, const float *a0, const float *a1, const float *a2, const float *a3, const float *a4, const float *a5, const float *a6, const float *a7, const float *a8, const float *a9, const float *a10, const float *a11, const float *a12, const float *a13, const float *a14, const float *a15, const float *a16, float a, long n) {
;   float g = 0;
;   for (long i = 0; i < n; i++) { g = a * g + t[i]; out[i] = g * (a0[i] + a1[i] + a2[i] + a3[i] + a4[i] + a5[i] + a6[i] + a7[i] + a8[i] + a9[i] + a10[i] + a11[i] + a12[i] + a13[i] + a14[i] + a15[i] + a16[i]); }
; }


; Function Attrs: nofree norecurse nosync nounwind memory(argmem: readwrite) uwtable
define dso_local void @manymaps(ptr nocapture noundef writeonly %out, ptr nocapture noundef readonly %t, ptr nocapture noundef readonly %a0, ptr nocapture noundef readonly %a1, ptr nocapture noundef readonly %a2, ptr nocapture noundef readonly %a3, ptr nocapture noundef readonly %a4, ptr nocapture noundef readonly %a5, ptr nocapture noundef readonly %a6, ptr nocapture noundef readonly %a7, ptr nocapture noundef readonly %a8, ptr nocapture noundef readonly %a9, ptr nocapture noundef readonly %a10, ptr nocapture noundef readonly %a11, ptr nocapture noundef readonly %a12, ptr nocapture noundef readonly %a13, ptr nocapture noundef readonly %a14, ptr nocapture noundef readonly %a15, ptr nocapture noundef readonly %a16, float noundef nofpclass(nan inf) %a, i64 noundef %n) local_unnamed_addr #0 {
entry:
  %cmp57 = icmp sgt i64 %n, 0
  br i1 %cmp57, label %for.body.preheader, label %for.cond.cleanup

for.body.preheader:                               ; preds = %entry
  br label %for.body

for.cond.cleanup.loopexit:                        ; preds = %for.body
  br label %for.cond.cleanup

for.cond.cleanup:                                 ; preds = %for.cond.cleanup.loopexit, %entry
  ret void

for.body:                                         ; preds = %for.body.preheader, %for.body
  %i.059 = phi i64 [ %inc, %for.body ], [ 0, %for.body.preheader ]
  %g.058 = phi float [ %add, %for.body ], [ 0.000000e+00, %for.body.preheader ]
  %mul = fmul fast float %g.058, %a
  %arrayidx = getelementptr inbounds float, ptr %t, i64 %i.059
  %0 = load float, ptr %arrayidx, align 4, !tbaa !5
  %add = fadd fast float %0, %mul
  %arrayidx1 = getelementptr inbounds float, ptr %a0, i64 %i.059
  %1 = load float, ptr %arrayidx1, align 4, !tbaa !5
  %arrayidx2 = getelementptr inbounds float, ptr %a1, i64 %i.059
  %2 = load float, ptr %arrayidx2, align 4, !tbaa !5
  %add3 = fadd fast float %2, %1
  %arrayidx4 = getelementptr inbounds float, ptr %a2, i64 %i.059
  %3 = load float, ptr %arrayidx4, align 4, !tbaa !5
  %add5 = fadd fast float %add3, %3
  %arrayidx6 = getelementptr inbounds float, ptr %a3, i64 %i.059
  %4 = load float, ptr %arrayidx6, align 4, !tbaa !5
  %add7 = fadd fast float %add5, %4
  %arrayidx8 = getelementptr inbounds float, ptr %a4, i64 %i.059
  %5 = load float, ptr %arrayidx8, align 4, !tbaa !5
  %add9 = fadd fast float %add7, %5
  %arrayidx10 = getelementptr inbounds float, ptr %a5, i64 %i.059
  %6 = load float, ptr %arrayidx10, align 4, !tbaa !5
  %add11 = fadd fast float %add9, %6
  %arrayidx12 = getelementptr inbounds float, ptr %a6, i64 %i.059
  %7 = load float, ptr %arrayidx12, align 4, !tbaa !5
  %add13 = fadd fast float %add11, %7
  %arrayidx14 = getelementptr inbounds float, ptr %a7, i64 %i.059
  %8 = load float, ptr %arrayidx14, align 4, !tbaa !5
  %add15 = fadd fast float %add13, %8
  %arrayidx16 = getelementptr inbounds float, ptr %a8, i64 %i.059
  %9 = load float, ptr %arrayidx16, align 4, !tbaa !5
  %add17 = fadd fast float %add15, %9
  %arrayidx18 = getelementptr inbounds float, ptr %a9, i64 %i.059
  %10 = load float, ptr %arrayidx18, align 4, !tbaa !5
  %add19 = fadd fast float %add17, %10
  %arrayidx20 = getelementptr inbounds float, ptr %a10, i64 %i.059
  %11 = load float, ptr %arrayidx20, align 4, !tbaa !5
  %add21 = fadd fast float %add19, %11
  %arrayidx22 = getelementptr inbounds float, ptr %a11, i64 %i.059
  %12 = load float, ptr %arrayidx22, align 4, !tbaa !5
  %add23 = fadd fast float %add21, %12
  %arrayidx24 = getelementptr inbounds float, ptr %a12, i64 %i.059
  %13 = load float, ptr %arrayidx24, align 4, !tbaa !5
  %add25 = fadd fast float %add23, %13
  %arrayidx26 = getelementptr inbounds float, ptr %a13, i64 %i.059
  %14 = load float, ptr %arrayidx26, align 4, !tbaa !5
  %add27 = fadd fast float %add25, %14
  %arrayidx28 = getelementptr inbounds float, ptr %a14, i64 %i.059
  %15 = load float, ptr %arrayidx28, align 4, !tbaa !5
  %add29 = fadd fast float %add27, %15
  %arrayidx30 = getelementptr inbounds float, ptr %a15, i64 %i.059
  %16 = load float, ptr %arrayidx30, align 4, !tbaa !5
  %add31 = fadd fast float %add29, %16
  %arrayidx32 = getelementptr inbounds float, ptr %a16, i64 %i.059
  %17 = load float, ptr %arrayidx32, align 4, !tbaa !5
  %add33 = fadd fast float %add31, %17
  %mul34 = fmul fast float %add33, %add
  %arrayidx35 = getelementptr inbounds float, ptr %out, i64 %i.059
  store float %mul34, ptr %arrayidx35, align 4, !tbaa !5
  %inc = add nuw nsw i64 %i.059, 1
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
