; A single loop at a run-time stride (y[j*C]) outside any nest is read where the stride is one element
; and versioned on it, as LoopVectorize versions a symbolic stride: the check before the call tests
; C == 1 (plr.stride.one; the footprints, the call's layout and histories are those of unit stride),
; and any other C runs the loop as written. Through memory (y[(j-1)*C], a candidate only at that
; stride), and opus's mono de-emphasis (the state in a register, the output a map of it). A stride
; of two run-time values has no one value to pin: RuntimeStride stays.
; REQUIRES: pass
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -S %s | %FileCheck %s
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -pass-remarks=plr -pass-remarks-missed=plr -disable-output %s 2>&1 | %FileCheck %s --check-prefix=REMARK
; REMARK: remark: {{.*}}replaced linear recurrence with a call to plr_run: signature (1: a), type i32, order 1, layout: the stride a run-time value, taken where it is one element (C == 1; else the loop runs as written); plan: check(x apart from y or exactly y, the stride C is 1); ask(1 pass); call(1: a) x->y
; REMARK: remark: {{.*}}replaced linear recurrence with a call to plr_run: signature (1: coef0), type f32, order 1, layout: the stride a run-time value, taken where it is one element (C == 1; else the loop runs as written), input term materialized by a map, transposed states: the first outputs computed before the call from the states' start, output an elementwise map of the state; plan: check(the stride C is 1); ask(3 passes)
; REMARK: remark: {{.*}}recurrence not replaced: the stride is a run-time value (a column of an image with a variable width); that is replaced as part of a loop nest the call covers whole, or, in a loop alone, where one value makes it one element (y[j*C], versioned on C == 1), and this loop is neither
; CHECK-LABEL: @ufilt(
; CHECK: %plr.disjoint =
; CHECK: [[NE:%.*]] = icmp ne i32 %C, 1
; CHECK-NEXT: %plr.stride.one = xor i1 [[NE]], true
; CHECK-NEXT: [[OK:%.*]] = and i1 {{%[0-9]+}}, %plr.stride.one
; CHECK-NEXT: br i1 [[OK]], label %plr.outlined, label %plr.fallback
; The loop as written stays, at stride C.
; CHECK: for.body:
; CHECK: mul nsw i64 %indvars.iv, %0
; CHECK-LABEL: define internal i1 @ufilt.plr.call(
; CHECK: call i32 @plr_run(
; CHECK-LABEL: @deemph(
; CHECK: icmp ne i32 %C, 1
; CHECK: %plr.stride.one
; CHECK-LABEL: define internal i1 @deemph.plr.call(
; CHECK: call i32 @plr_run(
; CHECK-LABEL: @two(
; CHECK-NOT: plr_run
; CHECK: ret void
;
; Input: make-input.sh rs.c ufilt -ffast-math (the whole module), from:
; /* through memory, x and y at a run-time stride C */
; void ufilt(const unsigned *x, unsigned *y, int n, int C, unsigned a) {
;   for (int j = 1; j < n; j++)
;     y[j * C] = a * y[(j - 1) * C] + x[j * C];
; }
; /* opus's mono de-emphasis */
; void deemph(const float *restrict x, float *restrict y, int n, int C, float coef0, float *mem) {
;   float m = *mem;
;   for (int j = 0; j < n; j++) {
;     float tmp = x[j] + 1e-30f + m;
;     m = coef0 * tmp;
;     y[j * C] = tmp * (1 / 32768.f);
;   }
;   *mem = m;
; }
; /* a stride of two run-time values */
; void two(const float *restrict x, float *restrict y, int n, long C, long D, float a) {
;   float s = 0;
;   for (int j = 0; j < n; j++) {
;     s = a * s + x[j];
;     y[j * C * D] = s;
;   }
; }
;

; Function Attrs: nofree norecurse nosync nounwind memory(argmem: readwrite) uwtable
define dso_local void @ufilt(ptr nocapture noundef readonly %x, ptr nocapture noundef %y, i32 noundef %n, i32 noundef %C, i32 noundef %a) local_unnamed_addr #0 {
entry:
  %cmp15 = icmp sgt i32 %n, 1
  br i1 %cmp15, label %for.body.preheader, label %for.cond.cleanup

for.body.preheader:                               ; preds = %entry
  %0 = sext i32 %C to i64
  %wide.trip.count = zext nneg i32 %n to i64
  br label %for.body

for.cond.cleanup.loopexit:                        ; preds = %for.body
  br label %for.cond.cleanup

for.cond.cleanup:                                 ; preds = %for.cond.cleanup.loopexit, %entry
  ret void

for.body:                                         ; preds = %for.body.preheader, %for.body
  %indvars.iv = phi i64 [ 1, %for.body.preheader ], [ %indvars.iv.next, %for.body ]
  %1 = add nsw i64 %indvars.iv, -1
  %2 = mul nsw i64 %1, %0
  %arrayidx = getelementptr inbounds i32, ptr %y, i64 %2
  %3 = load i32, ptr %arrayidx, align 4, !tbaa !5
  %mul1 = mul i32 %3, %a
  %4 = mul nsw i64 %indvars.iv, %0
  %arrayidx4 = getelementptr inbounds i32, ptr %x, i64 %4
  %5 = load i32, ptr %arrayidx4, align 4, !tbaa !5
  %add = add i32 %mul1, %5
  %arrayidx7 = getelementptr inbounds i32, ptr %y, i64 %4
  store i32 %add, ptr %arrayidx7, align 4, !tbaa !5
  %indvars.iv.next = add nuw nsw i64 %indvars.iv, 1
  %exitcond.not = icmp eq i64 %indvars.iv.next, %wide.trip.count
  br i1 %exitcond.not, label %for.cond.cleanup.loopexit, label %for.body, !llvm.loop !9
}

; Function Attrs: nofree norecurse nosync nounwind memory(argmem: readwrite) uwtable
define dso_local void @deemph(ptr noalias nocapture noundef readonly %x, ptr noalias nocapture noundef writeonly %y, i32 noundef %n, i32 noundef %C, float noundef nofpclass(nan inf) %coef0, ptr nocapture noundef %mem) local_unnamed_addr #0 {
entry:
  %0 = load float, ptr %mem, align 4, !tbaa !11
  %cmp12 = icmp sgt i32 %n, 0
  br i1 %cmp12, label %for.body.preheader, label %for.cond.cleanup

for.body.preheader:                               ; preds = %entry
  %1 = sext i32 %C to i64
  %wide.trip.count = zext nneg i32 %n to i64
  br label %for.body

for.cond.cleanup:                                 ; preds = %for.body, %entry
  %m.0.lcssa = phi float [ %0, %entry ], [ %mul, %for.body ]
  store float %m.0.lcssa, ptr %mem, align 4, !tbaa !11
  ret void

for.body:                                         ; preds = %for.body.preheader, %for.body
  %indvars.iv = phi i64 [ 0, %for.body.preheader ], [ %indvars.iv.next, %for.body ]
  %m.014 = phi float [ %0, %for.body.preheader ], [ %mul, %for.body ]
  %arrayidx = getelementptr inbounds float, ptr %x, i64 %indvars.iv
  %2 = load float, ptr %arrayidx, align 4, !tbaa !11
  %add = fadd fast float %m.014, 0x39B4484C00000000
  %add1 = fadd fast float %add, %2
  %mul = fmul fast float %add1, %coef0
  %mul2 = fmul fast float %add1, 0x3F00000000000000
  %3 = mul nsw i64 %indvars.iv, %1
  %arrayidx5 = getelementptr inbounds float, ptr %y, i64 %3
  store float %mul2, ptr %arrayidx5, align 4, !tbaa !11
  %indvars.iv.next = add nuw nsw i64 %indvars.iv, 1
  %exitcond.not = icmp eq i64 %indvars.iv.next, %wide.trip.count
  br i1 %exitcond.not, label %for.cond.cleanup, label %for.body, !llvm.loop !13
}

; Function Attrs: nofree norecurse nosync nounwind memory(argmem: readwrite) uwtable
define dso_local void @two(ptr noalias nocapture noundef readonly %x, ptr noalias nocapture noundef writeonly %y, i32 noundef %n, i64 noundef %C, i64 noundef %D, float noundef nofpclass(nan inf) %a) local_unnamed_addr #0 {
entry:
  %cmp8 = icmp sgt i32 %n, 0
  br i1 %cmp8, label %for.body.lr.ph, label %for.cond.cleanup

for.body.lr.ph:                                   ; preds = %entry
  %mul1 = mul i64 %D, %C
  %wide.trip.count = zext nneg i32 %n to i64
  br label %for.body

for.cond.cleanup:                                 ; preds = %for.body, %entry
  ret void

for.body:                                         ; preds = %for.body.lr.ph, %for.body
  %indvars.iv = phi i64 [ 0, %for.body.lr.ph ], [ %indvars.iv.next, %for.body ]
  %s.09 = phi float [ 0.000000e+00, %for.body.lr.ph ], [ %add, %for.body ]
  %mul = fmul fast float %s.09, %a
  %arrayidx = getelementptr inbounds float, ptr %x, i64 %indvars.iv
  %0 = load float, ptr %arrayidx, align 4, !tbaa !11
  %add = fadd fast float %0, %mul
  %mul2 = mul i64 %mul1, %indvars.iv
  %arrayidx3 = getelementptr inbounds float, ptr %y, i64 %mul2
  store float %add, ptr %arrayidx3, align 4, !tbaa !11
  %indvars.iv.next = add nuw nsw i64 %indvars.iv, 1
  %exitcond.not = icmp eq i64 %indvars.iv.next, %wide.trip.count
  br i1 %exitcond.not, label %for.cond.cleanup, label %for.body, !llvm.loop !14
}

attributes #0 = { nofree norecurse nosync nounwind memory(argmem: readwrite) uwtable "approx-func-fp-math"="true" "min-legal-vector-width"="0" "no-infs-fp-math"="true" "no-nans-fp-math"="true" "no-signed-zeros-fp-math"="true" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" "unsafe-fp-math"="true" }


!0 = !{i32 1, !"wchar_size", i32 4}
!1 = !{i32 8, !"PIC Level", i32 2}
!2 = !{i32 7, !"PIE Level", i32 2}
!3 = !{i32 7, !"uwtable", i32 2}
!4 = !{!"Debian clang version 19.1.7 (3~deb12u1)"}
!5 = !{!6, !6, i64 0}
!6 = !{!"int", !7, i64 0}
!7 = !{!"omnipotent char", !8, i64 0}
!8 = !{!"Simple C/C++ TBAA"}
!9 = distinct !{!9, !10}
!10 = !{!"llvm.loop.mustprogress"}
!11 = !{!12, !12, i64 0}
!12 = !{!"float", !7, i64 0}
!13 = distinct !{!13, !10}
!14 = distinct !{!14, !10}
