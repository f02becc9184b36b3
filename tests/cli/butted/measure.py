# measure.py: measurements on the P6 files pdftoppm writes, in mm (DPI given).
#   measure.py FILE.ppm DPI row Y [R G B [TOL]]   the dark runs (or runs of that
#                                    colour, within TOL, default 40) across the row at
#                                    Y mm: "start-end" each
#   measure.py FILE.ppm DPI col X [R G B [TOL]]   the same down the column at X mm
#   measure.py FILE.ppm DPI scale     the scale bar: "LENGTH HEIGHT" of its blocks
#   measure.py FILE.ppm DPI extent X0 Y0 X1 Y1   "WIDTH HEIGHT" of what is dark
#                                    inside that rectangle (mm), "none" if nothing:
#                                    a crop mark's length, however the line falls on
#                                    the pixels
#   measure.py FILE.ppm DPI blobs [long|short]   "X Y W H" (centre and size) of each
#                                    dark shape at least 2 mm each way (registration
#                                    targets); long, short: the page turned over that edge
#                                    first (the back of a portrait sheet: long mirrors x)
import sys
def load(path):
    d = open(path, 'rb').read()
    parts = d.split(maxsplit=4)
    assert parts[0] == b'P6'
    w, h = int(parts[1]), int(parts[2])
    return w, h, parts[4][-w * h * 3:]
path, dpi, what = sys.argv[1], float(sys.argv[2]), sys.argv[3]
w, h, px = load(path)
mm = 25.4 / dpi
colour = [int(v) for v in sys.argv[5:8]] if what in ('row', 'col') and len(sys.argv) > 7 else None
tol = int(sys.argv[8]) if colour and len(sys.argv) > 8 else 40
def dark(x, y):
    i = 3 * (y * w + x)
    if colour:
        return all(abs(px[i + k] - colour[k]) <= tol for k in range(3))
    return max(px[i], px[i + 1], px[i + 2]) < 128
def runs(n, get):
    out, start = [], None
    for k in range(n + 1):
        d = k < n and get(k)
        if d and start is None: start = k
        if not d and start is not None: out.append((start, k)); start = None
    return out
if what in ('row', 'col'):
    at = int(float(sys.argv[4]) / mm)
    r = runs(w, lambda x: dark(x, at)) if what == 'row' else runs(h, lambda y: dark(at, y))
    print(*('%.2f-%.2f' % (a * mm, b * mm) for a, b in r))
elif what == 'scale':
    # rows whose dark runs include three of about 10 mm, 10 mm apart: the bar
    best = None
    for y in range(h):
        r = [(a, b) for a, b in runs(w, lambda x: dark(x, y)) if 9 <= (b - a) * mm <= 11]
        if len(r) >= 3 and abs((r[1][0] - r[0][0]) * mm - 20) < 1:
            if best is None or best[2] != y - 1 or best[0] != r[0][0]:
                best = [r[0][0], r[2][1], y, y] if best is None else best
            best[2] = y
    if best is None:
        print('none')
    else:
        # the height: the first block's column, from its top edge to its bottom
        x = best[0] + int(5 / mm)
        col = [(a, b) for a, b in runs(h, lambda y: dark(x, y)) if a <= best[2] <= b]
        print('%.2f %.2f' % ((best[1] - best[0]) * mm, (col[0][1] - col[0][0]) * mm))
elif what == 'extent':
    x0, y0, x1, y1 = (int(round(float(v) / mm)) for v in sys.argv[4:8])
    xs = [x for x in range(x0, x1) for y in range(y0, y1) if dark(x, y)]
    ys = [y for y in range(y0, y1) for x in range(x0, x1) if dark(x, y)]
    print('%.2f %.2f' % ((max(xs) + 1 - min(xs)) * mm, (max(ys) + 1 - min(ys)) * mm) if xs else 'none')
else:
    mirror = sys.argv[4] if len(sys.argv) > 4 else ''
    seen = bytearray(w * h)
    for y0 in range(h):
        for x0 in range(w):
            if seen[y0 * w + x0] or not dark(x0, y0):
                continue
            stack = [(x0, y0)]; seen[y0 * w + x0] = 1
            xs = [x0, x0]; ys = [y0, y0]
            while stack:
                x, y = stack.pop()
                xs[0] = min(xs[0], x); xs[1] = max(xs[1], x); ys[0] = min(ys[0], y); ys[1] = max(ys[1], y)
                for nx, ny in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
                    if 0 <= nx < w and 0 <= ny < h and not seen[ny * w + nx] and dark(nx, ny):
                        seen[ny * w + nx] = 1; stack.append((nx, ny))
            if (xs[1] - xs[0]) * mm >= 2 and (ys[1] - ys[0]) * mm >= 2:
                cx, cy = (xs[0] + xs[1] + 1) / 2 * mm, (ys[0] + ys[1] + 1) / 2 * mm
                if mirror == 'long': cx = w * mm - cx
                if mirror == 'short': cy = h * mm - cy
                print('%.2f %.2f %.2f %.2f' % (cx, cy, (xs[1] - xs[0] + 1) * mm, (ys[1] - ys[0] + 1) * mm))
