; Pointer-walking loop; the accumulator is live after the loop.
; REQUIRES: pass
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -S %s | %FileCheck %s
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -pass-remarks=plr -pass-remarks-missed=plr -disable-output %s 2>&1 | %FileCheck %s --check-prefix=REMARK
;
; Input: make-input.sh pointer-walk.c walk , from:
; int walk(int *out, const int *in, int n) { int acc = 0; while (n--) *out++ = acc += *in++; return acc; }

; REMARK: remark: {{.*}}replaced linear recurrence with a call to plr_run: signature (1: 1), type i32, order 1
; CHECK: br i1 %{{.*}}, label %plr.outlined, label %plr.fallback
; CHECK: plr.outlined:
; CHECK: %targetBlock = call i1 @walk.plr.call(
; CHECK: plr.fallback:
; CHECK-LABEL: define internal i1 @walk.plr.call(
; CHECK: plr.call:
; CHECK: call i32 @plr_run(ptr {{.*}}%plr.sig, ptr {{.*}}%plr.data)

; Function Attrs: nofree norecurse nosync nounwind memory(readwrite, inaccessiblemem: none) uwtable
define dso_local i32 @walk(ptr nocapture noundef writeonly %out, ptr nocapture noundef readonly %in, i32 noundef %n) local_unnamed_addr #0 {
entry:
  %tobool.not3 = icmp eq i32 %n, 0
  br i1 %tobool.not3, label %while.end, label %while.body.preheader

while.body.preheader:                             ; preds = %entry
  br label %while.body

while.body:                                       ; preds = %while.body.preheader, %while.body
  %acc.07 = phi i32 [ %add, %while.body ], [ 0, %while.body.preheader ]
  %n.addr.06 = phi i32 [ %dec, %while.body ], [ %n, %while.body.preheader ]
  %in.addr.05 = phi ptr [ %incdec.ptr, %while.body ], [ %in, %while.body.preheader ]
  %out.addr.04 = phi ptr [ %incdec.ptr1, %while.body ], [ %out, %while.body.preheader ]
  %dec = add nsw i32 %n.addr.06, -1
  %incdec.ptr = getelementptr inbounds i8, ptr %in.addr.05, i64 4
  %0 = load i32, ptr %in.addr.05, align 4, !tbaa !5
  %add = add nsw i32 %0, %acc.07
  %incdec.ptr1 = getelementptr inbounds i8, ptr %out.addr.04, i64 4
  store i32 %add, ptr %out.addr.04, align 4, !tbaa !5
  %tobool.not = icmp eq i32 %dec, 0
  br i1 %tobool.not, label %while.end.loopexit, label %while.body, !llvm.loop !9

while.end.loopexit:                               ; preds = %while.body
  %add.lcssa = phi i32 [ %add, %while.body ]
  br label %while.end

while.end:                                        ; preds = %while.end.loopexit, %entry
  %acc.0.lcssa = phi i32 [ 0, %entry ], [ %add.lcssa, %while.end.loopexit ]
  ret i32 %acc.0.lcssa
}

attributes #0 = { nofree norecurse nosync nounwind memory(readwrite, inaccessiblemem: none) uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }


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
