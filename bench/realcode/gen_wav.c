/* gen_wav OUT.wav SECONDS: a 44.1 kHz 16-bit stereo test signal (a few
 * drifting sines, a decaying pluck every half second, a little noise) for
 * timing flac's decoder; deterministic. */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

static void put32(FILE *f, uint32_t v) { fputc(v & 255, f), fputc(v >> 8 & 255, f), fputc(v >> 16 & 255, f), fputc(v >> 24, f); }
static void put16(FILE *f, uint16_t v) { fputc(v & 255, f), fputc(v >> 8, f); }

int main(int argc, char **argv)
{
    if (argc != 3)
        return fprintf(stderr, "usage: gen_wav OUT.wav SECONDS\n"), 2;
    FILE *f = fopen(argv[1], "wb");
    if (!f)
        return perror(argv[1]), 1;
    const uint32_t rate = 44100, frames = (uint32_t)(atof(argv[2]) * rate);
    fwrite("RIFF", 1, 4, f), put32(f, 36 + frames * 4), fwrite("WAVEfmt ", 1, 8, f);
    put32(f, 16), put16(f, 1), put16(f, 2), put32(f, rate), put32(f, rate * 4), put16(f, 4), put16(f, 16);
    fwrite("data", 1, 4, f), put32(f, frames * 4);
    uint32_t seed = 12345;
    for (uint32_t i = 0; i < frames; i++) {
        double t = (double)i / rate, pluck = fmod(t, 0.5);
        for (int c = 0; c < 2; c++) {
            double v = 0.30 * sin(2 * M_PI * (220 + 3 * c) * t + 0.5 * sin(2 * M_PI * 0.2 * t)) +
                       0.15 * sin(2 * M_PI * (330.5 + c) * t) + 0.10 * sin(2 * M_PI * 1234.5 * t) +
                       0.25 * exp(-8 * pluck) * sin(2 * M_PI * 440 * pluck);
            seed = seed * 1664525u + 1013904223u;
            v += ((int32_t)(seed >> 8) - (1 << 23)) / (double)(1 << 23) * 0.003;
            put16(f, (uint16_t)(int16_t)lrint(v * 32767 * 0.9));
        }
    }
    return fclose(f) ? 1 : 0;
}
