#!/usr/bin/env python3
"""look.py: pixel checks of rendered cards for tests/cli/look.sh, on binary PPMs
from pdftoppm. Every length is in millimetres; --dpm gives pixels per mm and
--bleed the bleed around the trim in mm. Each check prints one line and exits 1
when it fails.

  look.py suits PPM...            every pair of suit cards (one PPM each, the index
                                  shape at --box) is distinct: the background
                                  colours at least 30 apart (CIE76) under simulated
                                  protanopia, deuteranopia and tritanopia, or the
                                  index shapes differ (a second cue)
  look.py turned PPM [MAX]        the image equals its 180-degree turn (a back):
                                  at most MAX of the millimetre blocks
                                  (default 0.1%) differ by more than 40
  look.py index PPM MAX [MIN]     the first ink (not the colour at the trim corner)
                                  in the top-left 20 mm square starts between MIN
                                  (default 3) and MAX mm from the left and the top
                                  edges of the trim
  look.py safe PPM MM             no thin ink within MM of the trim: across the
                                  band inside every edge, no run of a colour under
                                  1 mm wide with the same colour on both sides (a
                                  line, a frame, a stroke of text)
  look.py blobs PPM X Y W H       prints how many separate marks (pips) the box holds
  look.py height PPM X Y W H      prints the height (mm) of the ink in the box
  look.py scaled PPM CHIP INK S GAP  a card resized by S: the chip (#rrggbb, top
                                  half) square within 3%, the underline (INK) GAP
                                  times S mm under the number's ink (0.4 mm: type metrics are hinted to whole points)
  look.py board IMG TOP,LEFT,CW,CH,GAP,COLS,N BROKEN SPOT RED
                                  a board of N spaces in rows that turn at each end:
                                  with a carriage over SPOT (x,y,w,h in the cell) of
                                  every space, the spaces in BROKEN (1,5,...) still
                                  show at least 20% RED (#rrggbb) around it, the
                                  others less (IMG: a PPM, or an RGB(A) PNG)
"""
import math
import struct
import sys
import zlib

sys.path.insert(0, __file__.rsplit('/', 1)[0])
from pixel import read_ppm  # noqa: E402

# Machado, Oliveira and Fernandes (2009), severity 1, on linear RGB.
CVD = {
    'protanopia': ((0.152286, 1.052583, -0.204868), (0.114503, 0.786281, 0.099216),
                   (-0.003882, -0.048116, 1.051998)),
    'deuteranopia': ((0.367322, 0.860646, -0.227968), (0.280085, 0.672501, 0.047413),
                     (-0.011820, 0.042940, 0.968881)),
    'tritanopia': ((1.255528, -0.076749, -0.178779), (-0.078411, 0.930809, 0.147602),
                   (0.004733, 0.691367, 0.303900)),
}


def linear(c):
    c /= 255.0
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def lab(lin):
    x = 0.4124 * lin[0] + 0.3576 * lin[1] + 0.1805 * lin[2]
    y = 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]
    z = 0.0193 * lin[0] + 0.1192 * lin[1] + 0.9505 * lin[2]

    def f(t):
        return t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116
    fx, fy, fz = f(x / 0.95047), f(y), f(z / 1.08883)
    return (116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz))


def simulated(rgb, kind):
    lin = [linear(c) for c in rgb]
    m = CVD[kind]
    return [min(1.0, max(0.0, sum(m[i][j] * lin[j] for j in range(3)))) for i in range(3)]


def delta_e(a, b, kind):
    return math.dist(lab(simulated(a, kind)), lab(simulated(b, kind)))


def read_png(path):
    """An 8-bit RGB or RGBA non-interlaced PNG (rsvg-convert's) as read_ppm gives it."""
    data = open(path, 'rb').read()
    pos, idat, w = 8, b'', 0
    while pos < len(data):
        n, kind = struct.unpack('>I4s', data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + n]
        if kind == b'IHDR':
            w, h, depth, ctype = struct.unpack('>IIBB', body[:10])
            if depth != 8 or ctype not in (2, 6) or body[12]:
                sys.exit('look.py: %s: only 8-bit RGB(A) non-interlaced PNGs' % path)
            bpp = 3 if ctype == 2 else 4
        elif kind == b'IDAT':
            idat += body
        pos += 12 + n
    raw, stride = zlib.decompress(idat), w * bpp
    rows, prev = [], bytearray(stride)
    for y in range(h):
        f, line = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            a = line[i - bpp] if i >= bpp else 0
            b, c = prev[i], prev[i - bpp] if i >= bpp else 0
            if f == 1:
                line[i] = (line[i] + a) & 255
            elif f == 2:
                line[i] = (line[i] + b) & 255
            elif f == 3:
                line[i] = (line[i] + (a + b) // 2) & 255
            elif f == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append(bytes(line) if bpp == 3 else bytes(v for k, v in enumerate(line) if k % 4 != 3))
        prev = line
    return w, h, b''.join(rows)


class Image:
    def __init__(self, path, dpm, bleed):
        self.path = path
        self.w, self.h, self.px = (read_png if path.endswith('.png') else read_ppm)(path)
        self.dpm, self.bleed = dpm, bleed

    def at(self, x, y):
        i = 3 * (y * self.w + x)
        return tuple(self.px[i:i + 3])

    def mm(self, v):
        """A position in mm from the trim's top-left corner, in pixels."""
        return int(round((v + self.bleed) * self.dpm))


def close(a, b, tol=48):
    return max(abs(p - q) for p, q in zip(a, b)) <= tol


def mask(img, box):
    """The pixels of box (mm, on the trim) that differ from its corner colour."""
    x0, y0 = img.mm(box[0]), img.mm(box[1])
    x1, y1 = img.mm(box[0] + box[2]), img.mm(box[1] + box[3])
    ground = img.at(x0, y0)
    return {(x - x0, y - y0) for y in range(y0, y1) for x in range(x0, x1)
            if not close(img.at(x, y), ground)}


def check_suits(imgs, box, ground):
    bad = 0
    for i in range(len(imgs)):
        for j in range(i + 1, len(imgs)):
            a, b = imgs[i], imgs[j]
            ca, cb = a.at(a.mm(ground[0]), a.mm(ground[1])), b.at(b.mm(ground[0]), b.mm(ground[1]))
            worst = min((delta_e(ca, cb, k), k) for k in CVD)
            ma, mb = mask(a, box), mask(b, box)
            differ = len(ma ^ mb) / max(1, len(ma | mb))
            ok = worst[0] >= 30 or differ >= 0.15
            bad += not ok
            print('%s: %s vs %s: colours %.1f apart under %s, shapes differ by %.0f%%' %
                  ('ok' if ok else 'FAIL', a.path.rsplit('/', 1)[-1], b.path.rsplit('/', 1)[-1],
                   worst[0], worst[1], 100 * differ))
    return bad


def blocks(img, k):
    """The image averaged over k x k pixel blocks, the grid centred on the image
    (the rasteriser hints text differently turned round, and a page whose size is
    not whole pixels has a part pixel on one side: compare at about 1 mm)."""
    bw, bh = img.w // k, img.h // k
    x0, y0 = (img.w - bw * k) // 2, (img.h - bh * k) // 2
    out = []
    for by in range(bh):
        row = []
        for bx in range(bw):
            acc = [0, 0, 0]
            for y in range(y0 + by * k, y0 + by * k + k):
                i = 3 * (y * img.w + x0 + bx * k)
                for c in range(3):
                    acc[c] += sum(img.px[i + c:i + 3 * k:3])
            row.append(tuple(v / (k * k) for v in acc))
        out.append(row)
    return out


def check_turned(img, limit):
    k = max(1, int(round(img.dpm)))
    b = blocks(img, k)
    n = len(b) * len(b[0])
    diff = sum(1 for y, row in enumerate(b) for x, v in enumerate(row)
               if not close(v, b[-1 - y][-1 - x], 40))
    ok = diff <= limit * n
    print('%s: %s: %d of %d blocks of %d pixels differ from the turned image' %
          ('ok' if ok else 'FAIL', img.path, diff, n, k))
    return not ok


def first_ink(img, size=20.0):
    """Distances (mm) from the trim's left and top edges to the first ink."""
    corner = img.at(img.mm(0.5), img.mm(0.5))
    x0, y0, n = img.mm(0), img.mm(0), int(size * img.dpm)
    left = top = None
    for y in range(y0, y0 + n):
        for x in range(x0, x0 + n):
            if not close(img.at(x, y), corner, 64):
                left = x if left is None or x < left else left
                top = y if top is None else top
    if left is None:
        return None, None
    return (left - x0) / img.dpm, (top - y0) / img.dpm


def check_index(img, hi, lo):
    left, top = first_ink(img)
    ok = left is not None and lo <= left <= hi and lo <= top <= hi
    print('%s: %s: the index starts %s mm from the left and %s mm from the top (want %g to %g)' %
          ('ok' if ok else 'FAIL', img.path, left and round(left, 2), top and round(top, 2), lo, hi))
    return not ok


def thin_runs(line, dpm, minimum):
    """Runs of one colour shorter than minimum mm with one colour on both sides
    (an edge between two colours has a run of blended pixels: not thin)."""
    runs, start = [], 0
    for k in range(1, len(line) + 1):
        if k == len(line) or not close(line[k], line[start], 24):
            runs.append((start, k))
            start = k
    thin = []
    for i in range(1, len(runs) - 1):
        s, e = runs[i]
        before, after = line[runs[i - 1][1] - 1], line[runs[i + 1][0]]
        if (e - s) / dpm < minimum and close(before, after, 24) and not close(line[s], before, 24):
            thin.append((s, e))
    return thin


def check_safe(img, band):
    """Across the band inside each edge, nothing thinner than 1 mm but the trim's own run."""
    found = []
    lo, hi = img.mm(0), img.mm(band)
    w_mm = (img.w / img.dpm) - 2 * img.bleed
    h_mm = (img.h / img.dpm) - 2 * img.bleed
    for y_mm in [k * 0.5 for k in range(int(2 * band), int(2 * (h_mm - band)))]:
        y = img.mm(y_mm)
        for xs in (range(lo, hi), range(img.mm(w_mm) - 1, img.mm(w_mm - band) - 1, -1)):
            line = [img.at(x, y) for x in xs]
            found += [('row', y_mm)] if thin_runs(line, img.dpm, 1.0) else []
    for x_mm in [k * 0.5 for k in range(int(2 * band), int(2 * (w_mm - band)))]:
        x = img.mm(x_mm)
        for ys in (range(lo, hi), range(img.mm(h_mm) - 1, img.mm(h_mm - band) - 1, -1)):
            line = [img.at(x, y) for y in ys]
            found += [('column', x_mm)] if thin_runs(line, img.dpm, 1.0) else []
    ok = not found
    print('%s: %s: %s' % ('ok' if ok else 'FAIL', img.path,
                          'nothing thin within %g mm of the trim' % band if ok else
                          'thin ink within %g mm of the trim at %s' % (band, found[:4])))
    return not ok


def count_blobs(img, box):
    """Connected areas of box (mm, on the trim) that differ from its corner colour."""
    left = mask(img, box)
    n = 0
    while left:
        n += 1
        todo = [left.pop()]
        while todo:
            x, y = todo.pop()
            for p in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
                if p in left:
                    left.remove(p)
                    todo.append(p)
    return n


def check_board(img, cells, broken, spot, red):
    """A carriage over each space: the spot (x, y, w, h in mm, in the cell) covered,
    the broken railways' red still in sight around it, the others with none."""
    top, left, cw, ch, gap, cols, n = cells
    bad = 0
    for k in range(n):
        r, c = divmod(k, cols)
        c = cols - 1 - c if r % 2 else c
        x0, y0 = left + c * (cw + gap), top + r * (ch + gap)
        shown = 0
        for y in range(img.mm(y0), img.mm(y0 + ch)):
            for x in range(img.mm(x0), img.mm(x0 + cw)):
                xm, ym = x / img.dpm - x0, y / img.dpm - y0
                if spot[0] <= xm < spot[0] + spot[2] and spot[1] <= ym < spot[1] + spot[3]:
                    continue
                shown += close(img.at(x, y), red, 24)
        share = shown / ((cw * ch - spot[2] * spot[3]) * img.dpm ** 2)
        want = k + 1 in broken
        ok = (share >= 0.2) == want
        bad += not ok
        if not ok or want:
            print('%s: space %d with a carriage on it: %.0f%% of what shows is the broken mark' %
                  ('ok' if ok else 'FAIL', k + 1, 100 * share))
    return bad


def ink_height(img, box):
    """The height in mm of what differs from the box's corner colour."""
    ys = [y for x, y in mask(img, box)]
    return (max(ys) - min(ys) + 1) / img.dpm if ys else 0.0


def colour_box(img, rgb, tol=40, region=None):
    """The bounding box (x0, y0, x1, y1, pixels) of the pixels close to rgb in
    region (pixels: x0, y0, x1, y1; default the top half)."""
    x0, y0, x1, y1 = region or (0, 0, img.w, img.h // 2)
    xs, ys = [], []
    for y in range(y0, y1):
        for x in range(x0, x1):
            if close(img.at(x, y), rgb, tol):
                xs.append(x)
                ys.append(y)
    return (min(xs), min(ys), max(xs) + 1, max(ys) + 1) if xs else None


def ink_runs(img, rgb, x0, x1, y0, y1):
    """Runs of rows (y from, y to) in which some pixel of columns x0..x1 is rgb."""
    runs, start = [], None
    for y in range(y0, y1):
        hit = any(close(img.at(x, y), rgb, 60) for x in range(x0, x1))
        if hit and start is None:
            start = y
        if not hit and start is not None:
            runs.append((start, y))
            start = None
    return runs


def check_scaled(img, chip, ink, scale, gap_want):
    """The chip (rgb) is square within 3%, and the gap between the large number's
    ink and its underline (ink rgb, the first two runs of rows in the middle
    columns of the top half) is gap_want mm times scale, within 0.4 mm (Pango hints the metrics to whole points)."""
    box = colour_box(img, chip)
    aspect = (box[2] - box[0]) / (box[3] - box[1]) if box else 0
    mid = img.w // 2
    runs = ink_runs(img, ink, mid - int(2 * img.dpm), mid + int(2 * img.dpm),
                    img.mm(1), img.h // 2)
    gap = (runs[1][0] - runs[0][1]) / img.dpm if len(runs) > 1 else -1
    ok = abs(aspect - 1) <= 0.03 and abs(gap - gap_want * scale) <= 0.4
    print('%s: %s: the chip %.3f wide for 1 high, the underline %.2f mm under the number (want %.2f)' %
          ('ok' if ok else 'FAIL', img.path, aspect, gap, gap_want * scale))
    return not ok


def main(argv):
    dpm, bleed, box, ground = 10.0, 0.0, (4.0, 14.5, 6.0, 6.0), (1.5, 44.0)
    args = []
    it = iter(argv)
    for a in it:
        if a == '--dpm':
            dpm = float(next(it))
        elif a == '--bleed':
            bleed = float(next(it))
        elif a == '--box':
            box = tuple(float(v) for v in next(it).split(','))
        elif a == '--ground':
            ground = tuple(float(v) for v in next(it).split(','))
        else:
            args.append(a)
    cmd, rest = args[0], args[1:]
    if cmd == 'suits':
        return check_suits([Image(p, dpm, bleed) for p in rest], box, ground)
    if cmd == 'turned':
        return check_turned(Image(rest[0], dpm, bleed), float(rest[1]) if len(rest) > 1 else 0.001)
    if cmd == 'index':
        return check_index(Image(rest[0], dpm, bleed), float(rest[1]),
                           float(rest[2]) if len(rest) > 2 else 3.0)
    if cmd == 'board':
        nums = [float(v) for v in rest[1].split(',')]
        return check_board(Image(rest[0], dpm, bleed), nums[:6] + [int(nums[6])],
                           {int(v) for v in rest[2].split(',')},
                           tuple(float(v) for v in rest[3].split(',')),
                           tuple(int(rest[4][i:i + 2], 16) for i in (1, 3, 5)))
    if cmd == 'scaled':
        rgb = [tuple(int(c[i:i + 2], 16) for i in (1, 3, 5)) for c in rest[1:3]]
        return check_scaled(Image(rest[0], dpm, bleed), rgb[0], rgb[1], float(rest[3]),
                            float(rest[4]))
    if cmd == 'height':
        print('%.1f' % ink_height(Image(rest[0], dpm, bleed), tuple(float(v) for v in rest[1:5])))
        return 0
    if cmd == 'blobs':
        print(count_blobs(Image(rest[0], dpm, bleed), tuple(float(v) for v in rest[1:5])))
        return 0
    if cmd == 'safe':
        return check_safe(Image(rest[0], dpm, bleed), float(rest[1]))
    sys.exit('look.py: unknown check %s' % cmd)


if __name__ == '__main__':
    sys.exit(1 if main(sys.argv[1:]) else 0)
