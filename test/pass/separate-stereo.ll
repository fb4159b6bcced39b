; Two recurrences with different signatures over interleaved stereo (l = a*l + in[2i], r = b*r +
; in[2i+1]): not channels of one signature, so one call each (separate recurrences), each a
; plr_run_many over one strided sequence with its own signature. Before the calls: n times 2 against
; the threshold, each x apart from its y, each y apart from the other's x (the outputs are proved apart:
; interleaved within one step, no check); then both calls' data and histories, both plr_pays_many,
; the calls in order, a failed one sending the original loop.
; REQUIRES: pass
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -S %s | %FileCheck %s
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -pass-remarks=plr -disable-output %s 2>&1 | %FileCheck %s --check-prefix=REMARK
; REMARK: remark: {{.*}}replaced the loop's recurrences with one call each to plr_run_many: signature (1: a) and (1: b), type f32, order 1 and 1; 2 recurrences, one call each; plan: check(x apart from y (or exactly y for the last call), each y apart from the other recurrences' x and y); ask(1 pass, for each call); call(1: a) x->y, y stride 2, x stride 2; call(1: b) x->y, y stride 2, x stride 2{{$}}
; CHECK: %plr.total = mul i64 %n, 2
; CHECK: %plr.big = and i1
; CHECK: %plr.disjoint = or i1
; CHECK: %plr.recs.apart = or i1
; CHECK: %plr.recs.apart{{[0-9]+}} = or i1
; CHECK-NOT: %plr.recs.apart{{[0-9]+}} = or
; CHECK: %plr.disjoint{{[0-9]+}} = or i1
; CHECK: br i1 %{{.*}}, label %plr.outlined, label %plr.fallback
; CHECK-LABEL: define internal i1 @stereo2.plr.call(
; CHECK: plr.recs.call:
; CHECK: store float 0.000000e+00, ptr %plr.yinit,
; CHECK: store float 0.000000e+00, ptr %plr.yinit{{[0-9]+}},
; CHECK: call i32 @plr_pays_many(ptr %plr.sig,
; CHECK: call i32 @plr_pays_many(ptr %plr.sig{{[0-9]+}},
; CHECK: %plr.status = call i32 @plr_run_many(ptr %plr.sig, ptr %plr.data, ptr %plr.layout,
; CHECK: br i1 %{{.*}}, label %plr.recs.next, label %plr.fallback
; CHECK: plr.recs.next:
; CHECK: %plr.status{{[0-9]+}} = call i32 @plr_run_many(ptr %plr.sig{{[0-9]+}}, ptr %plr.data{{[0-9]+}}, ptr %plr.layout{{[0-9]+}},
; CHECK: br i1 %{{.*}}, label %plr.recs.done, label %plr.fallback
;
; Input: make-input.sh stereo2.c stereo2 -ffast-math, from:
; void stereo2(float *out, const float *in, float a, float b, long n) {
;   float l = 0, r = 0;
;   for (long i = 0; i < n; i++) {
;     l = a * l + in[2 * i]; r = b * r + in[2 * i + 1];
;     out[2 * i] = l; out[2 * i + 1] = r;
;   }
; }


; Function Attrs: nofree norecurse nosync nounwind memory(argmem: readwrite) uwtable
define dso_local void @stereo2(ptr nocapture noundef writeonly %out, ptr nocapture noundef readonly %in, float noundef nofpclass(nan inf) %a, float noundef nofpclass(nan inf) %b, i64 noundef %n) local_unnamed_addr #0 {
entry:
  %cmp21 = icmp sgt i64 %n, 0
  br i1 %cmp21, label %for.body.preheader, label %for.cond.cleanup

for.body.preheader:                               ; preds = %entry
  br label %for.body

for.cond.cleanup.loopexit:                        ; preds = %for.body
  br label %for.cond.cleanup

for.cond.cleanup:                                 ; preds = %for.cond.cleanup.loopexit, %entry
  ret void

for.body:                                         ; preds = %for.body.preheader, %for.body
  %i.024 = phi i64 [ %inc, %for.body ], [ 0, %for.body.preheader ]
  %r.023 = phi float [ %add6, %for.body ], [ 0.000000e+00, %for.body.preheader ]
  %l.022 = phi float [ %add, %for.body ], [ 0.000000e+00, %for.body.preheader ]
  %mul = fmul fast float %l.022, %a
  %mul1 = shl nuw nsw i64 %i.024, 1
  %arrayidx = getelementptr inbounds float, ptr %in, i64 %mul1
  %0 = load float, ptr %arrayidx, align 4, !tbaa !5
  %add = fadd fast float %0, %mul
  %mul2 = fmul fast float %r.023, %b
  %add4 = or disjoint i64 %mul1, 1
  %arrayidx5 = getelementptr inbounds float, ptr %in, i64 %add4
  %1 = load float, ptr %arrayidx5, align 4, !tbaa !5
  %add6 = fadd fast float %1, %mul2
  %arrayidx8 = getelementptr inbounds float, ptr %out, i64 %mul1
  store float %add, ptr %arrayidx8, align 4, !tbaa !5
  %arrayidx11 = getelementptr inbounds float, ptr %out, i64 %add4
  store float %add6, ptr %arrayidx11, align 4, !tbaa !5
  %inc = add nuw nsw i64 %i.024, 1
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
