; Two interleaved channels, each state carried in a variable from the caller's value and also read back
; from the output (out[2*i-2], out[2*i-1]): for one sequence a check before the call compares the two
; sources of the history (history-twice.ll); per channel it is not done yet, so the loop is refused
; with that reason rather than run from the carried values alone (which would be wrong where they
; differ from memory).
; REQUIRES: pass
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -S %s | %FileCheck %s
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -pass-remarks-missed=plr -disable-output %s 2>&1 | %FileCheck %s --check-prefix=MISSED
; MISSED: remark: {{.*}}recurrence not replaced: an earlier output or input is read both from a variable carried from the previous iteration and from memory, which need not hold the same value when the loop starts; that is checked before the call for one sequence, not yet for lanes, channels or a run-time order
; CHECK-NOT: plr_run
;
; Input: make-input.sh stereo.c stereo_twice -ffast-math, from:
; void stereo_twice(float *out, const float *in, float a, long n, float l, float r) {
;   for (long i = 1; i < n; i++) {
;     l = a * l + in[2 * i] - 0.5f * out[2 * i - 2];
;     r = a * r + in[2 * i + 1] - 0.5f * out[2 * i - 1];
;     out[2 * i] = l;
;     out[2 * i + 1] = r;
;   }
; }


; Function Attrs: nofree norecurse nosync nounwind memory(argmem: readwrite) uwtable
define dso_local void @stereo_twice(ptr nocapture noundef %out, ptr nocapture noundef readonly %in, float noundef nofpclass(nan inf) %a, i64 noundef %n, float noundef nofpclass(nan inf) %l, float noundef nofpclass(nan inf) %r) local_unnamed_addr #0 {
entry:
  %cmp35 = icmp sgt i64 %n, 1
  br i1 %cmp35, label %for.body.preheader, label %for.cond.cleanup

for.body.preheader:                               ; preds = %entry
  br label %for.body

for.cond.cleanup.loopexit:                        ; preds = %for.body
  br label %for.cond.cleanup

for.cond.cleanup:                                 ; preds = %for.cond.cleanup.loopexit, %entry
  ret void

for.body:                                         ; preds = %for.body.preheader, %for.body
  %i.038 = phi i64 [ %inc, %for.body ], [ 1, %for.body.preheader ]
  %r.addr.037 = phi float [ %sub15, %for.body ], [ %r, %for.body.preheader ]
  %l.addr.036 = phi float [ %sub5, %for.body ], [ %l, %for.body.preheader ]
  %mul = fmul fast float %l.addr.036, %a
  %mul1 = shl nuw nsw i64 %i.038, 1
  %arrayidx = getelementptr inbounds float, ptr %in, i64 %mul1
  %0 = load float, ptr %arrayidx, align 4, !tbaa !5
  %add = fadd fast float %0, %mul
  %1 = getelementptr float, ptr %out, i64 %mul1
  %arrayidx3 = getelementptr i8, ptr %1, i64 -8
  %2 = load float, ptr %arrayidx3, align 4, !tbaa !5
  %mul4.neg = fmul fast float %2, -5.000000e-01
  %sub5 = fadd fast float %add, %mul4.neg
  %mul6 = fmul fast float %r.addr.037, %a
  %add8 = or disjoint i64 %mul1, 1
  %arrayidx9 = getelementptr inbounds float, ptr %in, i64 %add8
  %3 = load float, ptr %arrayidx9, align 4, !tbaa !5
  %add10 = fadd fast float %3, %mul6
  %arrayidx13 = getelementptr i8, ptr %1, i64 -4
  %4 = load float, ptr %arrayidx13, align 4, !tbaa !5
  %mul14.neg = fmul fast float %4, -5.000000e-01
  %sub15 = fadd fast float %add10, %mul14.neg
  store float %sub5, ptr %1, align 4, !tbaa !5
  %arrayidx20 = getelementptr inbounds float, ptr %out, i64 %add8
  store float %sub15, ptr %arrayidx20, align 4, !tbaa !5
  %inc = add nuw nsw i64 %i.038, 1
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
