; The column pass of a separable filter, in place: the inner loop walks one column (stride = the
; width, known only at run time), the outer loop the columns. One plr_run_many, stride and distance
; from the width, each checked to be a whole number of elements.
; REQUIRES: pass
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -S %s | %FileCheck %s
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -pass-remarks=plr -disable-output %s 2>&1 | %FileCheck %s --check-prefix=REMARK
; REMARK: remark: {{.*}}replaced loop nest with one call to plr_run_many: signature (a: b), type f32, order 1; one sequence per iteration of the outer loop, x and y stride a run-time value
; CHECK: srem i64
; CHECK: plr.nest.call:
; CHECK: %plr.stride = sdiv exact i64
; CHECK: %plr.status = call i32 @plr_run_many(
;
; Input: make-input.sh columns.c columns -ffast-math, from:
; void columns(int w, int h, float a, float b, float *img) {
;   for (int j = 0; j < w; j++) {
;     float s = 0;
;     for (int i = 0; i < h; i++) {
;       s = a * img[i*w+j] + b * s;
;       img[i*w+j] = s;
;     }
;   }
; }


; Function Attrs: nofree norecurse nosync nounwind memory(argmem: readwrite) uwtable
define dso_local void @columns(i32 noundef %w, i32 noundef %h, float noundef nofpclass(nan inf) %a, float noundef nofpclass(nan inf) %b, ptr nocapture noundef %img) local_unnamed_addr #0 {
entry:
  %cmp28 = icmp sgt i32 %w, 0
  br i1 %cmp28, label %for.cond1.preheader.lr.ph, label %for.cond.cleanup

for.cond1.preheader.lr.ph:                        ; preds = %entry
  %cmp225 = icmp sgt i32 %h, 0
  %0 = zext nneg i32 %w to i64
  %wide.trip.count = zext nneg i32 %h to i64
  br label %for.cond1.preheader

for.cond1.preheader:                              ; preds = %for.cond1.preheader.lr.ph, %for.cond.cleanup3
  %indvars.iv33 = phi i64 [ 0, %for.cond1.preheader.lr.ph ], [ %indvars.iv.next34, %for.cond.cleanup3 ]
  br i1 %cmp225, label %for.body4.preheader, label %for.cond.cleanup3

for.body4.preheader:                              ; preds = %for.cond1.preheader
  %invariant.gep = getelementptr inbounds float, ptr %img, i64 %indvars.iv33
  br label %for.body4

for.cond.cleanup.loopexit:                        ; preds = %for.cond.cleanup3
  br label %for.cond.cleanup

for.cond.cleanup:                                 ; preds = %for.cond.cleanup.loopexit, %entry
  ret void

for.cond.cleanup3.loopexit:                       ; preds = %for.body4
  br label %for.cond.cleanup3

for.cond.cleanup3:                                ; preds = %for.cond.cleanup3.loopexit, %for.cond1.preheader
  %indvars.iv.next34 = add nuw nsw i64 %indvars.iv33, 1
  %exitcond37.not = icmp eq i64 %indvars.iv.next34, %0
  br i1 %exitcond37.not, label %for.cond.cleanup.loopexit, label %for.cond1.preheader, !llvm.loop !5

for.body4:                                        ; preds = %for.body4.preheader, %for.body4
  %indvars.iv = phi i64 [ 0, %for.body4.preheader ], [ %indvars.iv.next, %for.body4 ]
  %s.026 = phi float [ 0.000000e+00, %for.body4.preheader ], [ %add7, %for.body4 ]
  %1 = mul nuw nsw i64 %indvars.iv, %0
  %gep = getelementptr inbounds float, ptr %invariant.gep, i64 %1
  %2 = load float, ptr %gep, align 4, !tbaa !7
  %mul5 = fmul fast float %2, %a
  %mul6 = fmul fast float %s.026, %b
  %add7 = fadd fast float %mul5, %mul6
  store float %add7, ptr %gep, align 4, !tbaa !7
  %indvars.iv.next = add nuw nsw i64 %indvars.iv, 1
  %exitcond.not = icmp eq i64 %indvars.iv.next, %wide.trip.count
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
