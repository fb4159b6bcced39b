; A cascade whose second stage reads x besides the first stage's delay: e1 = 2*e0 + 3*e1 with
; e0 = 5*(x[i] + e0) is rewritten by InstCombine as 10*(x[i] + e0') + 3*e1. With x[i] = (e0 - 5*e0')/5,
; 10*x[i] = 2*e0 - 10*e0', so the stage is 2*e0 + 3*e1 again: two calls (e0 is saved after the loop).
; REQUIRES: pass
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -S %s | %FileCheck %s
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -pass-remarks=plr -pass-remarks-missed=plr -disable-output %s 2>&1 | %FileCheck %s --check-prefix=REMARK
;
; Input: make-input.sh ex.c emx , from:
; void emx(long *y, const long *x, long n, long *s) {
;   long e0 = s[0], e1 = s[1];
;   for (long i = 0; i < n; i++) { e0 = 5 * x[i] + 5 * e0; e1 = 2 * e0 + 3 * e1; y[i] = e1; }
;   s[0] = e0;
; }

; REMARK: remark: {{.*}}replaced linear recurrence with a call to plr_run: signature (5: 5) then (2: 3), type i64, order 1, a cascade of two recurrences (two calls)
; CHECK: br i1 %{{.*}}, label %plr.outlined, label %plr.fallback
; CHECK: plr.outlined:
; CHECK: %targetBlock = call i1 @emx.plr.call(
; CHECK: plr.fallback:
; CHECK-LABEL: define internal i1 @emx.plr.call(
; CHECK: call i32 @plr_pays(ptr %plr.sig, ptr %plr.data, i32 2, i32 2,
; CHECK: call i32 @plr_run
; CHECK: call i32 @plr_run

; Function Attrs: nofree norecurse nosync nounwind memory(argmem: readwrite) uwtable
define dso_local void @emx(ptr nocapture noundef writeonly %y, ptr nocapture noundef readonly %x, i64 noundef %n, ptr nocapture noundef %s) local_unnamed_addr #0 {
entry:
  %0 = load i64, ptr %s, align 8, !tbaa !5
  %cmp18 = icmp sgt i64 %n, 0
  br i1 %cmp18, label %for.body.preheader, label %for.cond.cleanup

for.body.preheader:                               ; preds = %entry
  %arrayidx1 = getelementptr inbounds i8, ptr %s, i64 8
  %1 = load i64, ptr %arrayidx1, align 8, !tbaa !5
  br label %for.body

for.cond.cleanup.loopexit:                        ; preds = %for.body
  %add.lcssa = phi i64 [ %add, %for.body ]
  br label %for.cond.cleanup

for.cond.cleanup:                                 ; preds = %for.cond.cleanup.loopexit, %entry
  %e0.0.lcssa = phi i64 [ %0, %entry ], [ %add.lcssa, %for.cond.cleanup.loopexit ]
  store i64 %e0.0.lcssa, ptr %s, align 8, !tbaa !5
  ret void

for.body:                                         ; preds = %for.body.preheader, %for.body
  %i.021 = phi i64 [ %inc, %for.body ], [ 0, %for.body.preheader ]
  %e1.020 = phi i64 [ %add6, %for.body ], [ %1, %for.body.preheader ]
  %e0.019 = phi i64 [ %add, %for.body ], [ %0, %for.body.preheader ]
  %arrayidx2 = getelementptr inbounds i64, ptr %x, i64 %i.021
  %2 = load i64, ptr %arrayidx2, align 8, !tbaa !5
  %mul17 = add i64 %2, %e0.019
  %add = mul i64 %mul17, 5
  %mul4 = mul i64 %mul17, 10
  %mul5 = mul nsw i64 %e1.020, 3
  %add6 = add nsw i64 %mul4, %mul5
  %arrayidx7 = getelementptr inbounds i64, ptr %y, i64 %i.021
  store i64 %add6, ptr %arrayidx7, align 8, !tbaa !5
  %inc = add nuw nsw i64 %i.021, 1
  %exitcond.not = icmp eq i64 %inc, %n
  br i1 %exitcond.not, label %for.cond.cleanup.loopexit, label %for.body, !llvm.loop !9
}

attributes #0 = { nofree norecurse nosync nounwind memory(argmem: readwrite) uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }


!0 = !{i32 1, !"wchar_size", i32 4}
!1 = !{i32 8, !"PIC Level", i32 2}
!2 = !{i32 7, !"PIE Level", i32 2}
!3 = !{i32 7, !"uwtable", i32 2}
!4 = !{!"Debian clang version 19.1.7 (3~deb12u1)"}
!5 = !{!6, !6, i64 0}
!6 = !{!"long", !7, i64 0}
!7 = !{!"omnipotent char", !8, i64 0}
!8 = !{!"Simple C/C++ TBAA"}
!9 = distinct !{!9, !10}
!10 = !{!"llvm.loop.mustprogress"}
