// A small multi-file program for the toolchain tests: a marked float
// filter and an unmarked integer prefix sum, checked here against plain
// serial references (long double for the float one).
#include <math.h>
#include <plr.h>
#include <stdio.h>
#include <stdlib.h>

#include "filters.h"

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 100000;
  float *x = malloc(n * sizeof *x), *y = malloc(n * sizeof *y);
  long *a = malloc(n * sizeof *a), *s = malloc(n * sizeof *s);
  if (!x || !y || !a || !s)
    return 2;
  for (int i = 0; i < n; i++) {
    x[i] = (float)((i * 31) % 97) / 48.0f - 1.0f;
    a[i] = (i * 7) % 11 - 5;
  }
  smooth(y, x, n, 0.125f);
  prefix_sum(s, a, n);
  long double r = x[0];
  double err = fabs((double)(y[0] - r));
  for (int i = 1; i < n; i++) {
    r = 0.125L * x[i] + 0.875L * r;
    err = fmax(err, fabs((double)(y[i] - r)));
  }
  long t = 0, bad = 0;
  for (int i = 0; i < n; i++)
    bad += s[i] != (t += a[i]);
  printf("smooth: max error %s; prefix sum: %s (%ld); %s\n", err < 1e-4 ? "ok" : "TOO LARGE",
         bad ? "WRONG" : "exact", s[n - 1], plr_strerror(PLR_OK));
  return err < 1e-4 && !bad ? 0 : 1;
}
