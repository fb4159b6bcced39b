; One column outside a nest whose stride is a product of two run-time values (x[i*w*d], y[i*w*d]): no one value
; makes it one element (a single column at stride w alone is versioned on w == 1:
; runtime-stride-pinned.ll), and the pass cannot see that the other columns are left alone, so it
; does not guess; a precise reason.
; REQUIRES: pass
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -S %s | %FileCheck %s
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -pass-remarks-missed=plr -disable-output %s 2>&1 | %FileCheck %s --check-prefix=MISSED
; MISSED: remark: {{.*}}recurrence not replaced: the stride is a run-time value (a column of an image with a variable width); that is replaced as part of a loop nest the call covers whole, or, in a loop alone, where one value makes it one element (y[j*C], versioned on C == 1), and this loop is neither
; CHECK-NOT: plr_run
;
; Input: make-input.sh column.c column -ffast-math, from:
; void column(long h, long w, long d, float a, const float *x, float *y) {
;   float s = 0;
;   for (long i = 0; i < h; i++) { s = a * s + x[i*w*d]; y[i*w*d] = s; }
; }


; Function Attrs: nofree norecurse nosync nounwind memory(argmem: readwrite) uwtable
define dso_local void @column(i64 noundef %h, i64 noundef %w, i64 noundef %d, float noundef nofpclass(nan inf) %a, ptr nocapture noundef readonly %x, ptr nocapture noundef writeonly %y) local_unnamed_addr #0 {
entry:
  %cmp12 = icmp sgt i64 %h, 0
  br i1 %cmp12, label %for.body.lr.ph, label %for.cond.cleanup

for.body.lr.ph:                                   ; preds = %entry
  %mul1 = mul i64 %d, %w
  br label %for.body

for.cond.cleanup.loopexit:                        ; preds = %for.body
  br label %for.cond.cleanup

for.cond.cleanup:                                 ; preds = %for.cond.cleanup.loopexit, %entry
  ret void

for.body:                                         ; preds = %for.body.lr.ph, %for.body
  %i.014 = phi i64 [ 0, %for.body.lr.ph ], [ %inc, %for.body ]
  %s.013 = phi float [ 0.000000e+00, %for.body.lr.ph ], [ %add, %for.body ]
  %mul = fmul fast float %s.013, %a
  %mul2 = mul i64 %mul1, %i.014
  %arrayidx = getelementptr inbounds float, ptr %x, i64 %mul2
  %0 = load float, ptr %arrayidx, align 4, !tbaa !5
  %add = fadd fast float %0, %mul
  %arrayidx5 = getelementptr inbounds float, ptr %y, i64 %mul2
  store float %add, ptr %arrayidx5, align 4, !tbaa !5
  %inc = add nuw nsw i64 %i.014, 1
  %exitcond.not = icmp eq i64 %inc, %h
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
