; A PI controller in integers: the state integ += e[i], the output u = kp*e[i] + integ adds the input.
; One recurrence over e: (1 + kp, -kp : 1); its history u[-1] = integ0 (the state before the loop)
; plus kp*e[-1] derived from it (zero); the state after the loop is u[n-1] - kp*e[n-1].
; REQUIRES: pass
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -S %s | %FileCheck %s
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -pass-remarks=plr -disable-output %s 2>&1 | %FileCheck %s --check-prefix=REMARK
; REMARK: remark: {{.*}}replaced linear recurrence with a call to plr_run: signature (1 + kp, -kp: 1), type i32, order 1, output a linear function of the state (direct form II)
; The state returned: y[n-1] (from y_final) minus kp*x[n-1] (read before the call).
; CHECK: %plr.xlast = load i32
; CHECK: %plr.status = call i32 @plr_run(
; CHECK: plr.done:
; CHECK: %plr.final = load i32
;
; Input: make-input.sh pi_int.c pi_int, from:
; int pi_int(int *u, const int *e, long n, int kp, int integ) {
;   for (long i = 0; i < n; i++) {
;     integ += e[i];
;     u[i] = kp * e[i] + integ;
;   }
;   return integ;
; }


; Function Attrs: nofree norecurse nosync nounwind memory(argmem: readwrite) uwtable
define dso_local i32 @pi_int(ptr nocapture noundef writeonly %u, ptr nocapture noundef readonly %e, i64 noundef %n, i32 noundef %kp, i32 noundef %integ) local_unnamed_addr #0 {
entry:
  %cmp11 = icmp sgt i64 %n, 0
  br i1 %cmp11, label %for.body.preheader, label %for.cond.cleanup

for.body.preheader:                               ; preds = %entry
  br label %for.body

for.cond.cleanup.loopexit:                        ; preds = %for.body
  %add.lcssa = phi i32 [ %add, %for.body ]
  br label %for.cond.cleanup

for.cond.cleanup:                                 ; preds = %for.cond.cleanup.loopexit, %entry
  %integ.addr.0.lcssa = phi i32 [ %integ, %entry ], [ %add.lcssa, %for.cond.cleanup.loopexit ]
  ret i32 %integ.addr.0.lcssa

for.body:                                         ; preds = %for.body.preheader, %for.body
  %i.013 = phi i64 [ %inc, %for.body ], [ 0, %for.body.preheader ]
  %integ.addr.012 = phi i32 [ %add, %for.body ], [ %integ, %for.body.preheader ]
  %arrayidx = getelementptr inbounds i32, ptr %e, i64 %i.013
  %0 = load i32, ptr %arrayidx, align 4, !tbaa !5
  %add = add nsw i32 %0, %integ.addr.012
  %mul = mul nsw i32 %0, %kp
  %add2 = add nsw i32 %mul, %add
  %arrayidx3 = getelementptr inbounds i32, ptr %u, i64 %i.013
  store i32 %add2, ptr %arrayidx3, align 4, !tbaa !5
  %inc = add nuw nsw i64 %i.013, 1
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
!6 = !{!"int", !7, i64 0}
!7 = !{!"omnipotent char", !8, i64 0}
!8 = !{!"Simple C/C++ TBAA"}
!9 = distinct !{!9, !10}
!10 = !{!"llvm.loop.mustprogress"}
