; Recurrences of run-time order (LPC synthesis): the taps are an inner loop
; over p, and the outer loop carries the recurrence through the tap loop's
; loads of y[i-j]. Replaced by one plr_run whose signature
; plr_signature_from_array reads from a[] at run time, behind checks: the
; taps run (clang's p >= 1), 1 <= p <= 32 (p - 1 < 32), x apart from y or
; exactly y, a[] apart from the outputs; plr_pays asked with that signature
; (passes 1, stages 1, chain 0: the order is the signature's). y_init is
; the memory just before the first output (y + first - p).
; REQUIRES: pass
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -S %s | %FileCheck %s
; RUN: env PLR_PASS_MIN_N=64 %opt -load-pass-plugin=%plr-pass -passes=plr -S %s | %FileCheck %s --check-prefix=MIN
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -pass-remarks=plr -pass-remarks-analysis=plr -disable-output %s 2>&1 | %FileCheck %s --check-prefix=REMARK
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -pass-remarks=plr -pass-remarks-output=%t.yaml -disable-output %s 2>/dev/null
; RUN: %FileCheck %s --check-prefix=YAML < %t.yaml
;
; REMARK: remark: {{.*}}replaced linear recurrence with a call to plr_run: signature (1: -a[j] for j = 1..p), type f32, order p, order a run-time value (an inner loop over the taps): the signature read from the coefficient array before the call; plan: check(x apart from y or exactly y, coefficients apart from y, the taps run, 1 <= p <= 32); signature(from the array: b[j] = -a[j], j = 1..p); ask(1 pass); call(1: b[1..p]) x->y, history y[-p..-1] from memory
; REMARK: remark: {{.*}}y is 'y', x is 'x' (a separate array), coefficients 'a';
; REMARK: remark: {{.*}}signature (1: -a[j] for j = 1..p), type i32, order p,
; REMARK: remark: {{.*}}plan: check(coefficients apart from y, the taps run, 1 <= p <= 32); signature(from the array: b[j] = -a[{{.*}}], j = 1..p); ask(1 pass); call(1: b[1..p]) y->y in place, history y[-p..-1] from memory
; REMARK: remark: {{.*}}x is y (in place), coefficients 'a'
; REMARK-NOT: remark
; YAML: Name: Replaced
; YAML: Plan: 'check(x apart from y or exactly y, coefficients apart from y, the taps run, 1 <= p <= 32); signature(from the array
;
; CHECK-LABEL: define {{.*}} @lpc(
; CHECK: [[ORDER:%[0-9]+]] = add nsw i64 %wide.trip.count, -1
; CHECK: %plr.big = icmp uge i64 [[N:%[0-9]+]], 65536
; CHECK: [[NOSKIP:%[0-9]+]] = xor i1 %cmp2.not25, true
; CHECK: %plr.taps = and i1 {{.*}}, [[NOSKIP]]
; CHECK: [[PM1:%[0-9]+]] = sub i64 [[ORDER]], 1
; CHECK: [[LT:%[0-9]+]] = icmp ult i64 [[PM1]], 32
; CHECK: %plr.order = and i1 %plr.taps, [[LT]]
; CHECK: %plr.disjoint = or i1
; CHECK: %plr.coef.apart = or i1
; CHECK: br i1 {{%[0-9]+}}, label %plr.outlined, label %plr.fallback
; CHECK: plr.outlined:
; CHECK: %targetBlock = call i1 @lpc.plr.call(
; CHECK: plr.fallback:
; CHECK-NEXT: br label %for.body
; CHECK-LABEL: define internal i1 @lpc.plr.call(
; CHECK: plr.call.abi:
; CHECK: %plr.sig.status = call i32 @plr_signature_from_array(ptr %plr.sig, i32 4, ptr [[COEF:%scevgep[0-9]*]], i64 1, i32 %plr.order{{[0-9]*}}, i32 -1)
; CHECK: br i1 {{.*}}, label %plr.call.sig, label %plr.fallback
; The order (p) comes in as an argument.
; CHECK: [[BACK:%[0-9]+]] = mul i64 %{{[0-9]+}}, -4
; CHECK: %plr.yinit = getelementptr i8, ptr [[Y:%scevgep[0-9]*]], i64 [[BACK]]
; CHECK: call i32 @plr_pays(ptr %plr.sig, ptr %plr.data, i32 1, i32 1, i32 0)
; CHECK: call i32 @plr_run(ptr %plr.sig, ptr %plr.data)
;
; CHECK-LABEL: define {{.*}} @lpc_i32(
; CHECK: br i1 %{{.*}}, label %plr.outlined, label %plr.fallback
; CHECK: plr.outlined:
; CHECK: %targetBlock = call i1 @lpc_i32.plr.call(
; CHECK: plr.fallback:
; CHECK-LABEL: define internal i1 @lpc_i32.plr.call(
; CHECK: call i32 @plr_signature_from_array(ptr %plr.sig, i32 0, ptr {{%[a-z0-9.]+}}, i64 1, i32 {{%[a-z0-9.]+}}, i32 -1)
;
; a[p-j] with the sum from zero subtracted, in place from i = 0: stride -1,
; no x check, the history y[-p..-1] before the array
; CHECK-LABEL: define {{.*}} @lpc_rev_inplace(
; CHECK-NOT: plr.disjoint
; CHECK: %plr.coef.apart
; CHECK: br i1 %{{.*}}, label %plr.outlined, label %plr.fallback
; CHECK: plr.outlined:
; CHECK: %targetBlock = call i1 @lpc_rev_inplace.plr.call(
; CHECK: plr.fallback:
; CHECK-LABEL: define internal i1 @lpc_rev_inplace.plr.call(
; CHECK: call i32 @plr_signature_from_array(ptr %plr.sig, i32 5, ptr {{%[a-z0-9.]+}}, i64 -1, i32 {{%[a-z0-9.]+}}, i32 -1)
; CHECK: %plr.yinit = getelementptr i8, ptr %y, i64
; The original nests, marked so that a second run leaves them alone.
; CHECK: !{!"plr.versioned"}
;
; A user threshold: no plr_pays question, the call from n = 64.
; MIN-LABEL: define {{.*}} @lpc(
; MIN: %plr.big = icmp uge i64 {{%[0-9]+}}, 64
; MIN-NOT: @plr_pays
; MIN: call i32 @plr_run
;
; Inputs: make-input.sh F.c FN -ffast-math, from:
; void lpc(float *y, const float *x, const float *a, int n, int p) {
;   for (int i = p; i < n; i++) {
;     float s = x[i];
;     for (int j = 1; j <= p; j++) s -= a[j] * y[i - j];
;     y[i] = s;
;   }
; }
; void lpc_i32(int *y, const int *x, const int *a, int n, int p) {  /* the same in int */ }
; void lpc_rev_inplace(double *y, const double *a, long n, int p) {
;   for (long i = 0; i < n; i++) {
;     double s = 0;
;     for (int j = 1; j <= p; j++) s += a[p - j] * y[i - j];
;     y[i] = y[i] - s;
;   }
; }


; Function Attrs: nofree norecurse nosync nounwind memory(argmem: readwrite) uwtable
define dso_local void @lpc(ptr nocapture noundef %y, ptr nocapture noundef readonly %x, ptr nocapture noundef readonly %a, i32 noundef %n, i32 noundef %p) local_unnamed_addr #0 {
entry:
  %cmp28 = icmp slt i32 %p, %n
  br i1 %cmp28, label %for.body.lr.ph, label %for.cond.cleanup

for.body.lr.ph:                                   ; preds = %entry
  %cmp2.not25 = icmp slt i32 %p, 1
  %0 = add nsw i32 %p, 1
  %1 = sext i32 %p to i64
  %wide.trip.count35 = sext i32 %n to i64
  %wide.trip.count = zext i32 %0 to i64
  br label %for.body

for.cond.cleanup.loopexit:                        ; preds = %for.cond.cleanup3
  br label %for.cond.cleanup

for.cond.cleanup:                                 ; preds = %for.cond.cleanup.loopexit, %entry
  ret void

for.body:                                         ; preds = %for.cond.cleanup3, %for.body.lr.ph
  %indvars.iv32 = phi i64 [ %1, %for.body.lr.ph ], [ %indvars.iv.next33, %for.cond.cleanup3 ]
  %arrayidx = getelementptr inbounds float, ptr %x, i64 %indvars.iv32
  %2 = load float, ptr %arrayidx, align 4, !tbaa !0
  br i1 %cmp2.not25, label %for.cond.cleanup3, label %for.body4.preheader

for.body4.preheader:                              ; preds = %for.body
  br label %for.body4

for.cond.cleanup3.loopexit:                       ; preds = %for.body4
  %sub9.lcssa = phi float [ %sub9, %for.body4 ]
  br label %for.cond.cleanup3

for.cond.cleanup3:                                ; preds = %for.cond.cleanup3.loopexit, %for.body
  %s.0.lcssa = phi float [ %2, %for.body ], [ %sub9.lcssa, %for.cond.cleanup3.loopexit ]
  %arrayidx11 = getelementptr inbounds float, ptr %y, i64 %indvars.iv32
  store float %s.0.lcssa, ptr %arrayidx11, align 4, !tbaa !0
  %indvars.iv.next33 = add nsw i64 %indvars.iv32, 1
  %exitcond36.not = icmp eq i64 %indvars.iv.next33, %wide.trip.count35
  br i1 %exitcond36.not, label %for.cond.cleanup.loopexit, label %for.body, !llvm.loop !4

for.body4:                                        ; preds = %for.body4, %for.body4.preheader
  %indvars.iv = phi i64 [ %indvars.iv.next, %for.body4 ], [ 1, %for.body4.preheader ]
  %s.026 = phi float [ %sub9, %for.body4 ], [ %2, %for.body4.preheader ]
  %arrayidx6 = getelementptr inbounds float, ptr %a, i64 %indvars.iv
  %3 = load float, ptr %arrayidx6, align 4, !tbaa !0
  %4 = sub nsw i64 %indvars.iv32, %indvars.iv
  %arrayidx8 = getelementptr inbounds float, ptr %y, i64 %4
  %5 = load float, ptr %arrayidx8, align 4, !tbaa !0
  %mul = fmul fast float %5, %3
  %sub9 = fsub fast float %s.026, %mul
  %indvars.iv.next = add nuw nsw i64 %indvars.iv, 1
  %exitcond.not = icmp eq i64 %indvars.iv.next, %wide.trip.count
  br i1 %exitcond.not, label %for.cond.cleanup3.loopexit, label %for.body4, !llvm.loop !6
}

; Function Attrs: nofree norecurse nosync nounwind memory(argmem: readwrite) uwtable
define dso_local void @lpc_i32(ptr nocapture noundef %y, ptr nocapture noundef readonly %x, ptr nocapture noundef readonly %a, i32 noundef %n, i32 noundef %p) local_unnamed_addr #0 {
entry:
  %cmp28 = icmp slt i32 %p, %n
  br i1 %cmp28, label %for.body.lr.ph, label %for.cond.cleanup

for.body.lr.ph:                                   ; preds = %entry
  %cmp2.not25 = icmp slt i32 %p, 1
  %0 = add nsw i32 %p, 1
  %1 = sext i32 %p to i64
  %wide.trip.count35 = sext i32 %n to i64
  %wide.trip.count = zext i32 %0 to i64
  br label %for.body

for.cond.cleanup.loopexit:                        ; preds = %for.cond.cleanup3
  br label %for.cond.cleanup

for.cond.cleanup:                                 ; preds = %for.cond.cleanup.loopexit, %entry
  ret void

for.body:                                         ; preds = %for.cond.cleanup3, %for.body.lr.ph
  %indvars.iv32 = phi i64 [ %1, %for.body.lr.ph ], [ %indvars.iv.next33, %for.cond.cleanup3 ]
  %arrayidx = getelementptr inbounds i32, ptr %x, i64 %indvars.iv32
  %2 = load i32, ptr %arrayidx, align 4, !tbaa !7
  br i1 %cmp2.not25, label %for.cond.cleanup3, label %for.body4.preheader

for.body4.preheader:                              ; preds = %for.body
  br label %for.body4

for.cond.cleanup3.loopexit:                       ; preds = %for.body4
  %sub9.lcssa = phi i32 [ %sub9, %for.body4 ]
  br label %for.cond.cleanup3

for.cond.cleanup3:                                ; preds = %for.cond.cleanup3.loopexit, %for.body
  %s.0.lcssa = phi i32 [ %2, %for.body ], [ %sub9.lcssa, %for.cond.cleanup3.loopexit ]
  %arrayidx11 = getelementptr inbounds i32, ptr %y, i64 %indvars.iv32
  store i32 %s.0.lcssa, ptr %arrayidx11, align 4, !tbaa !7
  %indvars.iv.next33 = add nsw i64 %indvars.iv32, 1
  %exitcond36.not = icmp eq i64 %indvars.iv.next33, %wide.trip.count35
  br i1 %exitcond36.not, label %for.cond.cleanup.loopexit, label %for.body, !llvm.loop !9

for.body4:                                        ; preds = %for.body4, %for.body4.preheader
  %indvars.iv = phi i64 [ %indvars.iv.next, %for.body4 ], [ 1, %for.body4.preheader ]
  %s.026 = phi i32 [ %sub9, %for.body4 ], [ %2, %for.body4.preheader ]
  %arrayidx6 = getelementptr inbounds i32, ptr %a, i64 %indvars.iv
  %3 = load i32, ptr %arrayidx6, align 4, !tbaa !7
  %4 = sub nsw i64 %indvars.iv32, %indvars.iv
  %arrayidx8 = getelementptr inbounds i32, ptr %y, i64 %4
  %5 = load i32, ptr %arrayidx8, align 4, !tbaa !7
  %mul = mul nsw i32 %5, %3
  %sub9 = sub nsw i32 %s.026, %mul
  %indvars.iv.next = add nuw nsw i64 %indvars.iv, 1
  %exitcond.not = icmp eq i64 %indvars.iv.next, %wide.trip.count
  br i1 %exitcond.not, label %for.cond.cleanup3.loopexit, label %for.body4, !llvm.loop !10
}

; Function Attrs: nofree norecurse nosync nounwind memory(argmem: readwrite) uwtable
define dso_local void @lpc_rev_inplace(ptr nocapture noundef %y, ptr nocapture noundef readonly %a, i64 noundef %n, i32 noundef %p) local_unnamed_addr #0 {
entry:
  %cmp27 = icmp sgt i64 %n, 0
  br i1 %cmp27, label %for.cond1.preheader.lr.ph, label %for.cond.cleanup

for.cond1.preheader.lr.ph:                        ; preds = %entry
  %cmp2.not24 = icmp slt i32 %p, 1
  %0 = sext i32 %p to i64
  %1 = add i32 %p, 1
  %wide.trip.count = zext i32 %1 to i64
  br label %for.cond1.preheader

for.cond1.preheader:                              ; preds = %for.cond.cleanup3, %for.cond1.preheader.lr.ph
  %i.028 = phi i64 [ 0, %for.cond1.preheader.lr.ph ], [ %inc11, %for.cond.cleanup3 ]
  br i1 %cmp2.not24, label %for.cond.cleanup3, label %for.body4.preheader

for.body4.preheader:                              ; preds = %for.cond1.preheader
  br label %for.body4

for.cond.cleanup.loopexit:                        ; preds = %for.cond.cleanup3
  br label %for.cond.cleanup

for.cond.cleanup:                                 ; preds = %for.cond.cleanup.loopexit, %entry
  ret void

for.cond.cleanup3.loopexit:                       ; preds = %for.body4
  %add.lcssa = phi double [ %add, %for.body4 ]
  br label %for.cond.cleanup3

for.cond.cleanup3:                                ; preds = %for.cond.cleanup3.loopexit, %for.cond1.preheader
  %s.0.lcssa = phi double [ 0.000000e+00, %for.cond1.preheader ], [ %add.lcssa, %for.cond.cleanup3.loopexit ]
  %arrayidx7 = getelementptr inbounds double, ptr %y, i64 %i.028
  %2 = load double, ptr %arrayidx7, align 8, !tbaa !11
  %sub8 = fsub fast double %2, %s.0.lcssa
  store double %sub8, ptr %arrayidx7, align 8, !tbaa !11
  %inc11 = add nuw nsw i64 %i.028, 1
  %exitcond31.not = icmp eq i64 %inc11, %n
  br i1 %exitcond31.not, label %for.cond.cleanup.loopexit, label %for.cond1.preheader, !llvm.loop !13

for.body4:                                        ; preds = %for.body4, %for.body4.preheader
  %indvars.iv = phi i64 [ %indvars.iv.next, %for.body4 ], [ 1, %for.body4.preheader ]
  %s.025 = phi double [ %add, %for.body4 ], [ 0.000000e+00, %for.body4.preheader ]
  %3 = sub nsw i64 %0, %indvars.iv
  %arrayidx = getelementptr inbounds double, ptr %a, i64 %3
  %4 = load double, ptr %arrayidx, align 8, !tbaa !11
  %sub5 = sub nsw i64 %i.028, %indvars.iv
  %arrayidx6 = getelementptr inbounds double, ptr %y, i64 %sub5
  %5 = load double, ptr %arrayidx6, align 8, !tbaa !11
  %mul = fmul fast double %5, %4
  %add = fadd fast double %mul, %s.025
  %indvars.iv.next = add nuw nsw i64 %indvars.iv, 1
  %exitcond.not = icmp eq i64 %indvars.iv.next, %wide.trip.count
  br i1 %exitcond.not, label %for.cond.cleanup3.loopexit, label %for.body4, !llvm.loop !14
}

attributes #0 = { nofree norecurse nosync nounwind memory(argmem: readwrite) uwtable "approx-func-fp-math"="true" "min-legal-vector-width"="0" "no-infs-fp-math"="true" "no-nans-fp-math"="true" "no-signed-zeros-fp-math"="true" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" "unsafe-fp-math"="true" }

!0 = !{!1, !1, i64 0}
!1 = !{!"float", !2, i64 0}
!2 = !{!"omnipotent char", !3, i64 0}
!3 = !{!"Simple C/C++ TBAA"}
!4 = distinct !{!4, !5}
!5 = !{!"llvm.loop.mustprogress"}
!6 = distinct !{!6, !5}
!7 = !{!8, !8, i64 0}
!8 = !{!"int", !2, i64 0}
!9 = distinct !{!9, !5}
!10 = distinct !{!10, !5}
!11 = !{!12, !12, i64 0}
!12 = !{!"double", !2, i64 0}
!13 = distinct !{!13, !5}
!14 = distinct !{!14, !5}
