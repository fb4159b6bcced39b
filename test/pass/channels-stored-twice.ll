; One recurrence stored to two arrays beside a map (twice) against two independent recurrences each
; stored to two arrays (pairs). The test for one recurrence reading another's state
; (channels.c, dependent_reader) is made twice: before the channels analysis, counting a value
; stored twice as reading itself, so that twice goes on to one recurrence with z as a map of y (one
; call; counted apart, z would be a recurrence of its own and twice two calls of the same
; recurrence); and after both attempts failed, where a value stored twice is one recurrence with two
; outputs. pairs, refused as RecurrencesDependent at v[i] before, is split into a loop per
; recurrence (distribute.cpp groups the stores by the state they read): two recurrences with two
; outputs each, a call and a map each.
; REQUIRES: pass
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -S %s | %FileCheck %s
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -pass-remarks=plr -pass-remarks-missed=plr -pass-remarks-analysis=plr -disable-output %s 2>&1 | %FileCheck %s --check-prefix=REMARK
; CHECK-LABEL: define internal i1 @twice.plr.call(
; CHECK: call i32 @plr_run(
; CHECK-NOT: call i32 @plr_run(
; CHECK-LABEL: define dso_local void @pairs(
; CHECK: define internal i1 @pairs.plr.call{{(\.[0-9]+)?}}(
; CHECK: call i32 @plr_run(
; CHECK: define internal i1 @pairs.plr.call{{(\.[0-9]+)?}}(
; CHECK: call i32 @plr_run(
; REMARK: remark: {{.*}}replaced linear recurrence with a call to plr_run: signature (1: 0.5), type f32, order 1, two other arrays stored as elementwise maps of the output after the call, the loop's counter recomputed by the map from its index; plan: check(x apart from y, z and w apart from x, y and each other); ask(3 passes); call(1: 0.5) x->y; map(z = y); map(w = g(x, i)){{$}}
; REMARK: remark: {{.*}}the loop's 2 independent recurrences (no state read by another's update, each one's stores apart from every access of the others) are split into 2 loops
; REMARK: remark: {{.*}}replaced linear recurrence with a call to plr_run: signature (1: 2), type i32, order 1, one other array stored as an elementwise map of the output after the call; plan: check(x apart from y or exactly y, v apart from x and y); ask(2 passes); call(1: 2) x->y; map(v = y){{$}}
; REMARK: remark: {{.*}}replaced linear recurrence with a call to plr_run: signature (1: 3), type i32, order 1, one other array stored as an elementwise map of the output after the call; plan: check(x apart from y or exactly y, w apart from x and y); ask(2 passes); call(1: 3) x->y; map(w = y){{$}}
;
; Input: make-input.sh stored-twice.c twice -ffast-math (both functions), from:
; void twice(float *restrict y, float *restrict z, float *restrict w, const float *restrict x, int n) {
;     float s = 0;
;     for (int i = 0; i < n; i++) {
;         s = 0.5f * s + x[i];
;         y[i] = s;
;         z[i] = s;
;         w[i] = x[i] * x[i] + (float)i;
;     }
; }
; void pairs(int *restrict y, int *restrict z, int *restrict w, int *restrict v, const int *restrict x, int n) {
;     int s = 0, t = 0;
;     for (int i = 0; i < n; i++) {
;         s = 3 * s + x[i];
;         t = 2 * t + x[i];
;         y[i] = t;
;         z[i] = s;
;         w[i] = s;
;         v[i] = t;
;     }
; }
;

; Function Attrs: nofree norecurse nosync nounwind memory(argmem: readwrite) uwtable
define dso_local void @twice(ptr noalias nocapture noundef writeonly %y, ptr noalias nocapture noundef writeonly %z, ptr noalias nocapture noundef writeonly %w, ptr noalias nocapture noundef readonly %x, i32 noundef %n) local_unnamed_addr #0 {
entry:
  %cmp25 = icmp sgt i32 %n, 0
  br i1 %cmp25, label %for.body.preheader, label %for.cond.cleanup

for.body.preheader:                               ; preds = %entry
  %wide.trip.count = zext nneg i32 %n to i64
  br label %for.body

for.cond.cleanup.loopexit:                        ; preds = %for.body
  br label %for.cond.cleanup

for.cond.cleanup:                                 ; preds = %for.cond.cleanup.loopexit, %entry
  ret void

for.body:                                         ; preds = %for.body.preheader, %for.body
  %indvars.iv = phi i64 [ 0, %for.body.preheader ], [ %indvars.iv.next, %for.body ]
  %s.026 = phi float [ 0.000000e+00, %for.body.preheader ], [ %add, %for.body ]
  %mul = fmul fast float %s.026, 5.000000e-01
  %arrayidx = getelementptr inbounds float, ptr %x, i64 %indvars.iv
  %0 = load float, ptr %arrayidx, align 4, !tbaa !5
  %add = fadd fast float %0, %mul
  %arrayidx2 = getelementptr inbounds float, ptr %y, i64 %indvars.iv
  store float %add, ptr %arrayidx2, align 4, !tbaa !5
  %arrayidx4 = getelementptr inbounds float, ptr %z, i64 %indvars.iv
  store float %add, ptr %arrayidx4, align 4, !tbaa !5
  %mul9 = fmul fast float %0, %0
  %1 = trunc nuw nsw i64 %indvars.iv to i32
  %conv = uitofp nneg i32 %1 to float
  %add10 = fadd fast float %mul9, %conv
  %arrayidx12 = getelementptr inbounds float, ptr %w, i64 %indvars.iv
  store float %add10, ptr %arrayidx12, align 4, !tbaa !5
  %indvars.iv.next = add nuw nsw i64 %indvars.iv, 1
  %exitcond.not = icmp eq i64 %indvars.iv.next, %wide.trip.count
  br i1 %exitcond.not, label %for.cond.cleanup.loopexit, label %for.body, !llvm.loop !9
}

; Function Attrs: nofree norecurse nosync nounwind memory(argmem: readwrite) uwtable
define dso_local void @pairs(ptr noalias nocapture noundef writeonly %y, ptr noalias nocapture noundef writeonly %z, ptr noalias nocapture noundef writeonly %w, ptr noalias nocapture noundef writeonly %v, ptr noalias nocapture noundef readonly %x, i32 noundef %n) local_unnamed_addr #0 {
entry:
  %cmp25 = icmp sgt i32 %n, 0
  br i1 %cmp25, label %for.body.preheader, label %for.cond.cleanup

for.body.preheader:                               ; preds = %entry
  %wide.trip.count = zext nneg i32 %n to i64
  br label %for.body

for.cond.cleanup:                                 ; preds = %for.body, %entry
  ret void

for.body:                                         ; preds = %for.body.preheader, %for.body
  %indvars.iv = phi i64 [ 0, %for.body.preheader ], [ %indvars.iv.next, %for.body ]
  %t.027 = phi i32 [ 0, %for.body.preheader ], [ %add4, %for.body ]
  %s.026 = phi i32 [ 0, %for.body.preheader ], [ %add, %for.body ]
  %mul = mul nsw i32 %s.026, 3
  %arrayidx = getelementptr inbounds i32, ptr %x, i64 %indvars.iv
  %0 = load i32, ptr %arrayidx, align 4, !tbaa !11
  %add = add nsw i32 %0, %mul
  %mul1 = shl nsw i32 %t.027, 1
  %add4 = add nsw i32 %0, %mul1
  %arrayidx6 = getelementptr inbounds i32, ptr %y, i64 %indvars.iv
  store i32 %add4, ptr %arrayidx6, align 4, !tbaa !11
  %arrayidx8 = getelementptr inbounds i32, ptr %z, i64 %indvars.iv
  store i32 %add, ptr %arrayidx8, align 4, !tbaa !11
  %arrayidx10 = getelementptr inbounds i32, ptr %w, i64 %indvars.iv
  store i32 %add, ptr %arrayidx10, align 4, !tbaa !11
  %arrayidx12 = getelementptr inbounds i32, ptr %v, i64 %indvars.iv
  store i32 %add4, ptr %arrayidx12, align 4, !tbaa !11
  %indvars.iv.next = add nuw nsw i64 %indvars.iv, 1
  %exitcond.not = icmp eq i64 %indvars.iv.next, %wide.trip.count
  br i1 %exitcond.not, label %for.cond.cleanup, label %for.body, !llvm.loop !13
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
!11 = !{!12, !12, i64 0}
!12 = !{!"int", !7, i64 0}
!13 = distinct !{!13, !10}
