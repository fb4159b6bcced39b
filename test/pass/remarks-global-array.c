// A global array's element is spelled as the source writes it (X[i]), also
// when clang addresses it with two indices (getelementptr [N x T], @X, 0, i);
// an address the pass cannot take apart is named as such, never spelled
// as itself over and over.
// REQUIRES: pass
// RUN: %clang -O2 -fpass-plugin=%plr-pass -Rpass=plr -Rpass-analysis=plr -c %s -o /dev/null 2>&1 | %FileCheck %s
int X[6016], Y[6016];
void fill(unsigned r) {
  // (the generator's state r, stored through maps into both arrays: the maps name them)
  // CHECK: remarks-global-array.c:[[@LINE+1]]:{{.*}} signature (1: 1103515245), {{.*}}; plan: check(Y apart from y); {{.*}}; map(Y = g(y)); map(out = g(y))
  for (int i = 0; i < 6016; i++) {
    r = r * 1103515245u + 12345u;
    X[i] = (int)(r >> 9) % 201;
    Y[i] = (int)(r >> 3) % 21;
  }
}
void fill_acc(unsigned r) {
  // (Y accumulates: an output map reading Y[i] itself, the state in a buffer; X a map of the state)
  // CHECK: remarks-global-array.c:[[@LINE+1]]:{{.*}} signature (1: 1103515245), {{.*}}; plan: check(X apart from y); {{.*}}; buffer(the state, n elements: the map reads y as it was); map(t -> state); {{.*}}; map(X = g(state)); map(out = g(state, Y))
  for (int i = 0; i < 6016; i++) {
    r = r * 1103515245u + 12345u;
    X[i] = (int)(r >> 9) % 201;
    Y[i] += (int)(r >> 3) % 21;
  }
}
