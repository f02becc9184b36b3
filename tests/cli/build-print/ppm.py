# ppm.py phys FILE.png: the pHYs chunk. ppm.py FILE.ppm count R G B [TOL]: the pixels within TOL (default 40) of the
# colour. ppm.py FILE.ppm border PX: the non-white pixels (any channel below 230)
# within PX pixels of the image's edge. ppm.py FILE.ppm marks Y DPI: the x (mm,
# rounded) of each run of dark pixels on the row at Y mm (crop marks). Reads the
# P6 files pdftoppm writes.
import sys, struct
if sys.argv[1] == 'phys':
    # ppm.py phys FILE.png: "X Y UNIT" of the pHYs chunk, or "none"
    d = open(sys.argv[2], 'rb').read(); pos = 8; out = 'none'
    while pos < len(d):
        n, t = struct.unpack('>I4s', d[pos:pos + 8])
        if t == b'pHYs':
            x, y, u = struct.unpack('>IIB', d[pos + 8:pos + 17]); out = '%d %d %d' % (x, y, u)
        pos += 12 + n
    print(out); sys.exit(0)
def load(path):
    d = open(path, 'rb').read()
    parts = d.split(maxsplit=4)
    assert parts[0] == b'P6'
    w, h, mx = int(parts[1]), int(parts[2]), int(parts[3])
    return w, h, parts[4][-w * h * 3:]
w, h, px = load(sys.argv[1])
if sys.argv[2] == 'count':
    r, g, b = (int(v) for v in sys.argv[3:6])
    tol = int(sys.argv[6]) if len(sys.argv) > 6 else 40
    n = 0
    for i in range(0, len(px), 3):
        if abs(px[i] - r) <= tol and abs(px[i + 1] - g) <= tol and abs(px[i + 2] - b) <= tol:
            n += 1
    print(n)
elif sys.argv[2] == 'marks':
    dpi = float(sys.argv[4]); y = int(float(sys.argv[3]) * dpi / 25.4)
    row = px[y * w * 3:(y + 1) * w * 3]; runs = []; start = None
    for x in range(w + 1):
        dark = x < w and max(row[3 * x], row[3 * x + 1], row[3 * x + 2]) < 128
        if dark and start is None: start = x
        if not dark and start is not None:
            runs.append(round((start + x - 1) / 2 * 25.4 / dpi)); start = None
    print(*runs)
else:
    e = int(sys.argv[3]); n = 0
    for y in range(h):
        row = px[y * w * 3:(y + 1) * w * 3]
        xs = range(w) if y < e or y >= h - e else list(range(e)) + list(range(w - e, w))
        for x in xs:
            if min(row[3 * x], row[3 * x + 1], row[3 * x + 2]) < 230:
                n += 1
    print(n)
