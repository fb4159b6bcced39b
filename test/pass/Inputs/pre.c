/* pipeline-names.test: -O0 IR for the documented pre-passes of -passes=plr. */
void ema(float *y, const float *x, int n, float alpha) {
  for (int i = 1; i < n; i++)
    y[i] = alpha * x[i] + (1 - alpha) * y[i - 1];
}
void psum(long *a, int n) {
  for (int i = 1; i < n; i++)
    a[i] += a[i - 1];
}
