; The member-state biquad of state-promoted.ll without -ffast-math: the
; promoted copy is recognized (its signature names the struct's fields) but
; floating point needs consent, which is the remark; the versioning is then
; undone: no check, no copy, no marker, the loop as it came.
; REQUIRES: pass
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -S %s | %FileCheck %s
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -pass-remarks=plr -pass-remarks-missed=plr -pass-remarks-analysis=plr -disable-output %s 2>&1 | %FileCheck %s --check-prefix=REMARK
;
; Input: make-input.sh promoted.c biquad_run (no -ffast-math: llvm.fmuladd), from state-promoted.ll's source.

; REMARK: remark: {{.*}}floating-point recurrence (*f, f->b1.i, f->b2.i: -f->a1.i, -f->a2.i) (f32) not replaced: parallel evaluation would reassociate floating-point operations
; REMARK-NEXT: remark: {{.*}}candidate (*f, f->b1.i, f->b2.i: -f->a1.i, -f->a2.i): the store to y[i]
; REMARK-NOT: remark

; CHECK-LABEL: define dso_local void @biquad_run(
; CHECK-NOT: plr.promote.overlap
; CHECK-NOT: plr.promote.ph
; CHECK-NOT: plr.promote.slot
; CHECK: for.body:
; CHECK: store float %{{.*}}, ptr %z1.i
; CHECK: store float %{{.*}}, ptr %z2.i
; CHECK: store float %{{.*}}, ptr %arrayidx
; CHECK-NOT: plr_run
; CHECK-NOT: plr.versioned
; CHECK-NOT: plr.promoted


; Function Attrs: nofree norecurse nosync nounwind memory(argmem: readwrite) uwtable
define dso_local void @biquad_run(ptr nocapture noundef %f, ptr nocapture noundef writeonly %y, ptr nocapture noundef readonly %x, i64 noundef %n) local_unnamed_addr #0 {
entry:
  %cmp5 = icmp sgt i64 %n, 0
  br i1 %cmp5, label %for.body.lr.ph, label %for.cond.cleanup

for.body.lr.ph:                                   ; preds = %entry
  %z1.i = getelementptr inbounds i8, ptr %f, i64 20
  %b1.i = getelementptr inbounds i8, ptr %f, i64 4
  %a1.i = getelementptr inbounds i8, ptr %f, i64 12
  %z2.i = getelementptr inbounds i8, ptr %f, i64 24
  %b2.i = getelementptr inbounds i8, ptr %f, i64 8
  %a2.i = getelementptr inbounds i8, ptr %f, i64 16
  br label %for.body

for.cond.cleanup.loopexit:                        ; preds = %for.body
  br label %for.cond.cleanup

for.cond.cleanup:                                 ; preds = %for.cond.cleanup.loopexit, %entry
  ret void

for.body:                                         ; preds = %for.body.lr.ph, %for.body
  %i.06 = phi i64 [ 0, %for.body.lr.ph ], [ %inc, %for.body ]
  %arrayidx = getelementptr inbounds float, ptr %x, i64 %i.06
  %0 = load float, ptr %arrayidx, align 4, !tbaa !5
  %1 = load float, ptr %f, align 4, !tbaa !9
  %2 = load float, ptr %z1.i, align 4, !tbaa !11
  %3 = tail call float @llvm.fmuladd.f32(float %1, float %0, float %2)
  %4 = load float, ptr %b1.i, align 4, !tbaa !12
  %5 = load float, ptr %a1.i, align 4, !tbaa !13
  %6 = fneg float %5
  %neg.i = fmul float %3, %6
  %7 = tail call float @llvm.fmuladd.f32(float %4, float %0, float %neg.i)
  %8 = load float, ptr %z2.i, align 4, !tbaa !14
  %add.i = fadd float %8, %7
  store float %add.i, ptr %z1.i, align 4, !tbaa !11
  %9 = load float, ptr %b2.i, align 4, !tbaa !15
  %10 = load float, ptr %a2.i, align 4, !tbaa !16
  %11 = fneg float %10
  %neg4.i = fmul float %3, %11
  %12 = tail call float @llvm.fmuladd.f32(float %9, float %0, float %neg4.i)
  store float %12, ptr %z2.i, align 4, !tbaa !14
  %arrayidx1 = getelementptr inbounds float, ptr %y, i64 %i.06
  store float %3, ptr %arrayidx1, align 4, !tbaa !5
  %inc = add nuw nsw i64 %i.06, 1
  %exitcond.not = icmp eq i64 %inc, %n
  br i1 %exitcond.not, label %for.cond.cleanup.loopexit, label %for.body, !llvm.loop !17
}

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare float @llvm.fmuladd.f32(float, float, float) #1

attributes #0 = { nofree norecurse nosync nounwind memory(argmem: readwrite) uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #1 = { mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none) }


!0 = !{i32 1, !"wchar_size", i32 4}
!1 = !{i32 8, !"PIC Level", i32 2}
!2 = !{i32 7, !"PIE Level", i32 2}
!3 = !{i32 7, !"uwtable", i32 2}
!4 = !{!"Debian clang version 19.1.7 (3~deb12u1)"}
!5 = !{!6, !6, i64 0}
!6 = !{!"float", !7, i64 0}
!7 = !{!"omnipotent char", !8, i64 0}
!8 = !{!"Simple C/C++ TBAA"}
!9 = !{!10, !6, i64 0}
!10 = !{!"biquad", !6, i64 0, !6, i64 4, !6, i64 8, !6, i64 12, !6, i64 16, !6, i64 20, !6, i64 24}
!11 = !{!10, !6, i64 20}
!12 = !{!10, !6, i64 4}
!13 = !{!10, !6, i64 12}
!14 = !{!10, !6, i64 24}
!15 = !{!10, !6, i64 8}
!16 = !{!10, !6, i64 16}
!17 = distinct !{!17, !18}
!18 = !{!"llvm.loop.mustprogress"}
