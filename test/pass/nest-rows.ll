; A recurrence over every row of an image (a Deriche filter's causal pass): the whole nest is one
; plr_run_many, count = rows, dist = the row pitch (a run-time value), so short rows pay together.
; The guard the outer loop tests (h > 0) goes into the check; the original nest is the fallback.
; REQUIRES: pass
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -S %s | %FileCheck %s
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -pass-remarks=plr -disable-output %s 2>&1 | %FileCheck %s --check-prefix=REMARK
; RUN: env PLR_PASS_MIN_N=1000 %opt -load-pass-plugin=%plr-pass -passes=plr -S %s | %FileCheck %s --check-prefix=MINN
; REMARK: remark: {{.*}}replaced loop nest with one call to plr_run_many: signature (a1, a2: b1, b2), type f32, order 2; one sequence per iteration of the outer loop, y stride 1, x stride 1
; CHECK: %plr.guard = and i1 true, %cmp
; CHECK: %plr.total = mul i64
; CHECK: br i1 %{{[0-9]+}}, label %plr.outlined, label %plr.fallback
; CHECK: plr.outlined:
; CHECK: %targetBlock = call i1 @rows.plr.call(
; CHECK: plr.fallback:
; CHECK: fmul fast float
; CHECK-LABEL: define internal i1 @rows.plr.call(
; CHECK: plr.nest.call:
; Zero histories: x_history, y_init and y_final are NULL.
; CHECK-COUNT-3: store ptr null
; CHECK: %plr.y.dist = sdiv exact i64
; CHECK: call i32 @plr_pays_many(
; CHECK: %plr.status = call i32 @plr_run_many(ptr %plr.sig, ptr %plr.data, ptr %plr.layout, ptr null, ptr null)
; CHECK: plr.nest.done:
; CHECK-NEXT: br label %for.cond.cleanup
; With the threshold set by the user, the count of the whole nest is compared with it, and plr_pays_many is not asked.
; MINN: icmp uge i64 %plr.total, 1000
; MINN-NOT: plr_pays_many
; MINN: call i32 @plr_run_many(
;
; Input: make-input.sh rows.c rows -ffast-math, from:
; void rows(int w, int h, float a1, float a2, float b1, float b2, const float *in, float *y) {
;   for (int i = 0; i < w; i++) {
;     float ym1 = 0, ym2 = 0, xm1 = 0;
;     for (int j = 0; j < h; j++) {
;       y[i*h+j] = a1*in[i*h+j] + a2*xm1 + b1*ym1 + b2*ym2;
;       xm1 = in[i*h+j]; ym2 = ym1; ym1 = y[i*h+j];
;     }
;   }
; }


; Function Attrs: nofree norecurse nosync nounwind memory(argmem: readwrite) uwtable
define dso_local void @rows(i32 noundef %w, i32 noundef %h, float noundef nofpclass(nan inf) %a1, float noundef nofpclass(nan inf) %a2, float noundef nofpclass(nan inf) %b1, float noundef nofpclass(nan inf) %b2, ptr nocapture noundef readonly %in, ptr nocapture noundef writeonly %y) local_unnamed_addr #0 {
entry:
  %cmp49 = icmp sgt i32 %w, 0
  br i1 %cmp49, label %for.cond1.preheader.lr.ph, label %for.cond.cleanup

for.cond1.preheader.lr.ph:                        ; preds = %entry
  %cmp244 = icmp sgt i32 %h, 0
  %0 = zext i32 %h to i64
  %wide.trip.count57 = zext nneg i32 %w to i64
  br label %for.cond1.preheader

for.cond1.preheader:                              ; preds = %for.cond1.preheader.lr.ph, %for.cond.cleanup3
  %indvars.iv53 = phi i64 [ 0, %for.cond1.preheader.lr.ph ], [ %indvars.iv.next54, %for.cond.cleanup3 ]
  br i1 %cmp244, label %for.body4.lr.ph, label %for.cond.cleanup3

for.body4.lr.ph:                                  ; preds = %for.cond1.preheader
  %1 = mul nuw nsw i64 %indvars.iv53, %0
  br label %for.body4

for.cond.cleanup.loopexit:                        ; preds = %for.cond.cleanup3
  br label %for.cond.cleanup

for.cond.cleanup:                                 ; preds = %for.cond.cleanup.loopexit, %entry
  ret void

for.cond.cleanup3.loopexit:                       ; preds = %for.body4
  br label %for.cond.cleanup3

for.cond.cleanup3:                                ; preds = %for.cond.cleanup3.loopexit, %for.cond1.preheader
  %indvars.iv.next54 = add nuw nsw i64 %indvars.iv53, 1
  %exitcond58.not = icmp eq i64 %indvars.iv.next54, %wide.trip.count57
  br i1 %exitcond58.not, label %for.cond.cleanup.loopexit, label %for.cond1.preheader, !llvm.loop !5

for.body4:                                        ; preds = %for.body4.lr.ph, %for.body4
  %indvars.iv = phi i64 [ 0, %for.body4.lr.ph ], [ %indvars.iv.next, %for.body4 ]
  %xm1.047 = phi float [ 0.000000e+00, %for.body4.lr.ph ], [ %4, %for.body4 ]
  %ym2.046 = phi float [ 0.000000e+00, %for.body4.lr.ph ], [ %ym1.045, %for.body4 ]
  %ym1.045 = phi float [ 0.000000e+00, %for.body4.lr.ph ], [ %add11, %for.body4 ]
  %2 = add nuw nsw i64 %indvars.iv, %1
  %arrayidx = getelementptr inbounds float, ptr %in, i64 %2
  %3 = load float, ptr %arrayidx, align 4, !tbaa !7
  %mul5 = fmul fast float %3, %a1
  %mul6 = fmul fast float %xm1.047, %a2
  %mul8 = fmul fast float %ym1.045, %b1
  %mul10 = fmul fast float %ym2.046, %b2
  %add7 = fadd fast float %mul10, %mul8
  %add9 = fadd fast float %add7, %mul6
  %add11 = fadd fast float %add9, %mul5
  %arrayidx15 = getelementptr inbounds float, ptr %y, i64 %2
  store float %add11, ptr %arrayidx15, align 4, !tbaa !7
  %4 = load float, ptr %arrayidx, align 4, !tbaa !7
  %indvars.iv.next = add nuw nsw i64 %indvars.iv, 1
  %exitcond.not = icmp eq i64 %indvars.iv.next, %0
  br i1 %exitcond.not, label %for.cond.cleanup3.loopexit, label %for.body4, !llvm.loop !11
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
