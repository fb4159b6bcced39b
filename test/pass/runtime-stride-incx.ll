; x at a run-time stride of its own beside y's (BLAS's incx beside incy), no restrict: where only y's
; stride is read as one element the input's range walks a run-time step the check cannot bound, so
; x's stride is read as one element too (the one load stride besides y's, plr_stride_pin twice) and
; the check before the call tests both (incy == 1 and incx == 1, plr.stride.one) beside x apart from
; y; any other stride runs the loop as written. With restrict the input at its own stride is
; computed into y first at any stride (e2e runtime-stride.c xother).
; REQUIRES: pass
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -S %s | %FileCheck %s
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -pass-remarks=plr -disable-output %s 2>&1 | %FileCheck %s --check-prefix=REMARK
; REMARK: remark: {{.*}}replaced linear recurrence with a call to plr_run: signature (1: a), type i32, order 1, layout: y's and x's strides run-time values, taken where they are one element (incy == 1 and incx == 1; else the loop runs as written); plan: check(x apart from y or exactly y, the strides incy and incx are 1); ask(1 pass); call(1: a) x->y
; CHECK-LABEL: @incxy(
; CHECK: %plr.disjoint = or i1
; CHECK: %ident.check = icmp ne i32 %incy, 1
; CHECK-NEXT: %ident.check{{[0-9]+}} = icmp ne i32 %incx, 1
; CHECK-NEXT: [[BOTH:%[0-9]+]] = or i1 %ident.check, %ident.check{{[0-9]+}}
; CHECK-NEXT: %plr.stride.one = xor i1 [[BOTH]], true
; CHECK-NEXT: [[GO:%[0-9]+]] = and i1 {{%[0-9]+}}, %plr.stride.one
; CHECK-NEXT: br i1 [[GO]], label %plr.outlined, label %plr.fallback
; CHECK: call i1 @incxy.plr.call(
;
; Input: make-input.sh incxy.c incxy, from test/e2e/runtime-stride.c's incxy:
; void incxy(int n, const unsigned *x, int incx, unsigned *y, int incy, unsigned a) {
;   for (int j = 1; j < n; j++)
;     y[j * incy] = a * y[(j - 1) * incy] + x[j * incx];
; }


; Function Attrs: nofree noinline norecurse nosync nounwind memory(argmem: readwrite) uwtable
define dso_local void @incxy(i32 noundef %n, ptr nocapture noundef readonly %x, i32 noundef %incx, ptr nocapture noundef %y, i32 noundef %incy, i32 noundef %a) local_unnamed_addr #0 {
entry:
  %cmp14 = icmp sgt i32 %n, 1
  br i1 %cmp14, label %for.body.preheader, label %for.cond.cleanup

for.body.preheader:                               ; preds = %entry
  %0 = sext i32 %incy to i64
  %1 = sext i32 %incx to i64
  %wide.trip.count = zext nneg i32 %n to i64
  br label %for.body

for.cond.cleanup.loopexit:                        ; preds = %for.body
  br label %for.cond.cleanup

for.cond.cleanup:                                 ; preds = %for.cond.cleanup.loopexit, %entry
  ret void

for.body:                                         ; preds = %for.body.preheader, %for.body
  %indvars.iv = phi i64 [ 1, %for.body.preheader ], [ %indvars.iv.next, %for.body ]
  %2 = add nsw i64 %indvars.iv, -1
  %3 = mul nsw i64 %2, %0
  %arrayidx = getelementptr inbounds i32, ptr %y, i64 %3
  %4 = load i32, ptr %arrayidx, align 4, !tbaa !5
  %mul1 = mul i32 %4, %a
  %5 = mul nsw i64 %indvars.iv, %1
  %arrayidx4 = getelementptr inbounds i32, ptr %x, i64 %5
  %6 = load i32, ptr %arrayidx4, align 4, !tbaa !5
  %add = add i32 %mul1, %6
  %7 = mul nsw i64 %indvars.iv, %0
  %arrayidx7 = getelementptr inbounds i32, ptr %y, i64 %7
  store i32 %add, ptr %arrayidx7, align 4, !tbaa !5
  %indvars.iv.next = add nuw nsw i64 %indvars.iv, 1
  %exitcond.not = icmp eq i64 %indvars.iv.next, %wide.trip.count
  br i1 %exitcond.not, label %for.cond.cleanup.loopexit, label %for.body, !llvm.loop !9
}

attributes #0 = { nofree noinline norecurse nosync nounwind memory(argmem: readwrite) uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }


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
