; Direct form II: the output is b0*w + b1*w1 + b2*w2 of a state w that is never stored. Replaced by the
; equivalent (b0, b1, b2: -a1, -a2) with input and output history derived from the initial w1, w2.
; REQUIRES: pass
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -S %s | %FileCheck %s
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -pass-remarks=plr -pass-remarks-missed=plr -disable-output %s 2>&1 | %FileCheck %s --check-prefix=REMARK
;
; Input: make-input.sh biquad-df2.c df2 -ffast-math, from:
; void df2(float *y, const float *x, int n, float b0, float b1, float b2, float a1, float a2, float w1, float w2) {
;   for (int i = 0; i < n; i++) {
;     float w = x[i] - a1*w1 - a2*w2;
;     y[i] = b0*w + b1*w1 + b2*w2;
;     w2 = w1; w1 = w;
;   }
; }

; REMARK: remark: {{.*}}replaced linear recurrence with a call to plr_run: signature (b0, b1, b2: -a1, -a2), type f32, order 2, output a linear function of the state (direct form II)
; CHECK: plr.call:
; CHECK: %plr.st{{.*}} = fdiv
; CHECK: call i32 @plr_run

; Function Attrs: nofree norecurse nosync nounwind memory(argmem: readwrite) uwtable
define dso_local void @df2(ptr nocapture noundef writeonly %y, ptr nocapture noundef readonly %x, i32 noundef %n, float noundef nofpclass(nan inf) %b0, float noundef nofpclass(nan inf) %b1, float noundef nofpclass(nan inf) %b2, float noundef nofpclass(nan inf) %a1, float noundef nofpclass(nan inf) %a2, float noundef nofpclass(nan inf) %w1, float noundef nofpclass(nan inf) %w2) local_unnamed_addr #0 {
entry:
  %cmp16 = icmp sgt i32 %n, 0
  br i1 %cmp16, label %for.body.lr.ph, label %for.cond.cleanup

for.body.lr.ph:                                   ; preds = %entry
  %mul1 = fneg fast float %a2
  %wide.trip.count = zext nneg i32 %n to i64
  br label %for.body

for.cond.cleanup.loopexit:                        ; preds = %for.body
  br label %for.cond.cleanup

for.cond.cleanup:                                 ; preds = %for.cond.cleanup.loopexit, %entry
  ret void

for.body:                                         ; preds = %for.body.lr.ph, %for.body
  %indvars.iv = phi i64 [ 0, %for.body.lr.ph ], [ %indvars.iv.next, %for.body ]
  %w1.addr.019 = phi float [ %w1, %for.body.lr.ph ], [ %sub2, %for.body ]
  %w2.addr.017 = phi float [ %w2, %for.body.lr.ph ], [ %w1.addr.019, %for.body ]
  %arrayidx = getelementptr inbounds float, ptr %x, i64 %indvars.iv
  %0 = load float, ptr %arrayidx, align 4, !tbaa !5
  %mul1.neg = fmul fast float %w2.addr.017, %mul1
  %mul.neg = fmul fast float %w1.addr.019, %a1
  %1 = fsub fast float %mul1.neg, %mul.neg
  %sub2 = fadd fast float %1, %0
  %mul3 = fmul fast float %sub2, %b0
  %mul4 = fmul fast float %w1.addr.019, %b1
  %mul5 = fmul fast float %w2.addr.017, %b2
  %add = fadd fast float %mul4, %mul5
  %add6 = fadd fast float %add, %mul3
  %arrayidx8 = getelementptr inbounds float, ptr %y, i64 %indvars.iv
  store float %add6, ptr %arrayidx8, align 4, !tbaa !5
  %indvars.iv.next = add nuw nsw i64 %indvars.iv, 1
  %exitcond.not = icmp eq i64 %indvars.iv.next, %wide.trip.count
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
