// Two recurrences over std::vector: a marked float low-pass (float needs
// the pragma's consent) and an unmarked integer prefix sum. The output is
// checked against the same loops computed here without PLR.
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <vector>

template <typename T> static void smooth(std::vector<T> &y, const std::vector<T> &x, T a) {
  y[0] = x[0];
#pragma plr recurrence
  for (std::size_t i = 1; i < x.size(); i++)
    y[i] = a * x[i] + (1 - a) * y[i - 1];
}

static void prefix(std::vector<long> &c) {
  for (std::size_t i = 1; i < c.size(); i++)
    c[i] += c[i - 1];
}

int main(int argc, char **argv) {
  std::size_t n = argc > 1 ? std::strtoul(argv[1], nullptr, 10) : 200000;
  std::vector<float> x(n), y(n);
  std::vector<long> c(n);
  for (std::size_t i = 0; i < n; i++)
    x[i] = (i % 100) / 100.0f, c[i] = i % 3;
  smooth(y, x, 0.25f);
  prefix(c);
  double e = x[0], err = 0;
  long s = 0;
  bool exact = true;
  for (std::size_t i = 0; i < n; i++) {
    if (i)
      e = 0.25 * x[i] + 0.75 * e;
    err = std::fmax(err, std::fabs(e - y[i]));
    s += i % 3;
    exact = exact && s == c[i];
  }
  std::printf("smooth: max error %s; prefix sum: %s\n", err < 1e-4 ? "ok" : "FAIL", exact ? "exact" : "WRONG");
  return !(err < 1e-4 && exact);
}
