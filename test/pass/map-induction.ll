; Maps after the call that read the loop's counter (a running mean beside the running sum, the mean
; alone as an output map, a backward loop): the map loop recomputes the counter at its index i as
; start + i*step in the counter's width (start expanded before the loop), and clones the loop's own
; arithmetic on it. In a nest whose counter starts from the same value in every sequence (c from 0
; in each row) the nest is one call and its map loop recomputes the counter from its index within
; the sequence; a counter that starts from each sequence's own value (k = r) leaves each row's loop
; to be replaced alone (NestPlan).
; REQUIRES: pass
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -S %s | %FileCheck %s
; RUN: %opt -load-pass-plugin=%plr-pass -passes=plr -pass-remarks=plr -pass-remarks-missed=plr -pass-remarks-analysis=plr -disable-output %s 2>&1 | %FileCheck %s --check-prefix=REMARK
;
; Input: make-input.sh FILE.c FN -ffast-math (metadata and attributes left out), from:
; void mean_i(int *y, int *mean, const int *x, int n) {
;   int sum = 0;
;   for (int i = 0; i < n; i++) { sum += x[i]; y[i] = sum; mean[i] = sum / (i + 1); }
; }
; void mean_d(double *y, double *mean, const double *x, long n) {
;   double sum = 0;
;   for (long i = 0; i < n; i++) { sum += x[i]; y[i] = sum; mean[i] = sum / (i + 1); }
; }
; void mean_only(double *mean, const double *x, long n) {
;   double sum = 0;
;   for (long i = 0; i < n; i++) { sum += x[i]; mean[i] = sum / (i + 1); }
; }
; int down(int *y, int *z, const int *x, int n) {
;   int s = 0;
;   for (int i = n - 1; i >= 0; i--) { s = 2*s + x[i]; y[i] = s; z[i] = s - 7*i; }
;   return s;
; }
; void rows(long h, long w, double *y, double *mean, const double *x) {
;   for (long r = 0; r < h; r++) {
;     double s = 0;
;     for (long c = 0; c < w; c++) { s += x[r*w + c]; y[r*w + c] = s; mean[r*w + c] = s / (c + 1); }
;   }
; }
; void rows_k(long h, long w, double *y, double *mean, const double *x) {
;   for (long r = 0; r < h; r++) {
;     double s = 0;
;     long k = r;
;     for (long c = 0; c < w; c++) { s += x[r*w + c]; y[r*w + c] = s; mean[r*w + c] = s / (k + 1); k++; }
;   }
; }

; REMARK-NOT: not replaced
; REMARK: remark: {{.*}}replaced linear recurrence with a call to plr_run: signature (1: 1), type i32, order 1, one other array stored as an elementwise map of the output after the call, the loop's counter recomputed by the map from its index; plan: check(x apart from y or exactly y, mean apart from x and y); ask(2 passes); call(1: 1) x->y; map(mean = g(y, i))
; REMARK: remark: {{.*}}signature (1: 1), type f64, order 1, one other array stored as an elementwise map of the output after the call, the loop's counter recomputed by the map from its index; plan: check(x apart from y or exactly y, mean apart from x and y); ask(2 passes); call(1: 1) x->y; map(mean = g(y, i))
; REMARK: remark: {{.*}}signature (1: 1), type f64, order 1, output an elementwise map of the state, the loop's counter recomputed by the map from its index; plan: check(x apart from y or exactly y); ask(2 passes); call(1: 1) x->y; map(out = g(y, i))
; REMARK: remark: {{.*}}call to plr_run_many: signature (1: 2), type i32, order 1, layout: y stride -1, x stride -1 (backward), one other array stored as an elementwise map of the output after the call, the loop's counter recomputed by the map from its index; plan: check(x apart from y or exactly y, z apart from x and y); ask(2 passes); call(1: 2) x->y, y stride -1, x stride -1; map(z = g(y, i))
; REMARK: remark: {{.*}}replaced loop nest with one call to plr_run_many: signature (1: 1), type f64, order 1; one sequence per iteration of the outer loop, y stride 1, x stride 1, one other array stored as an elementwise map of the output after the call, the loop's counter recomputed by the map from its index; {{.*}}map(mean = g(y, c))
; REMARK: remark: {{.*}}signature (1: 1), type f64, order 1, one other array stored as an elementwise map of the output after the call, the loop's counter recomputed by the map from its index; plan: check(x apart from y or exactly y, mean apart from x and y); ask(2 passes); call(1: 1) x->y; map(mean = g(y, k))
; REMARK-NEXT: remark: {{.*}}the loop around it is not part of the call (one call per sequence): the recurrence needs more than one call or a map per sequence ({{.*}}an output map that reads per-sequence values or the loop's counter{{.*}})
; REMARK-NOT: not replaced

; sum / (i + 1) with the widened counter {0,+,1}: (0 + i*1) + 1, truncated, the division.
; CHECK-LABEL: define internal i1 @mean_i.plr.call(
; CHECK: %plr.status = call i32 @plr_run(
; CHECK: plr.map:
; CHECK: %plr.state = load i32
; CHECK-NEXT: [[M:%[0-9]+]] = mul i64 %plr.i, 1
; CHECK-NEXT: %plr.map.iv = add i64 0, [[M]]
; CHECK-NEXT: [[P:%plr.map[0-9]*]] = add nuw nsw i64 %plr.map.iv, 1
; CHECK-NEXT: [[T:%plr.map[0-9]*]] = trunc nuw nsw i64 [[P]] to i32
; CHECK-NEXT: [[D:%plr.map[0-9]*]] = sdiv i32 %plr.state, [[T]]
; CHECK: getelementptr i8, ptr %mean
; CHECK-NEXT: store i32 [[D]]
; CHECK-LABEL: define internal i1 @mean_d.plr.call(
; CHECK: plr.map:
; CHECK: %plr.map.iv = add i64 0,
; CHECK-NEXT: [[P:%plr.map[0-9]*]] = add nuw nsw i64 %plr.map.iv, 1
; CHECK-NEXT: [[F:%plr.map[0-9]*]] = uitofp nneg i64 [[P]] to double
; CHECK-NEXT: [[D:%plr.map[0-9]*]] = fdiv fast double %plr.state, [[F]]
; CHECK: getelementptr i8, ptr %mean
; CHECK-NEXT: store double [[D]]
; The mean alone: the state is written into mean by the call, the map replaces it in place.
; CHECK-LABEL: define internal i1 @mean_only.plr.call(
; CHECK: plr.map:
; CHECK: [[A:%[0-9]+]] = getelementptr i8, ptr %mean
; CHECK-NEXT: %plr.state = load double, ptr [[A]]
; CHECK: %plr.map.iv = add i64 0,
; CHECK: [[D:%plr.map[0-9]*]] = fdiv fast double %plr.state,
; CHECK-NEXT: store double [[D]], ptr [[A]]
; Counting down from n - 1 (expanded before the loop), a step of -1 per map index.
; CHECK-LABEL: define dso_local i32 @down(
; CHECK: zext nneg i32 %n to i64
; CHECK: call i1 @down.plr.call(
; CHECK-LABEL: define internal i1 @down.plr.call(
; CHECK: %plr.status = call i32 @plr_run_many(
; CHECK: plr.map:
; CHECK: [[M:%[0-9]+]] = mul i64 %plr.i, -1
; CHECK-NEXT: %plr.map.iv = add i64 %{{[0-9]+}}, [[M]]
; CHECK-NEXT: [[P:%plr.map[0-9]*]] = add nsw i64 %plr.map.iv, -1
; CHECK-NEXT: [[T:%plr.map[0-9]*]] = trunc nuw nsw i64 [[P]] to i32
; CHECK-NEXT: [[K:%plr.map[0-9]*]] = mul i32 [[T]], -7
; CHECK-NEXT: add i32 %plr.state, [[K]]
; CHECK-LABEL: define internal i1 @rows.plr.call(
; CHECK: %plr.status = call i32 @plr_run_many(
; CHECK: plr.map:
; CHECK-NEXT: %plr.i = phi i64 [ 0, %plr.map.seq ], [ %plr.i.next, %plr.map ]
; CHECK: [[OFF:%[0-9]+]] = mul i64 %plr.i, 1
; CHECK-NEXT: %plr.map.iv = add i64 0, [[OFF]]
; CHECK-LABEL: define internal i1 @rows_k.plr.call(
; CHECK: %plr.status = call i32 @plr_run(
; CHECK: %plr.map.iv = add i64 %{{[a-z0-9.]+}},

define dso_local void @mean_i(ptr nocapture noundef writeonly %y, ptr nocapture noundef writeonly %mean, ptr nocapture noundef readonly %x, i32 noundef %n) local_unnamed_addr {
entry:
  %cmp13 = icmp sgt i32 %n, 0
  br i1 %cmp13, label %for.body.preheader, label %for.cond.cleanup

for.body.preheader:                               ; preds = %entry
  %wide.trip.count = zext nneg i32 %n to i64
  br label %for.body

for.cond.cleanup.loopexit:                        ; preds = %for.body
  br label %for.cond.cleanup

for.cond.cleanup:                                 ; preds = %for.cond.cleanup.loopexit, %entry
  ret void

for.body:                                         ; preds = %for.body.preheader, %for.body
  %indvars.iv = phi i64 [ 0, %for.body.preheader ], [ %indvars.iv.next, %for.body ]
  %sum.014 = phi i32 [ 0, %for.body.preheader ], [ %add, %for.body ]
  %arrayidx = getelementptr inbounds i32, ptr %x, i64 %indvars.iv
  %0 = load i32, ptr %arrayidx, align 4
  %add = add nsw i32 %0, %sum.014
  %arrayidx2 = getelementptr inbounds i32, ptr %y, i64 %indvars.iv
  store i32 %add, ptr %arrayidx2, align 4
  %indvars.iv.next = add nuw nsw i64 %indvars.iv, 1
  %1 = trunc nuw nsw i64 %indvars.iv.next to i32
  %div = sdiv i32 %add, %1
  %arrayidx5 = getelementptr inbounds i32, ptr %mean, i64 %indvars.iv
  store i32 %div, ptr %arrayidx5, align 4
  %exitcond.not = icmp eq i64 %indvars.iv.next, %wide.trip.count
  br i1 %exitcond.not, label %for.cond.cleanup.loopexit, label %for.body
}

define dso_local void @mean_d(ptr nocapture noundef writeonly %y, ptr nocapture noundef writeonly %mean, ptr nocapture noundef readonly %x, i64 noundef %n) local_unnamed_addr {
entry:
  %cmp11 = icmp sgt i64 %n, 0
  br i1 %cmp11, label %for.body, label %for.cond.cleanup

for.cond.cleanup:                                 ; preds = %for.body, %entry
  ret void

for.body:                                         ; preds = %entry, %for.body
  %i.013 = phi i64 [ %add2, %for.body ], [ 0, %entry ]
  %sum.012 = phi double [ %add, %for.body ], [ 0.000000e+00, %entry ]
  %arrayidx = getelementptr inbounds double, ptr %x, i64 %i.013
  %0 = load double, ptr %arrayidx, align 8
  %add = fadd fast double %0, %sum.012
  %arrayidx1 = getelementptr inbounds double, ptr %y, i64 %i.013
  store double %add, ptr %arrayidx1, align 8
  %add2 = add nuw nsw i64 %i.013, 1
  %conv = uitofp nneg i64 %add2 to double
  %div = fdiv fast double %add, %conv
  %arrayidx3 = getelementptr inbounds double, ptr %mean, i64 %i.013
  store double %div, ptr %arrayidx3, align 8
  %exitcond.not = icmp eq i64 %add2, %n
  br i1 %exitcond.not, label %for.cond.cleanup, label %for.body
}

define dso_local void @mean_only(ptr nocapture noundef writeonly %mean, ptr nocapture noundef readonly %x, i64 noundef %n) local_unnamed_addr {
entry:
  %cmp8 = icmp sgt i64 %n, 0
  br i1 %cmp8, label %for.body, label %for.cond.cleanup

for.cond.cleanup:                                 ; preds = %for.body, %entry
  ret void

for.body:                                         ; preds = %entry, %for.body
  %i.010 = phi i64 [ %add1, %for.body ], [ 0, %entry ]
  %sum.09 = phi double [ %add, %for.body ], [ 0.000000e+00, %entry ]
  %arrayidx = getelementptr inbounds double, ptr %x, i64 %i.010
  %0 = load double, ptr %arrayidx, align 8
  %add = fadd fast double %0, %sum.09
  %add1 = add nuw nsw i64 %i.010, 1
  %conv = uitofp nneg i64 %add1 to double
  %div = fdiv fast double %add, %conv
  %arrayidx2 = getelementptr inbounds double, ptr %mean, i64 %i.010
  store double %div, ptr %arrayidx2, align 8
  %exitcond.not = icmp eq i64 %add1, %n
  br i1 %exitcond.not, label %for.cond.cleanup, label %for.body
}

define dso_local i32 @down(ptr nocapture noundef writeonly %y, ptr nocapture noundef writeonly %z, ptr nocapture noundef readonly %x, i32 noundef %n) local_unnamed_addr {
entry:
  %cmp15 = icmp sgt i32 %n, 0
  br i1 %cmp15, label %for.body.preheader, label %for.cond.cleanup

for.body.preheader:                               ; preds = %entry
  %0 = zext nneg i32 %n to i64
  br label %for.body

for.cond.cleanup:                                 ; preds = %for.body, %entry
  %s.0.lcssa = phi i32 [ 0, %entry ], [ %add, %for.body ]
  ret i32 %s.0.lcssa

for.body:                                         ; preds = %for.body.preheader, %for.body
  %indvars.iv = phi i64 [ %0, %for.body.preheader ], [ %indvars.iv.next, %for.body ]
  %s.016 = phi i32 [ 0, %for.body.preheader ], [ %add, %for.body ]
  %indvars.iv.next = add nsw i64 %indvars.iv, -1
  %mul = shl nsw i32 %s.016, 1
  %arrayidx = getelementptr inbounds i32, ptr %x, i64 %indvars.iv.next
  %1 = load i32, ptr %arrayidx, align 4
  %add = add nsw i32 %1, %mul
  %arrayidx2 = getelementptr inbounds i32, ptr %y, i64 %indvars.iv.next
  store i32 %add, ptr %arrayidx2, align 4
  %2 = trunc nuw nsw i64 %indvars.iv.next to i32
  %mul3.neg = mul i32 %2, -7
  %sub4 = add i32 %add, %mul3.neg
  %arrayidx6 = getelementptr inbounds i32, ptr %z, i64 %indvars.iv.next
  store i32 %sub4, ptr %arrayidx6, align 4
  %cmp = icmp ugt i64 %indvars.iv, 1
  br i1 %cmp, label %for.body, label %for.cond.cleanup
}

define dso_local void @rows(i64 noundef %h, i64 noundef %w, ptr nocapture noundef writeonly %y, ptr nocapture noundef writeonly %mean, ptr nocapture noundef readonly %x) local_unnamed_addr {
entry:
  %cmp33 = icmp sgt i64 %h, 0
  br i1 %cmp33, label %for.cond1.preheader.lr.ph, label %for.cond.cleanup

for.cond1.preheader.lr.ph:                        ; preds = %entry
  %cmp230 = icmp sgt i64 %w, 0
  br label %for.cond1.preheader

for.cond1.preheader:                              ; preds = %for.cond1.preheader.lr.ph, %for.cond.cleanup3
  %r.034 = phi i64 [ 0, %for.cond1.preheader.lr.ph ], [ %inc14, %for.cond.cleanup3 ]
  br i1 %cmp230, label %for.body4.lr.ph, label %for.cond.cleanup3

for.body4.lr.ph:                                  ; preds = %for.cond1.preheader
  %mul = mul nuw nsw i64 %r.034, %w
  br label %for.body4

for.cond.cleanup:                                 ; preds = %for.cond.cleanup3, %entry
  ret void

for.cond.cleanup3:                                ; preds = %for.body4, %for.cond1.preheader
  %inc14 = add nuw nsw i64 %r.034, 1
  %exitcond35.not = icmp eq i64 %inc14, %h
  br i1 %exitcond35.not, label %for.cond.cleanup, label %for.cond1.preheader

for.body4:                                        ; preds = %for.body4.lr.ph, %for.body4
  %c.032 = phi i64 [ 0, %for.body4.lr.ph ], [ %add9, %for.body4 ]
  %s.031 = phi double [ 0.000000e+00, %for.body4.lr.ph ], [ %add5, %for.body4 ]
  %add = add nuw nsw i64 %c.032, %mul
  %arrayidx = getelementptr inbounds double, ptr %x, i64 %add
  %0 = load double, ptr %arrayidx, align 8
  %add5 = fadd fast double %0, %s.031
  %arrayidx8 = getelementptr inbounds double, ptr %y, i64 %add
  store double %add5, ptr %arrayidx8, align 8
  %add9 = add nuw nsw i64 %c.032, 1
  %conv = uitofp nneg i64 %add9 to double
  %div = fdiv fast double %add5, %conv
  %arrayidx12 = getelementptr inbounds double, ptr %mean, i64 %add
  store double %div, ptr %arrayidx12, align 8
  %exitcond.not = icmp eq i64 %add9, %w
  br i1 %exitcond.not, label %for.cond.cleanup3, label %for.body4
}

define dso_local void @rows_k(i64 noundef %h, i64 noundef %w, ptr nocapture noundef writeonly %y, ptr nocapture noundef writeonly %mean, ptr nocapture noundef readonly %x) local_unnamed_addr {
entry:
  %cmp36 = icmp sgt i64 %h, 0
  br i1 %cmp36, label %for.cond1.preheader.lr.ph, label %for.cond.cleanup

for.cond1.preheader.lr.ph:                        ; preds = %entry
  %cmp232 = icmp sgt i64 %w, 0
  br label %for.cond1.preheader

for.cond1.preheader:                              ; preds = %for.cond1.preheader.lr.ph, %for.cond.cleanup3
  %r.037 = phi i64 [ 0, %for.cond1.preheader.lr.ph ], [ %inc15, %for.cond.cleanup3 ]
  br i1 %cmp232, label %for.body4.lr.ph, label %for.cond.cleanup3

for.body4.lr.ph:                                  ; preds = %for.cond1.preheader
  %mul = mul nuw nsw i64 %r.037, %w
  br label %for.body4

for.cond.cleanup.loopexit:                        ; preds = %for.cond.cleanup3
  br label %for.cond.cleanup

for.cond.cleanup:                                 ; preds = %for.cond.cleanup.loopexit, %entry
  ret void

for.cond.cleanup3.loopexit:                       ; preds = %for.body4
  br label %for.cond.cleanup3

for.cond.cleanup3:                                ; preds = %for.cond.cleanup3.loopexit, %for.cond1.preheader
  %inc15 = add nuw nsw i64 %r.037, 1
  %exitcond38.not = icmp eq i64 %inc15, %h
  br i1 %exitcond38.not, label %for.cond.cleanup.loopexit, label %for.cond1.preheader

for.body4:                                        ; preds = %for.body4.lr.ph, %for.body4
  %c.035 = phi i64 [ 0, %for.body4.lr.ph ], [ %inc13, %for.body4 ]
  %k.034 = phi i64 [ %r.037, %for.body4.lr.ph ], [ %add9, %for.body4 ]
  %s.033 = phi double [ 0.000000e+00, %for.body4.lr.ph ], [ %add5, %for.body4 ]
  %add = add nuw nsw i64 %c.035, %mul
  %arrayidx = getelementptr inbounds double, ptr %x, i64 %add
  %0 = load double, ptr %arrayidx, align 8
  %add5 = fadd fast double %0, %s.033
  %arrayidx8 = getelementptr inbounds double, ptr %y, i64 %add
  store double %add5, ptr %arrayidx8, align 8
  %add9 = add nuw nsw i64 %k.034, 1
  %conv = uitofp nneg i64 %add9 to double
  %div = fdiv fast double %add5, %conv
  %arrayidx12 = getelementptr inbounds double, ptr %mean, i64 %add
  store double %div, ptr %arrayidx12, align 8
  %inc13 = add nuw nsw i64 %c.035, 1
  %exitcond.not = icmp eq i64 %inc13, %w
  br i1 %exitcond.not, label %for.cond.cleanup3.loopexit, label %for.body4
}
