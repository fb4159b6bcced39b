; Two recurrences in one loop, one per channel of interleaved stereo, with one signature and their
; states saved after the loop: one plr_run_many with count 2 (stride 2, channels 1 apart), both
; channels' histories from their phis in y_init, both final states from y_final.
; REQUIRES: pass
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -S %s | %FileCheck %s
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -pass-remarks=plr -disable-output %s 2>&1 | %FileCheck %s --check-prefix=REMARK
; REMARK: remark: {{.*}}replaced the loop's recurrences with one call to plr_run_many: signature (1: a), type f32, order 1; 2 interleaved channels, one recurrence each: y stride 2, x stride 2, channels 1 apart
; CHECK: %plr.total = mul i64 %{{.*}}, 2
; CHECK: br i1 %{{.*}}, label %plr.outlined, label %plr.fallback
; CHECK: plr.outlined:
; CHECK: %targetBlock = call i1 @stereo.plr.call(
; CHECK: plr.fallback:
; CHECK-LABEL: define internal i1 @stereo.plr.call(
; CHECK: %plr.yinit = alloca [2 x float]
; CHECK: plr.chan.call:
; CHECK: call i32 @plr_pays_many(
; CHECK: store float %{{.*}}, ptr %plr.yinit
; CHECK: %plr.status = call i32 @plr_run_many(
; CHECK: plr.chan.done:
; CHECK: %plr.final = load float
; CHECK: %plr.final{{[0-9]+}} = load float
;
; Input: make-input.sh stereo.c stereo -ffast-math, from:
; typedef struct { float l, r; } state;
; void stereo(float *out, const float *in, long frames, float a, state *st) {
;   float l = st->l, r = st->r;
;   for (long i = 0; i < frames; i++) {
;     l = a * l + in[2 * i];
;     r = a * r + in[2 * i + 1];
;     out[2 * i] = l;
;     out[2 * i + 1] = r;
;   }
;   st->l = l; st->r = r;
; }


; Function Attrs: nofree norecurse nosync nounwind memory(argmem: readwrite) uwtable
define dso_local void @stereo(ptr nocapture noundef writeonly %out, ptr nocapture noundef readonly %in, i64 noundef %frames, float noundef nofpclass(nan inf) %a, ptr nocapture noundef %st) local_unnamed_addr #0 {
entry:
  %0 = load float, ptr %st, align 4, !tbaa !5
  %r2 = getelementptr inbounds i8, ptr %st, i64 4
  %1 = load float, ptr %r2, align 4, !tbaa !10
  %cmp31 = icmp sgt i64 %frames, 0
  br i1 %cmp31, label %for.body.preheader, label %for.cond.cleanup

for.body.preheader:                               ; preds = %entry
  br label %for.body

for.cond.cleanup.loopexit:                        ; preds = %for.body
  %add.lcssa = phi float [ %add, %for.body ]
  %add8.lcssa = phi float [ %add8, %for.body ]
  br label %for.cond.cleanup

for.cond.cleanup:                                 ; preds = %for.cond.cleanup.loopexit, %entry
  %l.0.lcssa = phi float [ %0, %entry ], [ %add.lcssa, %for.cond.cleanup.loopexit ]
  %r.0.lcssa = phi float [ %1, %entry ], [ %add8.lcssa, %for.cond.cleanup.loopexit ]
  store float %l.0.lcssa, ptr %st, align 4, !tbaa !5
  store float %r.0.lcssa, ptr %r2, align 4, !tbaa !10
  ret void

for.body:                                         ; preds = %for.body.preheader, %for.body
  %i.034 = phi i64 [ %inc, %for.body ], [ 0, %for.body.preheader ]
  %r.033 = phi float [ %add8, %for.body ], [ %1, %for.body.preheader ]
  %l.032 = phi float [ %add, %for.body ], [ %0, %for.body.preheader ]
  %mul = fmul fast float %l.032, %a
  %mul3 = shl nuw nsw i64 %i.034, 1
  %arrayidx = getelementptr inbounds float, ptr %in, i64 %mul3
  %2 = load float, ptr %arrayidx, align 4, !tbaa !11
  %add = fadd fast float %2, %mul
  %mul4 = fmul fast float %r.033, %a
  %add6 = or disjoint i64 %mul3, 1
  %arrayidx7 = getelementptr inbounds float, ptr %in, i64 %add6
  %3 = load float, ptr %arrayidx7, align 4, !tbaa !11
  %add8 = fadd fast float %3, %mul4
  %arrayidx10 = getelementptr inbounds float, ptr %out, i64 %mul3
  store float %add, ptr %arrayidx10, align 4, !tbaa !11
  %arrayidx13 = getelementptr inbounds float, ptr %out, i64 %add6
  store float %add8, ptr %arrayidx13, align 4, !tbaa !11
  %inc = add nuw nsw i64 %i.034, 1
  %exitcond.not = icmp eq i64 %inc, %frames
  br i1 %exitcond.not, label %for.cond.cleanup.loopexit, label %for.body, !llvm.loop !12
}

attributes #0 = { nofree norecurse nosync nounwind memory(argmem: readwrite) uwtable "approx-func-fp-math"="true" "min-legal-vector-width"="0" "no-infs-fp-math"="true" "no-nans-fp-math"="true" "no-signed-zeros-fp-math"="true" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" "unsafe-fp-math"="true" }


!0 = !{i32 1, !"wchar_size", i32 4}
!1 = !{i32 8, !"PIC Level", i32 2}
!2 = !{i32 7, !"PIE Level", i32 2}
!3 = !{i32 7, !"uwtable", i32 2}
!4 = !{!"Debian clang version 19.1.7 (3~deb12u1)"}
!5 = !{!6, !7, i64 0}
!6 = !{!"", !7, i64 0, !7, i64 4}
!7 = !{!"float", !8, i64 0}
!8 = !{!"omnipotent char", !9, i64 0}
!9 = !{!"Simple C/C++ TBAA"}
!10 = !{!6, !7, i64 4}
!11 = !{!7, !7, i64 0}
!12 = distinct !{!12, !13}
!13 = !{!"llvm.loop.mustprogress"}
