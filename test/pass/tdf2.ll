; Transposed direct form II (TDF2): the states z1, z2 are not delayed copies of the output or the input but
; linear forms over them (z2 = b2*x - a2*y; z1 = b1*x - a1*y + z2), substituted into the output:
; y[i] = b0 x[i] + b1 x[i-1] + b2 x[i-2] - a1 y[i-1] - a2 y[i-2]. From zero states the call starts from
; zero histories; from states loaded before the loop, the first two outputs are computed before the call
; (the loop's own operations) and stored once it succeeds; the states saved after the loop are recomputed
; from the last inputs (read before the call) and the last outputs.
; REQUIRES: pass
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -S %s | %FileCheck %s
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -pass-remarks=plr -pass-remarks-missed=plr -disable-output %s 2>&1 | %FileCheck %s --check-prefix=REMARK
;
; Input: PHASE=final make-input.sh tdf2.c x -ffast-math -fno-slp-vectorize (without -fno-slp-vectorize the SLP
; vectorizer packs z1, z2 into a vector; the pass runs before it), from:
; struct fst { float z1, z2; };
; struct ist { int z1, z2; };
; void tdf2_zero(float *restrict y, const float *restrict x, long n, float b0, float b1, float b2, float a1, float a2) {
;   float z1 = 0, z2 = 0;
;   for (long i = 0; i < n; i++) {
;     float v = b0 * x[i] + z1;
;     z1 = b1 * x[i] - a1 * v + z2;
;     z2 = b2 * x[i] - a2 * v;
;     y[i] = v;
;   }
; }
; void tdf2_state(struct fst *s, float *y, const float *x, long n, float b0, float b1, float b2, float a1, float a2) {
;   float z1 = s->z1, z2 = s->z2;
;   for (long i = 0; i < n; i++) {
;     float v = b0 * x[i] + z1;
;     z1 = b1 * x[i] - a1 * v + z2;
;     z2 = b2 * x[i] - a2 * v;
;     y[i] = v;
;   }
;   s->z1 = z1;
;   s->z2 = z2;
; }
; void tdf2_int(struct ist *s, int *y, const int *x, int n, int b1) {
;   int z1 = s->z1, z2 = s->z2;
;   for (int i = 0; i < n; i++) {
;     int v = 3 * x[i] + z1;
;     z1 = b1 * x[i] + 7 * v + z2;
;     z2 = -5 * x[i] - 3 * v;
;     y[i] = v;
;   }
;   s->z1 = z1;
;   s->z2 = z2;
; }
; double tdf1(double *y, const double *x, long n, double b0, double b1, double a1) {
;   double z = 0;
;   for (long i = 0; i < n; i++) {
;     double v = b0 * x[i] + z;
;     z = b1 * x[i] - a1 * v;
;     y[i] = v;
;   }
;   return z;
; }

; REMARK: remark: {{.*}}replaced linear recurrence with a call to plr_run: signature (b0, b1, b2: -a1, -a2), type f32, order 2, transposed states (direct form II transposed), from zero
; REMARK: remark: {{.*}}replaced linear recurrence with a call to plr_run: signature (b0, b1, b2: -a1, -a2), type f32, order 2, transposed states (direct form II transposed): the first outputs computed before the call from the states' start
; REMARK: remark: {{.*}}replaced linear recurrence with a call to plr_run: signature (3, b1, -5: 7, -3), type i32, order 2, transposed states (direct form II transposed): the first outputs
; REMARK: remark: {{.*}}replaced linear recurrence with a call to plr_run: signature (b0, b1: -a1), type f64, order 1, transposed states (direct form II transposed), from zero
; REMARK-NOT: not replaced

; Zero states: zero histories, the whole array in one call, nothing computed before it.
; CHECK-LABEL: define dso_local void @tdf2_zero(
; CHECK: br i1 %{{.*}}, label %plr.outlined, label %plr.fallback
; CHECK: plr.outlined:
; CHECK: %targetBlock = call i1 @tdf2_zero.plr.call(
; CHECK: plr.fallback:
; CHECK-LABEL: define internal i1 @tdf2_zero.plr.call(
; CHECK: plr.call.go:
; CHECK-NOT: plr.peel
; CHECK: store float 0.000000e+00, ptr %plr.yinit
; CHECK: store float 0.000000e+00, ptr %plr.xhist
; CHECK: call i32 @plr_run

; Loaded states: y[0] = b0*x[0] + z1, y[1] = b0*x[1] + (b1*x[0] - a1*y[0] + z2) before the call, which
; runs n-2 elements from y+2 with those outputs and x[0..1] as its histories.
; CHECK-LABEL: define dso_local void @tdf2_state(
; CHECK: %[[Z1:.*]] = load float, ptr %s
; CHECK: %[[Z2:.*]] = load float, ptr %z2
; CHECK: br i1 %{{.*}}, label %plr.outlined, label %plr.fallback
; CHECK: plr.outlined:
; CHECK: %targetBlock = call i1 @tdf2_state.plr.call(
; CHECK: plr.fallback:
; CHECK: phi float [ %add6, %for.body ], [ %plr.st{{[0-9]+}}.reload, %plr.outlined ]
; CHECK: phi float [ %sub10, %for.body ], [ %plr.st{{[0-9]+}}.reload, %plr.outlined ]
; CHECK-LABEL: define internal i1 @tdf2_state.plr.call(
; CHECK: plr.call.go:
; CHECK: %plr.peel.x = load float, ptr
; CHECK-NEXT: %plr.peel = fmul fast float %plr.peel.x, %b0
; CHECK-NEXT: %[[Y0:.*]] = fadd fast float %plr.peel, %[[Z1]]
; CHECK: %plr.peel.x3 = load float
; CHECK-NEXT: %plr.peel4 = fmul fast float %plr.peel.x3, %b0
; CHECK-NEXT: %plr.peel5 = fmul fast float %plr.peel.x, %b1
; CHECK-NEXT: %plr.peel6 = fadd fast float %plr.peel5, %[[Z2]]
; CHECK-NEXT: %plr.peel7 = fmul fast float %[[Y0]], %a1
; CHECK-NEXT: %plr.peel8 = fsub fast float %plr.peel6, %plr.peel7
; CHECK-NEXT: %[[Y1:.*]] = fadd fast float %plr.peel4, %plr.peel8
; CHECK: store float %[[Y1]], ptr
; CHECK-NEXT: store float %[[Y0]], ptr %plr.yinit
; CHECK: %[[N2:.*]] = sub i64 %n, 2
; CHECK-NEXT: store i64 %[[N2]], ptr %plr.data
; CHECK: %[[X2:.*]] = getelementptr i8, ptr %x, i64 8
; CHECK: store ptr %[[X2]]
; CHECK-NEXT: %[[Y2:.*]] = getelementptr i8, ptr %y, i64 8
; CHECK: store ptr %[[Y2]]
; The inputs the final states need, before the call (in place it would overwrite them).
; CHECK: %plr.xlast = load float
; CHECK: %plr.xlast13 = load float
; CHECK: %plr.xlast16 = load float
; CHECK: call i32 @plr_run
; CHECK: plr.done:
; CHECK-NEXT: %[[P0:.*]] = getelementptr i8, ptr %y, i64 0
; CHECK-NEXT: store float %[[Y0]], ptr %[[P0]]
; CHECK-NEXT: %[[P1:.*]] = getelementptr i8, ptr %y, i64 4
; CHECK-NEXT: store float %[[Y1]], ptr %[[P1]]
; z1 = b1*x[n-1] + b2*x[n-2] - a1*y[n-1] - a2*y[n-2], z2 = b2*x[n-1] - a2*y[n-1]
; CHECK: %plr.final = load float
; CHECK: fneg float %a1
; CHECK: %[[Z1F:.*]] = fadd float %{{.*}}, %{{.*}}
; CHECK: fneg float %a2
; CHECK: %[[Z1F2:.*]] = fadd float %[[Z1F]], %{{.*}}
; CHECK-NEXT: store float %[[Z1F2]], ptr %[[Z1F2]].out
; CHECK: %[[Z2F:.*]] = fadd float %plr.st18, %{{.*}}
; CHECK-NEXT: store float %[[Z2F]], ptr %[[Z2F]].out

; Integers: the same, exact in wrapping arithmetic.
; CHECK-LABEL: define dso_local void @tdf2_int(
; CHECK: br i1 %{{.*}}, label %plr.outlined, label %plr.fallback
; CHECK: plr.outlined:
; CHECK: %targetBlock = call i1 @tdf2_int.plr.call(
; CHECK: plr.fallback:
; CHECK-LABEL: define internal i1 @tdf2_int.plr.call(
; CHECK: plr.call.go:
; CHECK: %plr.peel.x = load i32
; CHECK: sub i64 %{{.*}}, 2
; CHECK: call i32 @plr_run
; CHECK: plr.done:
; CHECK: store i32
; CHECK: store i32

; First order from zero, the state returned: z = b1*x[n-1] - a1*y[n-1].
; CHECK-LABEL: define dso_local nofpclass(nan inf) double @tdf1(
; CHECK: br i1 %{{.*}}, label %plr.outlined, label %plr.fallback
; CHECK: plr.outlined:
; CHECK: %targetBlock = call i1 @tdf1.plr.call(
; CHECK: plr.fallback:
; CHECK-LABEL: define internal i1 @tdf1.plr.call(
; CHECK: plr.call.go:
; CHECK-NOT: plr.peel
; CHECK: store double 0.000000e+00, ptr %plr.yinit
; CHECK: %plr.xlast = load double
; CHECK: %[[XP:.*]] = fmul double %b1, %plr.xlast
; CHECK: call i32 @plr_run
; CHECK: plr.done:
; CHECK: %plr.final = load double
; CHECK: fneg double %a1


; Function Attrs: nofree norecurse nosync nounwind memory(argmem: readwrite) uwtable
define dso_local void @tdf2_zero(ptr noalias nocapture noundef writeonly %y, ptr noalias nocapture noundef readonly %x, i64 noundef %n, float noundef nofpclass(nan inf) %b0, float noundef nofpclass(nan inf) %b1, float noundef nofpclass(nan inf) %b2, float noundef nofpclass(nan inf) %a1, float noundef nofpclass(nan inf) %a2) local_unnamed_addr #0 {
entry:
  %cmp19 = icmp sgt i64 %n, 0
  br i1 %cmp19, label %for.body, label %for.cond.cleanup

for.cond.cleanup:                                 ; preds = %for.body, %entry
  ret void

for.body:                                         ; preds = %entry, %for.body
  %z1.022 = phi float [ %add4, %for.body ], [ 0.000000e+00, %entry ]
  %i.021 = phi i64 [ %inc, %for.body ], [ 0, %entry ]
  %z2.020 = phi float [ %sub8, %for.body ], [ 0.000000e+00, %entry ]
  %arrayidx = getelementptr inbounds float, ptr %x, i64 %i.021
  %0 = load float, ptr %arrayidx, align 4, !tbaa !5
  %mul = fmul fast float %0, %b0
  %add = fadd fast float %mul, %z1.022
  %mul2 = fmul fast float %0, %b1
  %sub = fadd fast float %mul2, %z2.020
  %1 = fmul fast float %add, %a1
  %add4 = fsub fast float %sub, %1
  %mul6 = fmul fast float %0, %b2
  %mul7 = fmul fast float %add, %a2
  %sub8 = fsub fast float %mul6, %mul7
  %arrayidx9 = getelementptr inbounds float, ptr %y, i64 %i.021
  store float %add, ptr %arrayidx9, align 4, !tbaa !5
  %inc = add nuw nsw i64 %i.021, 1
  %exitcond.not = icmp eq i64 %inc, %n
  br i1 %exitcond.not, label %for.cond.cleanup, label %for.body, !llvm.loop !9
}

; Function Attrs: nofree norecurse nosync nounwind memory(argmem: readwrite) uwtable
define dso_local void @tdf2_state(ptr nocapture noundef %s, ptr nocapture noundef writeonly %y, ptr nocapture noundef readonly %x, i64 noundef %n, float noundef nofpclass(nan inf) %b0, float noundef nofpclass(nan inf) %b1, float noundef nofpclass(nan inf) %b2, float noundef nofpclass(nan inf) %a1, float noundef nofpclass(nan inf) %a2) local_unnamed_addr #0 {
entry:
  %0 = load float, ptr %s, align 4, !tbaa !12
  %z22 = getelementptr inbounds i8, ptr %s, i64 4
  %1 = load float, ptr %z22, align 4, !tbaa !14
  %cmp28 = icmp sgt i64 %n, 0
  br i1 %cmp28, label %for.body, label %for.cond.cleanup

for.cond.cleanup:                                 ; preds = %for.body, %entry
  %z2.0.lcssa = phi float [ %1, %entry ], [ %sub10, %for.body ]
  %z1.0.lcssa = phi float [ %0, %entry ], [ %add6, %for.body ]
  store float %z1.0.lcssa, ptr %s, align 4, !tbaa !12
  store float %z2.0.lcssa, ptr %z22, align 4, !tbaa !14
  ret void

for.body:                                         ; preds = %entry, %for.body
  %z1.031 = phi float [ %add6, %for.body ], [ %0, %entry ]
  %i.030 = phi i64 [ %inc, %for.body ], [ 0, %entry ]
  %z2.029 = phi float [ %sub10, %for.body ], [ %1, %entry ]
  %arrayidx = getelementptr inbounds float, ptr %x, i64 %i.030
  %2 = load float, ptr %arrayidx, align 4, !tbaa !5
  %mul = fmul fast float %2, %b0
  %add = fadd fast float %mul, %z1.031
  %mul4 = fmul fast float %2, %b1
  %sub = fadd fast float %mul4, %z2.029
  %3 = fmul fast float %add, %a1
  %add6 = fsub fast float %sub, %3
  %mul8 = fmul fast float %2, %b2
  %mul9 = fmul fast float %add, %a2
  %sub10 = fsub fast float %mul8, %mul9
  %arrayidx11 = getelementptr inbounds float, ptr %y, i64 %i.030
  store float %add, ptr %arrayidx11, align 4, !tbaa !5
  %inc = add nuw nsw i64 %i.030, 1
  %exitcond.not = icmp eq i64 %inc, %n
  br i1 %exitcond.not, label %for.cond.cleanup, label %for.body, !llvm.loop !15
}

; Function Attrs: nofree norecurse nosync nounwind memory(argmem: readwrite) uwtable
define dso_local void @tdf2_int(ptr nocapture noundef %s, ptr nocapture noundef writeonly %y, ptr nocapture noundef readonly %x, i32 noundef %n, i32 noundef %b1) local_unnamed_addr #0 {
entry:
  %0 = load i32, ptr %s, align 4, !tbaa !16
  %z22 = getelementptr inbounds i8, ptr %s, i64 4
  %1 = load i32, ptr %z22, align 4, !tbaa !19
  %cmp31 = icmp sgt i32 %n, 0
  br i1 %cmp31, label %for.body.preheader, label %for.cond.cleanup

for.body.preheader:                               ; preds = %entry
  %wide.trip.count = zext nneg i32 %n to i64
  br label %for.body

for.cond.cleanup:                                 ; preds = %for.body, %entry
  %z2.0.lcssa = phi i32 [ %1, %entry ], [ %sub, %for.body ]
  %z1.0.lcssa = phi i32 [ %0, %entry ], [ %add8, %for.body ]
  store i32 %z1.0.lcssa, ptr %s, align 4, !tbaa !16
  store i32 %z2.0.lcssa, ptr %z22, align 4, !tbaa !19
  ret void

for.body:                                         ; preds = %for.body.preheader, %for.body
  %indvars.iv = phi i64 [ 0, %for.body.preheader ], [ %indvars.iv.next, %for.body ]
  %z1.034 = phi i32 [ %0, %for.body.preheader ], [ %add8, %for.body ]
  %z2.032 = phi i32 [ %1, %for.body.preheader ], [ %sub, %for.body ]
  %arrayidx = getelementptr inbounds i32, ptr %x, i64 %indvars.iv
  %2 = load i32, ptr %arrayidx, align 4, !tbaa !20
  %mul = mul nsw i32 %2, 3
  %add = add nsw i32 %mul, %z1.034
  %mul5 = mul nsw i32 %2, %b1
  %mul6 = mul nsw i32 %add, 7
  %add7 = add i32 %mul5, %z2.032
  %add8 = add i32 %add7, %mul6
  %mul11 = mul nsw i32 %2, -5
  %mul12.neg = mul i32 %add, -3
  %sub = add i32 %mul12.neg, %mul11
  %arrayidx14 = getelementptr inbounds i32, ptr %y, i64 %indvars.iv
  store i32 %add, ptr %arrayidx14, align 4, !tbaa !20
  %indvars.iv.next = add nuw nsw i64 %indvars.iv, 1
  %exitcond.not = icmp eq i64 %indvars.iv.next, %wide.trip.count
  br i1 %exitcond.not, label %for.cond.cleanup, label %for.body, !llvm.loop !21
}

; Function Attrs: nofree norecurse nosync nounwind memory(argmem: readwrite) uwtable
define dso_local nofpclass(nan inf) double @tdf1(ptr nocapture noundef writeonly %y, ptr nocapture noundef readonly %x, i64 noundef %n, double noundef nofpclass(nan inf) %b0, double noundef nofpclass(nan inf) %b1, double noundef nofpclass(nan inf) %a1) local_unnamed_addr #0 {
entry:
  %cmp12 = icmp sgt i64 %n, 0
  br i1 %cmp12, label %for.body, label %for.cond.cleanup

for.cond.cleanup:                                 ; preds = %for.body, %entry
  %z.0.lcssa = phi double [ 0.000000e+00, %entry ], [ %sub, %for.body ]
  ret double %z.0.lcssa

for.body:                                         ; preds = %entry, %for.body
  %z.014 = phi double [ %sub, %for.body ], [ 0.000000e+00, %entry ]
  %i.013 = phi i64 [ %inc, %for.body ], [ 0, %entry ]
  %arrayidx = getelementptr inbounds double, ptr %x, i64 %i.013
  %0 = load double, ptr %arrayidx, align 8, !tbaa !22
  %mul = fmul fast double %0, %b0
  %add = fadd fast double %mul, %z.014
  %mul2 = fmul fast double %0, %b1
  %mul3 = fmul fast double %add, %a1
  %sub = fsub fast double %mul2, %mul3
  %arrayidx4 = getelementptr inbounds double, ptr %y, i64 %i.013
  store double %add, ptr %arrayidx4, align 8, !tbaa !22
  %inc = add nuw nsw i64 %i.013, 1
  %exitcond.not = icmp eq i64 %inc, %n
  br i1 %exitcond.not, label %for.cond.cleanup, label %for.body, !llvm.loop !24
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
!9 = distinct !{!9, !10, !11}
!10 = !{!"llvm.loop.mustprogress"}
!11 = !{!"llvm.loop.unroll.disable"}
!12 = !{!13, !6, i64 0}
!13 = !{!"fst", !6, i64 0, !6, i64 4}
!14 = !{!13, !6, i64 4}
!15 = distinct !{!15, !10, !11}
!16 = !{!17, !18, i64 0}
!17 = !{!"ist", !18, i64 0, !18, i64 4}
!18 = !{!"int", !7, i64 0}
!19 = !{!17, !18, i64 4}
!20 = !{!18, !18, i64 0}
!21 = distinct !{!21, !10, !11}
!22 = !{!23, !23, i64 0}
!23 = !{!"double", !7, i64 0}
!24 = distinct !{!24, !10, !11}
