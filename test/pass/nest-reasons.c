// Recurrence loops inside outer loops that cannot go into one call with
// them: each keeps its own replacement (one call per sequence) and an
// analysis remark names the reason the nest is not taken whole.
// REQUIRES: pass
// RUN: %clang -O2 -ffast-math -fpass-plugin=%plr-pass -Rpass=plr -Rpass-missed=plr -Rpass-analysis=plr -c %s -o /dev/null 2>&1 | %FileCheck %s
// RUN: %clang -O2 -ffast-math -fpass-plugin=%plr-pass -S -emit-llvm %s -o - | %FileCheck %s --check-prefix=IR
// IR-NOT: plr_run_many

// Each row starts from a value computed from its first input.
void computed_start(long h, long w, float a, const float *x, float *y) {
  for (long r = 0; r < h; r++) {
    float s = 0.5f * x[r * w];
    // CHECK: nest-reasons.c:[[@LINE+2]]:{{.*}} replaced linear recurrence with a call to plr_run:
    // CHECK: nest-reasons.c:[[@LINE+1]]:{{.*}} the loop around it is not part of the call (one call per sequence): what a sequence starts from cannot be read before the call
    for (long c = 1; c < w; c++) {
      s = a * s + x[r * w + c];
      y[r * w + c] = s;
    }
  }
}

// Rows back to back, each starting from the previous row's last output: one
// long sequence (the check before a call could never pass).
void back_to_back(int h, int w, int *y) {
  for (int r = 0; r < h; r++)
    // CHECK: nest-reasons.c:[[@LINE+1]]:{{.*}} not part of the call (one call per sequence): what a sequence starts from cannot be read
    for (int c = 0; c < w; c++)
      y[r * w + c + 1] += y[r * w + c];
}

// One state runs through all rows: a single long sequence, not many.
void carried(int h, int w, float a, const float *x, float *y) {
  float s = 0;
  for (int r = 0; r < h; r++)
    // CHECK: nest-reasons.c:[[@LINE+1]]:{{.*}} not part of the call (one call per sequence): what a sequence starts from cannot be read before the call
    for (int c = 0; c < w; c++) {
      s = a * s + x[r * w + c];
      y[r * w + c] = s;
    }
}

void gain_per_row(int h, int w, const float *gain, const float *x, float *y) {
  for (int r = 0; r < h; r++) {
    float g = gain[r], s = 0;
    // CHECK: nest-reasons.c:[[@LINE+1]]:{{.*}} not part of the call (one call per sequence): a coefficient changes from one sequence to the next
    for (int c = 0; c < w; c++) {
      s = g * s + x[r * w + c];
      y[r * w + c] = s;
    }
  }
}

void marks_rows(int h, int w, float a, const float *x, float *y, int *done) {
  for (int r = 0; r < h; r++) {
    float s = 0;
    // CHECK: nest-reasons.c:[[@LINE+1]]:{{.*}} not part of the call (one call per sequence): the outer loop does other work (stores, calls or other loops with side effects)
    for (int c = 0; c < w; c++) {
      s = a * s + x[r * w + c];
      y[r * w + c] = s;
    }
    done[r] = 1;
  }
}

void masked_rows(int h, int w, float a, const float *x, float *y, const char *mask) {
  for (int r = 0; r < h; r++) {
    if (!mask[r])
      continue;
    float s = 0;
    // CHECK: nest-reasons.c:[[@LINE+1]]:{{.*}} not part of the call (one call per sequence): the recurrence loop does not run on every iteration of the outer loop
    for (int c = 0; c < w; c++) {
      s = a * s + x[r * w + c];
      y[r * w + c] = s;
    }
  }
}

// The row's length is tested inside the outer loop (len[r] > 0).
void ragged_rows(int h, const int *len, int w, float a, const float *x, float *y) {
  for (int r = 0; r < h; r++) {
    float s = 0;
    // CHECK: nest-reasons.c:[[@LINE+1]]:{{.*}} not part of the call (one call per sequence): the recurrence loop does not run on every iteration of the outer loop
    for (int c = 0; c < len[r]; c++) {
      s = a * s + x[r * w + c];
      y[r * w + c] = s;
    }
  }
}

// A triangle: row r has r + 1 elements.
void triangle(int h, int w, float a, const float *x, float *y) {
  for (int r = 0; r < h; r++) {
    float s = 0;
    // CHECK: nest-reasons.c:[[@LINE+1]]:{{.*}} not part of the call (one call per sequence): the outer loop's trip count cannot be computed, or the recurrence loop's changes with it
    for (int c = 0; c <= r; c++) {
      s = a * s + x[r * w + c];
      y[r * w + c] = s;
    }
  }
}

void row_table(int h, int w, float a, const float *x, float *const *rows) {
  for (int r = 0; r < h; r++) {
    float s = 0, *y = rows[r];
    // CHECK: nest-reasons.c:[[@LINE+1]]:{{.*}} not part of the call (one call per sequence): the sequences do not start a fixed distance apart in memory
    for (int c = 0; c < w; c++) {
      s = a * s + x[r * w + c];
      y[c] = s;
    }
  }
}

float last_state(int h, int w, float a, const float *x, float *y) {
  float last = 0;
  for (int r = 0; r < h; r++) {
    float s = 0;
    // CHECK: nest-reasons.c:[[@LINE+1]]:{{.*}} not part of the call (one call per sequence): a value computed in the nest is used after it
    for (int c = 0; c < w; c++) {
      s = a * s + x[r * w + c];
      y[r * w + c] = s;
    }
    last = s;
  }
  return last;
}

// The output map reads a per-row gain: not one map for the whole nest.
void scaled_output(int h, int w, float a, const float *gain, const float *x, float *y) {
  for (int r = 0; r < h; r++) {
    float s = 0, g = gain[r];
    // CHECK: nest-reasons.c:[[@LINE+1]]:{{.*}} not part of the call (one call per sequence): the recurrence needs more than one call or a map per sequence
    for (int c = 0; c < w; c++) {
      s = a * s + x[r * w + c];
      y[r * w + c] = g * s * s;
    }
  }
}

// Carried by the outer loop: replaced with its nest or not at all.
void lanes_with_work(long h, long w, int *s, int *rows_done) {
  for (long i = 1; i < h; i++) {
    // CHECK: nest-reasons.c:[[@LINE+3]]:18: remark: recurrence not replaced: the recurrence is carried by the outer loop (the inner loop walks independent lanes), which is replaced only as one call for the whole nest, and this nest cannot be: the outer loop does other work (stores, calls or other loops with side effects); in the loop at line [[#@LINE+1]], column 5
    for (long j = 0; j < w; j++)
      s[i * w + j] += s[(i - 1) * w + j];
    rows_done[i] = 1;
  }
}
