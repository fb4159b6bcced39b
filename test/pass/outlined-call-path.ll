; A replaced loop's call path is a function of its own (issue 12, item 10: a declined call must cost nothing):
; the function keeps the threshold and address checks, one call and the original loop; the signature, data
; and histories (static allocas) move with the path, so the caller's frame is what it was without the pass.
; On x86-64 and AArch64 the path is called with preserve_most: the caller keeps y, x and n in caller-saved
; registers across the call (bench/e2e/declined's rows then save none; here the in-place test's values
; take two callee-saved ones), and sets up no frame for the path's stack objects. The pass
; leaves the outlined function alone (its attribute plr-call-path); llc, after -O2, shows the caller's frame.
; REQUIRES: pass
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -S %s | %FileCheck %s
; RUN: sed 's/^target triple = .*//' %s | %opt -load-pass-plugin=%plr-pass -passes=plr -S | %FileCheck %s --check-prefix=NOCC
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -S %s | %opt -load-pass-plugin=%plr-pass -passes=plr -pass-remarks-missed=plr -disable-output 2>&1 | %FileCheck %s --allow-empty --check-prefix=AGAIN
; RUN: %opt -load-pass-plugin=%plr-pass -passes='default<O2>' %s | llc -O2 -o - | %FileCheck %s --check-prefix=ASM
;
; Input: array-phi.ll's prefix sum, with the target triple.
;
; CHECK-LABEL: define dso_local void @prefix(
; CHECK-NEXT: entry:
; CHECK-NOT: alloca
; CHECK: %plr.big = icmp uge i64 %{{.*}}, 65536
; CHECK: br i1 %{{.*}}, label %plr.outlined, label %plr.fallback
; CHECK: plr.outlined:
; CHECK-NEXT: %targetBlock = call preserve_mostcc i1 @prefix.plr.call(
; CHECK-NEXT: br i1 %targetBlock, label %plr.fallback, label %for.cond.cleanup.loopexit
; CHECK: plr.fallback:
; CHECK-NEXT: br label %for.body
; CHECK-NOT: plr_run
; CHECK-NOT: plr_pays
; CHECK: }
; CHECK-LABEL: define internal preserve_mostcc i1 @prefix.plr.call(
; CHECK-SAME: #[[ATTR:[0-9]+]]
; CHECK-NEXT: plr.entry:
; CHECK-NEXT: %plr.yfinal = alloca [1 x i32]
; CHECK-NEXT: %plr.yinit = alloca [1 x i32]
; CHECK-NEXT: %plr.data = alloca [56 x i8]
; CHECK-NEXT: %plr.sig = alloca [544 x i8]
; CHECK-NEXT: br label %plr.call
; CHECK: plr.call:
; CHECK: %plr.pays = call i32 @plr_pays(
; CHECK: %plr.status = call i32 @plr_run(
; CHECK: plr.fallback.exitStub:
; CHECK-NEXT: ret i1 true
; CHECK: ret i1 false
; CHECK: attributes #[[ATTR]] = { {{.*}}noinline{{.*}}"plr-call-path"
;
; NOCC: call i1 @prefix.plr.call(
; NOCC: define internal i1 @prefix.plr.call(
;
; AGAIN-NOT: remark
;
; ASM-LABEL: prefix:
; ASM-NOT: {{sub.*rsp}}
; ASM: cmpq $65536
; ASM: callq prefix.plr.call
; ASM-LABEL: prefix.plr.call:
; ASM: callq plr_pays

target triple = "x86_64-pc-linux-gnu"

define dso_local void @prefix(ptr noalias nocapture noundef %y, ptr noalias nocapture noundef readonly %x, i64 noundef %n) local_unnamed_addr #0 {
entry:
  %cmp8 = icmp sgt i64 %n, 1
  br i1 %cmp8, label %for.body.preheader, label %for.cond.cleanup

for.body.preheader:                               ; preds = %entry
  %load_initial = load i32, ptr %y, align 4
  br label %for.body

for.cond.cleanup:                                 ; preds = %for.body, %entry
  ret void

for.body:                                         ; preds = %for.body.preheader, %for.body
  %store_forwarded = phi i32 [ %load_initial, %for.body.preheader ], [ %add, %for.body ]
  %i.09 = phi i64 [ 1, %for.body.preheader ], [ %inc, %for.body ]
  %arrayidx = getelementptr inbounds i32, ptr %x, i64 %i.09
  %0 = load i32, ptr %arrayidx, align 4, !tbaa !5
  %1 = getelementptr i32, ptr %y, i64 %i.09
  %add = add nsw i32 %store_forwarded, %0
  store i32 %add, ptr %1, align 4, !tbaa !5
  %inc = add nuw nsw i64 %i.09, 1
  %exitcond.not = icmp eq i64 %inc, %n
  br i1 %exitcond.not, label %for.cond.cleanup, label %for.body, !llvm.loop !9
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
!9 = distinct !{!9, !10, !11}
!10 = !{!"llvm.loop.mustprogress"}
!11 = !{!"llvm.loop.unroll.disable"}
