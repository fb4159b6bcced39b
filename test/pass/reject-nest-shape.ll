; A recurrence loop inside an outer loop with an early exit (break out of
; the row loop): the outer loop is not in simple form, so the nest is not
; one call (NestShape); the recurrence loop is replaced alone, one call per
; row, and the analysis remark names the nest's reason exactly.
; REQUIRES: pass
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -S %s | %FileCheck %s
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -pass-remarks=plr -pass-remarks-missed=plr -pass-remarks-analysis=plr -disable-output %s 2>&1 | %FileCheck %s --check-prefix=REMARK
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -pass-remarks-analysis=plr -pass-remarks-output=%t.yaml -disable-output %s
; RUN: %FileCheck %s --check-prefix=YAML < %t.yaml
; CHECK: call {{.*}} @plr_run(
; CHECK-NOT: plr_run_many
; REMARK: remark: <unknown>:0:0: replaced linear recurrence with a call to plr_run: signature (1: a), type f32, order 1
; REMARK-NEXT: remark: <unknown>:0:0: the loop around it is not part of the call (one call per sequence): the outer loop is not in simple form (one preheader, one latch that is its only exit){{$}}
; REMARK-NOT: not replaced
; YAML: --- !Analysis
; YAML-NEXT: Pass: plr
; YAML-NEXT: Name: NestShape
; YAML-NEXT: Function: rows_stop
; YAML-NEXT: Args:
; YAML-NEXT: - String: 'the loop around it is not part of the call (one call per sequence): '
; YAML-NEXT: - NestReason: 'the outer loop is not in simple form (one preheader, one latch that is its only exit)'
;
; Input: make-input.sh reject-nest-shape.c rows_stop -ffast-math, from:
; void rows_stop(long h, long w, float a, const float *x, float *y, const int *stop) {
;   for (long r = 0; r < h; r++) {
;     if (stop[r])
;       break;
;     float s = 0;
;     for (long c = 0; c < w; c++) {
;       s = a * s + x[r * w + c];
;       y[r * w + c] = s;
;     }
;   }
; }


; Function Attrs: nofree norecurse nosync nounwind memory(argmem: readwrite) uwtable
define dso_local void @rows_stop(i64 noundef %h, i64 noundef %w, float noundef nofpclass(nan inf) %a, ptr nocapture noundef readonly %x, ptr nocapture noundef writeonly %y, ptr nocapture noundef readonly %stop) local_unnamed_addr #0 {
entry:
  %cmp27 = icmp sgt i64 %h, 0
  br i1 %cmp27, label %for.body.lr.ph, label %cleanup

for.body.lr.ph:                                   ; preds = %entry
  %cmp224 = icmp sgt i64 %w, 0
  br label %for.body

for.body:                                         ; preds = %for.body.lr.ph, %for.cond.cleanup3
  %r.028 = phi i64 [ 0, %for.body.lr.ph ], [ %inc12, %for.cond.cleanup3 ]
  %arrayidx = getelementptr inbounds i32, ptr %stop, i64 %r.028
  %0 = load i32, ptr %arrayidx, align 4, !tbaa !5
  %tobool.not = icmp eq i32 %0, 0
  br i1 %tobool.not, label %for.cond1.preheader, label %cleanup.loopexit

for.cond1.preheader:                              ; preds = %for.body
  br i1 %cmp224, label %for.body4.lr.ph, label %for.cond.cleanup3

for.body4.lr.ph:                                  ; preds = %for.cond1.preheader
  %mul5 = mul nuw nsw i64 %r.028, %w
  br label %for.body4

for.cond.cleanup3.loopexit:                       ; preds = %for.body4
  br label %for.cond.cleanup3

for.cond.cleanup3:                                ; preds = %for.cond.cleanup3.loopexit, %for.cond1.preheader
  %inc12 = add nuw nsw i64 %r.028, 1
  %exitcond29.not = icmp eq i64 %inc12, %h
  br i1 %exitcond29.not, label %cleanup.loopexit, label %for.body, !llvm.loop !9

for.body4:                                        ; preds = %for.body4.lr.ph, %for.body4
  %c.026 = phi i64 [ 0, %for.body4.lr.ph ], [ %inc, %for.body4 ]
  %s.025 = phi float [ 0.000000e+00, %for.body4.lr.ph ], [ %add7, %for.body4 ]
  %mul = fmul fast float %s.025, %a
  %add = add nuw nsw i64 %c.026, %mul5
  %arrayidx6 = getelementptr inbounds float, ptr %x, i64 %add
  %1 = load float, ptr %arrayidx6, align 4, !tbaa !11
  %add7 = fadd fast float %1, %mul
  %arrayidx10 = getelementptr inbounds float, ptr %y, i64 %add
  store float %add7, ptr %arrayidx10, align 4, !tbaa !11
  %inc = add nuw nsw i64 %c.026, 1
  %exitcond.not = icmp eq i64 %inc, %w
  br i1 %exitcond.not, label %for.cond.cleanup3.loopexit, label %for.body4, !llvm.loop !13

cleanup.loopexit:                                 ; preds = %for.body, %for.cond.cleanup3
  br label %cleanup

cleanup:                                          ; preds = %cleanup.loopexit, %entry
  ret void
}

attributes #0 = { nofree norecurse nosync nounwind memory(argmem: readwrite) uwtable "approx-func-fp-math"="true" "min-legal-vector-width"="0" "no-infs-fp-math"="true" "no-nans-fp-math"="true" "no-signed-zeros-fp-math"="true" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" "unsafe-fp-math"="true" }


!0 = !{i32 1, !"wchar_size", i32 4}
!1 = !{i32 8, !"PIC Level", i32 2}
!2 = !{i32 7, !"PIE Level", i32 2}
!3 = !{i32 7, !"uwtable", i32 2}
!4 = !{!"Debian clang version 19.1.7 (3~deb12u1)"}
!5 = !{!6, !6, i64 0}
!6 = !{!"int", !7, i64 0}
!7 = !{!"omnipotent char", !8, i64 0}
!8 = !{!"Simple C/C++ TBAA"}
!9 = distinct !{!9, !10}
!10 = !{!"llvm.loop.mustprogress"}
!11 = !{!12, !12, i64 0}
!12 = !{!"float", !7, i64 0}
!13 = distinct !{!13, !10}
