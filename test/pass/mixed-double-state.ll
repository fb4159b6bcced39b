; A double state stored as float, and float data read into a double
; recurrence: the signature in f64 (type 5), x_store / y_store = f32 (9)
; at plr_data's offsets 48 and 52 (0, the signature's type, for y when it
; is double). The state is the double itself: y_init is its start, the
; value returned after the loop is y_final (not y read back rounded); with
; a feedback coefficient from a variable the call also checks it is not
; zero (older y_final entries would be read back from y, rounded). A row
; nest takes it too (zero histories).
; REQUIRES: pass
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -S %s | %FileCheck %s
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -pass-remarks=plr -pass-remarks-missed=plr -disable-output %s 2>&1 | %FileCheck %s --check-prefix=REMARK
;
; Input: make-input.sh mixed-double-state.c FN -ffast-math for each function
; (metadata and attributes left out), from:
; double dsum_f(float *restrict y, const float *restrict x, int n) {
;   double s = 0;
;   for (int i = 0; i < n; i++) { s += x[i]; y[i] = (float)s; }
;   return s;
; }
; double dfeed_f(float *restrict y, const float *restrict x, double a, double s0, int n) {
;   double s = s0;
;   for (int i = 0; i < n; i++) { s = a * s + x[i]; y[i] = (float)s; }
;   return s;
; }
; void fdiff_d(double *restrict y, const float *restrict x, int n) {
;   for (int i = 1; i < n; i++) y[i] = (double)x[i] - x[i - 1] - 0.5 * y[i - 1];
; }
; void drows_f(float *restrict y, const float *restrict x, int h, int w) {
;   for (int r = 0; r < h; r++) {
;     double s = 0;
;     for (int c = 0; c < w; c++) { s += x[r * w + c]; y[r * w + c] = (float)s; }
;   }
; }
; and, x double at stride 2 (its own 8-byte elements, y's are 4):
; double dstride(float *restrict y, const double *restrict x, int n) {
;   double s = 0;
;   for (int i = 0; i < n; i++) { s = x[2 * i] - s; y[i] = (float)s; }
;   return s;
; }

; REMARK: remark: {{.*}}replaced linear recurrence with a call to plr_run: signature (1: 1), type f64 (x f32, y f32), order 1; plan: check(x apart from y or exactly y); ask(1 pass); call(1: 1) x->y
; REMARK: remark: {{.*}}replaced linear recurrence with a call to plr_run: signature (1: a), type f64 (x f32, y f32), order 1
; REMARK: remark: {{.*}}replaced linear recurrence with a call to plr_run: signature (1, -1: -0.5), type f64 (x f32), order 1; plan: check(x apart from y); ask(1 pass); call(1, -1: -0.5) x->y
; REMARK: remark: {{.*}}replaced loop nest with one call to plr_run_many: signature (1: 1), type f64 (x f32, y f32), order 1
; REMARK: remark: {{.*}}replaced linear recurrence with a call to plr_run_many: signature (1: -1), type f64 (y f32), order 1, layout: y stride 1, x stride 2; plan

; CHECK-LABEL: define {{.*}} double @dsum_f(
; CHECK: for.body.preheader:
; CHECK-NOT: plr.bk
; CHECK: br i1 %{{.*}}, label %plr.outlined, label %plr.fallback
; CHECK: plr.outlined:
; CHECK: %targetBlock = call i1 @dsum_f.plr.call(
; CHECK: plr.fallback:
; CHECK: phi double [ %add, %for.body ], [ %plr.final.reload, %plr.outlined ]
; CHECK-LABEL: define internal i1 @dsum_f.plr.call(
; CHECK: %plr.yfinal = alloca [1 x double]
; CHECK: plr.call.abi:
; CHECK: store i32 5, ptr %plr.sig
; CHECK: [[XS:%.*]] = getelementptr i8, ptr %plr.data, i64 48
; CHECK-NEXT: store i32 9, ptr [[XS]]
; CHECK-NEXT: [[YS:%.*]] = getelementptr i8, ptr %plr.data, i64 52
; CHECK-NEXT: store i32 9, ptr [[YS]]
; CHECK: store double 0.000000e+00, ptr %plr.yinit
; CHECK: call i32 @plr_run(
; CHECK: %plr.final = load double, ptr
; CHECK: store {{.*}} %plr.final, ptr %plr.final.out

; CHECK-LABEL: define {{.*}} double @dfeed_f(
; CHECK: for.body.preheader:
; CHECK: %plr.bk = fcmp une double %a, 0.000000e+00
; CHECK: br i1 %{{.*}}, label %plr.outlined, label %plr.fallback
; CHECK: plr.outlined:
; CHECK: %targetBlock = call i1 @dfeed_f.plr.call(
; CHECK: plr.fallback:
; CHECK: phi double [ %add, %for.body ], [ %plr.final.reload, %plr.outlined ]
; CHECK-LABEL: define internal i1 @dfeed_f.plr.call(
; CHECK: plr.call.abi:
; CHECK: store double %a, ptr
; CHECK: [[XS:%.*]] = getelementptr i8, ptr %plr.data, i64 48
; CHECK-NEXT: store i32 9, ptr [[XS]]
; CHECK-NEXT: [[YS:%.*]] = getelementptr i8, ptr %plr.data, i64 52
; CHECK-NEXT: store i32 9, ptr [[YS]]
; CHECK: store double %s0, ptr %plr.yinit
; CHECK: %plr.final = load double, ptr
; CHECK: store {{.*}} %plr.final, ptr %plr.final.out

; x[i-1] carried in a float phi, widened for x_history
; CHECK-LABEL: define {{.*}} @fdiff_d(
; CHECK: br i1 %{{.*}}, label %plr.outlined, label %plr.fallback
; CHECK: plr.outlined:
; CHECK: %targetBlock = call i1 @fdiff_d.plr.call(
; CHECK: plr.fallback:
; CHECK-LABEL: define internal i1 @fdiff_d.plr.call(
; CHECK: plr.call.abi:
; CHECK: [[XS:%.*]] = getelementptr i8, ptr %plr.data, i64 48
; CHECK-NEXT: store i32 9, ptr [[XS]]
; CHECK-NEXT: [[YS:%.*]] = getelementptr i8, ptr %plr.data, i64 52
; CHECK-NEXT: store i32 0, ptr [[YS]]
; CHECK: plr.call.go:
; CHECK: %plr.x.wide = fpext float %.pre to double
; CHECK-NEXT: store double %plr.x.wide, ptr %plr.xhist
; CHECK: call i32 @plr_run(

; CHECK-LABEL: define {{.*}} @drows_f(
; CHECK: br i1 %{{.*}}, label %plr.outlined, label %plr.fallback
; CHECK: plr.outlined:
; CHECK: %targetBlock = call i1 @drows_f.plr.call(
; CHECK: plr.fallback:
; CHECK-LABEL: define internal i1 @drows_f.plr.call(
; CHECK: [[XS:%.*]] = getelementptr i8, ptr %plr.data, i64 48
; CHECK-NEXT: store i32 9, ptr [[XS]]
; CHECK-NEXT: [[YS:%.*]] = getelementptr i8, ptr %plr.data, i64 52
; CHECK-NEXT: store i32 9, ptr [[YS]]
; CHECK: call i32 @plr_run_many(

define dso_local nofpclass(nan inf) double @dsum_f(ptr noalias nocapture noundef writeonly %y, ptr noalias nocapture noundef readonly %x, i32 noundef %n) local_unnamed_addr {
entry:
  %cmp9 = icmp sgt i32 %n, 0
  br i1 %cmp9, label %for.body.preheader, label %for.cond.cleanup

for.body.preheader:                               ; preds = %entry
  %wide.trip.count = zext nneg i32 %n to i64
  br label %for.body

for.cond.cleanup.loopexit:                        ; preds = %for.body
  %add.lcssa = phi double [ %add, %for.body ]
  br label %for.cond.cleanup

for.cond.cleanup:                                 ; preds = %for.cond.cleanup.loopexit, %entry
  %s.0.lcssa = phi double [ 0.000000e+00, %entry ], [ %add.lcssa, %for.cond.cleanup.loopexit ]
  ret double %s.0.lcssa

for.body:                                         ; preds = %for.body.preheader, %for.body
  %indvars.iv = phi i64 [ 0, %for.body.preheader ], [ %indvars.iv.next, %for.body ]
  %s.010 = phi double [ 0.000000e+00, %for.body.preheader ], [ %add, %for.body ]
  %arrayidx = getelementptr inbounds float, ptr %x, i64 %indvars.iv
  %0 = load float, ptr %arrayidx, align 4
  %conv = fpext float %0 to double
  %add = fadd fast double %s.010, %conv
  %conv1 = fptrunc double %add to float
  %arrayidx3 = getelementptr inbounds float, ptr %y, i64 %indvars.iv
  store float %conv1, ptr %arrayidx3, align 4
  %indvars.iv.next = add nuw nsw i64 %indvars.iv, 1
  %exitcond.not = icmp eq i64 %indvars.iv.next, %wide.trip.count
  br i1 %exitcond.not, label %for.cond.cleanup.loopexit, label %for.body
}

define dso_local nofpclass(nan inf) double @dfeed_f(ptr noalias nocapture noundef writeonly %y, ptr noalias nocapture noundef readonly %x, double noundef nofpclass(nan inf) %a, double noundef nofpclass(nan inf) %s0, i32 noundef %n) local_unnamed_addr {
entry:
  %cmp9 = icmp sgt i32 %n, 0
  br i1 %cmp9, label %for.body.preheader, label %for.cond.cleanup

for.body.preheader:                               ; preds = %entry
  %wide.trip.count = zext nneg i32 %n to i64
  br label %for.body

for.cond.cleanup.loopexit:                        ; preds = %for.body
  %add.lcssa = phi double [ %add, %for.body ]
  br label %for.cond.cleanup

for.cond.cleanup:                                 ; preds = %for.cond.cleanup.loopexit, %entry
  %s.0.lcssa = phi double [ %s0, %entry ], [ %add.lcssa, %for.cond.cleanup.loopexit ]
  ret double %s.0.lcssa

for.body:                                         ; preds = %for.body.preheader, %for.body
  %indvars.iv = phi i64 [ 0, %for.body.preheader ], [ %indvars.iv.next, %for.body ]
  %s.010 = phi double [ %s0, %for.body.preheader ], [ %add, %for.body ]
  %mul = fmul fast double %s.010, %a
  %arrayidx = getelementptr inbounds float, ptr %x, i64 %indvars.iv
  %0 = load float, ptr %arrayidx, align 4
  %conv = fpext float %0 to double
  %add = fadd fast double %mul, %conv
  %conv1 = fptrunc double %add to float
  %arrayidx3 = getelementptr inbounds float, ptr %y, i64 %indvars.iv
  store float %conv1, ptr %arrayidx3, align 4
  %indvars.iv.next = add nuw nsw i64 %indvars.iv, 1
  %exitcond.not = icmp eq i64 %indvars.iv.next, %wide.trip.count
  br i1 %exitcond.not, label %for.cond.cleanup.loopexit, label %for.body
}

define dso_local void @fdiff_d(ptr noalias nocapture noundef %y, ptr noalias nocapture noundef readonly %x, i32 noundef %n) local_unnamed_addr {
entry:
  %cmp18 = icmp sgt i32 %n, 1
  br i1 %cmp18, label %for.body.preheader, label %for.cond.cleanup

for.body.preheader:                               ; preds = %entry
  %wide.trip.count = zext nneg i32 %n to i64
  %.pre = load float, ptr %x, align 4
  %.pre22 = load double, ptr %y, align 8
  br label %for.body

for.cond.cleanup.loopexit:                        ; preds = %for.body
  br label %for.cond.cleanup

for.cond.cleanup:                                 ; preds = %for.cond.cleanup.loopexit, %entry
  ret void

for.body:                                         ; preds = %for.body.preheader, %for.body
  %0 = phi double [ %.pre22, %for.body.preheader ], [ %sub8, %for.body ]
  %1 = phi float [ %.pre, %for.body.preheader ], [ %2, %for.body ]
  %indvars.iv = phi i64 [ 1, %for.body.preheader ], [ %indvars.iv.next, %for.body ]
  %arrayidx = getelementptr inbounds float, ptr %x, i64 %indvars.iv
  %2 = load float, ptr %arrayidx, align 4
  %conv = fpext float %2 to double
  %conv3 = fpext float %1 to double
  %mul.neg = fmul fast double %0, -5.000000e-01
  %.neg = fsub fast double %conv, %conv3
  %sub8 = fadd fast double %.neg, %mul.neg
  %arrayidx10 = getelementptr inbounds double, ptr %y, i64 %indvars.iv
  store double %sub8, ptr %arrayidx10, align 8
  %indvars.iv.next = add nuw nsw i64 %indvars.iv, 1
  %exitcond.not = icmp eq i64 %indvars.iv.next, %wide.trip.count
  br i1 %exitcond.not, label %for.cond.cleanup.loopexit, label %for.body
}

define dso_local void @drows_f(ptr noalias nocapture noundef writeonly %y, ptr noalias nocapture noundef readonly %x, i32 noundef %h, i32 noundef %w) local_unnamed_addr {
entry:
  %cmp26 = icmp sgt i32 %h, 0
  br i1 %cmp26, label %for.cond1.preheader.lr.ph, label %for.cond.cleanup

for.cond1.preheader.lr.ph:                        ; preds = %entry
  %cmp223 = icmp sgt i32 %w, 0
  %0 = zext i32 %w to i64
  %wide.trip.count34 = zext nneg i32 %h to i64
  br label %for.cond1.preheader

for.cond1.preheader:                              ; preds = %for.cond1.preheader.lr.ph, %for.cond.cleanup3
  %indvars.iv30 = phi i64 [ 0, %for.cond1.preheader.lr.ph ], [ %indvars.iv.next31, %for.cond.cleanup3 ]
  br i1 %cmp223, label %for.body4.lr.ph, label %for.cond.cleanup3

for.body4.lr.ph:                                  ; preds = %for.cond1.preheader
  %1 = mul nuw nsw i64 %indvars.iv30, %0
  br label %for.body4

for.cond.cleanup.loopexit:                        ; preds = %for.cond.cleanup3
  br label %for.cond.cleanup

for.cond.cleanup:                                 ; preds = %for.cond.cleanup.loopexit, %entry
  ret void

for.cond.cleanup3.loopexit:                       ; preds = %for.body4
  br label %for.cond.cleanup3

for.cond.cleanup3:                                ; preds = %for.cond.cleanup3.loopexit, %for.cond1.preheader
  %indvars.iv.next31 = add nuw nsw i64 %indvars.iv30, 1
  %exitcond35.not = icmp eq i64 %indvars.iv.next31, %wide.trip.count34
  br i1 %exitcond35.not, label %for.cond.cleanup.loopexit, label %for.cond1.preheader

for.body4:                                        ; preds = %for.body4.lr.ph, %for.body4
  %indvars.iv = phi i64 [ 0, %for.body4.lr.ph ], [ %indvars.iv.next, %for.body4 ]
  %s.024 = phi double [ 0.000000e+00, %for.body4.lr.ph ], [ %add5, %for.body4 ]
  %2 = add nuw nsw i64 %indvars.iv, %1
  %arrayidx = getelementptr inbounds float, ptr %x, i64 %2
  %3 = load float, ptr %arrayidx, align 4
  %conv = fpext float %3 to double
  %add5 = fadd fast double %s.024, %conv
  %conv6 = fptrunc double %add5 to float
  %arrayidx10 = getelementptr inbounds float, ptr %y, i64 %2
  store float %conv6, ptr %arrayidx10, align 4
  %indvars.iv.next = add nuw nsw i64 %indvars.iv, 1
  %exitcond.not = icmp eq i64 %indvars.iv.next, %0
  br i1 %exitcond.not, label %for.cond.cleanup3.loopexit, label %for.body4
}

; x held as the recurrence's type (x_store 0), y as f32; x's stride in its
; own elements
; CHECK-LABEL: define {{.*}} double @dstride(
; CHECK: br i1 %{{.*}}, label %plr.outlined, label %plr.fallback
; CHECK: plr.outlined:
; CHECK: %targetBlock = call i1 @dstride.plr.call(
; CHECK: plr.fallback:
; CHECK-LABEL: define internal i1 @dstride.plr.call(
; CHECK: [[XS:%.*]] = getelementptr i8, ptr %plr.data, i64 48
; CHECK-NEXT: store i32 0, ptr [[XS]]
; CHECK-NEXT: [[YS:%.*]] = getelementptr i8, ptr %plr.data, i64 52
; CHECK-NEXT: store i32 9, ptr [[YS]]
; CHECK: [[XST:%.*]] = getelementptr i8, ptr %plr.layout, i64 8
; CHECK-NEXT: store i64 2, ptr [[XST]]
; CHECK: [[YST:%.*]] = getelementptr i8, ptr %plr.layout, i64 24
; CHECK-NEXT: store i64 1, ptr [[YST]]

define dso_local nofpclass(nan inf) double @dstride(ptr noalias nocapture noundef writeonly %y, ptr noalias nocapture noundef readonly %x, i32 noundef %n) local_unnamed_addr {
entry:
  %cmp8 = icmp sgt i32 %n, 0
  br i1 %cmp8, label %for.body.preheader, label %for.cond.cleanup

for.body.preheader:                               ; preds = %entry
  %wide.trip.count = zext nneg i32 %n to i64
  br label %for.body

for.cond.cleanup.loopexit:                        ; preds = %for.body
  %sub.lcssa = phi double [ %sub, %for.body ]
  br label %for.cond.cleanup

for.cond.cleanup:                                 ; preds = %for.cond.cleanup.loopexit, %entry
  %s.0.lcssa = phi double [ 0.000000e+00, %entry ], [ %sub.lcssa, %for.cond.cleanup.loopexit ]
  ret double %s.0.lcssa

for.body:                                         ; preds = %for.body.preheader, %for.body
  %indvars.iv = phi i64 [ 0, %for.body.preheader ], [ %indvars.iv.next, %for.body ]
  %s.09 = phi double [ 0.000000e+00, %for.body.preheader ], [ %sub, %for.body ]
  %arrayidx.idx = shl nsw i64 %indvars.iv, 4
  %arrayidx = getelementptr inbounds i8, ptr %x, i64 %arrayidx.idx
  %0 = load double, ptr %arrayidx, align 8
  %sub = fsub fast double %0, %s.09
  %conv = fptrunc double %sub to float
  %arrayidx2 = getelementptr inbounds float, ptr %y, i64 %indvars.iv
  store float %conv, ptr %arrayidx2, align 4
  %indvars.iv.next = add nuw nsw i64 %indvars.iv, 1
  %exitcond.not = icmp eq i64 %indvars.iv.next, %wide.trip.count
  br i1 %exitcond.not, label %for.cond.cleanup.loopexit, label %for.body
}
