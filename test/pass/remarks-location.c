// A rejection's missed remark is located at the instruction the reason is
// about, when it has a location, and names the loop's start after it ("; in
// the loop at line L, column C", the argument Loop, whose DebugLoc
// -fsave-optimization-record writes beside the remark's own). A reason
// about the loop itself stays at the loop's start, without Loop.
// REQUIRES: pass
// RUN: %clang -O2 -g -fpass-plugin=%plr-pass -Rpass-missed=plr -c %s -o /dev/null 2>&1 | %FileCheck %s --implicit-check-not=remark:
// RUN: %clang -O2 -g -fpass-plugin=%plr-pass -fsave-optimization-record -foptimization-record-file=%t.yaml -foptimization-record-passes=plr -c %s -o /dev/null
// RUN: %FileCheck %s --check-prefix=YAML < %t.yaml
// (without -g: the same lines and columns, clang tracks locations for -R)
// RUN: %clang -O2 -fpass-plugin=%plr-pass -Rpass-missed=plr -c %s -o /dev/null 2>&1 | %FileCheck %s --implicit-check-not=remark:

void square(long *y, const long *x, int n) {
  // CHECK: remarks-location.c:[[@LINE+3]]:21: remark: recurrence not replaced: the recurrence is not linear; in the loop at line [[#@LINE+1]], column 3 [-Rpass-missed=plr]
  for (int i = 1; i < n; i++)
    y[i] = x[i] +
           y[i - 1] * y[i - 1];
  // YAML: --- !Missed
  // YAML-NEXT: Pass: plr
  // YAML-NEXT: Name: Nonlinear
  // YAML-NEXT: DebugLoc: { File: '{{.*}}remarks-location.c',{{[[:space:]]+}}Line: [[#@LINE-4]],{{[[:space:]]+}}Column: 21 }
  // YAML-NEXT: Function: square
  // YAML-NEXT: Args:
  // YAML-NEXT: - String: 'recurrence not replaced: '
  // YAML-NEXT: - Reason: the recurrence is not linear
  // YAML-NEXT: - String: '; in the loop at '
  // YAML-NEXT: - Loop: line [[#@LINE-12]], column 3
  // YAML-NEXT: DebugLoc: { File: '{{.*}}remarks-location.c',{{[[:space:]]+}}Line: [[#@LINE-13]],{{[[:space:]]+}}Column: 3 }
  // YAML-NEXT: ...
  // YAML: --- !Analysis
  // YAML-NEXT: Pass: plr
  // YAML-NEXT: Name: Rejected
  // YAML-NEXT: DebugLoc: { File: '{{.*}}remarks-location.c',{{[[:space:]]+}}Line: [[#@LINE-18]],{{[[:space:]]+}}Column: 3 }
}

void note(long v);

void noisy(long *y, const long *x, int n) {
  // CHECK: remarks-location.c:[[@LINE+4]]:7: remark: recurrence not replaced: the loop calls a function with side effects (a call inside the loop (even to a pure function the compiler cannot see) keeps it serial); in the loop at line [[#@LINE+1]], column 3 [-Rpass-missed=plr]
  for (int i = 1; i < n; i++) {
    y[i] = x[i] + y[i - 1];
    if (y[i] > 100)
      note(y[i]);
  }
  // YAML: --- !Missed
  // YAML-NEXT: Pass: plr
  // YAML-NEXT: Name: Call
  // YAML-NEXT: DebugLoc: { File: '{{.*}}remarks-location.c',{{[[:space:]]+}}Line: [[#@LINE-5]],{{[[:space:]]+}}Column: 7 }
  // YAML: - Loop: line [[#@LINE-9]], column 3
  // YAML-NEXT: DebugLoc: { File: '{{.*}}remarks-location.c',{{[[:space:]]+}}Line: [[#@LINE-10]],{{[[:space:]]+}}Column: 3 }
}

// An early exit: the reason is the loop's shape, the remark at its start.
void early(int *y, const int *x, int n) {
  // CHECK: remarks-location.c:[[@LINE+1]]:3: remark: recurrence not replaced: the loop is not in simple form (one preheader, one latch that is its only exit) [-Rpass-missed=plr]
  for (int i = 1; i < n; i++) {
    if (x[i] < 0)
      break;
    y[i] = x[i] + y[i - 1];
  }
  // YAML: --- !Missed
  // YAML-NEXT: Pass: plr
  // YAML-NEXT: Name: LoopShape
  // YAML-NEXT: DebugLoc: { File: '{{.*}}remarks-location.c',{{[[:space:]]+}}Line: [[#@LINE-8]],{{[[:space:]]+}}Column: 3 }
  // YAML-NEXT: Function: early
  // YAML-NEXT: Args:
  // YAML-NEXT: - String: 'recurrence not replaced: '
  // YAML-NEXT: - Reason: 'the loop is not in simple form (one preheader, one latch that is its only exit)'
  // YAML-NEXT: ...
}
