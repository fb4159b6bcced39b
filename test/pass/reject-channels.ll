; Two interleaved channels with different coefficients, both in place in one buffer and kept in
; memory (buf[2*i - 2], buf[2*i - 1] read back): not channels of one signature, and not one call
; each either: a failed second call would send the original loop over an input the first call had
; overwritten, so at most one recurrence in place is taken (separate-stereo.ll takes the same loop
; over separate buffers, channels-stereo.ll one signature). Nor is the loop split into a loop per
; channel (distribute.cpp): its stores read no carried value. (The same channels carried in
; registers, `l = a*l + buf[2*i]`, are split, a call each: distribute.cpp's copies fall back one by
; one, each over its own channel.)
; REQUIRES: pass
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -S %s | %FileCheck %s
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -pass-remarks-missed=plr -pass-remarks-analysis=plr -disable-output %s 2>&1 | %FileCheck %s --check-prefix=MISSED
; MISSED-NOT: split into
; MISSED: remark: {{.*}}recurrence not replaced: the loop stores several arrays or elements that are neither interleaved channels of one recurrence
; CHECK-NOT: plr_run
; CHECK-NOT: plr.dist
;
; Input: make-input.sh inplace2.c inplace2 -ffast-math, from:
; void inplace2(float *buf, float a, float b, long n) {
;   for (long i = 1; i < n; i++) {
;     buf[2 * i] = a * buf[2 * i - 2] + buf[2 * i];
;     buf[2 * i + 1] = b * buf[2 * i - 1] + buf[2 * i + 1];
;   }
; }


; Function Attrs: nofree norecurse nosync nounwind memory(argmem: readwrite) uwtable
define dso_local void @inplace2(ptr nocapture noundef %buf, float noundef nofpclass(nan inf) %a, float noundef nofpclass(nan inf) %b, i64 noundef %n) local_unnamed_addr #0 {
entry:
  %cmp29 = icmp sgt i64 %n, 1
  br i1 %cmp29, label %for.body.preheader, label %for.cond.cleanup

for.body.preheader:                               ; preds = %entry
  br label %for.body

for.cond.cleanup.loopexit:                        ; preds = %for.body
  br label %for.cond.cleanup

for.cond.cleanup:                                 ; preds = %for.cond.cleanup.loopexit, %entry
  ret void

for.body:                                         ; preds = %for.body.preheader, %for.body
  %i.030 = phi i64 [ %inc, %for.body ], [ 1, %for.body.preheader ]
  %mul = shl nuw nsw i64 %i.030, 1
  %0 = getelementptr float, ptr %buf, i64 %mul
  %arrayidx = getelementptr i8, ptr %0, i64 -8
  %1 = load float, ptr %arrayidx, align 4, !tbaa !5
  %mul1 = fmul fast float %1, %a
  %2 = load float, ptr %0, align 4, !tbaa !5
  %add = fadd fast float %mul1, %2
  store float %add, ptr %0, align 4, !tbaa !5
  %arrayidx8 = getelementptr i8, ptr %0, i64 -4
  %3 = load float, ptr %arrayidx8, align 4, !tbaa !5
  %mul9 = fmul fast float %3, %b
  %add11 = or disjoint i64 %mul, 1
  %arrayidx12 = getelementptr inbounds float, ptr %buf, i64 %add11
  %4 = load float, ptr %arrayidx12, align 4, !tbaa !5
  %add13 = fadd fast float %mul9, %4
  store float %add13, ptr %arrayidx12, align 4, !tbaa !5
  %inc = add nuw nsw i64 %i.030, 1
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
