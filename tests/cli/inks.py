#!/usr/bin/env python3
"""Every fixed colour railyard prints with, found in its files
(tests/cli/inks.sh):

  inks.py sources       every colour written in templates/*.yaml (a "#hex" or a
        colour's name as a value, outside comments) and every colour gen/*.c and
        gen/*.h draw with (a "#hex" string, the numbers of cairo_set_source_rgb),
        one a line: "FILE:LINE:COL #rrggbb"
  inks.py judge SOURCES MEASURED INK   what does not print as the test wants:
        MEASURED has "#rrggbb DE C M Y K" lines (railyard's colour report at
        INK% ink); prints one line for each source colour that moves more than 3
        (CIEDE2000), and each grey (as gen/render/pdfx.h defines one: a chroma under
        PDFX_GREY_CHROMA, or a near-black) that is not an exact grey or does
        not print with black ink alone (rich black, K100 with C, M and Y, is a
        large dark area's, as the issue asks)

The files of the screen, not of print, are left out: gen/play/simplot.c (the
tuning plots) and gen/cmd/live_page.c (the browser page of --watch).
"""
import glob
import math
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from colour import srgb_lab  # noqa: E402

SCREEN = {'gen/play/simplot.c', 'gen/cmd/live_page.c'}
LIMIT = 3.0
HEX = re.compile(r'#([0-9A-Fa-f]{8}|[0-9A-Fa-f]{6}|[0-9A-Fa-f]{3})(?![0-9A-Za-z])')


def hex6(h):
    h = h.lstrip('#').lower()
    if len(h) == 3:
        h = ''.join(c * 2 for c in h)
    return '#' + h[:6]


def named_colours():
    """The colour names template.c knows: {"name", 0xrrggbb}."""
    src = open('gen/render/template.c').read()
    return {n.lower(): '#' + v.lower() for n, v in re.findall(r'\{"(\w+)", 0x([0-9a-fA-F]{6})\}', src)}


def yaml_code(line):
    """The line without its comment (a '#' at the start or after a blank,
    outside quotes), comments as blanks so columns stay."""
    q = None
    for i, c in enumerate(line):
        if q:
            if c == '\\' and q == '"':
                continue
            if c == q and not (q == '"' and i and line[i - 1] == '\\'):
                q = None
        elif c in '"\'' and (i == 0 or line[i - 1] in ' \t,[{:'):
            q = c
        elif c == '#' and (i == 0 or line[i - 1] in ' \t'):
            return line[:i]
    return line


VALUE = re.compile(r'([\w*-]+|"[^"]*")\s*:\s+("[^"]*"|\'[^\']*\'|[^\s,{}\[\]#"\']+)')


def template_colours(path, names):
    out = []
    for n, raw in enumerate(open(path), 1):
        code = yaml_code(raw.rstrip('\n'))
        seen = set()
        for m in re.finditer(r'["\'](#[0-9A-Fa-f]+)["\']', code):
            if HEX.fullmatch(m.group(1)):
                seen.add(m.start(1))
                out.append((path, n, m.start(1) + 1, hex6(m.group(1))))
        for m in VALUE.finditer(code):
            key, val = m.group(1).strip('"'), m.group(2)
            start = m.start(2) + (1 if val[0] in '"\'' else 0)
            val = val.strip('"\'')
            if start in seen or key == 'text':
                continue
            if HEX.fullmatch(val):
                out.append((path, n, start + 1, hex6(val)))
            elif val.lower() in names:
                out.append((path, n, start + 1, names[val.lower()]))
    return out


def c_code(src):
    """C source with its comments and nothing else blanked (newlines kept)."""
    def blank(m):
        return re.sub(r'[^\n]', ' ', m.group(0))
    return re.sub(r'/\*.*?\*/|//[^\n]*', blank, src, flags=re.S)


RGB = re.compile(r'cairo_set_source_rgba?\s*\(\s*\w+\s*,\s*([0-9.]+)\s*,\s*([0-9.]+)\s*,\s*([0-9.]+)\s*[,)]')


def code_colours(path):
    src = c_code(open(path).read())
    starts = [0] + [i + 1 for i, c in enumerate(src) if c == '\n']

    def at(i):
        n = max(k for k, s in enumerate(starts) if s <= i)
        return n + 1, i - starts[n] + 1
    out = []
    for m in re.finditer(r'"(#[0-9A-Fa-f]{3,8})"', src):
        if HEX.fullmatch(m.group(1)):
            out.append((path,) + at(m.start(1)) + (hex6(m.group(1)),))
    for m in RGB.finditer(src):
        v = [float(x) for x in m.groups()]
        out.append((path,) + at(m.start(1)) + ('#%02x%02x%02x' % tuple(round(x * 255) for x in v),))
    return out


def sources():
    names = named_colours()
    for p in sorted(glob.glob('templates/*.yaml')):
        for s in template_colours(p, names):
            print('%s:%d:%d %s' % s)
    for p in sorted(glob.glob('gen/**/*.c', recursive=True) + glob.glob('gen/**/*.h', recursive=True)):
        if p not in SCREEN:
            for s in code_colours(p):
                print('%s:%d:%d %s' % s)


def pdfx_grey():
    h = open('gen/render/pdfx.h').read()

    def num(name):
        return float(re.search(r'#define %s ([0-9.]+)' % name, h).group(1))
    return num('PDFX_GREY_CHROMA'), num('PDFX_NEAR_BLACK_L'), num('PDFX_NEAR_BLACK_CHROMA')


def judge(src_file, measured, ink):
    grey_c, near_l, near_c = pdfx_grey()
    m = {}
    for line in open(measured):
        f = line.split()
        m[f[0]] = (float(f[1]), [int(x[1:]) for x in f[2:6]])
    for line in open(src_file):
        where, h = line.split()
        if h not in m:
            print('%s: %s was not measured' % (where, h))
            continue
        de, cmyk = m[h]
        inks = 'C%d M%d Y%d K%d' % tuple(cmyk)
        if de > LIMIT:
            print('%s: %s prints as %s at %s%% ink: it moves %.2f (more than %g)'
                  % (where, h, inks, ink, de, LIMIT))
        L, a, b = srgb_lab(h)
        c = math.hypot(a, b)
        if c < grey_c or (L < near_l and c < near_c):
            if c >= grey_c:
                print('%s: %s is a near-grey (chroma %.1f): prints as %s at %s%% ink, '
                      'not black alone; an exact grey would' % (where, h, c, inks, ink))
            elif sum(cmyk[:3]) and cmyk[3] < 100:
                print('%s: the grey %s prints as %s at %s%% ink, not black alone'
                      % (where, h, inks, ink))


if __name__ == '__main__':
    if sys.argv[1:] == ['sources']:
        sources()
    elif len(sys.argv) == 5 and sys.argv[1] == 'judge':
        judge(*sys.argv[2:])
    else:
        sys.exit(__doc__)
