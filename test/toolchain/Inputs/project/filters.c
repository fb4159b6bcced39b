#include "filters.h"

// A float recurrence: replaced without -ffast-math because it is marked.
void smooth(float *y, const float *x, int n, float alpha) {
  y[0] = x[0];
#pragma plr recurrence
  for (int i = 1; i < n; i++)
    y[i] = alpha * x[i] + (1 - alpha) * y[i - 1];
}
