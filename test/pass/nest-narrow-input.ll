; The first pass of an integral image over 8-bit pixels: each row a running sum of uint8 inputs
; widened into an int recurrence. One plr_run_many reads the pixels themselves, x_store = u8 (2) at
; plr_data's offset 48 (y: 0, the signature's i32), the pixels' row distance counted in bytes, theirs
; (1 per element) and the output's in ints. No map, no check in the pass: x and y of different storage
; sizes that overlap are the runtime's PLR_ERR_OVERLAP (nothing written: the nest runs). Before, the
; widened load was materialized into y by a map first (one more pass).
; REQUIRES: pass
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -S %s | %FileCheck %s
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -pass-remarks=plr -disable-output %s 2>&1 | %FileCheck %s --check-prefix=REMARK
; REMARK: remark: {{.*}}replaced loop nest with one call to plr_run_many: signature (1: 1), type i32 (x u8), order 1; one sequence per iteration of the outer loop, y stride 1, x stride 1; plan: ask(1 pass); call(1: 1) x->y, a sequence per outer iteration, from zero{{$}}
; CHECK: plr.nest.call:
; CHECK: [[XS:%.*]] = getelementptr i8, ptr %plr.data, i64 48
; CHECK-NEXT: store i32 2, ptr [[XS]]
; CHECK-NEXT: [[YS:%.*]] = getelementptr i8, ptr %plr.data, i64 52
; CHECK-NEXT: store i32 0, ptr [[YS]]
; CHECK: %plr.y.dist = sdiv exact i64 {{%.*}}, 4
; CHECK: %plr.x.dist = sdiv exact i64 %w, 1
; CHECK: call i32 @plr_pays_many(ptr %plr.sig, ptr %plr.data, ptr %plr.layout, i32 1,
; CHECK-NOT: plr.map
; CHECK: %plr.status = call i32 @plr_run_many(
;
; Input: make-input.sh integral_rows.c integral_rows, from:
; #include <stdint.h>
; void integral_rows(long h, long w, const uint8_t *img, int32_t *sat) {
;   for (long r = 0; r < h; r++) {
;     int32_t s = 0;
;     for (long c = 0; c < w; c++) {
;       s += img[r * w + c];
;       sat[r * w + c] = s;
;     }
;   }
; }


; Function Attrs: nofree norecurse nosync nounwind memory(argmem: readwrite) uwtable
define dso_local void @integral_rows(i64 noundef %h, i64 noundef %w, ptr nocapture noundef readonly %img, ptr nocapture noundef writeonly %sat) local_unnamed_addr #0 {
entry:
  %cmp24 = icmp sgt i64 %h, 0
  br i1 %cmp24, label %for.cond1.preheader.lr.ph, label %for.cond.cleanup

for.cond1.preheader.lr.ph:                        ; preds = %entry
  %cmp221 = icmp sgt i64 %w, 0
  br label %for.cond1.preheader

for.cond1.preheader:                              ; preds = %for.cond1.preheader.lr.ph, %for.cond.cleanup3
  %r.025 = phi i64 [ 0, %for.cond1.preheader.lr.ph ], [ %inc10, %for.cond.cleanup3 ]
  br i1 %cmp221, label %for.body4.lr.ph, label %for.cond.cleanup3

for.body4.lr.ph:                                  ; preds = %for.cond1.preheader
  %mul = mul nuw nsw i64 %r.025, %w
  br label %for.body4

for.cond.cleanup.loopexit:                        ; preds = %for.cond.cleanup3
  br label %for.cond.cleanup

for.cond.cleanup:                                 ; preds = %for.cond.cleanup.loopexit, %entry
  ret void

for.cond.cleanup3.loopexit:                       ; preds = %for.body4
  br label %for.cond.cleanup3

for.cond.cleanup3:                                ; preds = %for.cond.cleanup3.loopexit, %for.cond1.preheader
  %inc10 = add nuw nsw i64 %r.025, 1
  %exitcond26.not = icmp eq i64 %inc10, %h
  br i1 %exitcond26.not, label %for.cond.cleanup.loopexit, label %for.cond1.preheader, !llvm.loop !5

for.body4:                                        ; preds = %for.body4.lr.ph, %for.body4
  %c.023 = phi i64 [ 0, %for.body4.lr.ph ], [ %inc, %for.body4 ]
  %s.022 = phi i32 [ 0, %for.body4.lr.ph ], [ %add5, %for.body4 ]
  %add = add nuw nsw i64 %c.023, %mul
  %arrayidx = getelementptr inbounds i8, ptr %img, i64 %add
  %0 = load i8, ptr %arrayidx, align 1, !tbaa !7
  %conv = zext i8 %0 to i32
  %add5 = add nuw nsw i32 %s.022, %conv
  %arrayidx8 = getelementptr inbounds i32, ptr %sat, i64 %add
  store i32 %add5, ptr %arrayidx8, align 4, !tbaa !10
  %inc = add nuw nsw i64 %c.023, 1
  %exitcond.not = icmp eq i64 %inc, %w
  br i1 %exitcond.not, label %for.cond.cleanup3.loopexit, label %for.body4, !llvm.loop !12
}

attributes #0 = { nofree norecurse nosync nounwind memory(argmem: readwrite) uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }


!0 = !{i32 1, !"wchar_size", i32 4}
!1 = !{i32 8, !"PIC Level", i32 2}
!2 = !{i32 7, !"PIE Level", i32 2}
!3 = !{i32 7, !"uwtable", i32 2}
!4 = !{!"Debian clang version 19.1.7 (3~deb12u1)"}
!5 = distinct !{!5, !6}
!6 = !{!"llvm.loop.mustprogress"}
!7 = !{!8, !8, i64 0}
!8 = !{!"omnipotent char", !9, i64 0}
!9 = !{!"Simple C/C++ TBAA"}
!10 = !{!11, !11, i64 0}
!11 = !{!"int", !8, i64 0}
!12 = distinct !{!12, !6}
