; Two independent recurrences in one loop, the one called last (y0) with an input tap read from
; memory (x0[i-1]). With x0 exactly y0 the loop reads x0[i-1] after it wrote y0[i-1] there, which a
; call over the original x cannot do: so the check before the calls wants each x apart from its own
; y, with no exception for the last call exactly in place (the plain x apart from y of a single
; recurrence with a tap; test/e2e/separate-recurrences.c runs it in place). Without a tap the last
; call may run exactly in place (separate-arrays.ll).
; REQUIRES: pass
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -S %s | %FileCheck %s
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -pass-remarks=plr -disable-output %s 2>&1 | %FileCheck %s --check-prefix=REMARK
; REMARK: remark: {{.*}}replaced the loop's recurrences with one call each to plr_run: signature (1: 2) and (1, 1: -3), type i64, order 1 and 1; 2 recurrences, one call each; plan: check(x apart from y, each y apart from the other recurrences' x and y); ask(1 pass, for each call); call(1: 2) x->y; call(1, 1: -3) x->y{{$}}
; CHECK-NOT: icmp eq i64 %{{[0-9]+}}, %{{[0-9]+}}
; CHECK: %plr.disjoint = or i1
; CHECK-NEXT: and i1
; CHECK: %plr.disjoint{{[0-9]+}} = or i1
; CHECK-NEXT: and i1
; CHECK-NEXT: br i1 %{{.*}}, label %plr.outlined, label %plr.fallback
; CHECK: define internal i1 @sep_tap.plr.call(
;
; Input: make-input.sh sep_tap.c sep_tap, from:
; void sep_tap(long *y0, const long *x0, long *y1, const long *x1, long n) {
;   long s = 0;
;   for (long i = 0; i < n; i++) {
;     s = 2 * s + x1[i];
;     y1[i] = s;
;     y0[i] = x0[i] + x0[i - 1] + -3 * y0[i - 1];
;   }
; }


; Function Attrs: nofree norecurse nosync nounwind memory(argmem: readwrite) uwtable
define dso_local void @sep_tap(ptr nocapture noundef %y0, ptr nocapture noundef readonly %x0, ptr nocapture noundef writeonly %y1, ptr nocapture noundef readonly %x1, i64 noundef %n) local_unnamed_addr #0 {
entry:
  %cmp20 = icmp sgt i64 %n, 0
  br i1 %cmp20, label %for.body.preheader, label %for.cond.cleanup

for.body.preheader:                               ; preds = %entry
  br label %for.body

for.cond.cleanup.loopexit:                        ; preds = %for.body
  br label %for.cond.cleanup

for.cond.cleanup:                                 ; preds = %for.cond.cleanup.loopexit, %entry
  ret void

for.body:                                         ; preds = %for.body.preheader, %for.body
  %i.022 = phi i64 [ %inc, %for.body ], [ 0, %for.body.preheader ]
  %s.021 = phi i64 [ %add, %for.body ], [ 0, %for.body.preheader ]
  %mul = shl nsw i64 %s.021, 1
  %arrayidx = getelementptr inbounds i64, ptr %x1, i64 %i.022
  %0 = load i64, ptr %arrayidx, align 8, !tbaa !5
  %add = add nsw i64 %0, %mul
  %arrayidx1 = getelementptr inbounds i64, ptr %y1, i64 %i.022
  store i64 %add, ptr %arrayidx1, align 8, !tbaa !5
  %arrayidx2 = getelementptr inbounds i64, ptr %x0, i64 %i.022
  %1 = load i64, ptr %arrayidx2, align 8, !tbaa !5
  %sub = add nsw i64 %i.022, -1
  %arrayidx3 = getelementptr inbounds i64, ptr %x0, i64 %sub
  %2 = load i64, ptr %arrayidx3, align 8, !tbaa !5
  %add4 = add nsw i64 %2, %1
  %arrayidx6 = getelementptr inbounds i64, ptr %y0, i64 %sub
  %3 = load i64, ptr %arrayidx6, align 8, !tbaa !5
  %mul7 = mul nsw i64 %3, -3
  %add8 = add nsw i64 %add4, %mul7
  %arrayidx9 = getelementptr inbounds i64, ptr %y0, i64 %i.022
  store i64 %add8, ptr %arrayidx9, align 8, !tbaa !5
  %inc = add nuw nsw i64 %i.022, 1
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
