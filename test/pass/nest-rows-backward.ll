; The anti-causal pass of a Deriche filter: each row from its end (stride -1), the x term delayed
; (signature (0, a3, a4: b1, b2)); one plr_run_many for the nest.
; REQUIRES: pass
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -S %s | %FileCheck %s
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -pass-remarks=plr -disable-output %s 2>&1 | %FileCheck %s --check-prefix=REMARK
; REMARK: remark: {{.*}}replaced loop nest with one call to plr_run_many: signature (0, a3, a4: b1, b2), type f32, order 2; one sequence per iteration of the outer loop, y stride -1, x stride -1 (backward)
; CHECK: plr.nest.call:
; CHECK: store i64 -1
; CHECK: %plr.status = call i32 @plr_run_many(
;
; Input: make-input.sh rows_back.c rows_back -ffast-math, from:
; void rows_back(int w, int h, float a3, float a4, float b1, float b2, const float *in, float *y) {
;   for (int i = 0; i < w; i++) {
;     float yp1 = 0, yp2 = 0, xp1 = 0, xp2 = 0;
;     for (int j = h - 1; j >= 0; j--) {
;       y[i*h+j] = a3*xp1 + a4*xp2 + b1*yp1 + b2*yp2;
;       xp2 = xp1; xp1 = in[i*h+j]; yp2 = yp1; yp1 = y[i*h+j];
;     }
;   }
; }


; Function Attrs: nofree norecurse nosync nounwind memory(argmem: readwrite) uwtable
define dso_local void @rows_back(i32 noundef %w, i32 noundef %h, float noundef nofpclass(nan inf) %a3, float noundef nofpclass(nan inf) %a4, float noundef nofpclass(nan inf) %b1, float noundef nofpclass(nan inf) %b2, ptr nocapture noundef readonly %in, ptr nocapture noundef writeonly %y) local_unnamed_addr #0 {
entry:
  %cmp42 = icmp sgt i32 %w, 0
  br i1 %cmp42, label %for.cond1.preheader.lr.ph, label %for.cond.cleanup

for.cond1.preheader.lr.ph:                        ; preds = %entry
  %cmp236 = icmp sgt i32 %h, 0
  %0 = sext i32 %h to i64
  %wide.trip.count = zext nneg i32 %w to i64
  br label %for.cond1.preheader

for.cond1.preheader:                              ; preds = %for.cond1.preheader.lr.ph, %for.cond.cleanup3
  %indvars.iv46 = phi i64 [ 0, %for.cond1.preheader.lr.ph ], [ %indvars.iv.next47, %for.cond.cleanup3 ]
  br i1 %cmp236, label %for.body4.lr.ph, label %for.cond.cleanup3

for.body4.lr.ph:                                  ; preds = %for.cond1.preheader
  %1 = mul nuw nsw i64 %indvars.iv46, %0
  br label %for.body4

for.cond.cleanup.loopexit:                        ; preds = %for.cond.cleanup3
  br label %for.cond.cleanup

for.cond.cleanup:                                 ; preds = %for.cond.cleanup.loopexit, %entry
  ret void

for.cond.cleanup3.loopexit:                       ; preds = %for.body4
  br label %for.cond.cleanup3

for.cond.cleanup3:                                ; preds = %for.cond.cleanup3.loopexit, %for.cond1.preheader
  %indvars.iv.next47 = add nuw nsw i64 %indvars.iv46, 1
  %exitcond.not = icmp eq i64 %indvars.iv.next47, %wide.trip.count
  br i1 %exitcond.not, label %for.cond.cleanup.loopexit, label %for.cond1.preheader, !llvm.loop !5

for.body4:                                        ; preds = %for.body4.lr.ph, %for.body4
  %indvars.iv = phi i64 [ %0, %for.body4.lr.ph ], [ %indvars.iv.next, %for.body4 ]
  %xp2.040 = phi float [ 0.000000e+00, %for.body4.lr.ph ], [ %xp1.039, %for.body4 ]
  %xp1.039 = phi float [ 0.000000e+00, %for.body4.lr.ph ], [ %3, %for.body4 ]
  %yp2.038 = phi float [ 0.000000e+00, %for.body4.lr.ph ], [ %yp1.037, %for.body4 ]
  %yp1.037 = phi float [ 0.000000e+00, %for.body4.lr.ph ], [ %add9, %for.body4 ]
  %indvars.iv.next = add nsw i64 %indvars.iv, -1
  %mul = fmul fast float %xp1.039, %a3
  %mul5 = fmul fast float %xp2.040, %a4
  %mul6 = fmul fast float %yp1.037, %b1
  %mul8 = fmul fast float %yp2.038, %b2
  %add = fadd fast float %mul8, %mul6
  %add7 = fadd fast float %add, %mul
  %add9 = fadd fast float %add7, %mul5
  %2 = add nsw i64 %indvars.iv.next, %1
  %arrayidx = getelementptr inbounds float, ptr %y, i64 %2
  store float %add9, ptr %arrayidx, align 4, !tbaa !7
  %arrayidx15 = getelementptr inbounds float, ptr %in, i64 %2
  %3 = load float, ptr %arrayidx15, align 4, !tbaa !7
  %cmp2 = icmp sgt i64 %indvars.iv, 1
  br i1 %cmp2, label %for.body4, label %for.cond.cleanup3.loopexit, !llvm.loop !11
}

attributes #0 = { nofree norecurse nosync nounwind memory(argmem: readwrite) uwtable "approx-func-fp-math"="true" "min-legal-vector-width"="0" "no-infs-fp-math"="true" "no-nans-fp-math"="true" "no-signed-zeros-fp-math"="true" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" "unsafe-fp-math"="true" }


!0 = !{i32 1, !"wchar_size", i32 4}
!1 = !{i32 8, !"PIC Level", i32 2}
!2 = !{i32 7, !"PIE Level", i32 2}
!3 = !{i32 7, !"uwtable", i32 2}
!4 = !{!"Debian clang version 19.1.7 (3~deb12u1)"}
!5 = distinct !{!5, !6}
!6 = !{!"llvm.loop.mustprogress"}
!7 = !{!8, !8, i64 0}
!8 = !{!"float", !9, i64 0}
!9 = !{!"omnipotent char", !10, i64 0}
!10 = !{!"Simple C/C++ TBAA"}
!11 = distinct !{!11, !6}
