#!/usr/bin/env python3
"""measure.py: what a proof round checks on home sheets, read back from poppler.
  measure.py edge DPI MM FILE.pgm...  the pixels with ink (grey under 230) whose
                                      centre lies within MM of the paper's edge,
                                      per file: "NAME COUNT NEAREST_MM"
  measure.py minsize FILE.pdf [PAGE]  the smallest word's type size, pt (its box
                                      height / 1.21, Inter's ascent + descent) and
                                      the word
  measure.py words FILE.pdf PAGE      every word "XMAX_MM WORD" (pdftotext -bbox)
  measure.py bottom DPI FILE.pgm      the blank paper below the lowest ink, mm"""
import re
import subprocess
import sys


def pgm(path):
    d = open(path, 'rb').read()
    p = d.split(maxsplit=4)
    assert p[0] == b'P5'
    w, h = int(p[1]), int(p[2])
    return w, h, p[4][-w * h:]


def bbox(path, page=None):
    cmd = ['pdftotext', '-bbox']
    if page:
        cmd += ['-f', page, '-l', page]
    out = subprocess.run(cmd + [path, '-'], capture_output=True, text=True).stdout
    return re.findall(r'xMin="([0-9.]+)" yMin="([0-9.]+)" xMax="([0-9.]+)" yMax="([0-9.]+)">([^<]*)<', out)


what = sys.argv[1]
if what == 'edge':
    dpi, lim = float(sys.argv[2]), float(sys.argv[3])
    mm = 25.4 / dpi
    for f in sys.argv[4:]:
        w, h, px = pgm(f)
        n, near = 0, None
        for y in range(h):
            dy = min(y + 0.5, h - y - 0.5) * mm
            row = px[y * w:(y + 1) * w]
            for x in range(w) if dy < lim else list(range(int(lim / mm) + 1)) + list(range(w - int(lim / mm) - 1, w)):
                if row[x] < 230:
                    d = min(dy, min(x + 0.5, w - x - 0.5) * mm)
                    if d < lim:
                        n += 1
                    near = d if near is None else min(near, d)
        print('%s %d %s' % (f.split('/')[-1], n, 'none' if near is None else '%.2f' % near))
elif what == 'bottom':
    dpi = float(sys.argv[2])
    w, h, px = pgm(sys.argv[3])
    last = max((y for y in range(h) if min(px[y * w:(y + 1) * w]) < 230), default=-1)
    print('%.1f' % ((h - 1 - last) * 25.4 / dpi))
elif what == 'minsize':
    best = None
    for _, y0, _, y1, word in bbox(sys.argv[2], sys.argv[3] if len(sys.argv) > 3 else None):
        s = (float(y1) - float(y0)) / 1.21
        if best is None or s < best[0]:
            best = (s, word)
    print('%.1f %s' % best if best else 'none')
elif what == 'words':
    for _, _, x1, _, word in bbox(sys.argv[2], sys.argv[3]):
        print('%.1f %s' % (float(x1) * 25.4 / 72, word))
