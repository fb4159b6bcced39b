; A backward filter whose int index counts down from a long bound minus one
; to a long lower bound (for (int i = n - 1; i > lo; i--) y[i-1] = x[i-1] +
; b*y[i]): the exit test compares sext(i) with lo, so SCEV counts the
; iterations only where i does not wrap: the count is taken under that
; no-wrap predicate (getPredicatedBackedgeTakenCount: sext(t - 2) + 1 -
; smin(lo, sext(t - 2)), t = trunc(n)), and the addresses, sext of the same
; 32-bit recurrences, under theirs; the check before the backward call tests
; them all, with trunc(n) - 1 and trunc(n) - 2 in range.
; REQUIRES: pass
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr,verify -S %s | %FileCheck %s
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -pass-remarks=plr -disable-output %s 2>&1 | %FileCheck %s --check-prefix=REMARK
; REMARK: remark: {{.*}}replaced linear recurrence with a call to plr_run_many: signature (1: b), type f32, order 1, layout: y stride -1, x stride -1 (backward); plan: check(x apart from y or exactly y, no narrow index wraps)
;
; CHECK-LABEL: define dso_local void @lo_bound(
; The trip count, under the predicate:
; CHECK: %[[S:[0-9]+]] = sext i32 %{{[0-9]+}} to i64
; CHECK-NEXT: %[[S1:[0-9]+]] = add i64 %[[S]], 1
; CHECK-NEXT: %smin = call i64 @llvm.smin.i64(i64 %lo, i64 %[[S]])
; CHECK-NEXT: %[[N:[0-9]+]] = sub i64 %[[S1]], %smin
; CHECK: %plr.big = icmp uge i64 %[[N]], 65536
; The no-wrap (nssw) predicates over that count, then the offsets in range:
; CHECK: call { i32, i1 } @llvm.umul.with.overflow.i32(
; CHECK: icmp sgt i32
; CHECK: %ident.check = icmp slt i32
; CHECK: %plr.nowrap = xor i1 %{{[0-9]+}}, true
; CHECK-NEXT: %[[OK:[0-9]+]] = and i1 %{{[0-9]+}}, %plr.nowrap
; CHECK-NEXT: br i1 %[[OK]], label %plr.outlined, label %plr.fallback
; CHECK: call i32 @plr_run_many(
;
; Input: make-input.sh lo.c lo_bound -ffast-math, from:
; void lo_bound(float *y, const float *x, long n, long lo, float b) {
;   for (int i = n - 1; i > lo; i--)
;     y[i - 1] = x[i - 1] + b * y[i];
; }


; Function Attrs: nofree norecurse nosync nounwind memory(argmem: readwrite) uwtable
define dso_local void @lo_bound(ptr nocapture noundef %y, ptr nocapture noundef readonly %x, i64 noundef %n, i64 noundef %lo, float noundef nofpclass(nan inf) %b) local_unnamed_addr #0 {
entry:
  %0 = trunc i64 %n to i32
  %i.014 = add i32 %0, -1
  %conv115 = sext i32 %i.014 to i64
  %cmp16 = icmp sgt i64 %conv115, %lo
  br i1 %cmp16, label %for.body.preheader, label %for.cond.cleanup

for.body.preheader:                               ; preds = %entry
  br label %for.body

for.cond.cleanup.loopexit:                        ; preds = %for.body
  br label %for.cond.cleanup

for.cond.cleanup:                                 ; preds = %for.cond.cleanup.loopexit, %entry
  ret void

for.body:                                         ; preds = %for.body.preheader, %for.body
  %conv119 = phi i64 [ %conv1, %for.body ], [ %conv115, %for.body.preheader ]
  %i.018 = phi i32 [ %i.0, %for.body ], [ %i.014, %for.body.preheader ]
  %i.0.in17 = phi i32 [ %i.018, %for.body ], [ %0, %for.body.preheader ]
  %sub3 = add i32 %i.0.in17, -2
  %idxprom = sext i32 %sub3 to i64
  %arrayidx = getelementptr inbounds float, ptr %x, i64 %idxprom
  %1 = load float, ptr %arrayidx, align 4, !tbaa !5
  %arrayidx5 = getelementptr inbounds float, ptr %y, i64 %conv119
  %2 = load float, ptr %arrayidx5, align 4, !tbaa !5
  %mul = fmul fast float %2, %b
  %add = fadd fast float %mul, %1
  %arrayidx8 = getelementptr inbounds float, ptr %y, i64 %idxprom
  store float %add, ptr %arrayidx8, align 4, !tbaa !5
  %i.0 = add i32 %i.018, -1
  %conv1 = sext i32 %i.0 to i64
  %cmp = icmp sgt i64 %conv1, %lo
  br i1 %cmp, label %for.body, label %for.cond.cleanup.loopexit, !llvm.loop !9
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
