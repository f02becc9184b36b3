#!/usr/bin/env python3
"""tiles.py FILE.pdf: render every page at 100 dpi and print one line per problem:
ink within 5 mm of the paper's edge; on a tile that meets another tile on its left
or top (its label says "row R, column C"), a coloured pixel 0.5 mm inside that cut
edge, where the seam runs: a seam through a space (the spaces have coloured
borders; the paper, the placemat's cream and the cut lines are grey)."""
import re
import subprocess
import sys

sys.path.insert(0, sys.path[0])
from pdfx import ppm  # noqa: E402

DPI = 100


def coloured(p):
    return max(p) - min(p) > 60


def main(path):
    info = subprocess.run(['pdfinfo', path], capture_output=True, text=True).stdout
    pages = int(re.search(r'^Pages:\s+(\d+)', info, re.M).group(1))
    problems = 0
    for n in range(1, pages + 1):
        text = subprocess.run(['pdftotext', '-f', str(n), '-l', str(n), path, '-'],
                              capture_output=True, text=True).stdout
        m = re.search(r'row (\d+), column (\d+) of', text)
        row, col = (int(m.group(1)), int(m.group(2))) if m else (1, 1)
        w, h, px = ppm(subprocess.run(['pdftoppm', '-r', str(DPI), '-f', str(n), '-l', str(n), path],
                                      check=True, capture_output=True).stdout)

        def at(x, y):
            i = 3 * (y * w + x)
            return px[i:i + 3]
        edge = round(5 * DPI / 25.4)
        for y in range(h):
            for x in list(range(edge)) + list(range(w - edge, w)) if edge < y < h - edge else range(w):
                if min(at(x, y)) < 230:
                    print('%s page %d: ink %.1f mm, %.1f mm from the paper\'s top left, within 5 mm of its edge'
                          % (path, n, x * 25.4 / DPI, y * 25.4 / DPI))
                    problems += 1
                    break
            else:
                continue
            break
        # the window: the first column and row mostly not white
        x0 = next((x for x in range(w) if sum(min(at(x, y)) < 252 for y in range(h)) > h // 3), None)
        y0 = next((y for y in range(h) if sum(min(at(x, y)) < 252 for x in range(w)) > w // 3), None)
        off = round(0.5 * DPI / 25.4)
        if col > 1 and x0 is not None:
            bad = [y for y in range(h) if coloured(at(x0 + off, y))]
            if bad:
                print('%s page %d: the seam on the left (x %.1f mm) crosses a space at y %.1f mm'
                      % (path, n, x0 * 25.4 / DPI, bad[0] * 25.4 / DPI))
                problems += 1
        if row > 1 and y0 is not None:
            bad = [x for x in range(w) if coloured(at(x, y0 + off))]
            if bad:
                print('%s page %d: the seam on top (y %.1f mm) crosses a space at x %.1f mm'
                      % (path, n, y0 * 25.4 / DPI, bad[0] * 25.4 / DPI))
                problems += 1
    return 1 if problems else 0


if __name__ == '__main__':
    sys.exit(main(sys.argv[1]))
