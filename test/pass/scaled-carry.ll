; A carried value that is the state scaled (opus's CELT de-emphasis): the phi carries m = coef*tmp, the store is a
; map of tmp. The output map is found over tmp (the operand the carried product scales), the phi read as a
; transposed state (coef*tmp delayed): the call computes tmp with (1: coef) after the first output, which the loop's
; own operations compute from m's start, a map scales tmp in place, and m after the loop is coef times the call's
; last state. With a constant in the input term (opus's VERY_SMALL) the input term is materialized first: the clone
; that writes x[j] + c into y zeroes m as one of y's delays, the first output is computed after it from m's start
; (the loop's loads of x), and the call runs in place.
; REQUIRES: pass
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -S %s | %FileCheck %s
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -pass-remarks=plr -pass-remarks-missed=plr -disable-output %s 2>&1 | %FileCheck %s --check-prefix=REMARK
;
; Input: make-input.sh scaled-carry.c deemph -ffast-math, from:
; void deemph(const float *restrict x, float *restrict y, int n, float coef, float *mem) {
;   float m = *mem;
;   for (int j = 0; j < n; j++) {
;     float tmp = x[j] + m;
;     m = coef * tmp;
;     y[j] = tmp * (1 / 32768.);
;   }
;   *mem = m;
; }
; unsigned udeemph(const unsigned *restrict x, unsigned *restrict y, int n, unsigned c, unsigned m) {
;   for (int j = 0; j < n; j++) {
;     unsigned t = x[j] + m;
;     y[j] = t >> 3;
;     m = t * c;
;   }
;   return m;
; }
; void deemph_small(const float *restrict x, float *restrict y, int n, float coef, float *mem) {
;   float m = *mem;
;   for (int j = 0; j < n; j++) {
;     float tmp = x[j] + 1e-30f + m;
;     m = coef * tmp;
;     y[j] = tmp * (1 / 32768.);
;   }
;   *mem = m;
; }

; REMARK: remark: {{.*}}replaced linear recurrence with a call to plr_run: signature (1: coef), type f32, order 1, transposed states (direct form II transposed): the first outputs computed before the call from the states' start, output an elementwise map of the state; plan: check(x apart from y or exactly y); ask(2 passes); map(first 1 outputs from the states' start); call(1: coef) x->y, after the first outputs; map(out = g(y))
; REMARK: remark: {{.*}}replaced linear recurrence with a call to plr_run: signature (1: c), type i32, order 1, transposed states {{.*}}; map(out = g(y))
; REMARK: remark: {{.*}}replaced linear recurrence with a call to plr_run: signature (1: coef), type f32, order 1, input term materialized by a map, transposed states: the first outputs computed before the call from the states' start, output an elementwise map of the state; plan: ask(3 passes); map(t -> y); map(first 1 outputs from the states' start); call(1: coef) y->y in place, after the first outputs; map(out = g(y))
; REMARK-NOT: not replaced

; CHECK-LABEL: define internal i1 @deemph.plr.call(
; CHECK: %plr.peel.x = load float
; CHECK: %plr.peel = fadd fast float %plr.peel.x, %0
; CHECK: call i32 @plr_run
; CHECK: plr.done:
; CHECK: store float %plr.peel
; CHECK: plr.map:
; CHECK: %plr.state = load float
; CHECK: fmul fast float %plr.state, 0x3F00000000000000
; CHECK: plr.map.done:
; CHECK: %plr.final = load float
; CHECK: fmul float %coef, %plr.final
; CHECK-LABEL: define internal i1 @udeemph.plr.call(
; CHECK: %plr.peel = add i32
; CHECK: call i32 @plr_run
; CHECK: plr.map:
; CHECK: lshr i32 %plr.state, 3
; CHECK: plr.map.done:
; CHECK: mul i32 %c, %plr.final
; CHECK-LABEL: define internal i1 @deemph_small.plr.call(
; CHECK: plr.done:
; CHECK: store float %plr.peel3
; CHECK: for.body.plrmap:
; CHECK: %add.plrmap = fadd fast float 0.000000e+00, 0x39B4484C00000000
; CHECK: %add1.plrmap = fadd fast float %add.plrmap
; CHECK: store float %add1.plrmap, ptr %arrayidx5.plrmap
; CHECK: plr.call.run:
; CHECK: %plr.peel = fadd fast float %0, 0x39B4484C00000000
; CHECK: %plr.peel2 = load float
; CHECK: %plr.peel3 = fadd fast float %plr.peel, %plr.peel2
; CHECK: store float %plr.peel3, ptr %plr.yinit
; CHECK: call i32 @plr_run
; CHECK: plr.map:
; CHECK: fmul fast float %plr.state, 0x3F00000000000000
; CHECK: plr.map.done:
; CHECK: fmul float %coef, %plr.final


; Function Attrs: nofree norecurse nosync nounwind memory(argmem: readwrite) uwtable
define dso_local void @deemph(ptr noalias nocapture noundef readonly %x, ptr noalias nocapture noundef writeonly %y, i32 noundef %n, float noundef nofpclass(nan inf) %coef, ptr nocapture noundef %mem) local_unnamed_addr #0 {
entry:
  %0 = load float, ptr %mem, align 4, !tbaa !5
  %cmp11 = icmp sgt i32 %n, 0
  br i1 %cmp11, label %for.body.preheader, label %for.cond.cleanup

for.body.preheader:                               ; preds = %entry
  %wide.trip.count = zext nneg i32 %n to i64
  br label %for.body

for.cond.cleanup.loopexit:                        ; preds = %for.body
  %mul.lcssa = phi float [ %mul, %for.body ]
  br label %for.cond.cleanup

for.cond.cleanup:                                 ; preds = %for.cond.cleanup.loopexit, %entry
  %m.0.lcssa = phi float [ %0, %entry ], [ %mul.lcssa, %for.cond.cleanup.loopexit ]
  store float %m.0.lcssa, ptr %mem, align 4, !tbaa !5
  ret void

for.body:                                         ; preds = %for.body.preheader, %for.body
  %indvars.iv = phi i64 [ 0, %for.body.preheader ], [ %indvars.iv.next, %for.body ]
  %m.013 = phi float [ %0, %for.body.preheader ], [ %mul, %for.body ]
  %arrayidx = getelementptr inbounds float, ptr %x, i64 %indvars.iv
  %1 = load float, ptr %arrayidx, align 4, !tbaa !5
  %add = fadd fast float %1, %m.013
  %mul = fmul fast float %add, %coef
  %conv2 = fmul fast float %add, 0x3F00000000000000
  %arrayidx4 = getelementptr inbounds float, ptr %y, i64 %indvars.iv
  store float %conv2, ptr %arrayidx4, align 4, !tbaa !5
  %indvars.iv.next = add nuw nsw i64 %indvars.iv, 1
  %exitcond.not = icmp eq i64 %indvars.iv.next, %wide.trip.count
  br i1 %exitcond.not, label %for.cond.cleanup.loopexit, label %for.body, !llvm.loop !9
}

; Function Attrs: nofree norecurse nosync nounwind memory(argmem: readwrite) uwtable
define dso_local i32 @udeemph(ptr noalias nocapture noundef readonly %x, ptr noalias nocapture noundef writeonly %y, i32 noundef %n, i32 noundef %c, i32 noundef %m) local_unnamed_addr #0 {
entry:
  %cmp8 = icmp sgt i32 %n, 0
  br i1 %cmp8, label %for.body.preheader, label %for.cond.cleanup

for.body.preheader:                               ; preds = %entry
  %wide.trip.count = zext nneg i32 %n to i64
  br label %for.body

for.cond.cleanup:                                 ; preds = %for.body, %entry
  %m.addr.0.lcssa = phi i32 [ %m, %entry ], [ %mul, %for.body ]
  ret i32 %m.addr.0.lcssa

for.body:                                         ; preds = %for.body.preheader, %for.body
  %indvars.iv = phi i64 [ 0, %for.body.preheader ], [ %indvars.iv.next, %for.body ]
  %m.addr.010 = phi i32 [ %m, %for.body.preheader ], [ %mul, %for.body ]
  %arrayidx = getelementptr inbounds i32, ptr %x, i64 %indvars.iv
  %0 = load i32, ptr %arrayidx, align 4, !tbaa !11
  %add = add i32 %0, %m.addr.010
  %shr = lshr i32 %add, 3
  %arrayidx2 = getelementptr inbounds i32, ptr %y, i64 %indvars.iv
  store i32 %shr, ptr %arrayidx2, align 4, !tbaa !11
  %mul = mul i32 %add, %c
  %indvars.iv.next = add nuw nsw i64 %indvars.iv, 1
  %exitcond.not = icmp eq i64 %indvars.iv.next, %wide.trip.count
  br i1 %exitcond.not, label %for.cond.cleanup, label %for.body, !llvm.loop !13
}

; Function Attrs: nofree norecurse nosync nounwind memory(argmem: readwrite) uwtable
define dso_local void @deemph_small(ptr noalias nocapture noundef readonly %x, ptr noalias nocapture noundef writeonly %y, i32 noundef %n, float noundef nofpclass(nan inf) %coef, ptr nocapture noundef %mem) local_unnamed_addr #0 {
entry:
  %0 = load float, ptr %mem, align 4, !tbaa !5
  %cmp12 = icmp sgt i32 %n, 0
  br i1 %cmp12, label %for.body.preheader, label %for.cond.cleanup

for.body.preheader:                               ; preds = %entry
  %wide.trip.count = zext nneg i32 %n to i64
  br label %for.body

for.cond.cleanup:                                 ; preds = %for.body, %entry
  %m.0.lcssa = phi float [ %0, %entry ], [ %mul, %for.body ]
  store float %m.0.lcssa, ptr %mem, align 4, !tbaa !5
  ret void

for.body:                                         ; preds = %for.body.preheader, %for.body
  %indvars.iv = phi i64 [ 0, %for.body.preheader ], [ %indvars.iv.next, %for.body ]
  %m.014 = phi float [ %0, %for.body.preheader ], [ %mul, %for.body ]
  %arrayidx = getelementptr inbounds float, ptr %x, i64 %indvars.iv
  %1 = load float, ptr %arrayidx, align 4, !tbaa !5
  %add = fadd fast float %m.014, 0x39B4484C00000000
  %add1 = fadd fast float %add, %1
  %mul = fmul fast float %add1, %coef
  %conv3 = fmul fast float %add1, 0x3F00000000000000
  %arrayidx5 = getelementptr inbounds float, ptr %y, i64 %indvars.iv
  store float %conv3, ptr %arrayidx5, align 4, !tbaa !5
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
!6 = !{!"float", !7, i64 0}
!7 = !{!"omnipotent char", !8, i64 0}
!8 = !{!"Simple C/C++ TBAA"}
!9 = distinct !{!9, !10}
!10 = !{!"llvm.loop.mustprogress"}
!11 = !{!12, !12, i64 0}
!12 = !{!"int", !7, i64 0}
!13 = distinct !{!13, !10}
!14 = distinct !{!14, !10}
