# pngdiff.py A.png B.png [T]: print "W H N F", N the pixels whose first channel
# differs by more than T of 255 (default 64) and F the fraction; exit 1 if the
# sizes differ. Plain
# Python (zlib, struct): the test machines have no image library.
import sys, zlib, struct
def load(path):
    d = open(path, 'rb').read()
    assert d[:8] == b'\x89PNG\r\n\x1a\n'
    pos = 8; idat = b''; w = h = None
    while pos < len(d):
        n, t = struct.unpack('>I4s', d[pos:pos+8]); body = d[pos+8:pos+8+n]; pos += 12 + n
        if t == b'IHDR': w, h, depth, ctype = struct.unpack('>IIBB', body[:10])
        elif t == b'IDAT': idat += body
    bpp = {2: 3, 6: 4, 0: 1, 4: 2}[ctype]
    raw = zlib.decompress(idat); stride = w * bpp; out = []; prev = bytearray(stride); i = 0
    for y in range(h):
        f = raw[i]; line = bytearray(raw[i+1:i+1+stride]); i += 1 + stride
        for x in range(stride):
            a = line[x-bpp] if x >= bpp else 0; b = prev[x]; c = prev[x-bpp] if x >= bpp else 0
            if f == 1: line[x] = (line[x] + a) & 255
            elif f == 2: line[x] = (line[x] + b) & 255
            elif f == 3: line[x] = (line[x] + (a + b) // 2) & 255
            elif f == 4:
                p = a + b - c; pa, pb, pc = abs(p-a), abs(p-b), abs(p-c)
                line[x] = (line[x] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        out.append(bytes(line[k] for k in range(0, stride, bpp)))  # first channel only
        prev = line
    return w, h, out
T = int(sys.argv[3]) if len(sys.argv) > 3 else 64
w1, h1, a = load(sys.argv[1]); w2, h2, b = load(sys.argv[2])
if (w1, h1) != (w2, h2): print('size', w1, h1, w2, h2); sys.exit(1)
diff = sum(1 for y in range(h1) for x in range(w1) if abs(a[y][x] - b[y][x]) > T)
print(w1, h1, diff, diff / (w1 * h1))
