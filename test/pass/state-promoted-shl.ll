; A first-order transposed section of ints with its state and coefficients
; in a struct, updated in memory: InstCombine turns 2*v into a shift, which
; the scan for states kept in memory must read as a product (it once saw
; something else there and said nothing at all; found by recfuzz's tdf2m
; form). Promoted behind the check and replaced.
; REQUIRES: pass
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -S %s | %FileCheck %s
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -pass-remarks=plr -pass-remarks-missed=plr -disable-output %s 2>&1 | %FileCheck %s --check-prefix=REMARK
;
; Input: make-input.sh shl.c tdf1_shl, from:
; struct st { int z1; int c[2]; };
; void tdf1_shl(struct st *s, int *y, const int *x, long n) {
;   for (long i = 0; i < n; i++) {
;     int v = s->c[0] * x[i] + s->z1;
;     s->z1 = s->c[1] * x[i] - 2 * v;
;     y[i] = v;
;   }
; }

; REMARK: remark: {{.*}}replaced linear recurrence with a call to plr_run: signature ({{.*}}: -2), type i32, order 1, transposed states
; REMARK-NOT: not replaced

; CHECK-LABEL: define dso_local void @tdf1_shl(
; CHECK: br i1 %plr.promote.overlap{{[0-9]*}}, label %plr.promote.original, label %plr.promote.ph
; CHECK: plr.promote.exit:
; CHECK: store i32 %{{.*}}, ptr %s
; CHECK: plr.promote.ph:
; CHECK: call i32 @plr_run


; Function Attrs: nofree norecurse nosync nounwind memory(argmem: readwrite) uwtable
define dso_local void @tdf1_shl(ptr nocapture noundef %s, ptr nocapture noundef writeonly %y, ptr nocapture noundef readonly %x, i64 noundef %n) local_unnamed_addr #0 {
entry:
  %cmp18 = icmp sgt i64 %n, 0
  br i1 %cmp18, label %for.body.lr.ph, label %for.cond.cleanup

for.body.lr.ph:                                   ; preds = %entry
  %c = getelementptr inbounds i8, ptr %s, i64 4
  %arrayidx3 = getelementptr inbounds i8, ptr %s, i64 8
  br label %for.body

for.cond.cleanup.loopexit:                        ; preds = %for.body
  br label %for.cond.cleanup

for.cond.cleanup:                                 ; preds = %for.cond.cleanup.loopexit, %entry
  ret void

for.body:                                         ; preds = %for.body.lr.ph, %for.body
  %i.019 = phi i64 [ 0, %for.body.lr.ph ], [ %inc, %for.body ]
  %0 = load i32, ptr %c, align 4, !tbaa !5
  %arrayidx1 = getelementptr inbounds i32, ptr %x, i64 %i.019
  %1 = load i32, ptr %arrayidx1, align 4, !tbaa !5
  %mul = mul nsw i32 %1, %0
  %2 = load i32, ptr %s, align 4, !tbaa !9
  %add = add nsw i32 %mul, %2
  %3 = load i32, ptr %arrayidx3, align 4, !tbaa !5
  %mul5 = mul nsw i32 %3, %1
  %mul6 = shl nsw i32 %add, 1
  %sub = sub nsw i32 %mul5, %mul6
  store i32 %sub, ptr %s, align 4, !tbaa !9
  %arrayidx8 = getelementptr inbounds i32, ptr %y, i64 %i.019
  store i32 %add, ptr %arrayidx8, align 4, !tbaa !5
  %inc = add nuw nsw i64 %i.019, 1
  %exitcond.not = icmp eq i64 %inc, %n
  br i1 %exitcond.not, label %for.cond.cleanup.loopexit, label %for.body, !llvm.loop !11
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
!9 = !{!10, !6, i64 0}
!10 = !{!"st", !6, i64 0, !7, i64 4}
!11 = distinct !{!11, !12}
!12 = !{!"llvm.loop.mustprogress"}
