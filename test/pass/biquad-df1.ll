; Biquad, direct form I, registers rotated each step; state comes from and goes back to a struct (initial and final state, input history saved before the call).
; REQUIRES: pass
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -S %s | %FileCheck %s
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -pass-remarks=plr -pass-remarks-missed=plr -disable-output %s 2>&1 | %FileCheck %s --check-prefix=REMARK
;
; Input: make-input.sh biquad-df1.c df1 -ffast-math, from:
; struct st { float x1, x2, y1, y2; };
; void df1(float *y, const float *x, int n, float b0, float b1, float b2, float a1, float a2, struct st *s) {
;   float x1 = s->x1, x2 = s->x2, y1 = s->y1, y2 = s->y2;
;   for (int i = 0; i < n; i++) {
;     float xn = x[i];
;     float yn = b0*xn + b1*x1 + b2*x2 - a1*y1 - a2*y2;
;     x2 = x1; x1 = xn; y2 = y1; y1 = yn;
;     y[i] = yn;
;   }
;   s->x1 = x1; s->x2 = x2; s->y1 = y1; s->y2 = y2;
; }

; REMARK: remark: {{.*}}replaced linear recurrence with a call to plr_run: signature (b0, b1, b2: -a1, -a2), type f32, order 2
; CHECK: br i1 %{{.*}}, label %plr.outlined, label %plr.fallback
; CHECK: plr.outlined:
; CHECK: %targetBlock = call i1 @df1.plr.call(
; CHECK: plr.fallback:
; CHECK: phi float [ %x1.041, %for.body ], [ %plr.xlast.reload, %plr.outlined ]
; CHECK-LABEL: define internal i1 @df1.plr.call(
; CHECK: %plr.xhist = alloca [2 x float]
; x[n-1] and x[n-2], read before the call (in place, it would overwrite them)
; CHECK: %plr.xlast = load float
; CHECK-NEXT: store float %plr.xlast, ptr %plr.xlast.out
; CHECK: call i32 @plr_run

; Function Attrs: nofree norecurse nosync nounwind memory(argmem: readwrite) uwtable
define dso_local void @df1(ptr nocapture noundef writeonly %y, ptr nocapture noundef readonly %x, i32 noundef %n, float noundef nofpclass(nan inf) %b0, float noundef nofpclass(nan inf) %b1, float noundef nofpclass(nan inf) %b2, float noundef nofpclass(nan inf) %a1, float noundef nofpclass(nan inf) %a2, ptr nocapture noundef %s) local_unnamed_addr #0 {
entry:
  %0 = load float, ptr %s, align 4, !tbaa !5
  %x22 = getelementptr inbounds i8, ptr %s, i64 4
  %1 = load float, ptr %x22, align 4, !tbaa !10
  %y13 = getelementptr inbounds i8, ptr %s, i64 8
  %2 = load float, ptr %y13, align 4, !tbaa !11
  %y24 = getelementptr inbounds i8, ptr %s, i64 12
  %3 = load float, ptr %y24, align 4, !tbaa !12
  %factor.op.fmul = fneg fast float %a1
  %cmp36 = icmp sgt i32 %n, 0
  br i1 %cmp36, label %for.body.preheader, label %for.cond.cleanup

for.body.preheader:                               ; preds = %entry
  %wide.trip.count = zext nneg i32 %n to i64
  br label %for.body

for.cond.cleanup.loopexit:                        ; preds = %for.body
  %x1.041.lcssa = phi float [ %x1.041, %for.body ]
  %y1.037.lcssa = phi float [ %y1.037, %for.body ]
  %.lcssa = phi float [ %4, %for.body ]
  %sub10.lcssa = phi float [ %sub10, %for.body ]
  br label %for.cond.cleanup

for.cond.cleanup:                                 ; preds = %for.cond.cleanup.loopexit, %entry
  %y1.0.lcssa = phi float [ %2, %entry ], [ %sub10.lcssa, %for.cond.cleanup.loopexit ]
  %y2.0.lcssa = phi float [ %3, %entry ], [ %y1.037.lcssa, %for.cond.cleanup.loopexit ]
  %x2.0.lcssa = phi float [ %1, %entry ], [ %x1.041.lcssa, %for.cond.cleanup.loopexit ]
  %x1.0.lcssa = phi float [ %0, %entry ], [ %.lcssa, %for.cond.cleanup.loopexit ]
  store float %x1.0.lcssa, ptr %s, align 4, !tbaa !5
  store float %x2.0.lcssa, ptr %x22, align 4, !tbaa !10
  store float %y1.0.lcssa, ptr %y13, align 4, !tbaa !11
  store float %y2.0.lcssa, ptr %y24, align 4, !tbaa !12
  ret void

for.body:                                         ; preds = %for.body.preheader, %for.body
  %indvars.iv = phi i64 [ 0, %for.body.preheader ], [ %indvars.iv.next, %for.body ]
  %x1.041 = phi float [ %0, %for.body.preheader ], [ %4, %for.body ]
  %x2.040 = phi float [ %1, %for.body.preheader ], [ %x1.041, %for.body ]
  %y2.038 = phi float [ %3, %for.body.preheader ], [ %y1.037, %for.body ]
  %y1.037 = phi float [ %2, %for.body.preheader ], [ %sub10, %for.body ]
  %arrayidx = getelementptr inbounds float, ptr %x, i64 %indvars.iv
  %4 = load float, ptr %arrayidx, align 4, !tbaa !13
  %mul = fmul fast float %4, %b0
  %mul5 = fmul fast float %x1.041, %b1
  %mul6 = fmul fast float %x2.040, %b2
  %mul8.neg.reass = fmul fast float %y1.037, %factor.op.fmul
  %5 = fmul fast float %y2.038, %a2
  %reass.add = fsub fast float %mul8.neg.reass, %5
  %add = fadd fast float %mul5, %mul6
  %add7 = fadd fast float %add, %reass.add
  %sub10 = fadd fast float %add7, %mul
  %arrayidx12 = getelementptr inbounds float, ptr %y, i64 %indvars.iv
  store float %sub10, ptr %arrayidx12, align 4, !tbaa !13
  %indvars.iv.next = add nuw nsw i64 %indvars.iv, 1
  %exitcond.not = icmp eq i64 %indvars.iv.next, %wide.trip.count
  br i1 %exitcond.not, label %for.cond.cleanup.loopexit, label %for.body, !llvm.loop !14
}

attributes #0 = { nofree norecurse nosync nounwind memory(argmem: readwrite) uwtable "approx-func-fp-math"="true" "min-legal-vector-width"="0" "no-infs-fp-math"="true" "no-nans-fp-math"="true" "no-signed-zeros-fp-math"="true" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" "unsafe-fp-math"="true" }


!0 = !{i32 1, !"wchar_size", i32 4}
!1 = !{i32 8, !"PIC Level", i32 2}
!2 = !{i32 7, !"PIE Level", i32 2}
!3 = !{i32 7, !"uwtable", i32 2}
!4 = !{!"Debian clang version 19.1.7 (3~deb12u1)"}
!5 = !{!6, !7, i64 0}
!6 = !{!"st", !7, i64 0, !7, i64 4, !7, i64 8, !7, i64 12}
!7 = !{!"float", !8, i64 0}
!8 = !{!"omnipotent char", !9, i64 0}
!9 = !{!"Simple C/C++ TBAA"}
!10 = !{!6, !7, i64 4}
!11 = !{!6, !7, i64 8}
!12 = !{!6, !7, i64 12}
!13 = !{!7, !7, i64 0}
!14 = distinct !{!14, !15}
!15 = !{!"llvm.loop.mustprogress"}
