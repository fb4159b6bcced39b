// What the pragma plugin leaves in the IR, and what the pass makes of it at
// pipeline start (opt -passes=plr-mark): the annotation call becomes the
// loop metadata operand !{!"plr.recurrence", !"FILE:LINE"} that the pass
// reads, and no trace of the annotation is left.
// REQUIRES: pass
// RUN: %clang -O0 -Xclang -disable-O0-optnone -fplugin=%plr-pragma -S -emit-llvm %s -o %t.ll
// RUN: %FileCheck %s --check-prefix=FRONT < %t.ll
// RUN: %opt -load-pass-plugin=%plr-pass -passes=plr-mark -S %t.ll | %FileCheck %s
// FRONT: c"plr.recurrence:{{.*}}marker-ir.c:[[#LINE:]]\00"
// FRONT: call i32 @llvm.annotation.i32.p0(i32 0, ptr @{{.*}}, ptr @{{.*}}, i32 [[#LINE]])
// CHECK-NOT: llvm.annotation
// CHECK-NOT: plr.recurrence:
// CHECK: define {{.*}} @f({{.*}} #[[#ATTR:]]
// CHECK: br {{.*}} !llvm.loop ![[#LOOP:]]
// CHECK: attributes #[[#ATTR]] = { {{.*}}"plr-marks"="{{.*}}marker-ir.c:[[#LINE:]]"
// CHECK: ![[#LOOP]] = distinct !{![[#LOOP]], {{.*}}![[#MARK:]]}
// CHECK: ![[#MARK]] = !{!"plr.recurrence", !"{{.*}}marker-ir.c:[[#LINE]]"}
// Under -O0 without optnone the pass is not in the pipeline: the marked
// function is prepared and its loop replaced all the same.
// RUN: env PLR_PASS_MIN_N=64 %clang -O0 -Xclang -disable-O0-optnone -fplugin=%plr-pragma -fpass-plugin=%plr-pass -Rpass=plr -c %s -o %t.o 2>&1 | %FileCheck %s --check-prefix=REMARK

void f(float *y, const float *x, int n) {
  // REMARK: marker-ir.c:[[#@LINE+2]]:{{.*}} remark: replaced {{.*}} signature (1: 0.5), type f32
#pragma plr recurrence
  for (int i = 1; i < n; i++)
    y[i] = x[i] + 0.5f * y[i - 1];
}
