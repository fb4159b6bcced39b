; Direct form II whose state is saved after the loop: the runtime runs the state recurrence w into y, the
; state's last values are read from y, then a map applies the output FIR y[i] = b0*w + b1*w1 + b2*w2 in place.
; REQUIRES: pass
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -S %s | %FileCheck %s
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -pass-remarks=plr -pass-remarks-missed=plr -disable-output %s 2>&1 | %FileCheck %s --check-prefix=MISSED
;
; Input: make-input.sh biquad-df2-state-live-out.c df2s -ffast-math, from:
; struct st { float w1, w2; };
; void df2s(float *y, const float *x, int n, float b0, float b1, float b2, float a1, float a2, struct st *s) {
;   float w1 = s->w1, w2 = s->w2;
;   for (int i = 0; i < n; i++) {
;     float w = x[i] - a1*w1 - a2*w2;
;     y[i] = b0*w + b1*w1 + b2*w2;
;     w2 = w1; w1 = w;
;   }
;   s->w1 = w1; s->w2 = w2;
; }

; MISSED: remark: {{.*}}replaced linear recurrence with a call to plr_run: signature (1: -a1, -a2) then (b0, b1, b2:), type f32, order 2, output a FIR of the state (direct form II): one call, then a map
; MISSED-NOT: not replaced
; CHECK: br i1 %{{.*}}, label %plr.outlined, label %plr.fallback
; CHECK: plr.outlined:
; CHECK: %targetBlock = call i1 @df2s.plr.call(
; CHECK: plr.fallback:
; CHECK: phi float [ %w1.028, %for.body ], [ %plr.final.reload, %plr.outlined ]
; CHECK: phi float [ %sub4, %for.body ], [ %plr.final1.reload, %plr.outlined ]
; CHECK-LABEL: define internal i1 @df2s.plr.call(
; CHECK: %plr.status = call i32 @plr_run
; CHECK: plr.done:
; w2 = w[n-2] and w1 = w[n-1], read before the map overwrites them
; CHECK: %[[L2:.*]] = sub i64 %plr.last, 1
; CHECK: %plr.final = load float
; CHECK: store {{.*}} %plr.final, ptr %plr.final.out
; CHECK: %plr.final1 = load float
; CHECK: store {{.*}} %plr.final1, ptr %plr.final1.out
; CHECK: plr.fir:
; CHECK-NEXT: %plr.i = phi i64 [ 0, %plr.done ], [ %plr.i.next, %plr.fir ]
; CHECK-NEXT: %plr.s = phi float [ %0, %plr.done ], [ %plr.state, %plr.fir ]
; CHECK-NEXT: %plr.s2 = phi float [ %1, %plr.done ], [ %plr.s, %plr.fir ]
; CHECK: %plr.state = load float
; CHECK: fmul float %b0, %plr.state
; CHECK: fmul float %b1, %plr.s
; CHECK: fmul float %b2, %plr.s2
; CHECK: store float
; CHECK: plr.fir.done:

; Function Attrs: nofree norecurse nosync nounwind memory(argmem: readwrite) uwtable
define dso_local void @df2s(ptr nocapture noundef writeonly %y, ptr nocapture noundef readonly %x, i32 noundef %n, float noundef nofpclass(nan inf) %b0, float noundef nofpclass(nan inf) %b1, float noundef nofpclass(nan inf) %b2, float noundef nofpclass(nan inf) %a1, float noundef nofpclass(nan inf) %a2, ptr nocapture noundef %s) local_unnamed_addr #0 {
entry:
  %0 = load float, ptr %s, align 4, !tbaa !5
  %w22 = getelementptr inbounds i8, ptr %s, i64 4
  %1 = load float, ptr %w22, align 4, !tbaa !10
  %cmp25 = icmp sgt i32 %n, 0
  br i1 %cmp25, label %for.body.lr.ph, label %for.cond.cleanup

for.body.lr.ph:                                   ; preds = %entry
  %mul3 = fneg fast float %a2
  %wide.trip.count = zext nneg i32 %n to i64
  br label %for.body

for.cond.cleanup.loopexit:                        ; preds = %for.body
  %w1.028.lcssa = phi float [ %w1.028, %for.body ]
  %sub4.lcssa = phi float [ %sub4, %for.body ]
  br label %for.cond.cleanup

for.cond.cleanup:                                 ; preds = %for.cond.cleanup.loopexit, %entry
  %w2.0.lcssa = phi float [ %1, %entry ], [ %w1.028.lcssa, %for.cond.cleanup.loopexit ]
  %w1.0.lcssa = phi float [ %0, %entry ], [ %sub4.lcssa, %for.cond.cleanup.loopexit ]
  store float %w1.0.lcssa, ptr %s, align 4, !tbaa !5
  store float %w2.0.lcssa, ptr %w22, align 4, !tbaa !10
  ret void

for.body:                                         ; preds = %for.body.lr.ph, %for.body
  %indvars.iv = phi i64 [ 0, %for.body.lr.ph ], [ %indvars.iv.next, %for.body ]
  %w1.028 = phi float [ %0, %for.body.lr.ph ], [ %sub4, %for.body ]
  %w2.026 = phi float [ %1, %for.body.lr.ph ], [ %w1.028, %for.body ]
  %arrayidx = getelementptr inbounds float, ptr %x, i64 %indvars.iv
  %2 = load float, ptr %arrayidx, align 4, !tbaa !11
  %mul3.neg = fmul fast float %w2.026, %mul3
  %mul.neg = fmul fast float %w1.028, %a1
  %3 = fsub fast float %mul3.neg, %mul.neg
  %sub4 = fadd fast float %3, %2
  %mul5 = fmul fast float %sub4, %b0
  %mul6 = fmul fast float %w1.028, %b1
  %mul7 = fmul fast float %w2.026, %b2
  %add = fadd fast float %mul6, %mul7
  %add8 = fadd fast float %add, %mul5
  %arrayidx10 = getelementptr inbounds float, ptr %y, i64 %indvars.iv
  store float %add8, ptr %arrayidx10, align 4, !tbaa !11
  %indvars.iv.next = add nuw nsw i64 %indvars.iv, 1
  %exitcond.not = icmp eq i64 %indvars.iv.next, %wide.trip.count
  br i1 %exitcond.not, label %for.cond.cleanup.loopexit, label %for.body, !llvm.loop !12
}

attributes #0 = { nofree norecurse nosync nounwind memory(argmem: readwrite) uwtable "approx-func-fp-math"="true" "min-legal-vector-width"="0" "no-infs-fp-math"="true" "no-nans-fp-math"="true" "no-signed-zeros-fp-math"="true" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" "unsafe-fp-math"="true" }


!0 = !{i32 1, !"wchar_size", i32 4}
!1 = !{i32 8, !"PIC Level", i32 2}
!2 = !{i32 7, !"PIE Level", i32 2}
!3 = !{i32 7, !"uwtable", i32 2}
!4 = !{!"Debian clang version 19.1.7 (3~deb12u1)"}
!5 = !{!6, !7, i64 0}
!6 = !{!"st", !7, i64 0, !7, i64 4}
!7 = !{!"float", !8, i64 0}
!8 = !{!"omnipotent char", !9, i64 0}
!9 = !{!"Simple C/C++ TBAA"}
!10 = !{!6, !7, i64 4}
!11 = !{!7, !7, i64 0}
!12 = distinct !{!12, !13}
!13 = !{!"llvm.loop.mustprogress"}
