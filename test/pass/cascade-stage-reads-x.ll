; A later stage that reads x besides the stage before it: what InstCombine makes of a direct form II
; output FIR (3*v0 + 3*z1 with v0 = a*x[i] - z1 + b*z2 becomes 3*(a*x[i] + b*z2)) when the state is saved
; after the loop (recfuzz seed 1034 of RECFUZZ_FORM=chain). Stage 0 has one input tap a, so the output's
; 3a*x[i] is rewritten as 3*(v0 + z1 - b*z2): a FIR of the state again, exact in integers.
; REQUIRES: pass
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -S %s | %FileCheck %s
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -pass-remarks=plr -pass-remarks-missed=plr -disable-output %s 2>&1 | %FileCheck %s --check-prefix=REMARK
;
; Input: make-input.sh sx.c dfx , from:
; void dfx(int *y, const int *x, long n, int *s, int a, int b) {
;   int z1 = s[0], z2 = s[1];
;   for (long i = 0; i < n; i++) {
;     int v0 = a * x[i] - z1 + b * z2;
;     int v1 = 3 * v0 + 3 * z1;
;     z2 = z1; z1 = v0; y[i] = v1;
;   }
;   s[0] = z1; s[1] = z2;
; }

; REMARK: remark: {{.*}}replaced linear recurrence with a call to plr_run: signature (a: -1, b) then (3, 3, b*3 - 3*b:), type i32, order 2, output a FIR of the state (direct form II): one call, then a map
; CHECK: br i1 %{{.*}}, label %plr.outlined, label %plr.fallback
; CHECK: plr.outlined:
; CHECK: %targetBlock = call i1 @dfx.plr.call(
; CHECK: plr.fallback:
; CHECK-LABEL: define internal i1 @dfx.plr.call(
; CHECK: call i32 @plr_pays(ptr %plr.sig, ptr %plr.data, i32 2, i32 2,
; CHECK: call i32 @plr_run
; CHECK: plr.fir:

; Function Attrs: nofree norecurse nosync nounwind memory(argmem: readwrite) uwtable
define dso_local void @dfx(ptr nocapture noundef writeonly %y, ptr nocapture noundef readonly %x, i64 noundef %n, ptr nocapture noundef %s, i32 noundef %a, i32 noundef %b) local_unnamed_addr #0 {
entry:
  %0 = load i32, ptr %s, align 4, !tbaa !5
  %arrayidx1 = getelementptr inbounds i8, ptr %s, i64 4
  %1 = load i32, ptr %arrayidx1, align 4, !tbaa !5
  %cmp22 = icmp sgt i64 %n, 0
  br i1 %cmp22, label %for.body.preheader, label %for.cond.cleanup

for.body.preheader:                               ; preds = %entry
  br label %for.body

for.cond.cleanup.loopexit:                        ; preds = %for.body
  %z1.025.lcssa = phi i32 [ %z1.025, %for.body ]
  %add.lcssa = phi i32 [ %add, %for.body ]
  br label %for.cond.cleanup

for.cond.cleanup:                                 ; preds = %for.cond.cleanup.loopexit, %entry
  %z2.0.lcssa = phi i32 [ %1, %entry ], [ %z1.025.lcssa, %for.cond.cleanup.loopexit ]
  %z1.0.lcssa = phi i32 [ %0, %entry ], [ %add.lcssa, %for.cond.cleanup.loopexit ]
  store i32 %z1.0.lcssa, ptr %s, align 4, !tbaa !5
  store i32 %z2.0.lcssa, ptr %arrayidx1, align 4, !tbaa !5
  ret void

for.body:                                         ; preds = %for.body.preheader, %for.body
  %z1.025 = phi i32 [ %add, %for.body ], [ %0, %for.body.preheader ]
  %z2.024 = phi i32 [ %z1.025, %for.body ], [ %1, %for.body.preheader ]
  %i.023 = phi i64 [ %inc, %for.body ], [ 0, %for.body.preheader ]
  %arrayidx2 = getelementptr inbounds i32, ptr %x, i64 %i.023
  %2 = load i32, ptr %arrayidx2, align 4, !tbaa !5
  %mul = mul nsw i32 %2, %a
  %mul3 = mul nsw i32 %z2.024, %b
  %sub = sub i32 %mul3, %z1.025
  %add = add i32 %sub, %mul
  %mul421 = add i32 %mul, %mul3
  %add6 = mul i32 %mul421, 3
  %arrayidx7 = getelementptr inbounds i32, ptr %y, i64 %i.023
  store i32 %add6, ptr %arrayidx7, align 4, !tbaa !5
  %inc = add nuw nsw i64 %i.023, 1
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
