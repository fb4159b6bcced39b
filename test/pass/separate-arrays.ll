; Two recurrences over separate arrays (S1 the running sum of x, S2 a one-pole of z), their final
; states used after the loop: one plr_run each, with its own signature. Nothing relates the four
; pointers, so every pair the calls could get wrong is checked before them: each x apart from its
; own y (or, for the call made last, exactly y), each y apart from the other's x and y (the two outputs once); the final
; states from each call's y_final.
; REQUIRES: pass
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -S %s | %FileCheck %s
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -pass-remarks=plr -disable-output %s 2>&1 | %FileCheck %s --check-prefix=REMARK
; REMARK: remark: {{.*}}replaced the loop's recurrences with one call each to plr_run: signature (1: 1) and (1: 0.5), type f32, order 1 and 1; 2 recurrences, one call each; plan: check(x apart from y (or exactly y for the last call), each y apart from the other recurrences' x and y); ask(1 pass, for each call); call(1: 1) x->y; call(1: 0.5) x->y{{$}}
; CHECK: %plr.total = mul i64 %n, 2
; CHECK: %plr.disjoint = or i1
; CHECK-COUNT-3: %plr.recs.apart{{[0-9]*}} = or i1
; CHECK-NOT: %plr.recs.apart{{[0-9]*}} = or
; CHECK: %plr.disjoint{{[0-9]+}} = or i1
; CHECK-NEXT: ptrtoint ptr %S2
; CHECK-NEXT: ptrtoint ptr %z
; CHECK-NEXT: icmp eq i64
; CHECK: br i1 %{{.*}}, label %plr.outlined, label %plr.fallback
; CHECK: for.cond.cleanup.loopexit:
; CHECK-NEXT: phi float [ %add, %for.body ], [ %plr.final.reload, %plr.outlined ]
; CHECK-NEXT: phi float [ %add3, %for.body ], [ %plr.final{{[0-9]+}}.reload, %plr.outlined ]
; CHECK-LABEL: define internal i1 @two.plr.call(
; CHECK: store float 0.000000e+00, ptr %plr.yinit,
; CHECK: store float 1.000000e+00, ptr %plr.yinit{{[0-9]+}},
; CHECK: call i32 @plr_pays(ptr %plr.sig, ptr %plr.data,
; CHECK: call i32 @plr_pays(ptr %plr.sig{{[0-9]+}}, ptr %plr.data{{[0-9]+}},
; CHECK: %plr.status = call i32 @plr_run(ptr %plr.sig, ptr %plr.data)
; CHECK: %plr.status{{[0-9]+}} = call i32 @plr_run(ptr %plr.sig{{[0-9]+}}, ptr %plr.data{{[0-9]+}})
; CHECK: plr.recs.done:
; CHECK: %plr.final = load float
; CHECK: %plr.final{{[0-9]+}} = load float
;
; Input: make-input.sh two.c two -ffast-math, from:
; void two(float *S1, const float *x, float *S2, const float *z, long n, float *f1, float *f2) {
;   float s1 = 0, s2 = 1;
;   for (long i = 0; i < n; i++) {
;     s1 = s1 + x[i]; S1[i] = s1;
;     s2 = 0.5f * s2 + z[i]; S2[i] = s2;
;   }
;   *f1 = s1; *f2 = s2;
; }


; Function Attrs: nofree norecurse nosync nounwind memory(argmem: readwrite) uwtable
define dso_local void @two(ptr nocapture noundef writeonly %S1, ptr nocapture noundef readonly %x, ptr nocapture noundef writeonly %S2, ptr nocapture noundef readonly %z, i64 noundef %n, ptr nocapture noundef writeonly %f1, ptr nocapture noundef writeonly %f2) local_unnamed_addr #0 {
entry:
  %cmp14 = icmp sgt i64 %n, 0
  br i1 %cmp14, label %for.body.preheader, label %for.cond.cleanup

for.body.preheader:                               ; preds = %entry
  br label %for.body

for.cond.cleanup.loopexit:                        ; preds = %for.body
  %add.lcssa = phi float [ %add, %for.body ]
  %add3.lcssa = phi float [ %add3, %for.body ]
  br label %for.cond.cleanup

for.cond.cleanup:                                 ; preds = %for.cond.cleanup.loopexit, %entry
  %s1.0.lcssa = phi float [ 0.000000e+00, %entry ], [ %add.lcssa, %for.cond.cleanup.loopexit ]
  %s2.0.lcssa = phi float [ 1.000000e+00, %entry ], [ %add3.lcssa, %for.cond.cleanup.loopexit ]
  store float %s1.0.lcssa, ptr %f1, align 4, !tbaa !5
  store float %s2.0.lcssa, ptr %f2, align 4, !tbaa !5
  ret void

for.body:                                         ; preds = %for.body.preheader, %for.body
  %i.017 = phi i64 [ %inc, %for.body ], [ 0, %for.body.preheader ]
  %s2.016 = phi float [ %add3, %for.body ], [ 1.000000e+00, %for.body.preheader ]
  %s1.015 = phi float [ %add, %for.body ], [ 0.000000e+00, %for.body.preheader ]
  %arrayidx = getelementptr inbounds float, ptr %x, i64 %i.017
  %0 = load float, ptr %arrayidx, align 4, !tbaa !5
  %add = fadd fast float %0, %s1.015
  %arrayidx1 = getelementptr inbounds float, ptr %S1, i64 %i.017
  store float %add, ptr %arrayidx1, align 4, !tbaa !5
  %mul = fmul fast float %s2.016, 5.000000e-01
  %arrayidx2 = getelementptr inbounds float, ptr %z, i64 %i.017
  %1 = load float, ptr %arrayidx2, align 4, !tbaa !5
  %add3 = fadd fast float %1, %mul
  %arrayidx4 = getelementptr inbounds float, ptr %S2, i64 %i.017
  store float %add3, ptr %arrayidx4, align 4, !tbaa !5
  %inc = add nuw nsw i64 %i.017, 1
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
