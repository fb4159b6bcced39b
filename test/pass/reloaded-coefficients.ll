; Coefficients reloaded every iteration (the store to y might change the struct): they are read once
; in the call path, after a run-time check that the struct lies outside y.
; REQUIRES: pass
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -S %s | %FileCheck %s
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -pass-remarks=plr -pass-remarks-missed=plr -disable-output %s 2>&1 | %FileCheck %s --check-prefix=REMARK
;
; Input: make-input.sh reloaded-coefficients.c bq -ffast-math, from:
; struct biquad { float b0, b1, b2, a1, a2, x1, x2, y1, y2; };
; void bq(struct biquad *f, float *y, const float *x, long n) {
;   float x1 = f->x1, x2 = f->x2, y1 = f->y1, y2 = f->y2;
;   for (long i = 0; i < n; i++) {
;     float xn = x[i];
;     float yn = f->b0 * xn + f->b1 * x1 + f->b2 * x2 - f->a1 * y1 - f->a2 * y2;
;     x2 = x1, x1 = xn, y2 = y1, y1 = yn;
;     y[i] = yn;
;   }
;   f->x1 = x1, f->x2 = x2, f->y1 = y1, f->y2 = y2;
; }

; REMARK: remark: {{.*}}replaced linear recurrence with a call to plr_run: signature (*f, f->b1, f->b2: -f->a1, -f->a2), type f32, order 2
; CHECK: %plr.apart = or i1
; CHECK: plr.call:
; CHECK: %plr.coef.load = load float, ptr %f
; CHECK: call i32 @plr_run

; Function Attrs: nofree norecurse nosync nounwind memory(argmem: readwrite) uwtable
define dso_local void @bq(ptr nocapture noundef %f, ptr nocapture noundef writeonly %y, ptr nocapture noundef readonly %x, i64 noundef %n) local_unnamed_addr #0 {
entry:
  %x11 = getelementptr inbounds i8, ptr %f, i64 20
  %0 = load float, ptr %x11, align 4, !tbaa !5
  %x22 = getelementptr inbounds i8, ptr %f, i64 24
  %1 = load float, ptr %x22, align 4, !tbaa !10
  %y13 = getelementptr inbounds i8, ptr %f, i64 28
  %2 = load float, ptr %y13, align 4, !tbaa !11
  %y24 = getelementptr inbounds i8, ptr %f, i64 32
  %3 = load float, ptr %y24, align 4, !tbaa !12
  %cmp39 = icmp sgt i64 %n, 0
  br i1 %cmp39, label %for.body.lr.ph, label %for.cond.cleanup

for.body.lr.ph:                                   ; preds = %entry
  %b1 = getelementptr inbounds i8, ptr %f, i64 4
  %b2 = getelementptr inbounds i8, ptr %f, i64 8
  %a1 = getelementptr inbounds i8, ptr %f, i64 12
  %a2 = getelementptr inbounds i8, ptr %f, i64 16
  br label %for.body

for.cond.cleanup.loopexit:                        ; preds = %for.body
  %x1.044.lcssa = phi float [ %x1.044, %for.body ]
  %y1.040.lcssa = phi float [ %y1.040, %for.body ]
  %.lcssa = phi float [ %4, %for.body ]
  %sub10.lcssa = phi float [ %sub10, %for.body ]
  br label %for.cond.cleanup

for.cond.cleanup:                                 ; preds = %for.cond.cleanup.loopexit, %entry
  %y1.0.lcssa = phi float [ %2, %entry ], [ %sub10.lcssa, %for.cond.cleanup.loopexit ]
  %y2.0.lcssa = phi float [ %3, %entry ], [ %y1.040.lcssa, %for.cond.cleanup.loopexit ]
  %x2.0.lcssa = phi float [ %1, %entry ], [ %x1.044.lcssa, %for.cond.cleanup.loopexit ]
  %x1.0.lcssa = phi float [ %0, %entry ], [ %.lcssa, %for.cond.cleanup.loopexit ]
  store float %x1.0.lcssa, ptr %x11, align 4, !tbaa !5
  store float %x2.0.lcssa, ptr %x22, align 4, !tbaa !10
  store float %y1.0.lcssa, ptr %y13, align 4, !tbaa !11
  store float %y2.0.lcssa, ptr %y24, align 4, !tbaa !12
  ret void

for.body:                                         ; preds = %for.body.lr.ph, %for.body
  %x1.044 = phi float [ %0, %for.body.lr.ph ], [ %4, %for.body ]
  %x2.043 = phi float [ %1, %for.body.lr.ph ], [ %x1.044, %for.body ]
  %i.042 = phi i64 [ 0, %for.body.lr.ph ], [ %inc, %for.body ]
  %y2.041 = phi float [ %3, %for.body.lr.ph ], [ %y1.040, %for.body ]
  %y1.040 = phi float [ %2, %for.body.lr.ph ], [ %sub10, %for.body ]
  %arrayidx = getelementptr inbounds float, ptr %x, i64 %i.042
  %4 = load float, ptr %arrayidx, align 4, !tbaa !13
  %5 = load float, ptr %f, align 4, !tbaa !14
  %mul = fmul fast float %5, %4
  %6 = load float, ptr %b1, align 4, !tbaa !15
  %mul5 = fmul fast float %6, %x1.044
  %7 = load float, ptr %b2, align 4, !tbaa !16
  %mul6 = fmul fast float %7, %x2.043
  %8 = load float, ptr %a1, align 4, !tbaa !17
  %9 = load float, ptr %a2, align 4, !tbaa !18
  %mul8.neg = fmul fast float %8, %y1.040
  %mul9.neg = fmul fast float %9, %y2.041
  %reass.add = fadd fast float %mul9.neg, %mul8.neg
  %add = fadd fast float %mul5, %mul
  %add7 = fadd fast float %add, %mul6
  %sub10 = fsub fast float %add7, %reass.add
  %arrayidx11 = getelementptr inbounds float, ptr %y, i64 %i.042
  store float %sub10, ptr %arrayidx11, align 4, !tbaa !13
  %inc = add nuw nsw i64 %i.042, 1
  %exitcond.not = icmp eq i64 %inc, %n
  br i1 %exitcond.not, label %for.cond.cleanup.loopexit, label %for.body, !llvm.loop !19
}

attributes #0 = { nofree norecurse nosync nounwind memory(argmem: readwrite) uwtable "approx-func-fp-math"="true" "min-legal-vector-width"="0" "no-infs-fp-math"="true" "no-nans-fp-math"="true" "no-signed-zeros-fp-math"="true" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" "unsafe-fp-math"="true" }


!0 = !{i32 1, !"wchar_size", i32 4}
!1 = !{i32 8, !"PIC Level", i32 2}
!2 = !{i32 7, !"PIE Level", i32 2}
!3 = !{i32 7, !"uwtable", i32 2}
!4 = !{!"Debian clang version 19.1.7 (3~deb12u1)"}
!5 = !{!6, !7, i64 20}
!6 = !{!"biquad", !7, i64 0, !7, i64 4, !7, i64 8, !7, i64 12, !7, i64 16, !7, i64 20, !7, i64 24, !7, i64 28, !7, i64 32}
!7 = !{!"float", !8, i64 0}
!8 = !{!"omnipotent char", !9, i64 0}
!9 = !{!"Simple C/C++ TBAA"}
!10 = !{!6, !7, i64 24}
!11 = !{!6, !7, i64 28}
!12 = !{!6, !7, i64 32}
!13 = !{!7, !7, i64 0}
!14 = !{!6, !7, i64 0}
!15 = !{!6, !7, i64 4}
!16 = !{!6, !7, i64 8}
!17 = !{!6, !7, i64 12}
!18 = !{!6, !7, i64 16}
!19 = distinct !{!19, !20}
!20 = !{!"llvm.loop.mustprogress"}
