; An integer state stored as float or double: the signature in the
; state's type (i32: 0; u32: 2, from a uitofp, since libplr's conversion
; follows the signature's signedness), y_store f32 (9) or f64 (10) at
; plr_data's offset 52, x_store 0. The state returned is y_final's, the
; integer itself (not y read back rounded); with a feedback coefficient
; from a variable the call also checks it is not zero (older y_final
; entries would come back from rounded outputs). (A gain applied after
; the conversion is an output map across types: output-map-types.ll.)
; REQUIRES: pass
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -S %s | %FileCheck %s
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -pass-remarks=plr -pass-remarks-missed=plr -disable-output %s 2>&1 | %FileCheck %s --check-prefix=REMARK
;
; Input: make-input.sh int-to-float.c FN for each function (metadata and
; attributes left out), from:
; int isum_f(float *restrict y, const int *restrict x, int n, int s0) {
;   int s = s0;
;   for (int i = 0; i < n; i++) { s += x[i]; y[i] = (float)s; }
;   return s;
; }
; unsigned ufeed_d(double *restrict y, const unsigned *restrict x, unsigned b, int n) {
;   unsigned u = 7;
;   for (int i = 0; i < n; i++) { u = b * u + x[i]; y[i] = (double)u; }
;   return u;
; }

; REMARK: remark: {{.*}}replaced linear recurrence with a call to plr_run: signature (1: 1), type i32 (y f32), order 1; plan: check(x apart from y or exactly y); ask(1 pass); call(1: 1) x->y
; REMARK: remark: {{.*}}replaced linear recurrence with a call to plr_run: signature (1: b), type u32 (y f64), order 1; plan: check(x apart from y); ask(1 pass); call(1: b) x->y

; CHECK-LABEL: define {{.*}} i32 @isum_f(
; CHECK: for.body.preheader:
; CHECK-NOT: plr.bk
; CHECK: br i1 %{{.*}}, label %plr.outlined, label %plr.fallback
; CHECK: plr.fallback:
; CHECK-LABEL: define internal i1 @isum_f.plr.call(
; CHECK: %plr.yfinal = alloca [1 x i32]
; CHECK: store i32 0, ptr %plr.sig
; CHECK: [[XS:%.*]] = getelementptr i8, ptr %plr.data, i64 48
; CHECK-NEXT: store i32 0, ptr [[XS]]
; CHECK-NEXT: [[YS:%.*]] = getelementptr i8, ptr %plr.data, i64 52
; CHECK-NEXT: store i32 9, ptr [[YS]]
; CHECK: store i32 %s0, ptr %plr.yinit
; CHECK: call i32 @plr_run(
; CHECK: %plr.final = load i32, ptr
; CHECK: store i32 %plr.final, ptr %plr.final.out

; CHECK-LABEL: define {{.*}} i32 @ufeed_d(
; CHECK: for.body.preheader:
; CHECK: %plr.bk = icmp ne i32 %b, 0
; CHECK: br i1 %{{.*}}, label %plr.outlined, label %plr.fallback
; CHECK-LABEL: define internal i1 @ufeed_d.plr.call(
; CHECK: store i32 2, ptr %plr.sig
; CHECK: [[XS:%.*]] = getelementptr i8, ptr %plr.data, i64 48
; CHECK-NEXT: store i32 0, ptr [[XS]]
; CHECK-NEXT: [[YS:%.*]] = getelementptr i8, ptr %plr.data, i64 52
; CHECK-NEXT: store i32 10, ptr [[YS]]
; CHECK: call i32 @plr_run(
; CHECK: %plr.final = load i32, ptr


define dso_local i32 @isum_f(ptr noalias nocapture noundef writeonly %y, ptr noalias nocapture noundef readonly %x, i32 noundef %n, i32 noundef %s0) local_unnamed_addr {
entry:
  %cmp8 = icmp sgt i32 %n, 0
  br i1 %cmp8, label %for.body.preheader, label %for.cond.cleanup

for.body.preheader:                               ; preds = %entry
  %wide.trip.count = zext nneg i32 %n to i64
  br label %for.body

for.cond.cleanup.loopexit:                        ; preds = %for.body
  %add.lcssa = phi i32 [ %add, %for.body ]
  br label %for.cond.cleanup

for.cond.cleanup:                                 ; preds = %for.cond.cleanup.loopexit, %entry
  %s.0.lcssa = phi i32 [ %s0, %entry ], [ %add.lcssa, %for.cond.cleanup.loopexit ]
  ret i32 %s.0.lcssa

for.body:                                         ; preds = %for.body.preheader, %for.body
  %indvars.iv = phi i64 [ 0, %for.body.preheader ], [ %indvars.iv.next, %for.body ]
  %s.09 = phi i32 [ %s0, %for.body.preheader ], [ %add, %for.body ]
  %arrayidx = getelementptr inbounds i32, ptr %x, i64 %indvars.iv
  %0 = load i32, ptr %arrayidx, align 4
  %add = add nsw i32 %0, %s.09
  %conv = sitofp i32 %add to float
  %arrayidx2 = getelementptr inbounds float, ptr %y, i64 %indvars.iv
  store float %conv, ptr %arrayidx2, align 4
  %indvars.iv.next = add nuw nsw i64 %indvars.iv, 1
  %exitcond.not = icmp eq i64 %indvars.iv.next, %wide.trip.count
  br i1 %exitcond.not, label %for.cond.cleanup.loopexit, label %for.body
}

define dso_local i32 @ufeed_d(ptr noalias nocapture noundef writeonly %y, ptr noalias nocapture noundef readonly %x, i32 noundef %b, i32 noundef %n) local_unnamed_addr {
entry:
  %cmp8 = icmp sgt i32 %n, 0
  br i1 %cmp8, label %for.body.preheader, label %for.cond.cleanup

for.body.preheader:                               ; preds = %entry
  %wide.trip.count = zext nneg i32 %n to i64
  br label %for.body

for.cond.cleanup:                                 ; preds = %for.body, %entry
  %u.0.lcssa = phi i32 [ 7, %entry ], [ %add, %for.body ]
  ret i32 %u.0.lcssa

for.body:                                         ; preds = %for.body.preheader, %for.body
  %indvars.iv = phi i64 [ 0, %for.body.preheader ], [ %indvars.iv.next, %for.body ]
  %u.09 = phi i32 [ 7, %for.body.preheader ], [ %add, %for.body ]
  %mul = mul i32 %u.09, %b
  %arrayidx = getelementptr inbounds i32, ptr %x, i64 %indvars.iv
  %0 = load i32, ptr %arrayidx, align 4
  %add = add i32 %0, %mul
  %conv = uitofp i32 %add to double
  %arrayidx2 = getelementptr inbounds double, ptr %y, i64 %indvars.iv
  store double %conv, ptr %arrayidx2, align 8
  %indvars.iv.next = add nuw nsw i64 %indvars.iv, 1
  %exitcond.not = icmp eq i64 %indvars.iv.next, %wide.trip.count
  br i1 %exitcond.not, label %for.cond.cleanup, label %for.body
}


