; Coefficients read from an array on every iteration (`coef[0]`, `coef[1]`, float like the output,
; no restrict: the output's stores may write them, so LICM leaves the loads in the loop). They are
; coefficients when their addresses lie outside y: the call's check compares each one's 4 bytes with
; y's range, and the call path reads them once. Else the loop runs as written.
; REQUIRES: pass
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr,verify -S %s | %FileCheck %s
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -pass-remarks=plr -pass-remarks-missed=plr -disable-output %s 2>&1 | %FileCheck %s --check-prefix=REMARK
; REMARK: remark: {{.*}}replaced linear recurrence with a call to plr_run: signature (1: *coef, coef[1]), type f32, order 2; plan: check(x apart from y or exactly y, other loads apart from y); ask(1 pass); call(1: *coef, coef[1]) x->y
;
; CHECK-LABEL: define dso_local void @iir2(
; y's bytes [Y, YEND) ...
; CHECK: %[[Y:[0-9]+]] = ptrtoint ptr %scevgep to i64
; CHECK: %[[YLO:[0-9]+]] = add i64 %[[Y]], 0
; CHECK: %[[YEND:[0-9]+]] = add i64 %{{[0-9]+}}, 4
; ... apart from coef[0]'s and coef[1]'s:
; CHECK: %[[C0:[0-9]+]] = ptrtoint ptr %coef to i64
; CHECK: %[[C0END:[0-9]+]] = add i64 %{{[0-9]+}}, 4
; CHECK: icmp ule i64 %[[YEND]], %[[C0]]
; CHECK: icmp ule i64 %[[C0END]], %[[YLO]]
; CHECK: %plr.apart = or i1
; CHECK: %[[C1:[0-9]+]] = ptrtoint ptr %arrayidx4 to i64
; CHECK: %plr.apart2 = or i1
; CHECK: br i1 %{{[0-9]+}}, label %plr.outlined, label %plr.fallback
; CHECK: plr.outlined:
; CHECK: %targetBlock = call i1 @iir2.plr.call(
; CHECK: plr.fallback:
; CHECK-LABEL: define internal i1 @iir2.plr.call(
; CHECK: plr.call:
; CHECK: %plr.coef.load = load float, ptr %coef, align 4
; CHECK: %plr.coef.load3 = load float, ptr %arrayidx4, align 4
; CHECK: call i32 @plr_run
;
; Input: make-input.sh coef-array.c iir2 -ffast-math, from:
; void iir2(const float *coef, float *y, const float *x, int n) {
;   for (int i = 2; i < n; i++) y[i] = x[i] + coef[0]*y[i-1] + coef[1]*y[i-2];
; }

; Function Attrs: nofree norecurse nosync nounwind memory(argmem: readwrite) uwtable
define dso_local void @iir2(ptr nocapture noundef readonly %coef, ptr nocapture noundef %y, ptr nocapture noundef readonly %x, i32 noundef %n) local_unnamed_addr #0 {
entry:
  %cmp20 = icmp sgt i32 %n, 2
  br i1 %cmp20, label %for.body.lr.ph, label %for.cond.cleanup

for.body.lr.ph:                                   ; preds = %entry
  %arrayidx4 = getelementptr inbounds i8, ptr %coef, i64 4
  %wide.trip.count = zext nneg i32 %n to i64
  br label %for.body

for.cond.cleanup.loopexit:                        ; preds = %for.body
  br label %for.cond.cleanup

for.cond.cleanup:                                 ; preds = %for.cond.cleanup.loopexit, %entry
  ret void

for.body:                                         ; preds = %for.body.lr.ph, %for.body
  %indvars.iv = phi i64 [ 2, %for.body.lr.ph ], [ %indvars.iv.next, %for.body ]
  %arrayidx = getelementptr inbounds float, ptr %x, i64 %indvars.iv
  %0 = load float, ptr %arrayidx, align 4, !tbaa !5
  %1 = load float, ptr %coef, align 4, !tbaa !5
  %2 = getelementptr float, ptr %y, i64 %indvars.iv
  %arrayidx3 = getelementptr i8, ptr %2, i64 -4
  %3 = load float, ptr %arrayidx3, align 4, !tbaa !5
  %mul = fmul fast float %3, %1
  %add = fadd fast float %mul, %0
  %4 = load float, ptr %arrayidx4, align 4, !tbaa !5
  %arrayidx7 = getelementptr i8, ptr %2, i64 -8
  %5 = load float, ptr %arrayidx7, align 4, !tbaa !5
  %mul8 = fmul fast float %5, %4
  %add9 = fadd fast float %add, %mul8
  store float %add9, ptr %2, align 4, !tbaa !5
  %indvars.iv.next = add nuw nsw i64 %indvars.iv, 1
  %exitcond.not = icmp eq i64 %indvars.iv.next, %wide.trip.count
  br i1 %exitcond.not, label %for.cond.cleanup.loopexit, label %for.body, !llvm.loop !9
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
