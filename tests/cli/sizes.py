#!/usr/bin/env python3
"""sizes.py: measures of a card resized (tests/cli/sizes.sh), on binary PPMs from
pdftoppm and on pdftotext -bbox output. Lengths in millimetres; --dpm gives
pixels per mm and --bleed the bleed around the trim in mm. Each measure prints
its numbers on one line.

  sizes.py words BBOX SAFE       every word of every page of BBOX (pdftotext
                                 -bbox, points) lies SAFE mm or more inside the
                                 trim; prints "ok" or the first word outside
  sizes.py chips PPM COLOUR1 COLOUR2
                                 in the top half: the width of chip 1 (COLOUR1's
                                 widest run) and the distance between the two
                                 chips' centres, and their ratio (the same at
                                 every size when the card scales uniformly)
  sizes.py sleepers PPM COLOUR   the sleepers (COLOUR) across the row where they
                                 are: their count and the spread of their pitch
                                 (largest less smallest gap between centres)
  sizes.py disc PPM PAPER INK    the disc (PAPER's extent): its diameter, the
                                 share of INK inside its upper half (the number)
                                 and the widest INK run on its middle row, left
                                 of the centre, over the diameter (the shape cue)
  sizes.py cap PPM PAPER INK     the big number's cap height: in the disc
                                 (PAPER's extent), the rows of INK in its middle
                                 fifth from its top (a twentieth down) to the first row
                                 without (a lining figure's height is the cap
                                 height), in mm; and the disc's diameter
  sizes.py span PPM BACKGROUND X0 Y0 Y1
                                 how far across the composition reaches: over
                                 the rows from Y0 to Y1 (fractions of the trim's
                                 height), the widest reach of ink (anything but
                                 BACKGROUND) from its first column at X0 mm or
                                 more from the trim's left to its last inside
                                 the trim, over the trim's width
  sizes.py inkbox PPM BACKGROUND the width and height in mm of all the ink
                                 (anything but BACKGROUND) inside the trim
  sizes.py capband PPM BACKGROUND X0 X1
                                 the big number's cap height without a disc:
                                 from the trim's top (its safe margin left out)
                                 down, the first run of rows with ink in the
                                 columns X0 to X1 (fractions of the trim's
                                 width), in mm (a flat-topped K or 1)
  sizes.py inside BBOX PPM PAPER WORD...
                                 each WORD of the page lies inside the disc
                                 (PAPER's extent on the page); prints "ok" or the
                                 first one outside
"""
import math
import re
import sys

sys.path.insert(0, __file__.rsplit('/', 1)[0])
from pixel import read_ppm  # noqa: E402


def hexrgb(s):
    s = s.lstrip('#')
    return tuple(int(s[i:i + 2], 16) for i in (0, 2, 4))


def near(px, i, rgb, tol=40):
    return abs(px[i] - rgb[0]) + abs(px[i + 1] - rgb[1]) + abs(px[i + 2] - rgb[2]) <= tol


class Img:
    def __init__(self, path, dpm, bleed):
        self.w, self.h, self.px = read_ppm(path)
        self.dpm, self.b = dpm, int(round(bleed * dpm))

    def match(self, x, y, rgb, tol=40):
        return near(self.px, 3 * (y * self.w + x), rgb, tol)

    def runs(self, y, rgb, x0=0, x1=None):
        """Runs [start, end) of rgb along row y."""
        out, start = [], None
        for x in range(x0, x1 if x1 is not None else self.w):
            m = self.match(x, y, rgb)
            if m and start is None:
                start = x
            elif not m and start is not None:
                out.append((start, x))
                start = None
        if start is not None:
            out.append((start, x1 if x1 is not None else self.w))
        return out

    def extent(self, rgb, step=2):
        """Bounding box (x0, y0, x1, y1) of rgb exactly (within 5: the disc's
        cream, not the index's white), sampled every step pixels."""
        xs, ys = [], []
        for y in range(0, self.h, step):
            for x in range(0, self.w, step):
                if self.match(x, y, rgb, 5):
                    xs.append(x)
                    ys.append(y)
        return (min(xs), min(ys), max(xs) + 1, max(ys) + 1) if xs else None


def words(path, safe):
    text = open(path, encoding='utf-8').read()
    for page in re.finditer(r'<page width="([\d.]+)" height="([\d.]+)">(.*?)</page>', text, re.S):
        pw, ph = float(page.group(1)), float(page.group(2))
        for w in re.finditer(r'<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)</word>',
                             page.group(3)):
            x0, y0, x1, y1 = (float(w.group(k)) * 25.4 / 72 for k in range(1, 5))
            pw_mm, ph_mm = pw * 25.4 / 72, ph * 25.4 / 72
            bleed = args.bleed
            d = min(x0 - bleed, y0 - bleed, pw_mm - bleed - x1, ph_mm - bleed - y1)
            if d < safe - 0.05:
                return 'word %r only %.2f mm inside the trim' % (w.group(5), d)
    return 'ok'


def chips(path, c1, c2):
    im = Img(path, args.dpm, args.bleed)
    best = {}
    for name, rgb in (('a', hexrgb(c1)), ('b', hexrgb(c2))):
        widest = (0, 0, 0)
        for y in range(im.b, im.h // 2, 2):
            for a, b in im.runs(y, rgb):
                if b - a > widest[0]:
                    widest = (b - a, (a + b) / 2, y)
        best[name] = widest
    if not best['a'][0] or not best['b'][0]:
        return 'no chips'
    w = best['a'][0] / im.dpm
    d = abs(best['b'][1] - best['a'][1]) / im.dpm
    return '%.2f %.2f %.3f' % (w, d, d / w)


def sleepers(path, colour):
    im = Img(path, args.dpm, args.bleed)
    rgb = hexrgb(colour)
    row = max(range(im.h), key=lambda y: len(im.runs(y, rgb)) if y % 2 == 0 else -1)
    centres = [(a + b) / 2 / im.dpm for a, b in im.runs(row, rgb)]
    gaps = [b - a for a, b in zip(centres, centres[1:])]
    return '%d %.2f' % (len(centres), (max(gaps) - min(gaps)) if gaps else 0)


def disc(path, paper, ink):
    im = Img(path, args.dpm, args.bleed)
    p, k = hexrgb(paper), hexrgb(ink)
    box = im.extent(p)
    if not box:
        return 'no disc'
    x0, y0, x1, y1 = box
    cx, cy, r = (x0 + x1) / 2, (y0 + y1) / 2, (x1 - x0) / 2
    inkpx = total = 0
    for y in range(y0, int(cy)):
        for x in range(x0, x1):
            if (x - cx) ** 2 + (y - cy) ** 2 < (0.95 * r) ** 2:
                total += 1
                inkpx += im.match(x, y, k)
    cue = max([b - a for a, b in im.runs(int(cy), k, x0 + int(0.05 * r), int(cx))] or [0])
    return '%.2f %.3f %.3f' % (2 * r / im.dpm, inkpx / max(total, 1), cue / (2 * r))


def cap(path, paper, ink):
    im = Img(path, args.dpm, args.bleed)
    box = im.extent(hexrgb(paper), max(2, int(im.dpm / 4)))
    if not box:
        return 'no disc'
    k = hexrgb(ink)
    x0, y0, x1, y1 = box
    cx, d = (x0 + x1) // 2, x1 - x0
    band = range(cx - d // 10, cx + d // 10)
    top = end = None
    for y in range(y0 + d // 20, y1):   # below where the band leaves the disc
        hit = any(im.match(x, y, k) for x in band)
        if hit and top is None:
            top = y
        elif not hit and top is not None:
            end = y
            break
    if top is None or end is None:
        return 'no number'
    return '%.2f %.2f' % ((end - top) / im.dpm, d / im.dpm)


def span(path, background, x0, y0, y1):
    im = Img(path, args.dpm, args.bleed)
    bg = hexrgb(background)
    w, h = im.w - 2 * im.b, im.h - 2 * im.b
    first = im.b + int(float(x0) * im.dpm)
    best = 0
    for y in range(im.b + int(float(y0) * h), im.b + int(float(y1) * h)):
        xs = [x for x in range(first, im.w - im.b) if not im.match(x, y, bg)]
        if xs:
            best = max(best, xs[-1] + 1 - xs[0])
    return '%.3f' % (best / w)


def inkbox(path, background):
    im = Img(path, args.dpm, args.bleed)
    bg = hexrgb(background)
    xs, ys = [], []
    for y in range(im.b, im.h - im.b):
        row = [x for x in range(im.b, im.w - im.b) if not im.match(x, y, bg)]
        if row:
            xs += [row[0], row[-1]]
            ys.append(y)
    if not xs:
        return 'no ink'
    return '%.3f %.3f' % ((max(xs) + 1 - min(xs)) / im.dpm, (max(ys) + 1 - min(ys)) / im.dpm)


def capband(path, background, x0, x1):
    im = Img(path, args.dpm, args.bleed)
    bg = hexrgb(background)
    w = im.w - 2 * im.b
    cols = range(im.b + int(float(x0) * w), im.b + int(float(x1) * w))
    top = None
    for y in range(im.b + int(3 * im.dpm), im.h - im.b):
        hit = any(not im.match(x, y, bg) for x in cols)
        if hit and top is None:
            top = y
        elif not hit and top is not None:
            return '%.2f' % ((y - top) / im.dpm)
    return 'no number'


def inside(bbox, path, paper, want):
    im = Img(path, args.dpm, args.bleed)
    x0, y0, x1, y1 = im.extent(hexrgb(paper))
    cx, cy, r = (x0 + x1) / 2 / im.dpm, (y0 + y1) / 2 / im.dpm, (x1 - x0) / 2 / im.dpm
    text = open(bbox, encoding='utf-8').read()
    seen = set()
    for w in re.finditer(r'<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)</word>', text):
        if w.group(5) not in want:
            continue
        seen.add(w.group(5))
        a, b, c, d = (float(w.group(k)) * 25.4 / 72 for k in range(1, 5))
        for x, y in ((a, b), (c, b), (a, d), (c, d)):
            if math.hypot(x - cx, y - cy) > r + 0.1:
                return 'word %r leaves the disc (a corner %.2f mm from its centre, radius %.2f)' % (
                    w.group(5), math.hypot(x - cx, y - cy), r)
    missing = [w for w in want if w not in seen]
    return 'missing: ' + ' '.join(missing) if missing else 'ok'


if __name__ == '__main__':
    argv = sys.argv[1:]

    class A:
        dpm, bleed = 11.811, 0.0
    args = A()
    while argv and argv[0].startswith('--'):
        if argv[0] == '--dpm':
            args.dpm = float(argv[1])
        elif argv[0] == '--bleed':
            args.bleed = float(argv[1])
        argv = argv[2:]
    cmd, rest = argv[0], argv[1:]
    if cmd == 'words':
        print(words(rest[0], float(rest[1])))
    elif cmd == 'chips':
        print(chips(*rest))
    elif cmd == 'sleepers':
        print(sleepers(*rest))
    elif cmd == 'disc':
        print(disc(*rest))
    elif cmd == 'cap':
        print(cap(*rest))
    elif cmd == 'capband':
        print(capband(*rest))
    elif cmd == 'span':
        print(span(*rest))
    elif cmd == 'inkbox':
        print(inkbox(*rest))
    elif cmd == 'inside':
        print(inside(rest[0], rest[1], rest[2], set(rest[3:])))
    else:
        sys.exit(__doc__)
