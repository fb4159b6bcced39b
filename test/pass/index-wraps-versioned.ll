; A backward filter whose int index counts down from a long bound
; (for (int i = n - 1; i > 0; i--) y[i-1] = x[i-1] + b*y[i]): InstCombine
; writes the widened i - 1 as (iv + 0xfffffffe) & 0xffffffff, that is
; zext({trunc(n) - 2,+,-1}<i32>), while y[i] is read at zext(trunc(n) - 1).
; Read under a no-wrap predicate ({trunc(n) - 2,+,-1} nusw over the trip
; count) the store is affine, and the two starts differ by one element where
; trunc(n) - 2 and trunc(n) - 1 do not wrap (compare predicates trunc(n) >= 2,
; >= 1). The check tests all three before the backward call.
; REQUIRES: pass
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr,verify -S %s | %FileCheck %s
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -pass-remarks=plr -disable-output %s 2>&1 | %FileCheck %s --check-prefix=REMARK
; REMARK: remark: {{.*}}replaced linear recurrence with a call to plr_run_many: signature (1: b), type f32, order 1, layout: y stride -1, x stride -1 (backward); plan: check(x apart from y or exactly y, no narrow index wraps)
;
; CHECK-LABEL: define dso_local void @wraps(
; CHECK: %[[T:[0-9]+]] = trunc i64 %n to i32
; The store's first element, y[trunc(n) - 2]:
; CHECK: %[[S:[0-9]+]] = add i32 %[[T]], -2
; CHECK-NEXT: %[[SZ:[0-9]+]] = zext i32 %[[S]] to i64
; The recurrence's no-wrap predicate over the back edges, then trunc(n) >= 1
; and >= 2:
; CHECK: call { i32, i1 } @llvm.umul.with.overflow.i32(
; CHECK: %ident.check = icmp ult i32 %[[T]], 1
; CHECK: %ident.check{{[0-9]*}} = icmp ult i32 %[[T]], 2
; CHECK: %plr.nowrap = xor i1 %{{[0-9]+}}, true
; CHECK-NEXT: %[[OK:[0-9]+]] = and i1 %{{[0-9]+}}, %plr.nowrap
; CHECK-NEXT: br i1 %[[OK]], label %plr.outlined, label %plr.fallback
; CHECK: call i32 @plr_run_many(
;
; Input: make-input.sh iw.c wraps -ffast-math, from:
; void wraps(float *y, const float *x, long n, float b) {
;   for (int i = n - 1; i > 0; i--)
;     y[i - 1] = x[i - 1] + b * y[i];
; }


; Function Attrs: nofree norecurse nosync nounwind memory(argmem: readwrite) uwtable
define dso_local void @wraps(ptr nocapture noundef %y, ptr nocapture noundef readonly %x, i64 noundef %n, float noundef nofpclass(nan inf) %b) local_unnamed_addr #0 {
entry:
  %0 = trunc i64 %n to i32
  %i.013 = add i32 %0, -1
  %cmp14 = icmp sgt i32 %i.013, 0
  br i1 %cmp14, label %for.body.preheader, label %for.cond.cleanup

for.body.preheader:                               ; preds = %entry
  %1 = zext nneg i32 %i.013 to i64
  %2 = and i64 %n, 4294967295
  br label %for.body

for.cond.cleanup.loopexit:                        ; preds = %for.body
  br label %for.cond.cleanup

for.cond.cleanup:                                 ; preds = %for.cond.cleanup.loopexit, %entry
  ret void

for.body:                                         ; preds = %for.body.preheader, %for.body
  %indvars.iv17 = phi i64 [ %2, %for.body.preheader ], [ %indvars.iv.next18, %for.body ]
  %indvars.iv = phi i64 [ %1, %for.body.preheader ], [ %indvars.iv.next, %for.body ]
  %sub2 = add i64 %indvars.iv17, 4294967294
  %idxprom = and i64 %sub2, 4294967295
  %arrayidx = getelementptr inbounds float, ptr %x, i64 %idxprom
  %3 = load float, ptr %arrayidx, align 4, !tbaa !5
  %arrayidx4 = getelementptr inbounds float, ptr %y, i64 %indvars.iv
  %4 = load float, ptr %arrayidx4, align 4, !tbaa !5
  %mul = fmul fast float %4, %b
  %add = fadd fast float %mul, %3
  %arrayidx7 = getelementptr inbounds float, ptr %y, i64 %idxprom
  store float %add, ptr %arrayidx7, align 4, !tbaa !5
  %indvars.iv.next = add nsw i64 %indvars.iv, -1
  %cmp = icmp ugt i64 %indvars.iv, 1
  %indvars.iv.next18 = add nsw i64 %indvars.iv17, -1
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
