// At -O0 the pass looks only at marked loops (and at every loop of a
// function that has one). Asked for missed remarks, it says so for each
// other loop rather than nothing; at -O2 the loop is simply replaced.
// REQUIRES: pass
// RUN: %clang -O0 -fplugin=%plr-pragma -fpass-plugin=%plr-pass -Rpass-missed=plr -c %s -o /dev/null 2>&1 | %FileCheck %s --implicit-check-not=remark:
// RUN: %clang -O2 -fplugin=%plr-pragma -fpass-plugin=%plr-pass -Rpass=plr -Rpass-missed=plr -c %s -o /dev/null 2>&1 | %FileCheck %s --check-prefix=O2 --implicit-check-not="-O0"

void unmarked(long *y, int n) {
  // CHECK: o0-unmarked.c:[[@LINE+2]]:3: remark: loop not considered: at -O0 PLR looks only at loops marked '#pragma plr recurrence' (compile with -O1 or higher to have every loop considered)
  // O2: o0-unmarked.c:[[@LINE+1]]:3: remark: replaced linear recurrence
  for (int i = 1; i < n; i++)
    y[i] += y[i - 1];
}

void marked(long *y, int n) {
#pragma plr recurrence
  for (int i = 1; i < n; i++)
    y[i] += y[i - 1];
  for (int i = 1; i < n; i++)
    y[i] += y[i - 1];
}
