; A transposed state that reads the input (z1 = b1*x[i] - a1*v) beside an input term that is no FIR of one array
; (x[i] + 0.5f: a constant). The plain reading stops at the constant; the materialized one would compute the
; input term into y with a clone of the loop whose outputs and transposed states are zeroed, which would drop
; the state's b1*x[i-1]: refused as TransposedInput, at the state (a state that is a multiple of the output
; alone, opus's m = coef*tmp, is taken: scaled-carry.ll).
; REQUIRES: pass
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -S %s | %FileCheck %s
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -pass-remarks=plr -pass-remarks-missed=plr -pass-remarks-analysis=plr -disable-output %s 2>&1 | %FileCheck %s --check-prefix=MISSED
;
; Input: make-input.sh tdf2-const.c tdf2_const -ffast-math, from:
; void tdf2_const(const float *restrict x, float *restrict y, long n, float b1, float a1, float *s) {
;   float z1 = *s;
;   for (long i = 0; i < n; i++) {
;     float v = x[i] + 0.5f + z1;
;     z1 = b1 * x[i] - a1 * v;
;     y[i] = v;
;   }
;   *s = z1;
; }

; MISSED: remark: {{.*}}recurrence not replaced: a transposed state reads the input (z1 = b1*x[i] - a1*v) beside an input term that is no FIR of one array
; MISSED: remark: {{.*}}candidate: the store to y[i]; the reason concerns the value 'z1' carried from one iteration to the next
; CHECK-NOT: plr_run
; MISSED-NOT: remark: {{.*}}replaced linear


; Function Attrs: nofree norecurse nosync nounwind memory(argmem: readwrite) uwtable
define dso_local void @tdf2_const(ptr noalias nocapture noundef readonly %x, ptr noalias nocapture noundef writeonly %y, i64 noundef %n, float noundef nofpclass(nan inf) %b1, float noundef nofpclass(nan inf) %a1, ptr nocapture noundef %s) local_unnamed_addr #0 {
entry:
  %0 = load float, ptr %s, align 4, !tbaa !5
  %cmp13 = icmp sgt i64 %n, 0
  br i1 %cmp13, label %for.body.preheader, label %for.cond.cleanup

for.body.preheader:                               ; preds = %entry
  br label %for.body

for.cond.cleanup.loopexit:                        ; preds = %for.body
  %sub.lcssa = phi float [ %sub, %for.body ]
  br label %for.cond.cleanup

for.cond.cleanup:                                 ; preds = %for.cond.cleanup.loopexit, %entry
  %z1.0.lcssa = phi float [ %0, %entry ], [ %sub.lcssa, %for.cond.cleanup.loopexit ]
  store float %z1.0.lcssa, ptr %s, align 4, !tbaa !5
  ret void

for.body:                                         ; preds = %for.body.preheader, %for.body
  %z1.015 = phi float [ %sub, %for.body ], [ %0, %for.body.preheader ]
  %i.014 = phi i64 [ %inc, %for.body ], [ 0, %for.body.preheader ]
  %arrayidx = getelementptr inbounds float, ptr %x, i64 %i.014
  %1 = load float, ptr %arrayidx, align 4, !tbaa !5
  %add = fadd fast float %z1.015, 5.000000e-01
  %add1 = fadd fast float %add, %1
  %mul = fmul fast float %1, %b1
  %mul3 = fmul fast float %add1, %a1
  %sub = fsub fast float %mul, %mul3
  %arrayidx4 = getelementptr inbounds float, ptr %y, i64 %i.014
  store float %add1, ptr %arrayidx4, align 4, !tbaa !5
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
