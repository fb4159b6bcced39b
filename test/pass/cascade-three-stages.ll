; Three coupled states u -> v -> w, none used after the loop: an integer cascade is composed into one
; recurrence (denominators multiplied: (1 - a z)(1 - z)(1 - z)), exact in wrapping arithmetic. The first
; three outputs are computed in the call path from the loop's initial state; one call does the rest, its
; history being those real outputs. (With a state saved after the loop, the stages are called one by one:
; cascade-three-stages-state.ll.)
; REQUIRES: pass
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -S %s | %FileCheck %s
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -pass-remarks=plr -pass-remarks-missed=plr -disable-output %s 2>&1 | %FileCheck %s --check-prefix=MISSED
;
; Input: make-input.sh cascade-three-stages.c tri , from:
; void tri(int *y, const int *x, int n, int a) {
;   int u = 0, v = 0, w = 0;
;   for (int i = 0; i < n; i++) { u = a*u + x[i]; v = v + u; w = w + v; y[i] = w; }
; }

; MISSED: remark: {{.*}}replaced linear recurrence with a call to plr_run: signature (1: a) then (1: 1) then (1: 1), type i32, order 1, a cascade of three recurrences composed into one recurrence of order 3, FIR length 1 (one call)
; MISSED-NOT: not replaced
; CHECK: plr.call:
; y[0..2] computed in the call path and stored (u = v = w = 0 before the loop, so y[0] = x[0])
; CHECK: %plr.x = load i32, ptr
; CHECK: store i32 {{.*}}, ptr %{{[0-9]+}}, align 4
; CHECK: store i32 {{.*}}, ptr %{{[0-9]+}}, align 4
; CHECK: store i32 {{.*}}, ptr %{{[0-9]+}}, align 4
; order 3, b1 = a + 2, b2 = -(2a + 1), b3 = a
; CHECK: store i32 3, ptr
; CHECK: sub i64 %wide.trip.count, 3
; CHECK: getelementptr i8, ptr %x, i64 12
; CHECK: getelementptr i8, ptr %y, i64 12
; CHECK: %plr.status = call i32 @plr_run
; CHECK-NEXT: icmp eq i32 %plr.status, 0
; CHECK-NEXT: br i1 %{{.*}}, label %plr.done, label %plr.fallback
; CHECK-NOT: call i32 @plr_run

; Function Attrs: nofree norecurse nosync nounwind memory(argmem: readwrite) uwtable
define dso_local void @tri(ptr nocapture noundef writeonly %y, ptr nocapture noundef readonly %x, i32 noundef %n, i32 noundef %a) local_unnamed_addr #0 {
entry:
  %cmp11 = icmp sgt i32 %n, 0
  br i1 %cmp11, label %for.body.preheader, label %for.cond.cleanup

for.body.preheader:                               ; preds = %entry
  %wide.trip.count = zext nneg i32 %n to i64
  br label %for.body

for.cond.cleanup.loopexit:                        ; preds = %for.body
  br label %for.cond.cleanup

for.cond.cleanup:                                 ; preds = %for.cond.cleanup.loopexit, %entry
  ret void

for.body:                                         ; preds = %for.body.preheader, %for.body
  %indvars.iv = phi i64 [ 0, %for.body.preheader ], [ %indvars.iv.next, %for.body ]
  %w.014 = phi i32 [ 0, %for.body.preheader ], [ %add2, %for.body ]
  %v.013 = phi i32 [ 0, %for.body.preheader ], [ %add1, %for.body ]
  %u.012 = phi i32 [ 0, %for.body.preheader ], [ %add, %for.body ]
  %mul = mul nsw i32 %u.012, %a
  %arrayidx = getelementptr inbounds i32, ptr %x, i64 %indvars.iv
  %0 = load i32, ptr %arrayidx, align 4, !tbaa !5
  %add = add nsw i32 %0, %mul
  %add1 = add nsw i32 %add, %v.013
  %add2 = add nsw i32 %add1, %w.014
  %arrayidx4 = getelementptr inbounds i32, ptr %y, i64 %indvars.iv
  store i32 %add2, ptr %arrayidx4, align 4, !tbaa !5
  %indvars.iv.next = add nuw nsw i64 %indvars.iv, 1
  %exitcond.not = icmp eq i64 %indvars.iv.next, %wide.trip.count
  br i1 %exitcond.not, label %for.cond.cleanup.loopexit, label %for.body, !llvm.loop !9
}

attributes #0 = { nofree norecurse nosync nounwind memory(argmem: readwrite) uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }


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
