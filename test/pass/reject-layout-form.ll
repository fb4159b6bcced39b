; A two-stage cascade over every other element: a cascade's composed and folded forms compute their
; first outputs element by element at unit stride, so a strided or backward one is refused (a single
; strided recurrence is taken: stride.ll).
; REQUIRES: pass
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -S %s | %FileCheck %s
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -pass-remarks-missed=plr -disable-output %s 2>&1 | %FileCheck %s --check-prefix=MISSED
; MISSED: remark: {{.*}}recurrence not replaced: a strided or backward recurrence is replaced as one recurrence, not as a cascade of several
; CHECK-NOT: plr_run
;
; Input: make-input.sh cascade2.c cascade2 -ffast-math, from:
; void cascade2(float *y, const float *x, float a, float b, long n) {
;   float v = 0, w = 0;
;   for (long i = 0; i < n; i++) { v = a * v + x[2 * i]; w = b * w + v; y[2 * i] = w; }
; }


; Function Attrs: nofree norecurse nosync nounwind memory(argmem: readwrite) uwtable
define dso_local void @cascade2(ptr nocapture noundef writeonly %y, ptr nocapture noundef readonly %x, float noundef nofpclass(nan inf) %a, float noundef nofpclass(nan inf) %b, i64 noundef %n) local_unnamed_addr #0 {
entry:
  %cmp11 = icmp sgt i64 %n, 0
  br i1 %cmp11, label %for.body.preheader, label %for.cond.cleanup

for.body.preheader:                               ; preds = %entry
  br label %for.body

for.cond.cleanup.loopexit:                        ; preds = %for.body
  br label %for.cond.cleanup

for.cond.cleanup:                                 ; preds = %for.cond.cleanup.loopexit, %entry
  ret void

for.body:                                         ; preds = %for.body.preheader, %for.body
  %i.014 = phi i64 [ %inc, %for.body ], [ 0, %for.body.preheader ]
  %w.013 = phi float [ %add3, %for.body ], [ 0.000000e+00, %for.body.preheader ]
  %v.012 = phi float [ %add, %for.body ], [ 0.000000e+00, %for.body.preheader ]
  %mul = fmul fast float %v.012, %a
  %mul1 = shl nuw nsw i64 %i.014, 1
  %arrayidx = getelementptr inbounds float, ptr %x, i64 %mul1
  %0 = load float, ptr %arrayidx, align 4, !tbaa !5
  %add = fadd fast float %0, %mul
  %mul2 = fmul fast float %w.013, %b
  %add3 = fadd fast float %add, %mul2
  %arrayidx5 = getelementptr inbounds float, ptr %y, i64 %mul1
  store float %add3, ptr %arrayidx5, align 4, !tbaa !5
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
!6 = !{!"float", !7, i64 0}
!7 = !{!"omnipotent char", !8, i64 0}
!8 = !{!"Simple C/C++ TBAA"}
!9 = distinct !{!9, !10}
!10 = !{!"llvm.loop.mustprogress"}
