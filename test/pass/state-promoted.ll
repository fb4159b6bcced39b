; A filter whose states are struct members updated in memory on every
; iteration (y[i] = tick(f, x[i]) inlined): y[i] may be f->z1, so LICM left
; them there and the loop carries no value. The pass versions the loop on a
; run-time check that neither array overlaps the struct's fields it reads or
; writes; in the checked copy every field is loaded once before the loop
; (states in phis, coefficients invariant) and the states stored once after
; it. That copy is a transposed direct form II, replaced as usual; the
; original loop, taken when they overlap, is marked and left alone.
; REQUIRES: pass
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -S %s | %FileCheck %s
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -pass-remarks=plr -pass-remarks-missed=plr -pass-remarks-analysis=plr -disable-output %s 2>&1 | %FileCheck %s --check-prefix=REMARK
;
; Input: make-input.sh promoted.c biquad_run -ffast-math, from:
; struct biquad { float b0, b1, b2, a1, a2, z1, z2; };
; static inline float tick(struct biquad *f, float x) {
;   float v = f->b0 * x + f->z1;
;   f->z1 = f->b1 * x - f->a1 * v + f->z2;
;   f->z2 = f->b2 * x - f->a2 * v;
;   return v;
; }
; void biquad_run(struct biquad *f, float *y, const float *x, long n) {
;   for (long i = 0; i < n; i++)
;     y[i] = tick(f, x[i]);
; }

; REMARK: remark: {{.*}}replaced linear recurrence with a call to plr_run: signature (*f, f->b1.i, f->b2.i: -f->a1.i, -f->a2.i), type f32, order 2, transposed states (direct form II transposed): the first outputs computed before the call from the states' start
; REMARK-NEXT: remark: {{.*}}the state kept in memory is carried in registers in a copy of the loop, taken when a check before it finds that the loop's arrays overlap none of the fixed addresses it reads and writes (else the loop runs as written)
; REMARK-NOT: not replaced
; REMARK-NOT: kept in memory (a struct member

; y's range [y, y+4n) against f->b0 (which y's stores must not write) and
; so on; the states against x's range as well.
; CHECK-LABEL: define dso_local void @biquad_run(
; CHECK: for.body.lr.ph:
; CHECK: %[[YEND:.*]] = getelementptr i8, ptr %y, i64 %{{.*}}
; CHECK: icmp ult ptr %f, %[[YEND]]
; CHECK: br i1 %plr.promote.overlap{{[0-9]*}}, label %plr.promote.original, label %plr.promote.ph
; The promoted copy: the states carried in phis, stored once on the way out
; (after the call or after the copy itself, the call's fallback).
; CHECK: phi nsz float [ %plr.promote.init{{[0-9]+}}, %plr.fallback ]
; CHECK: phi nsz float [ %plr.promote.init{{[0-9]+}}, %plr.fallback ]
; CHECK: plr.promote.exit:
; CHECK: store float %{{.*}}, ptr %z1.i
; CHECK-NEXT: store float %{{.*}}, ptr %z2.i
; CHECK: plr.promote.ph:
; CHECK-NEXT: %plr.promote.init = load float, ptr %f
; CHECK-NEXT: %[[Z1:plr.promote.init[0-9]+]] = load float, ptr %z1.i
; CHECK: br i1 %{{.*}}, label %plr.outlined, label %plr.fallback
; CHECK: plr.outlined:
; CHECK: %targetBlock = call i1 @biquad_run.plr.call(
; CHECK: plr.fallback:
; The original loop, states in memory, for overlapping arrays.
; CHECK: for.body:
; CHECK: store float %add3.i, ptr %z1.i
; CHECK: br i1 %exitcond.not, label %{{.*}}, label %for.body, !llvm.loop ![[ORIG:[0-9]+]]
; CHECK-LABEL: define internal i1 @biquad_run.plr.call(
; CHECK: call i32 @plr_run
; The first output from the loaded state: y[0] = b0*x[0] + z1.
; CHECK-NOT: plr.promote.original
; CHECK: plr.done:
; CHECK-DAG: ![[ORIG]] = distinct !{![[ORIG]], {{.*}}![[VERSIONED:[0-9]+]]}
; CHECK-DAG: ![[VERSIONED]] = !{!"plr.versioned"}


; Function Attrs: nofree norecurse nosync nounwind memory(argmem: readwrite) uwtable
define dso_local void @biquad_run(ptr nocapture noundef %f, ptr nocapture noundef writeonly %y, ptr nocapture noundef readonly %x, i64 noundef %n) local_unnamed_addr #0 {
entry:
  %cmp5 = icmp sgt i64 %n, 0
  br i1 %cmp5, label %for.body.lr.ph, label %for.cond.cleanup

for.body.lr.ph:                                   ; preds = %entry
  %z1.i = getelementptr inbounds i8, ptr %f, i64 20
  %b1.i = getelementptr inbounds i8, ptr %f, i64 4
  %a1.i = getelementptr inbounds i8, ptr %f, i64 12
  %z2.i = getelementptr inbounds i8, ptr %f, i64 24
  %b2.i = getelementptr inbounds i8, ptr %f, i64 8
  %a2.i = getelementptr inbounds i8, ptr %f, i64 16
  br label %for.body

for.cond.cleanup.loopexit:                        ; preds = %for.body
  br label %for.cond.cleanup

for.cond.cleanup:                                 ; preds = %for.cond.cleanup.loopexit, %entry
  ret void

for.body:                                         ; preds = %for.body.lr.ph, %for.body
  %i.06 = phi i64 [ 0, %for.body.lr.ph ], [ %inc, %for.body ]
  %arrayidx = getelementptr inbounds float, ptr %x, i64 %i.06
  %0 = load float, ptr %arrayidx, align 4, !tbaa !5
  %1 = load float, ptr %f, align 4, !tbaa !9
  %mul.i = fmul fast float %1, %0
  %2 = load float, ptr %z1.i, align 4, !tbaa !11
  %add.i = fadd fast float %mul.i, %2
  %3 = load float, ptr %b1.i, align 4, !tbaa !12
  %mul1.i = fmul fast float %3, %0
  %4 = load float, ptr %a1.i, align 4, !tbaa !13
  %5 = load float, ptr %z2.i, align 4, !tbaa !14
  %sub.i = fadd fast float %5, %mul1.i
  %6 = fmul fast float %4, %add.i
  %add3.i = fsub fast float %sub.i, %6
  store float %add3.i, ptr %z1.i, align 4, !tbaa !11
  %7 = load float, ptr %b2.i, align 4, !tbaa !15
  %mul5.i = fmul fast float %7, %0
  %8 = load float, ptr %a2.i, align 4, !tbaa !16
  %mul6.i = fmul fast float %8, %add.i
  %sub7.i = fsub fast float %mul5.i, %mul6.i
  store float %sub7.i, ptr %z2.i, align 4, !tbaa !14
  %arrayidx1 = getelementptr inbounds float, ptr %y, i64 %i.06
  store float %add.i, ptr %arrayidx1, align 4, !tbaa !5
  %inc = add nuw nsw i64 %i.06, 1
  %exitcond.not = icmp eq i64 %inc, %n
  br i1 %exitcond.not, label %for.cond.cleanup.loopexit, label %for.body, !llvm.loop !17
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
!9 = !{!10, !6, i64 0}
!10 = !{!"biquad", !6, i64 0, !6, i64 4, !6, i64 8, !6, i64 12, !6, i64 16, !6, i64 20, !6, i64 24}
!11 = !{!10, !6, i64 20}
!12 = !{!10, !6, i64 4}
!13 = !{!10, !6, i64 12}
!14 = !{!10, !6, i64 24}
!15 = !{!10, !6, i64 8}
!16 = !{!10, !6, i64 16}
!17 = distinct !{!17, !18}
!18 = !{!"llvm.loop.mustprogress"}
