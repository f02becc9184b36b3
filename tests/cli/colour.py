#!/usr/bin/env python3
"""The plates of a CMYK file, measured on Ghostscript's separations
(tests/cli/colour.sh):

  colour.py kplate RGB.pdf CMYK.pdf PAGE   the pixels the RGB page paints in a
        dark grey (text, hairlines, crop marks: r = g = b < 128, no
        anti-aliasing) carry black ink alone on the CMYK page's separations:
        prints "N grey pixels, M with cyan, magenta or yellow, K without black"
  colour.py plates CMYK.pdf PAGE X Y       the ink of each plate at X, Y (in
        percent of the page's width and height): "C M Y K" in percent
  colour.py apart HEX HEX...               the least CIEDE2000 difference between
        the first sRGB colour and each of the others, and the closest: "D #hex"
"""
import math
import os
import struct
import subprocess
import sys
import tempfile

DPI = 100


def tiff_gray(path):
    """An uncompressed 8-bit one-channel TIFF (tiffsep's plates): w, h, rows."""
    d = open(path, 'rb').read()
    end = '<' if d[:2] == b'II' else '>'
    off = struct.unpack(end + 'I', d[4:8])[0]
    n = struct.unpack(end + 'H', d[off:off + 2])[0]
    tags = {}
    for i in range(n):
        e = d[off + 2 + 12 * i: off + 14 + 12 * i]
        tag, typ, cnt = struct.unpack(end + 'HHI', e[:8])
        if typ == 3 and cnt == 1:
            val = [struct.unpack(end + 'H', e[8:10])[0]]
        elif typ == 4 and cnt == 1:
            val = [struct.unpack(end + 'I', e[8:12])[0]]
        else:
            size = {3: 2, 4: 4}.get(typ, 1)
            at = struct.unpack(end + 'I', e[8:12])[0] if size * cnt > 4 else off + 2 + 12 * i + 8
            fmt = {3: 'H', 4: 'I'}.get(typ, 'B')
            val = list(struct.unpack(end + fmt * cnt, d[at:at + size * cnt]))
        tags[tag] = val
    w, h = tags[256][0], tags[257][0]
    if tags.get(259, [1])[0] != 1 or tags.get(258, [8])[0] != 8:
        sys.exit('%s: not an uncompressed 8-bit TIFF' % path)
    data = b''.join(d[o:o + c] for o, c in zip(tags[273], tags[279]))
    inverted = tags.get(262, [1])[0] == 0   # WhiteIsZero: the value is the ink
    return w, h, data, inverted


def separations(pdf, page, tmp):
    out = os.path.join(tmp, 'sep.tif')
    subprocess.run(['gs', '-q', '-dSAFER', '-dBATCH', '-dNOPAUSE', '-sDEVICE=tiffsep',
                    '-sCompression=none', '-r%d' % DPI, '-dFirstPage=%s' % page,
                    '-dLastPage=%s' % page, '-sOutputFile=' + out, pdf], check=True)
    plates = []
    for name in ('Cyan', 'Magenta', 'Yellow', 'Black'):
        w, h, data, inverted = tiff_gray(os.path.join(tmp, 'sep(%s).tif' % name))
        # ink 0..255
        plates.append(bytes(data) if inverted else bytes(255 - b for b in data))
    return w, h, plates


def rgb_page(pdf, page, tmp):
    out = os.path.join(tmp, 'rgb.ppm')
    subprocess.run(['gs', '-q', '-dSAFER', '-dBATCH', '-dNOPAUSE', '-sDEVICE=ppmraw',
                    '-r%d' % DPI, '-dFirstPage=%s' % page, '-dLastPage=%s' % page,
                    '-sOutputFile=' + out, pdf], check=True)
    d = open(out, 'rb').read()
    # P6, then width, height and maxval, with comment lines between
    fields, at = [], 0
    while len(fields) < 4:
        while d[at:at + 1].isspace():
            at += 1
        if d[at:at + 1] == b'#':
            at = d.index(b'\n', at) + 1
            continue
        end = at
        while not d[end:end + 1].isspace():
            end += 1
        fields.append(d[at:end])
        at = end
    w, h = int(fields[1]), int(fields[2])
    return w, h, d[at + 1:at + 1 + w * h * 3]


def kplate(rgb, cmyk, page):
    with tempfile.TemporaryDirectory() as tmp:
        w, h, px = rgb_page(rgb, page, tmp)
        sw, sh, plates = separations(cmyk, page, tmp)
        if (w, h) != (sw, sh):
            sys.exit('the pages differ in size: %dx%d and %dx%d' % (w, h, sw, sh))
        grey = colour = noblack = 0
        for i in range(w * h):
            r, g, b = px[3 * i:3 * i + 3]
            if r == g == b and r < 128:
                grey += 1
                if plates[0][i] or plates[1][i] or plates[2][i]:
                    colour += 1
                if not plates[3][i]:
                    noblack += 1
        print('%d grey pixels, %d with cyan, magenta or yellow, %d without black' %
              (grey, colour, noblack))


def plates_at(cmyk, page, x, y):
    with tempfile.TemporaryDirectory() as tmp:
        w, h, plates = separations(cmyk, page, tmp)
        i = int(float(y) / 100 * h) * w + int(float(x) / 100 * w)
        print(' '.join('%.0f' % (p[i] * 100 / 255) for p in plates))


def srgb_lab(hexc):
    """CIELAB (D65 white) of an sRGB colour "#rrggbb"."""
    def lin(c):
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4
    r, g, b = (lin(int(hexc.lstrip('#')[k:k + 2], 16) / 255) for k in (0, 2, 4))
    xyz = (0.4124 * r + 0.3576 * g + 0.1805 * b, 0.2126 * r + 0.7152 * g + 0.0722 * b,
           0.0193 * r + 0.1192 * g + 0.9505 * b)
    white = (0.95047, 1.0, 1.08883)

    def f(t):
        return t ** (1 / 3) if t > (6 / 29) ** 3 else t / (3 * (6 / 29) ** 2) + 4 / 29
    fx, fy, fz = (f(v / w) for v, w in zip(xyz, white))
    return 116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)


def de2000(p, q):
    """CIEDE2000 of two CIELAB colours, kL = kC = kH = 1."""
    (l1, a1, b1), (l2, a2, b2) = p, q
    cbar = (math.hypot(a1, b1) + math.hypot(a2, b2)) / 2
    g = 0.5 * (1 - math.sqrt(cbar ** 7 / (cbar ** 7 + 25.0 ** 7)))
    a1p, a2p = a1 * (1 + g), a2 * (1 + g)
    c1, c2 = math.hypot(a1p, b1), math.hypot(a2p, b2)
    h1 = math.degrees(math.atan2(b1, a1p)) % 360 if c1 else 0
    h2 = math.degrees(math.atan2(b2, a2p)) % 360 if c2 else 0
    dl, dc = l2 - l1, c2 - c1
    dh = 0 if c1 * c2 == 0 else h2 - h1 - 360 * (h2 - h1 > 180) + 360 * (h2 - h1 < -180)
    dhh = 2 * math.sqrt(c1 * c2) * math.sin(math.radians(dh / 2))
    lbar, cbarp = (l1 + l2) / 2, (c1 + c2) / 2
    if c1 * c2 == 0:
        hbar = h1 + h2
    elif abs(h1 - h2) <= 180:
        hbar = (h1 + h2) / 2
    else:
        hbar = (h1 + h2 + 360) / 2 - 360 * (h1 + h2 >= 360)
    t = (1 - 0.17 * math.cos(math.radians(hbar - 30)) + 0.24 * math.cos(math.radians(2 * hbar))
         + 0.32 * math.cos(math.radians(3 * hbar + 6)) - 0.20 * math.cos(math.radians(4 * hbar - 63)))
    sl = 1 + 0.015 * (lbar - 50) ** 2 / math.sqrt(20 + (lbar - 50) ** 2)
    sc, sh = 1 + 0.045 * cbarp, 1 + 0.015 * cbarp * t
    rt = (-2 * math.sqrt(cbarp ** 7 / (cbarp ** 7 + 25.0 ** 7))
          * math.sin(math.radians(60 * math.exp(-((hbar - 275) / 25) ** 2))))
    return math.sqrt((dl / sl) ** 2 + (dc / sc) ** 2 + (dhh / sh) ** 2 + rt * (dc / sc) * (dhh / sh))


def apart(first, others):
    lab = srgb_lab(first)
    d, near = min((de2000(lab, srgb_lab(o)), o) for o in others)
    print('%.1f %s' % (d, near))


if __name__ == '__main__':
    if len(sys.argv) >= 4 and sys.argv[1] == 'apart':
        apart(sys.argv[2], sys.argv[3:])
        sys.exit(0)
    if len(sys.argv) == 5 and sys.argv[1] == 'kplate':
        kplate(*sys.argv[2:5])
    elif len(sys.argv) == 6 and sys.argv[1] == 'plates':
        plates_at(*sys.argv[2:6])
    else:
        sys.exit(__doc__)
