; Two integer one-pole stages in series, s1 = 3*s1 + x[i], s2 = 5*s2 + s1, with constant coefficients:
; composed into one recurrence (1: 8, -15) (denominators (1 - 3z)(1 - 5z) multiplied). The prologue
; computes the first two outputs and builds the composed signature; plr_pays is asked after it, with one
; pass over two stages; then the one call. The remark's Plan says that order.
; REQUIRES: pass
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -S %s | %FileCheck %s
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -pass-remarks=plr -disable-output %s 2>&1 | %FileCheck %s --check-prefix=REMARK
;
; Input: make-input.sh cascade-composed-const.c two_poles, from:
; void two_poles(int *y, const int *x, long n) {
;   int s1 = 0, s2 = 0;
;   for (long i = 0; i < n; i++) { s1 = 3 * s1 + x[i]; s2 = 5 * s2 + s1; y[i] = s2; }
; }

; REMARK: remark: {{.*}}signature (1: 3) then (1: 5) = (1: 8, -15), type i32, order 1, a cascade of two recurrences composed into one recurrence of order 2, FIR length 1 (one call); plan: check(x apart from y); map(first 2 outputs, stage by stage); ask(1 pass, 2 stages); call(1: 8, -15) x->y, after the first outputs{{$}}
; The first two outputs stored, then the composed signature: order 2, b = (8, -15).
; CHECK: plr.call.abi:
; CHECK: %plr.x = load i32
; CHECK: %plr.x2 = load i32
; CHECK: store i32 %plr.x, ptr
; CHECK: store i32 %[[Y1:plr.cmp[0-9]+]], ptr
; CHECK: store i32 %[[Y1]], ptr
; CHECK: store i32 %plr.x, ptr %plr.yinit
; CHECK: store i32 2, ptr
; CHECK: store i64 1, ptr
; CHECK: store i64 8, ptr
; CHECK: store i64 -15, ptr
; CHECK: sub i64 %n, 2
; CHECK: %plr.pays = call i32 @plr_pays(ptr %plr.sig, ptr %plr.data, i32 1, i32 2, i32 2)
; CHECK: plr.call.go:
; CHECK-NEXT: %plr.last = sub i64 %n, 1
; CHECK-NEXT: %plr.status = call i32 @plr_run(ptr %plr.sig, ptr %plr.data)
; CHECK-NOT: call i32 @plr_run


; Function Attrs: nofree norecurse nosync nounwind memory(argmem: readwrite) uwtable
define dso_local void @two_poles(ptr nocapture noundef writeonly %y, ptr nocapture noundef readonly %x, i64 noundef %n) local_unnamed_addr #0 {
entry:
  %cmp9 = icmp sgt i64 %n, 0
  br i1 %cmp9, label %for.body.preheader, label %for.cond.cleanup

for.body.preheader:                               ; preds = %entry
  br label %for.body

for.cond.cleanup.loopexit:                        ; preds = %for.body
  br label %for.cond.cleanup

for.cond.cleanup:                                 ; preds = %for.cond.cleanup.loopexit, %entry
  ret void

for.body:                                         ; preds = %for.body.preheader, %for.body
  %i.012 = phi i64 [ %inc, %for.body ], [ 0, %for.body.preheader ]
  %s2.011 = phi i32 [ %add2, %for.body ], [ 0, %for.body.preheader ]
  %s1.010 = phi i32 [ %add, %for.body ], [ 0, %for.body.preheader ]
  %mul = mul nsw i32 %s1.010, 3
  %arrayidx = getelementptr inbounds i32, ptr %x, i64 %i.012
  %0 = load i32, ptr %arrayidx, align 4, !tbaa !5
  %add = add nsw i32 %0, %mul
  %mul1 = mul nsw i32 %s2.011, 5
  %add2 = add nsw i32 %add, %mul1
  %arrayidx3 = getelementptr inbounds i32, ptr %y, i64 %i.012
  store i32 %add2, ptr %arrayidx3, align 4, !tbaa !5
  %inc = add nuw nsw i64 %i.012, 1
  %exitcond.not = icmp eq i64 %inc, %n
  br i1 %exitcond.not, label %for.cond.cleanup.loopexit, label %for.body, !llvm.loop !9
}

attributes #0 = { nofree norecurse nosync nounwind memory(argmem: readwrite) uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }


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
