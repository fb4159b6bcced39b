#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 100000;
  long *a = malloc(n * sizeof *a);
  for (int i = 0; i < n; i++)
    a[i] = i % 7;
  for (int i = 1; i < n; i++)
    a[i] += a[i - 1];
  printf("%ld\n", a[n - 1]);
  return 0;
}
