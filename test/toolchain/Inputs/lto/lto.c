/* lto.test: a marked float filter, a marked loop that cannot be replaced
 * (it prints), and an unmarked integer prefix sum in main. */
#include <stdio.h>
#include <stdlib.h>

void smooth(float *y, const float *x, int n) {
#pragma plr recurrence
  for (int i = 1; i < n; i++)
    y[i] = 0.2f * x[i] + 0.8f * y[i - 1];
}

void noisy(float *y, const float *x, int n) {
#pragma plr recurrence
  for (int i = 1; i < n; i++) {
    y[i] = 0.2f * x[i] + 0.8f * y[i - 1];
    if (y[i] > 100) printf("big\n");
  }
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 100000;
  float *x = malloc(n * sizeof *x), *y = malloc(n * sizeof *y);
  long *c = malloc(n * sizeof *c);
  for (int i = 0; i < n; i++) x[i] = (i % 10) / 10.0f, c[i] = i % 3;
  y[0] = x[0];
  smooth(y, x, n);
  noisy(y, x, n);
  for (int i = 1; i < n; i++) c[i] += c[i - 1];
  printf("%.4f %ld\n", y[n - 1], c[n - 1]);
  return 0;
}
