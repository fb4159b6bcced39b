; Two loops split in one function (distribute.cpp), neither needing a check, their trip count a
; constant above the call threshold (else the copies are taken only from that many iterations on):
; the branch before each original is on a constant. Settling the second split once removed the blocks left unreachable,
; which folded the first's constant branch and deleted it before the first was settled: the pass
; crashed on opus's silk_A2NLSF (silk_A2NLSF_init inlined twice). Every versioned loop is now
; settled before the unreachable blocks are removed, once.
; REQUIRES: pass
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -S %s | %FileCheck %s
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -pass-remarks=plr -pass-remarks-analysis=plr -disable-output %s 2>&1 | %FileCheck %s --check-prefix=REMARK
; REMARK-COUNT-2: remark: {{.*}}the loop's 2 independent recurrences (no state read by another's update, each one's stores apart from every access of the others) are split into 2 loops
; REMARK: remark: {{.*}}signature (1: 1), type i32, order 1, input term materialized by a map
; REMARK: remark: {{.*}}signature (1: 3), type i32, order 1;
; REMARK: remark: {{.*}}signature (1: 5), type i32, order 1, input term materialized by a map
; REMARK: remark: {{.*}}signature (-1: 1), type i32, order 1, output an elementwise map of the state
; The originals are gone (their branches were never taken), the four copies call.
; CHECK-LABEL: @two(
; CHECK-NOT: plr.dist.original
; CHECK-NOT: plr.versioned
; CHECK-COUNT-4: call i32 @plr_run(
;
; Input: make-input.sh two.c two -ffast-math, from:
; /* Two loops split in one function (as silk_A2NLSF_init inlined twice), no checks needed; the
;  * second split's settling once deleted the first's branch. */
; #define FRAME 100000
; void two(int *restrict p, int *restrict q, int *restrict r, int *restrict s, const int *restrict x) {
;   int a = 0, b = 0;
;   for (long i = 0; i < FRAME; i++) {
;     a += x[i] + 3;
;     b = 3 * b + x[i];
;     p[i] = a;
;     q[i] = b;
;   }
;   int c = 1, d = 1;
;   for (long i = 0; i < FRAME; i++) {
;     c = 5 * c + x[i] + 1;
;     d = d - x[i];
;     r[i] = c;
;     s[i] = d * 7;
;   }
; }


; Function Attrs: nofree norecurse nosync nounwind memory(argmem: readwrite) uwtable
define dso_local void @two(ptr noalias nocapture noundef writeonly %p, ptr noalias nocapture noundef writeonly %q, ptr noalias nocapture noundef writeonly %r, ptr noalias nocapture noundef writeonly %s, ptr noalias nocapture noundef readonly %x) local_unnamed_addr #0 {
entry:
  br label %for.body

for.body:                                         ; preds = %entry, %for.body
  %i.041 = phi i64 [ 0, %entry ], [ %inc, %for.body ]
  %b.040 = phi i32 [ 0, %entry ], [ %add3, %for.body ]
  %a.039 = phi i32 [ 0, %entry ], [ %add1, %for.body ]
  %arrayidx = getelementptr inbounds i32, ptr %x, i64 %i.041
  %0 = load i32, ptr %arrayidx, align 4, !tbaa !5
  %add = add i32 %a.039, 3
  %add1 = add i32 %add, %0
  %mul = mul nsw i32 %b.040, 3
  %add3 = add nsw i32 %0, %mul
  %arrayidx4 = getelementptr inbounds i32, ptr %p, i64 %i.041
  store i32 %add1, ptr %arrayidx4, align 4, !tbaa !5
  %arrayidx5 = getelementptr inbounds i32, ptr %q, i64 %i.041
  store i32 %add3, ptr %arrayidx5, align 4, !tbaa !5
  %inc = add nuw nsw i64 %i.041, 1
  %exitcond.not = icmp eq i64 %inc, 100000
  br i1 %exitcond.not, label %for.body10.preheader, label %for.body, !llvm.loop !9

for.body10.preheader:                             ; preds = %for.body
  br label %for.body10

for.cond.cleanup9:                                ; preds = %for.body10
  ret void

for.body10:                                       ; preds = %for.body10.preheader, %for.body10
  %i6.044 = phi i64 [ %inc20, %for.body10 ], [ 0, %for.body10.preheader ]
  %d.043 = phi i32 [ %sub, %for.body10 ], [ 1, %for.body10.preheader ]
  %c.042 = phi i32 [ %add14, %for.body10 ], [ 1, %for.body10.preheader ]
  %mul11 = mul nsw i32 %c.042, 5
  %arrayidx12 = getelementptr inbounds i32, ptr %x, i64 %i6.044
  %1 = load i32, ptr %arrayidx12, align 4, !tbaa !5
  %add13 = add i32 %mul11, 1
  %add14 = add i32 %add13, %1
  %sub = sub nsw i32 %d.043, %1
  %arrayidx16 = getelementptr inbounds i32, ptr %r, i64 %i6.044
  store i32 %add14, ptr %arrayidx16, align 4, !tbaa !5
  %mul17 = mul nsw i32 %sub, 7
  %arrayidx18 = getelementptr inbounds i32, ptr %s, i64 %i6.044
  store i32 %mul17, ptr %arrayidx18, align 4, !tbaa !5
  %inc20 = add nuw nsw i64 %i6.044, 1
  %exitcond45.not = icmp eq i64 %inc20, 100000
  br i1 %exitcond45.not, label %for.cond.cleanup9, label %for.body10, !llvm.loop !11
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
!11 = distinct !{!11, !10}
