; A DC blocker over every row from its second element: y[-1] and x[-1] of each row are its first
; elements, gathered before the call; x, histories included, must lie apart from y.
; REQUIRES: pass
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -S %s | %FileCheck %s
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -pass-remarks=plr -disable-output %s 2>&1 | %FileCheck %s --check-prefix=REMARK
; REMARK: remark: {{.*}}replaced loop nest with one call to plr_run_many: signature (1, -1: R), type f32, order 1
; CHECK: %plr.apart.rows
; CHECK: %plr.x.apart = or i1
; CHECK: plr.gather:
; CHECK: %plr.seq.hist = load float
; CHECK: %plr.seq.hist{{[0-9]+}} = load float
; CHECK: %plr.status = call i32 @plr_run_many(
;
; Input: make-input.sh dc_block.c dc_block -ffast-math, from:
; void dc_block(int h, int w, float R, const float *x, float *y) {
;   for (int r = 0; r < h; r++)
;     for (int c = 1; c < w; c++)
;       y[r * w + c] = x[r * w + c] - x[r * w + c - 1] + R * y[r * w + c - 1];
; }


; Function Attrs: nofree norecurse nosync nounwind memory(argmem: readwrite) uwtable
define dso_local void @dc_block(i32 noundef %h, i32 noundef %w, float noundef nofpclass(nan inf) %R, ptr nocapture noundef readonly %x, ptr nocapture noundef %y) local_unnamed_addr #0 {
entry:
  %cmp42 = icmp sgt i32 %h, 0
  br i1 %cmp42, label %for.cond1.preheader.lr.ph, label %for.cond.cleanup

for.cond1.preheader.lr.ph:                        ; preds = %entry
  %cmp240 = icmp sgt i32 %w, 1
  %0 = sext i32 %w to i64
  %wide.trip.count51 = zext nneg i32 %h to i64
  %wide.trip.count = zext nneg i32 %w to i64
  br label %for.cond1.preheader

for.cond1.preheader:                              ; preds = %for.cond1.preheader.lr.ph, %for.cond.cleanup3
  %indvars.iv47 = phi i64 [ 0, %for.cond1.preheader.lr.ph ], [ %indvars.iv.next48, %for.cond.cleanup3 ]
  br i1 %cmp240, label %for.body4.lr.ph, label %for.cond.cleanup3

for.body4.lr.ph:                                  ; preds = %for.cond1.preheader
  %1 = mul nuw nsw i64 %indvars.iv47, %0
  br label %for.body4

for.cond.cleanup.loopexit:                        ; preds = %for.cond.cleanup3
  br label %for.cond.cleanup

for.cond.cleanup:                                 ; preds = %for.cond.cleanup.loopexit, %entry
  ret void

for.cond.cleanup3.loopexit:                       ; preds = %for.body4
  br label %for.cond.cleanup3

for.cond.cleanup3:                                ; preds = %for.cond.cleanup3.loopexit, %for.cond1.preheader
  %indvars.iv.next48 = add nuw nsw i64 %indvars.iv47, 1
  %exitcond52.not = icmp eq i64 %indvars.iv.next48, %wide.trip.count51
  br i1 %exitcond52.not, label %for.cond.cleanup.loopexit, label %for.cond1.preheader, !llvm.loop !5

for.body4:                                        ; preds = %for.body4.lr.ph, %for.body4
  %indvars.iv = phi i64 [ 1, %for.body4.lr.ph ], [ %indvars.iv.next, %for.body4 ]
  %2 = add nuw nsw i64 %indvars.iv, %1
  %arrayidx = getelementptr inbounds float, ptr %x, i64 %2
  %3 = load float, ptr %arrayidx, align 4, !tbaa !7
  %4 = add nsw i64 %2, -1
  %arrayidx8 = getelementptr inbounds float, ptr %x, i64 %4
  %5 = load float, ptr %arrayidx8, align 4, !tbaa !7
  %sub9 = fsub fast float %3, %5
  %arrayidx14 = getelementptr inbounds float, ptr %y, i64 %4
  %6 = load float, ptr %arrayidx14, align 4, !tbaa !7
  %mul15 = fmul fast float %6, %R
  %add16 = fadd fast float %sub9, %mul15
  %arrayidx20 = getelementptr inbounds float, ptr %y, i64 %2
  store float %add16, ptr %arrayidx20, align 4, !tbaa !7
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
