; Four first-order low-pass sections in series (s1 += a*(x[i]-s1); s2 += a*(s1-s2); ...), every state saved
; after the loop: four calls, each stage's last value read from y before the next stage overwrites it.
; REQUIRES: pass
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -S %s | %FileCheck %s
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -pass-remarks=plr -pass-remarks-missed=plr -disable-output %s 2>&1 | %FileCheck %s --check-prefix=REMARK
;
; Input: make-input.sh cascade-lowpass4.c lp4 -ffast-math, from:
; struct lp { float s1, s2, s3, s4; };
; void lp4(float *y, const float *x, long n, float a, struct lp *st) {
;   float s1 = st->s1, s2 = st->s2, s3 = st->s3, s4 = st->s4;
;   for (long i = 0; i < n; i++) {
;     s1 += a * (x[i] - s1);
;     s2 += a * (s1 - s2);
;     s3 += a * (s2 - s3);
;     s4 += a * (s3 - s4);
;     y[i] = s4;
;   }
;   st->s1 = s1; st->s2 = s2; st->s3 = s3; st->s4 = s4;
; }

; REMARK: remark: {{.*}}replaced linear recurrence with a call to plr_run: signature (a: 1 - a) then (a: 1 - a) then (a: 1 - a) then (a: 1 - a), type f32, order 1, a cascade of four recurrences (four calls)
; REMARK-NOT: not replaced
; CHECK: br i1 %{{.*}}, label %plr.outlined, label %plr.fallback
; CHECK: plr.outlined:
; CHECK: %targetBlock = call i1 @lp4.plr.call(
; CHECK: plr.fallback:
; CHECK: for.cond.cleanup.loopexit:
; CHECK-COUNT-4: phi float [ %{{.*}}, %for.body ], [ %plr.final{{[0-9]*}}.reload, %plr.outlined ]
; CHECK-LABEL: define internal i1 @lp4.plr.call(
; CHECK: %plr.status = call i32 @plr_run
; CHECK: plr.call2:
; CHECK: %plr.final = load float
; CHECK: %plr.status2 = call i32 @plr_run
; CHECK: plr.call3:
; CHECK: %plr.final{{[0-9]+}} = load float
; CHECK: %plr.status3 = call i32 @plr_run
; CHECK: plr.call4:
; CHECK: %plr.final{{[0-9]+}} = load float
; CHECK: %plr.status4 = call i32 @plr_run
; CHECK: plr.done:
; CHECK: %plr.final{{[0-9]+}} = load float
; CHECK-NEXT: store float %plr.final{{[0-9]+}}, ptr %plr.final{{[0-9]+}}.out


; Function Attrs: nofree norecurse nosync nounwind memory(argmem: readwrite) uwtable
define dso_local void @lp4(ptr nocapture noundef writeonly %y, ptr nocapture noundef readonly %x, i64 noundef %n, float noundef nofpclass(nan inf) %a, ptr nocapture noundef %st) local_unnamed_addr #0 {
entry:
  %0 = load float, ptr %st, align 4, !tbaa !5
  %s22 = getelementptr inbounds i8, ptr %st, i64 4
  %1 = load float, ptr %s22, align 4, !tbaa !10
  %s33 = getelementptr inbounds i8, ptr %st, i64 8
  %2 = load float, ptr %s33, align 4, !tbaa !11
  %s44 = getelementptr inbounds i8, ptr %st, i64 12
  %3 = load float, ptr %s44, align 4, !tbaa !12
  %cmp44 = icmp sgt i64 %n, 0
  br i1 %cmp44, label %for.body.preheader, label %for.cond.cleanup

for.body.preheader:                               ; preds = %entry
  br label %for.body

for.cond.cleanup.loopexit:                        ; preds = %for.body
  %add.lcssa = phi float [ %add, %for.body ]
  %add7.lcssa = phi float [ %add7, %for.body ]
  %add10.lcssa = phi float [ %add10, %for.body ]
  %add13.lcssa = phi float [ %add13, %for.body ]
  br label %for.cond.cleanup

for.cond.cleanup:                                 ; preds = %for.cond.cleanup.loopexit, %entry
  %s1.0.lcssa = phi float [ %0, %entry ], [ %add.lcssa, %for.cond.cleanup.loopexit ]
  %s2.0.lcssa = phi float [ %1, %entry ], [ %add7.lcssa, %for.cond.cleanup.loopexit ]
  %s3.0.lcssa = phi float [ %2, %entry ], [ %add10.lcssa, %for.cond.cleanup.loopexit ]
  %s4.0.lcssa = phi float [ %3, %entry ], [ %add13.lcssa, %for.cond.cleanup.loopexit ]
  store float %s1.0.lcssa, ptr %st, align 4, !tbaa !5
  store float %s2.0.lcssa, ptr %s22, align 4, !tbaa !10
  store float %s3.0.lcssa, ptr %s33, align 4, !tbaa !11
  store float %s4.0.lcssa, ptr %s44, align 4, !tbaa !12
  ret void

for.body:                                         ; preds = %for.body.preheader, %for.body
  %i.049 = phi i64 [ %inc, %for.body ], [ 0, %for.body.preheader ]
  %s4.048 = phi float [ %add13, %for.body ], [ %3, %for.body.preheader ]
  %s3.047 = phi float [ %add10, %for.body ], [ %2, %for.body.preheader ]
  %s2.046 = phi float [ %add7, %for.body ], [ %1, %for.body.preheader ]
  %s1.045 = phi float [ %add, %for.body ], [ %0, %for.body.preheader ]
  %arrayidx = getelementptr inbounds float, ptr %x, i64 %i.049
  %4 = load float, ptr %arrayidx, align 4, !tbaa !13
  %sub = fsub fast float %4, %s1.045
  %mul = fmul fast float %sub, %a
  %add = fadd fast float %mul, %s1.045
  %sub5 = fsub fast float %add, %s2.046
  %mul6 = fmul fast float %sub5, %a
  %add7 = fadd fast float %mul6, %s2.046
  %sub8 = fsub fast float %add7, %s3.047
  %mul9 = fmul fast float %sub8, %a
  %add10 = fadd fast float %mul9, %s3.047
  %sub11 = fsub fast float %add10, %s4.048
  %mul12 = fmul fast float %sub11, %a
  %add13 = fadd fast float %mul12, %s4.048
  %arrayidx14 = getelementptr inbounds float, ptr %y, i64 %i.049
  store float %add13, ptr %arrayidx14, align 4, !tbaa !13
  %inc = add nuw nsw i64 %i.049, 1
  %exitcond.not = icmp eq i64 %inc, %n
  br i1 %exitcond.not, label %for.cond.cleanup.loopexit, label %for.body, !llvm.loop !14
}

attributes #0 = { nofree norecurse nosync nounwind memory(argmem: readwrite) uwtable "approx-func-fp-math"="true" "min-legal-vector-width"="0" "no-infs-fp-math"="true" "no-nans-fp-math"="true" "no-signed-zeros-fp-math"="true" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" "unsafe-fp-math"="true" }


!0 = !{i32 1, !"wchar_size", i32 4}
!1 = !{i32 8, !"PIC Level", i32 2}
!2 = !{i32 7, !"PIE Level", i32 2}
!3 = !{i32 7, !"uwtable", i32 2}
!4 = !{!"Debian clang version 19.1.7 (3~deb12u1)"}
!5 = !{!6, !7, i64 0}
!6 = !{!"lp", !7, i64 0, !7, i64 4, !7, i64 8, !7, i64 12}
!7 = !{!"float", !8, i64 0}
!8 = !{!"omnipotent char", !9, i64 0}
!9 = !{!"Simple C/C++ TBAA"}
!10 = !{!6, !7, i64 4}
!11 = !{!6, !7, i64 8}
!12 = !{!6, !7, i64 12}
!13 = !{!7, !7, i64 0}
!14 = distinct !{!14, !15}
!15 = !{!"llvm.loop.mustprogress"}
