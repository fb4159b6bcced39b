; Column nests (each column of an image a sequence, walked at the run-time row pitch w) whose output
; map reads another array at the output's index: the map's load walks the same run-time stride (the
; same SCEV, y's element size), so the map loop after the plr_run_many reads u at its own column
; start + i*pitch, and the check keeps u's box over every column apart from the output's. Before,
; every map load under a run-time stride was OutputIndex. A map reading one row ahead (u[r*w + c + w])
; is a column of its own too. A gain per column (s*gain[c]) is read as a direct form II whose
; coefficient is loaded per column first: the nest is refused (a coefficient changing from one
; sequence to the next) and each column alone is one call at the run-time pitch (until 2026-12-04:
; versioned on w == 1, the loop as written for any other width; docs/pass.md, Not (yet) done).
; REQUIRES: pass
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -S %s | %FileCheck %s
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -pass-remarks=plr -pass-remarks-missed=plr -disable-output %s 2>&1 | %FileCheck %s --check-prefix=REMARK
; REMARK: remark: {{.*}}replaced loop nest with one call to plr_run_many: signature (1: a), type f32, order 1; one sequence per iteration of the outer loop, x and y stride a run-time value, output an elementwise map of the state and of other arrays at its index; plan: check(other loads apart from y); ask(2 passes); call(1: a) x->y, a sequence per outer iteration, from zero; map(out = g(y, u))
; REMARK: remark: {{.*}}replaced linear recurrence with a call to plr_run_many: signature (gain[c]: 1), type i32, order 1, layout: x and y stride a run-time value (either sign), output a linear function of the state (direct form II); plan: check(x apart from y or exactly y, other loads apart from y, the stride whole elements, not 0, at most 1048576 bytes)
; REMARK: remark: {{.*}}replaced loop nest with one call to plr_run_many: {{.*}}map(out = g(y, &u[w]))
; The map loop: y's element and u's at i times the pitch (%0 = 4*w), each from its column's start.
; CHECK-LABEL: @col_u(
; CHECK: call i32 @plr_run_many(
; CHECK: plr.map:
; CHECK-NEXT: %plr.i = phi i64
; CHECK-NEXT: [[OY:%.*]] = mul i64 %plr.i, [[P:%[0-9]+]]
; CHECK-NEXT: [[Y:%.*]] = getelementptr i8, ptr {{%[0-9]+}}, i64 [[OY]]
; CHECK-NEXT: %plr.state = load float, ptr [[Y]]
; CHECK-NEXT: [[OU:%.*]] = mul i64 %plr.i, [[P]]
; CHECK-NEXT: [[U:%.*]] = getelementptr i8, ptr {{%[0-9]+}}, i64 [[OU]]
; CHECK-NEXT: %plr.map1 = load float, ptr [[U]]
; CHECK-NEXT: %plr.map2 = fmul fast float %plr.map1, %plr.state
; CHECK-NEXT: store float %plr.map2, ptr [[Y]]
; CHECK-LABEL: @col_gain(
; CHECK: %plr.stride.ok =
; CHECK-LABEL: define internal i1 @col_gain.plr.call(
; CHECK: call i32 @plr_run_many(
; CHECK-LABEL: @col_other(
; CHECK: call i32 @plr_run_many(
;
; Input: make-input.sh ncm.c col_u -ffast-math (the whole module), from:
; float col_u(float *out, const float *x, const float *u, long w, long h, float a) {
;   for (long c = 0; c < w; c++) {
;     float s = 0;
;     for (long r = 0; r < h; r++) {
;       s = a * s + x[r * w + c];
;       out[r * w + c] = u[r * w + c] * s;
;     }
;   }
;   return out[w * h - 1];
; }
; void col_gain(int *out, const int *x, const int *gain, long w, long h) {
;   for (long c = 0; c < w; c++) {
;     int s = 0;
;     for (long r = 0; r < h; r++) {
;       s += x[r * w + c];
;       out[r * w + c] = s * gain[c];
;     }
;   }
; }
; void col_other(float *out, const float *x, const float *u, long w, long h, float a) {
;   for (long c = 0; c < w; c++) {
;     float s = 0;
;     for (long r = 0; r < h; r++) {
;       s = a * s + x[r * w + c];
;       out[r * w + c] = u[r * w + c + w] * s;
;     }
;   }
; }


; Function Attrs: nofree norecurse nosync nounwind memory(argmem: readwrite) uwtable
define dso_local nofpclass(nan inf) float @col_u(ptr nocapture noundef %out, ptr nocapture noundef readonly %x, ptr nocapture noundef readonly %u, i64 noundef %w, i64 noundef %h, float noundef nofpclass(nan inf) %a) local_unnamed_addr #0 {
entry:
  %cmp37 = icmp sgt i64 %w, 0
  br i1 %cmp37, label %for.cond1.preheader.lr.ph, label %for.cond.cleanup

for.cond1.preheader.lr.ph:                        ; preds = %entry
  %cmp234 = icmp sgt i64 %h, 0
  br label %for.cond1.preheader

for.cond1.preheader:                              ; preds = %for.cond1.preheader.lr.ph, %for.cond.cleanup3
  %c.038 = phi i64 [ 0, %for.cond1.preheader.lr.ph ], [ %inc15, %for.cond.cleanup3 ]
  br i1 %cmp234, label %for.body4.preheader, label %for.cond.cleanup3

for.body4.preheader:                              ; preds = %for.cond1.preheader
  br label %for.body4

for.cond.cleanup.loopexit:                        ; preds = %for.cond.cleanup3
  br label %for.cond.cleanup

for.cond.cleanup:                                 ; preds = %for.cond.cleanup.loopexit, %entry
  %mul17 = mul nsw i64 %h, %w
  %0 = getelementptr float, ptr %out, i64 %mul17
  %arrayidx18 = getelementptr i8, ptr %0, i64 -4
  %1 = load float, ptr %arrayidx18, align 4, !tbaa !5
  ret float %1

for.cond.cleanup3.loopexit:                       ; preds = %for.body4
  br label %for.cond.cleanup3

for.cond.cleanup3:                                ; preds = %for.cond.cleanup3.loopexit, %for.cond1.preheader
  %inc15 = add nuw nsw i64 %c.038, 1
  %exitcond39.not = icmp eq i64 %inc15, %w
  br i1 %exitcond39.not, label %for.cond.cleanup.loopexit, label %for.cond1.preheader, !llvm.loop !9

for.body4:                                        ; preds = %for.body4.preheader, %for.body4
  %r.036 = phi i64 [ %inc, %for.body4 ], [ 0, %for.body4.preheader ]
  %s.035 = phi float [ %add6, %for.body4 ], [ 0.000000e+00, %for.body4.preheader ]
  %mul = fmul fast float %s.035, %a
  %mul5 = mul nuw nsw i64 %r.036, %w
  %add = add nuw nsw i64 %mul5, %c.038
  %arrayidx = getelementptr inbounds float, ptr %x, i64 %add
  %2 = load float, ptr %arrayidx, align 4, !tbaa !5
  %add6 = fadd fast float %2, %mul
  %arrayidx9 = getelementptr inbounds float, ptr %u, i64 %add
  %3 = load float, ptr %arrayidx9, align 4, !tbaa !5
  %mul10 = fmul fast float %3, %add6
  %arrayidx13 = getelementptr inbounds float, ptr %out, i64 %add
  store float %mul10, ptr %arrayidx13, align 4, !tbaa !5
  %inc = add nuw nsw i64 %r.036, 1
  %exitcond.not = icmp eq i64 %inc, %h
  br i1 %exitcond.not, label %for.cond.cleanup3.loopexit, label %for.body4, !llvm.loop !11
}

; Function Attrs: nofree norecurse nosync nounwind memory(argmem: readwrite) uwtable
define dso_local void @col_gain(ptr nocapture noundef writeonly %out, ptr nocapture noundef readonly %x, ptr nocapture noundef readonly %gain, i64 noundef %w, i64 noundef %h) local_unnamed_addr #0 {
entry:
  %cmp27 = icmp sgt i64 %w, 0
  br i1 %cmp27, label %for.cond1.preheader.lr.ph, label %for.cond.cleanup

for.cond1.preheader.lr.ph:                        ; preds = %entry
  %cmp224 = icmp sgt i64 %h, 0
  br label %for.cond1.preheader

for.cond1.preheader:                              ; preds = %for.cond1.preheader.lr.ph, %for.cond.cleanup3
  %c.028 = phi i64 [ 0, %for.cond1.preheader.lr.ph ], [ %inc12, %for.cond.cleanup3 ]
  br i1 %cmp224, label %for.body4.lr.ph, label %for.cond.cleanup3

for.body4.lr.ph:                                  ; preds = %for.cond1.preheader
  %arrayidx6 = getelementptr inbounds i32, ptr %gain, i64 %c.028
  br label %for.body4

for.cond.cleanup:                                 ; preds = %for.cond.cleanup3, %entry
  ret void

for.cond.cleanup3:                                ; preds = %for.body4, %for.cond1.preheader
  %inc12 = add nuw nsw i64 %c.028, 1
  %exitcond29.not = icmp eq i64 %inc12, %w
  br i1 %exitcond29.not, label %for.cond.cleanup, label %for.cond1.preheader, !llvm.loop !12

for.body4:                                        ; preds = %for.body4.lr.ph, %for.body4
  %r.026 = phi i64 [ 0, %for.body4.lr.ph ], [ %inc, %for.body4 ]
  %s.025 = phi i32 [ 0, %for.body4.lr.ph ], [ %add5, %for.body4 ]
  %mul = mul nuw nsw i64 %r.026, %w
  %add = add nuw nsw i64 %mul, %c.028
  %arrayidx = getelementptr inbounds i32, ptr %x, i64 %add
  %0 = load i32, ptr %arrayidx, align 4, !tbaa !13
  %add5 = add nsw i32 %0, %s.025
  %1 = load i32, ptr %arrayidx6, align 4, !tbaa !13
  %mul7 = mul nsw i32 %add5, %1
  %arrayidx10 = getelementptr inbounds i32, ptr %out, i64 %add
  store i32 %mul7, ptr %arrayidx10, align 4, !tbaa !13
  %inc = add nuw nsw i64 %r.026, 1
  %exitcond.not = icmp eq i64 %inc, %h
  br i1 %exitcond.not, label %for.cond.cleanup3, label %for.body4, !llvm.loop !15
}

; Function Attrs: nofree norecurse nosync nounwind memory(argmem: readwrite) uwtable
define dso_local void @col_other(ptr nocapture noundef writeonly %out, ptr nocapture noundef readonly %x, ptr nocapture noundef readonly %u, i64 noundef %w, i64 noundef %h, float noundef nofpclass(nan inf) %a) local_unnamed_addr #0 {
entry:
  %cmp34 = icmp sgt i64 %w, 0
  br i1 %cmp34, label %for.cond1.preheader.lr.ph, label %for.cond.cleanup

for.cond1.preheader.lr.ph:                        ; preds = %entry
  %invariant.gep = getelementptr float, ptr %u, i64 %w
  %cmp231 = icmp sgt i64 %h, 0
  br label %for.cond1.preheader

for.cond1.preheader:                              ; preds = %for.cond1.preheader.lr.ph, %for.cond.cleanup3
  %c.035 = phi i64 [ 0, %for.cond1.preheader.lr.ph ], [ %inc16, %for.cond.cleanup3 ]
  br i1 %cmp231, label %for.body4, label %for.cond.cleanup3

for.cond.cleanup:                                 ; preds = %for.cond.cleanup3, %entry
  ret void

for.cond.cleanup3:                                ; preds = %for.body4, %for.cond1.preheader
  %inc16 = add nuw nsw i64 %c.035, 1
  %exitcond36.not = icmp eq i64 %inc16, %w
  br i1 %exitcond36.not, label %for.cond.cleanup, label %for.cond1.preheader, !llvm.loop !16

for.body4:                                        ; preds = %for.cond1.preheader, %for.body4
  %r.033 = phi i64 [ %inc, %for.body4 ], [ 0, %for.cond1.preheader ]
  %s.032 = phi float [ %add6, %for.body4 ], [ 0.000000e+00, %for.cond1.preheader ]
  %mul = fmul fast float %s.032, %a
  %mul5 = mul nuw nsw i64 %r.033, %w
  %add = add nuw nsw i64 %mul5, %c.035
  %arrayidx = getelementptr inbounds float, ptr %x, i64 %add
  %0 = load float, ptr %arrayidx, align 4, !tbaa !5
  %add6 = fadd fast float %0, %mul
  %gep = getelementptr float, ptr %invariant.gep, i64 %add
  %1 = load float, ptr %gep, align 4, !tbaa !5
  %mul11 = fmul fast float %1, %add6
  %arrayidx14 = getelementptr inbounds float, ptr %out, i64 %add
  store float %mul11, ptr %arrayidx14, align 4, !tbaa !5
  %inc = add nuw nsw i64 %r.033, 1
  %exitcond.not = icmp eq i64 %inc, %h
  br i1 %exitcond.not, label %for.cond.cleanup3, label %for.body4, !llvm.loop !17
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
!11 = distinct !{!11, !10}
!12 = distinct !{!12, !10}
!13 = !{!14, !14, i64 0}
!14 = !{!"int", !7, i64 0}
!15 = distinct !{!15, !10}
!16 = distinct !{!16, !10}
!17 = distinct !{!17, !10}
