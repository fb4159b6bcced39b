import math, struct, sys, random
# 32-bit stereo WAV (WAVE_FORMAT_EXTENSIBLE): two correlated channels near full scale,
# so that a side channel (L - R) needs 33 bits
path, secs = sys.argv[1], int(sys.argv[2])
rate = 44100; n = rate * secs
random.seed(1)
buf = bytearray()
A = 2**31 - 2**27
for i in range(n):
    t = i / rate
    base = math.sin(2*math.pi*220*t) * 0.7 + math.sin(2*math.pi*331*t + 1) * 0.25
    l = int(A * base) + random.randint(-2**20, 2**20)
    r = int(-A * base * 0.98) + random.randint(-2**20, 2**20)
    l = max(-2**31, min(2**31-1, l)); r = max(-2**31, min(2**31-1, r))
    buf += struct.pack('<ii', l, r)
fmt = struct.pack('<HHIIHHHHIH14s', 0xFFFE, 2, rate, rate*8, 8, 32, 22, 32, 3, 1,
                  b'\x00\x00\x00\x00\x10\x00\x80\x00\x00\xaa\x00\x38\x9b\x71')
data = b'RIFF' + struct.pack('<I', 4 + 8 + len(fmt) + 8 + len(buf)) + b'WAVE' + b'fmt ' + struct.pack('<I', len(fmt)) + fmt + b'data' + struct.pack('<I', len(buf)) + bytes(buf)
open(path, 'wb').write(data)
