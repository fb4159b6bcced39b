; A double constant in float code: the recurrence runs in double and is rounded to float each step;
; replacing it by a float recurrence would change the precision, not only the association.
; REQUIRES: pass
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -S %s | %FileCheck %s
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -pass-remarks=plr -pass-remarks-missed=plr -disable-output %s 2>&1 | %FileCheck %s --check-prefix=MISSED
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -pass-remarks-output=%t.yaml -disable-output %s
; RUN: %FileCheck %s --check-prefix=YAML < %t.yaml
;
; Input: make-input.sh reject-double-constant.c dc -ffast-math, from:
; void dc(float *y, const float *x, int n) {
;   for (int i = 1; i < n; i++) y[i] = 0.9 * y[i-1] + x[i];
; }

; MISSED: remark: <unknown>:0:0: recurrence not replaced: float data is combined in double precision and rounded to float between steps (a double constant such as 0.9 in float code?) (with float constants (0.9f) it can be replaced; a state kept in a double variable and stored as float (s = a*s + x[i]; y[i] = (float)s;) is replaced too){{$}}
; YAML: --- !Missed
; YAML-NEXT: Pass: plr
; YAML-NEXT: Name: FloatInDouble
; YAML-NEXT: Function: dc
; YAML-NEXT: Args:
; YAML-NEXT: - String: 'recurrence not replaced: '
; YAML-NEXT: - Reason: 'float data is combined in double precision and rounded to float between steps (a double constant such as 0.9 in float code?)'
; YAML-NEXT: - String: ' ('
; YAML-NEXT: - Hint: 'with float constants (0.9f) it can be replaced; a state kept in a double variable and stored as float (s = a*s + x[i]; y[i] = (float)s;) is replaced too'
; YAML-NEXT: - String: ')'
; CHECK-NOT: plr_run
; MISSED-NOT: remark: {{.*}}replaced linear

; Function Attrs: nofree norecurse nosync nounwind memory(argmem: readwrite) uwtable
define dso_local void @dc(ptr nocapture noundef %y, ptr nocapture noundef readonly %x, i32 noundef %n) local_unnamed_addr #0 {
entry:
  %cmp12 = icmp sgt i32 %n, 1
  br i1 %cmp12, label %for.body.preheader, label %for.cond.cleanup

for.body.preheader:                               ; preds = %entry
  %wide.trip.count = zext nneg i32 %n to i64
  br label %for.body

for.cond.cleanup.loopexit:                        ; preds = %for.body
  br label %for.cond.cleanup

for.cond.cleanup:                                 ; preds = %for.cond.cleanup.loopexit, %entry
  ret void

for.body:                                         ; preds = %for.body.preheader, %for.body
  %indvars.iv = phi i64 [ 1, %for.body.preheader ], [ %indvars.iv.next, %for.body ]
  %0 = getelementptr float, ptr %y, i64 %indvars.iv
  %arrayidx = getelementptr i8, ptr %0, i64 -4
  %1 = load float, ptr %arrayidx, align 4, !tbaa !5
  %conv = fpext float %1 to double
  %mul = fmul fast double %conv, 9.000000e-01
  %arrayidx2 = getelementptr inbounds float, ptr %x, i64 %indvars.iv
  %2 = load float, ptr %arrayidx2, align 4, !tbaa !5
  %conv3 = fpext float %2 to double
  %add = fadd fast double %mul, %conv3
  %conv4 = fptrunc double %add to float
  store float %conv4, ptr %0, align 4, !tbaa !5
  %indvars.iv.next = add nuw nsw i64 %indvars.iv, 1
  %exitcond.not = icmp eq i64 %indvars.iv.next, %wide.trip.count
  br i1 %exitcond.not, label %for.cond.cleanup.loopexit, label %for.body, !llvm.loop !9
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
