; History before the first index: y[-1] and x[-2], x[-1] are read from memory as the initial state; FIR part with a zero middle tap.
; REQUIRES: pass
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -S %s | %FileCheck %s
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -pass-remarks=plr -pass-remarks-missed=plr -disable-output %s 2>&1 | %FileCheck %s --check-prefix=REMARK
;
; Input: make-input.sh history-memory.c hist -ffast-math, from:
; void hist(double *y, const double *x, long n) {
;   for (long i = 0; i < n; i++) y[i] = x[i] - x[i-2] + 0.5*y[i-1];
; }

; REMARK: remark: {{.*}}replaced linear recurrence with a call to plr_run: signature (1, 0, -1: 0.5), type f64, order 1
; CHECK: plr.call:
; CHECK: %plr.hist = load double
; CHECK: %plr.hist{{[0-9]*}} = load double
; CHECK: call i32 @plr_run

; Function Attrs: nofree norecurse nosync nounwind memory(argmem: readwrite) uwtable
define dso_local void @hist(ptr nocapture noundef %y, ptr nocapture noundef readonly %x, i64 noundef %n) local_unnamed_addr #0 {
entry:
  %cmp13 = icmp sgt i64 %n, 0
  br i1 %cmp13, label %for.body.preheader, label %for.cond.cleanup

for.body.preheader:                               ; preds = %entry
  br label %for.body

for.cond.cleanup.loopexit:                        ; preds = %for.body
  br label %for.cond.cleanup

for.cond.cleanup:                                 ; preds = %for.cond.cleanup.loopexit, %entry
  ret void

for.body:                                         ; preds = %for.body.preheader, %for.body
  %i.014 = phi i64 [ %inc, %for.body ], [ 0, %for.body.preheader ]
  %arrayidx = getelementptr inbounds double, ptr %x, i64 %i.014
  %0 = load double, ptr %arrayidx, align 8, !tbaa !5
  %arrayidx1 = getelementptr i8, ptr %arrayidx, i64 -16
  %1 = load double, ptr %arrayidx1, align 8, !tbaa !5
  %sub2 = fsub fast double %0, %1
  %2 = getelementptr double, ptr %y, i64 %i.014
  %arrayidx4 = getelementptr i8, ptr %2, i64 -8
  %3 = load double, ptr %arrayidx4, align 8, !tbaa !5
  %mul = fmul fast double %3, 5.000000e-01
  %add = fadd fast double %sub2, %mul
  store double %add, ptr %2, align 8, !tbaa !5
  %inc = add nuw nsw i64 %i.014, 1
  %exitcond.not = icmp eq i64 %inc, %n
  br i1 %exitcond.not, label %for.cond.cleanup.loopexit, label %for.body, !llvm.loop !9
}

attributes #0 = { nofree norecurse nosync nounwind memory(argmem: readwrite) uwtable "approx-func-fp-math"="true" "min-legal-vector-width"="0" "no-infs-fp-math"="true" "no-nans-fp-math"="true" "no-signed-zeros-fp-math"="true" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" "unsafe-fp-math"="true" }


!0 = !{i32 1, !"wchar_size", i32 4}
!1 = !{i32 8, !"PIC Level", i32 2}
!2 = !{i32 7, !"PIE Level", i32 2}
!3 = !{i32 7, !"uwtable", i32 2}
!4 = !{!"Debian clang version 19.1.7 (3~deb12u1)"}
!5 = !{!6, !6, i64 0}
!6 = !{!"double", !7, i64 0}
!7 = !{!"omnipotent char", !8, i64 0}
!8 = !{!"Simple C/C++ TBAA"}
!9 = distinct !{!9, !10}
!10 = !{!"llvm.loop.mustprogress"}
