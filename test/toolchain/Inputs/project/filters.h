#ifndef FILTERS_H
#define FILTERS_H
void smooth(float *y, const float *x, int n, float alpha);
void prefix_sum(long *y, const long *x, int n);
#endif
