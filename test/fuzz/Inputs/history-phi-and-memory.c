// A pass bug found by recfuzz (RECFUZZ_FORM=roll seed 7006, a near miss: a
// rolling sum written in place; RECFUZZ_FORM=homog "both" kernels): the
// previous output is read twice, as the state s (a phi started from the
// caller's value s0) and from memory, y[i-1]. The two agree from the second
// iteration on; on the first, s is s0 and y[i-1] is y[0]. The loop computes
// y[1] = 4*s0 + x[1] - y[0]; libPLRPass reads 4*s - y[i-1] as 3*y[i-1], one
// leaf of delay 1, and takes that leaf's history from the phi
// (histories.c, stage_history: a phi leaf of the delay wins over the memory
// leaf), so the call computes y[1] = 3*s0 + x[1] and every later output
// from it. The input side is the same (kx: xp carries x[i-1] from the
// caller's 50, x[i-1] is also read: the call takes 50 for both). Not run by
// lit (Inputs). Fixed in ff56b36 (the sources checked to agree before the
// call); test/e2e/history-twice.c holds these kernels as a lit test.
//   clang -O2 -ffast-math history-phi-and-memory.c -o ref && ./ref
//   PLR_PASS_MIN_N=0 clang -O2 -ffast-math -fpass-plugin=libPLRPass.so history-phi-and-memory.c -lplr -o plr && ./plr
// ref:  4294967217 4294967061 67977103 / 1.250000 0.812500 1.556125 / 403 1218 3689292587
// plr:  16 50 1770702998 / 0.750000 0.687500 1.556125 / 452 1365 2985184308  (at 4588372)
#include <stdio.h>
__attribute__((noinline)) void kern(unsigned *y, const unsigned *x, long n, unsigned s) {
  for (long i = 1; i < n; i++) {
    s = 4 * s + x[i] - y[i - 1];
    y[i] = s;
  }
}
__attribute__((noinline)) void kernd(double *y, const double *x, long n, double s) {
  for (long i = 1; i < n; i++) {
    s = 0.75 * s + x[i] - 0.5 * y[i - 1];
    y[i] = s;
  }
}
__attribute__((noinline)) void kx(unsigned *y, const unsigned *x, long n, unsigned xp) {
  for (long i = 1; i < n; i++) {
    y[i] = 3 * y[i - 1] + 2 * xp + x[i - 1] + x[i];
    xp = x[i];
  }
}
int main(void) {
  static unsigned y[1000], x[1000];
  static unsigned y2[1000], x2[1000];
  static double yd[1000], xd[1000];
  for (int i = 0; i < 1000; i++)
    x[i] = i % 7, y[i] = 100 + i, xd[i] = (i % 7) * 0.25, yd[i] = 1.0 + i;
  for (int i = 0; i < 1000; i++)
    x2[i] = i % 7 + 1, y2[i] = 100 + i;
  kern(y, x, 1000, 5);
  kernd(yd, xd, 1000, 2.0);
  printf("%u %u %u\n", y[1], y[2], y[999]);
  printf("%.6f %.6f %.6f\n", yd[1], yd[2], yd[999]);
  kx(y2, x2, 1000, 50);
  printf("%u %u %u\n", y2[1], y2[2], y2[999]);
  return 0;
}
