// The pass skips libplr's own entry points by exact name (their loops would
// become calls into themselves), not every function whose name starts with
// plr_: a user's plr_smooth is optimized like any other function. A file
// that defines plr_run or plr_pays itself (libplr, or a user function of
// that name) gets no calls: they would go to that definition.
// REQUIRES: pass
// RUN: %clang -O2 -fpass-plugin=%plr-pass -Rpass=plr -Rpass-missed=plr -c %s -o /dev/null 2>&1 | %FileCheck %s --implicit-check-not=remark:
// RUN: %clang -O2 -DDEFINE_PLR_RUN -fpass-plugin=%plr-pass -Rpass=plr -Rpass-missed=plr -c %s -o /dev/null 2>&1 | %FileCheck %s --check-prefix=DEFINED --implicit-check-not=remark:

void plr_smooth(long *a, int n) {
  // CHECK: runtime-names.c:[[@LINE+2]]:3: remark: replaced linear recurrence {{.*}} signature (1: 1), type i64
  // DEFINED: runtime-names.c:[[@LINE+1]]:3: remark: recurrence not replaced: this file defines a function named like libplr's entry points (plr_run, plr_pays), which the replacement would call
  for (int i = 1; i < n; i++)
    a[i] += a[i - 1];
}

#ifdef DEFINE_PLR_RUN
// Named like libplr's entry point: its own loop is not even looked at.
void plr_run(long *a, int n) {
  for (int i = 1; i < n; i++)
    a[i] += a[i - 1];
}
#endif
