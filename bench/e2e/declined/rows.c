/*
 * rows.c - a recursive filter applied one row at a time through a function
 * of its own, as an image library writes it: each call is one row of w
 * pixels, far below the length at which a call into libplr pays, so a
 * replaced loop declines every call and runs the original loop. What that
 * costs against plain clang's build is what this measures (issue 12, item
 * 10: a declined call must cost nothing).
 *
 *   rows W H FRAMES   (prints a checksum; same output from either build)
 */
#include <stdio.h>
#include <stdlib.h>

/* one-pole smoothing of one row, forward then backward (an anti-causal
 * pass, as in recursive Gaussian and Deriche filters) */
__attribute__((noinline)) void row_forward(float *y, const float *x, int n, float a) {
  float s = x[0];
  for (int i = 0; i < n; i++) {
    s = a * s + (1 - a) * x[i];
    y[i] = s;
  }
}

__attribute__((noinline)) void row_backward(float *y, int n, float a) {
  float s = y[n - 1];
  for (int i = n - 1; i >= 0; i--) {
    s = a * s + (1 - a) * y[i];
    y[i] = s;
  }
}

/* an integer running sum of one row (an integral image's first pass) */
__attribute__((noinline)) void row_prefix(int *y, const unsigned char *x, int n) {
  int s = 0;
  for (int i = 0; i < n; i++) {
    s += x[i];
    y[i] = s;
  }
}

int main(int argc, char **argv) {
  int w = argc > 1 ? atoi(argv[1]) : 1920, h = argc > 2 ? atoi(argv[2]) : 1080;
  int frames = argc > 3 ? atoi(argv[3]) : 20;
  float *x = malloc(sizeof(float) * (size_t)w * h), *y = malloc(sizeof(float) * (size_t)w * h);
  unsigned char *p = malloc((size_t)w * h);
  int *sum = malloc(sizeof(int) * (size_t)w * h);
  if (!x || !y || !p || !sum)
    return 1;
  unsigned st = 1;
  for (size_t i = 0; i < (size_t)w * h; i++) {
    st = st * 1103515245u + 12345u;
    p[i] = (unsigned char)(st >> 24);
    x[i] = (float)p[i] / 255.0f;
  }
  double check = 0;
  for (int f = 0; f < frames; f++) {
    const float a = 0.5f + 0.01f * (float)(f % 10);
    for (int r = 0; r < h; r++) {
      row_forward(y + (size_t)r * w, x + (size_t)r * w, w, a);
      row_backward(y + (size_t)r * w, w, a);
      row_prefix(sum + (size_t)r * w, p + (size_t)r * w, w);
    }
    check += (double)y[(size_t)(f % h) * w + f % w] + (double)sum[(size_t)(f % h) * w + w - 1] * 1e-6;
  }
  printf("checksum %.6f\n", check);
  free(x), free(y), free(p), free(sum);
  return 0;
}
