; Two interleaved channels with different coefficients, both in place in one buffer: not channels
; of one signature, and not one call each either: a failed second call would send the original
; loop over an input the first call had overwritten, so at most one recurrence in place is taken
; (separate-stereo.ll takes the same loop over separate buffers, channels-stereo.ll one
; signature).
; REQUIRES: pass
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -S %s | %FileCheck %s
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -pass-remarks-missed=plr -disable-output %s 2>&1 | %FileCheck %s --check-prefix=MISSED
; MISSED: remark: {{.*}}recurrence not replaced: the loop stores several arrays or elements that are neither interleaved channels of one recurrence
; CHECK-NOT: plr_run
;
; Input: make-input.sh inplace2.c inplace2 -ffast-math, from:
; void inplace2(float *buf, float a, float b, long n) {
;   float l = 0, r = 0;
;   for (long i = 0; i < n; i++) {
;     l = a * l + buf[2 * i]; r = b * r + buf[2 * i + 1];
;     buf[2 * i] = l; buf[2 * i + 1] = r;
;   }
; }


; Function Attrs: nofree norecurse nosync nounwind memory(argmem: readwrite) uwtable
define dso_local void @inplace2(ptr nocapture noundef %buf, float noundef nofpclass(nan inf) %a, float noundef nofpclass(nan inf) %b, i64 noundef %n) local_unnamed_addr #0 {
entry:
  %cmp22 = icmp sgt i64 %n, 0
  br i1 %cmp22, label %for.body.preheader, label %for.cond.cleanup

for.body.preheader:                               ; preds = %entry
  br label %for.body

for.cond.cleanup.loopexit:                        ; preds = %for.body
  br label %for.cond.cleanup

for.cond.cleanup:                                 ; preds = %for.cond.cleanup.loopexit, %entry
  ret void

for.body:                                         ; preds = %for.body.preheader, %for.body
  %i.025 = phi i64 [ %inc, %for.body ], [ 0, %for.body.preheader ]
  %r.024 = phi float [ %add6, %for.body ], [ 0.000000e+00, %for.body.preheader ]
  %l.023 = phi float [ %add, %for.body ], [ 0.000000e+00, %for.body.preheader ]
  %mul = fmul fast float %l.023, %a
  %mul1 = shl nuw nsw i64 %i.025, 1
  %arrayidx = getelementptr inbounds float, ptr %buf, i64 %mul1
  %0 = load float, ptr %arrayidx, align 4, !tbaa !5
  %add = fadd fast float %0, %mul
  %mul2 = fmul fast float %r.024, %b
  %add4 = or disjoint i64 %mul1, 1
  %arrayidx5 = getelementptr inbounds float, ptr %buf, i64 %add4
  %1 = load float, ptr %arrayidx5, align 4, !tbaa !5
  %add6 = fadd fast float %1, %mul2
  store float %add, ptr %arrayidx, align 4, !tbaa !5
  store float %add6, ptr %arrayidx5, align 4, !tbaa !5
  %inc = add nuw nsw i64 %i.025, 1
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
