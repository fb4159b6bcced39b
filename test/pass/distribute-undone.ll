; A split that gains nothing is undone: opus's stereo de-emphasis at -O2 without -ffast-math is split
; into a loop per channel (distribute.cpp), each refused for want of consent to reassociate
; floating point; the loop as written is restored (no check, no copy, no call), and the remarks say
; so for each channel.
; REQUIRES: pass
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -S %s | %FileCheck %s
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -pass-remarks-missed=plr -pass-remarks-analysis=plr -disable-output %s 2>&1 | %FileCheck %s --check-prefix=REMARK
; REMARK: remark: {{.*}}the loop's 2 independent recurrences {{.*}} are split into 2 loops, one per recurrence, each analyzed alone (below 65536 iterations, where no copy would call, the loop runs as written); if none of them is replaced the loop stays as written
; REMARK: remark: {{.*}}floating-point recurrence (1: coef0) (f32) not replaced: parallel evaluation would reassociate
; REMARK: remark: {{.*}}floating-point recurrence (1: coef0) (f32) not replaced: parallel evaluation would reassociate
; CHECK-LABEL: @stereo(
; CHECK-NOT: plr.dist.overlap
; CHECK-NOT: plr.dist.ph
; CHECK-NOT: plr_run
; CHECK-NOT: plr.versioned
; CHECK-NOT: plr.distributed
;
; Input: make-input.sh st.c stereo (no -ffast-math), from:
; void stereo(float *in[], float *pcm, int n, float coef0, float *mem) {
;   float *__restrict x0 = in[0];
;   float *__restrict x1 = in[1];
;   float m0 = mem[0], m1 = mem[1];
;   for (int j = 0; j < n; j++) {
;     float tmp0 = x0[j] + 1e-30f + m0;
;     float tmp1 = x1[j] + 1e-30f + m1;
;     m0 = coef0 * tmp0;
;     m1 = coef0 * tmp1;
;     pcm[2 * j] = tmp0 * (1 / 32768.f);
;     pcm[2 * j + 1] = tmp1 * (1 / 32768.f);
;   }
;   mem[0] = m0;
;   mem[1] = m1;
; }


; Function Attrs: nofree norecurse nosync nounwind memory(read, argmem: readwrite, inaccessiblemem: none) uwtable
define dso_local void @stereo(ptr nocapture noundef readonly %in, ptr nocapture noundef writeonly %pcm, i32 noundef %n, float noundef %coef0, ptr nocapture noundef %mem) local_unnamed_addr #0 {
entry:
  %0 = load ptr, ptr %in, align 8, !tbaa !5
  %arrayidx1 = getelementptr inbounds i8, ptr %in, i64 8
  %1 = load ptr, ptr %arrayidx1, align 8, !tbaa !5
  %2 = load float, ptr %mem, align 4, !tbaa !9
  %arrayidx3 = getelementptr inbounds i8, ptr %mem, i64 4
  %3 = load float, ptr %arrayidx3, align 4, !tbaa !9
  %cmp37 = icmp sgt i32 %n, 0
  br i1 %cmp37, label %for.body.preheader, label %for.cond.cleanup

for.body.preheader:                               ; preds = %entry
  %wide.trip.count = zext nneg i32 %n to i64
  br label %for.body

for.cond.cleanup.loopexit:                        ; preds = %for.body
  %mul.lcssa = phi float [ %mul, %for.body ]
  %mul10.lcssa = phi float [ %mul10, %for.body ]
  br label %for.cond.cleanup

for.cond.cleanup:                                 ; preds = %for.cond.cleanup.loopexit, %entry
  %m1.0.lcssa = phi float [ %3, %entry ], [ %mul10.lcssa, %for.cond.cleanup.loopexit ]
  %m0.0.lcssa = phi float [ %2, %entry ], [ %mul.lcssa, %for.cond.cleanup.loopexit ]
  store float %m0.0.lcssa, ptr %mem, align 4, !tbaa !9
  store float %m1.0.lcssa, ptr %arrayidx3, align 4, !tbaa !9
  ret void

for.body:                                         ; preds = %for.body.preheader, %for.body
  %indvars.iv = phi i64 [ 0, %for.body.preheader ], [ %indvars.iv.next, %for.body ]
  %m0.040 = phi float [ %2, %for.body.preheader ], [ %mul, %for.body ]
  %m1.039 = phi float [ %3, %for.body.preheader ], [ %mul10, %for.body ]
  %arrayidx4 = getelementptr inbounds float, ptr %0, i64 %indvars.iv
  %4 = load float, ptr %arrayidx4, align 4, !tbaa !9
  %add = fadd float %4, 0x39B4484C00000000
  %add5 = fadd float %m0.040, %add
  %arrayidx7 = getelementptr inbounds float, ptr %1, i64 %indvars.iv
  %5 = load float, ptr %arrayidx7, align 4, !tbaa !9
  %add8 = fadd float %5, 0x39B4484C00000000
  %add9 = fadd float %m1.039, %add8
  %mul = fmul float %add5, %coef0
  %mul10 = fmul float %add9, %coef0
  %mul11 = fmul float %add5, 0x3F00000000000000
  %6 = shl nuw nsw i64 %indvars.iv, 1
  %arrayidx14 = getelementptr inbounds float, ptr %pcm, i64 %6
  store float %mul11, ptr %arrayidx14, align 4, !tbaa !9
  %mul15 = fmul float %add9, 0x3F00000000000000
  %7 = or disjoint i64 %6, 1
  %arrayidx19 = getelementptr inbounds float, ptr %pcm, i64 %7
  store float %mul15, ptr %arrayidx19, align 4, !tbaa !9
  %indvars.iv.next = add nuw nsw i64 %indvars.iv, 1
  %exitcond.not = icmp eq i64 %indvars.iv.next, %wide.trip.count
  br i1 %exitcond.not, label %for.cond.cleanup.loopexit, label %for.body, !llvm.loop !11
}

attributes #0 = { nofree norecurse nosync nounwind memory(read, argmem: readwrite, inaccessiblemem: none) uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }


!0 = !{i32 1, !"wchar_size", i32 4}
!1 = !{i32 8, !"PIC Level", i32 2}
!2 = !{i32 7, !"PIE Level", i32 2}
!3 = !{i32 7, !"uwtable", i32 2}
!4 = !{!"Debian clang version 19.1.7 (3~deb12u1)"}
!5 = !{!6, !6, i64 0}
!6 = !{!"any pointer", !7, i64 0}
!7 = !{!"omnipotent char", !8, i64 0}
!8 = !{!"Simple C/C++ TBAA"}
!9 = !{!10, !10, i64 0}
!10 = !{!"float", !7, i64 0}
!11 = distinct !{!11, !12}
!12 = !{!"llvm.loop.mustprogress"}
