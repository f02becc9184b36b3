#!/usr/bin/env python3
"""pdfx.py: read a CMYK print file back without trusting the converter.

  pdfx.py inspect FILE.pdf       qpdf's JSON of every object: only DeviceCMYK (or
                                 the output intent's 4-channel ICC profile), no RGB
                                 or grey operator in any content stream, no RGB
                                 image, an OutputIntent with its profile, the PDF/X
                                 keys, fonts embedded, no transparency, TrimBox and
                                 BleedBox on every page (the trim inside the bleed,
                                 no ArtBox beside it). Prints one line per problem;
                                 exit 1 when there is any.
  pdfx.py ink FILE.pdf LIMIT     Ghostscript's CMYK rendering (pamcmyk32, 50 dpi):
                                 the most ink of any pixel of any page, in percent;
                                 exit 1 above LIMIT (+1 for 8-bit rounding).
  pdfx.py gradient FILE.pdf      both ends of every gradient (a shading's C0 and C1,
                                 a CMYK image's first row) within 8/255 of a flat
                                 colour of the file: re-mapped like flat colours.
  pdfx.py deltae RGB.pdf PAGE CMYK.pdf PAGE   both pages rendered to sRGB at 50 dpi
                                 (the RGB one by poppler, the CMYK one by Ghostscript
                                 through the file's output intent); prints the mean
                                 and the 95th percentile CIE76 colour difference.
"""
import base64
import json
import re
import subprocess
import sys

OPS = re.compile(rb'(?<![A-Za-z\'"])(rg|RG|g|G|sc|SC|scn|SCN|cs|CS)(?![A-Za-z\'"*])')


def objects(path):
    out = subprocess.run(['qpdf', '--json=2', '--json-stream-data=inline',
                          '--decode-level=generalized', path],
                         check=True, capture_output=True).stdout
    q = json.loads(out)['qpdf'][1]
    return {k[4:]: v for k, v in q.items() if k.startswith('obj:')}, q['trailer']['value']


def ref(objs, v):
    """An indirect reference's object value (dict of a stream, or a value)."""
    if isinstance(v, str) and v.endswith(' R'):
        o = objs.get(v, {})
        return o['stream']['dict'] if 'stream' in o else o.get('value')
    return v


def content_ops(data):
    """The colour operators of a content stream, strings and inline images left out."""
    data = re.sub(rb'\((?:\\.|[^\\)])*\)', b'()', data)
    data = re.sub(rb'\bID\s.*?\sEI\b', b'', data, flags=re.S)
    return set(m.group(1).decode() for m in OPS.finditer(data))


def inspect(path):
    objs, trailer = objects(path)
    problems = []
    info = ref(objs, trailer.get('/Info')) or {}
    if info.get('/GTS_PDFXVersion') != 'u:PDF/X-1:2003':
        problems.append('GTS_PDFXVersion is %r, not PDF/X-1:2003' % info.get('/GTS_PDFXVersion'))
    if info.get('/GTS_PDFXConformance') != 'u:PDF/X-1a:2003':
        problems.append('GTS_PDFXConformance is %r' % info.get('/GTS_PDFXConformance'))
    if info.get('/Trapped') != '/False':
        problems.append('Trapped is not /False')
    root = ref(objs, trailer['/Root'])
    intents = ref(objs, root.get('/OutputIntents')) or []
    profiles = set()
    for oi in intents:
        d = ref(objs, oi)
        if d.get('/S') != '/GTS_PDFX':
            problems.append('an OutputIntent is not /GTS_PDFX')
        p = d.get('/DestOutputProfile')
        if not p or (ref(objs, p) or {}).get('/N') != 4:
            problems.append('the OutputIntent has no 4-channel DestOutputProfile')
        profiles.add(p)
    if not intents:
        problems.append('no OutputIntents')
    pages = 0
    contents = set()
    for o in objs.values():
        d = o.get('value')
        if isinstance(d, dict) and d.get('/Type') == '/Page':
            c = d.get('/Contents')
            contents.update(c if isinstance(c, list) else [c])
    for key, o in objs.items():
        d = o['stream']['dict'] if 'stream' in o else o.get('value')
        if not isinstance(d, dict):
            continue
        if d.get('/Type') == '/Page':
            pages += 1
            tb, bb = d.get('/TrimBox'), d.get('/BleedBox')
            if not tb or not bb:
                problems.append('page %s has no TrimBox or BleedBox' % key)
            elif not (bb[0] <= tb[0] and bb[1] <= tb[1] and tb[2] <= bb[2] and tb[3] <= bb[3]):
                problems.append('page %s: TrimBox outside BleedBox' % key)
            if '/ArtBox' in d:
                problems.append('page %s has an ArtBox beside its TrimBox' % key)
        for k in ('/ColorSpace', '/CS'):
            cs = d.get(k)
            spaces = cs.values() if isinstance(cs, dict) and k == '/ColorSpace' and d.get('/Subtype') != '/Image' else [cs]
            for s in spaces:
                s = ref(objs, s)
                if s is None or s == '/DeviceCMYK':
                    continue
                if isinstance(s, list) and s[0] == '/ICCBased' and (ref(objs, s[1]) or {}).get('/N') == 4:
                    continue
                if isinstance(s, list) and s[0] == '/Indexed' and ref(objs, s[1]) == '/DeviceCMYK':
                    continue
                problems.append('object %s: colour space %r' % (key, s))
        if d.get('/Subtype') == '/Image' and d.get('/ColorSpace') in ('/DeviceRGB', '/DeviceGray', None) \
                and not d.get('/ImageMask'):
            problems.append('object %s: an image in %s' % (key, d.get('/ColorSpace')))
        if d.get('/Type') == '/FontDescriptor' and not any(f in d for f in ('/FontFile', '/FontFile2', '/FontFile3')):
            problems.append('font %s is not embedded' % d.get('/FontName'))
        if d.get('/SMask') not in (None, '/None') or d.get('/CA', 1) != 1 or d.get('/ca', 1) != 1:
            problems.append('object %s: transparency' % key)
        if 'stream' in o and 'data' in o['stream'] and \
                (key in contents or d.get('/Subtype') == '/Form' or d.get('/PatternType') == 1):
            ops = content_ops(base64.b64decode(o['stream']['data']))
            if ops:
                problems.append('content %s: colour operators %s (only k and K are CMYK)' %
                                (key, ' '.join(sorted(ops))))
    if not pages:
        problems.append('no pages')
    for p in problems:
        print(p)
    return 1 if problems else 0


def pam_pages(data):
    pos = 0
    while pos < len(data):
        end = data.index(b'ENDHDR\n', pos)
        head = data[pos:end].decode()
        w = int(re.search(r'WIDTH (\d+)', head).group(1))
        h = int(re.search(r'HEIGHT (\d+)', head).group(1))
        start = end + 7
        yield data[start:start + w * h * 4]
        pos = start + w * h * 4


def ink(path, limit):
    data = subprocess.run(['gs', '-q', '-dSAFER', '-dBATCH', '-dNOPAUSE', '-sDEVICE=pamcmyk32',
                           '-r50', '-sOutputFile=-', path], check=True, capture_output=True).stdout
    worst = 0
    for px in pam_pages(data):
        for i in range(0, len(px), 4):
            t = px[i] + px[i + 1] + px[i + 2] + px[i + 3]
            if t > worst:
                worst = t
    pct = worst * 100 / 255
    print('%.1f' % pct)
    return 1 if pct > limit + 1 else 0


def ppm(data):
    """A binary PPM's width, height and pixels (comment lines skipped)."""
    fields, pos = [], 0
    while len(fields) < 4:
        while data[pos:pos + 1].isspace():
            pos += 1
        if data[pos:pos + 1] == b'#':
            pos = data.index(b'\n', pos)
            continue
        end = pos
        while not data[end:end + 1].isspace():
            end += 1
        fields.append(data[pos:end])
        pos = end
    return int(fields[1]), int(fields[2]), data[pos + 1:]


def lab(r, g, b):
    def lin(c):
        c /= 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4
    r, g, b = lin(r), lin(g), lin(b)
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883
    f = [t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116 for t in (x, y, z)]
    return 116 * f[1] - 16, 500 * (f[0] - f[1]), 200 * (f[1] - f[2])


def deltae(rgb, rpage, cmyk, cpage):
    a = subprocess.run(['pdftoppm', '-r', '50', '-f', rpage, '-l', rpage, rgb],
                       check=True, capture_output=True).stdout
    b = subprocess.run(['gs', '-q', '-dSAFER', '-dBATCH', '-dNOPAUSE', '-sDEVICE=ppmraw', '-r50',
                        '-dUsePDFX3Profile', '-dFirstPage=' + cpage, '-dLastPage=' + cpage,
                        '-sOutputFile=-', cmyk], check=True, capture_output=True).stdout
    wa, ha, pa = ppm(a)
    wb, hb, pb = ppm(b)
    w, h = min(wa, wb), min(ha, hb)
    cache, diffs = {}, []
    for y in range(h):
        for x in range(w):
            i, j = 3 * (y * wa + x), 3 * (y * wb + x)
            ka, kb = pa[i:i + 3], pb[j:j + 3]
            for k in (ka, kb):
                if k not in cache:
                    cache[k] = lab(*k)
            la, lb = cache[ka], cache[kb]
            diffs.append(sum((p - q) ** 2 for p, q in zip(la, lb)) ** 0.5)
    diffs.sort()
    print('%.2f %.2f' % (sum(diffs) / len(diffs), diffs[int(len(diffs) * 0.95)]))
    return 0


def gradient(path):
    """A converted file's gradients carry the same CMYK as flat colours: each
    end of every shading function (C0, C1) and of every CMYK image's first row
    lies within 8/255 (a pixel's sampling) of a colour some content stream sets with k."""
    objs, _ = objects(path)
    flat, ends = set(), []
    for o in objs.values():
        st = o.get('stream')
        d = st['dict'] if st else o.get('value')
        if isinstance(d, dict) and d.get('/FunctionType') == 2 and len(d.get('/C0', [])) == 4:
            ends += [tuple(round(x * 255) for x in d[k]) for k in ('/C0', '/C1')]
        if not st or 'data' not in st:
            continue
        raw = base64.b64decode(st['data'])
        if d.get('/Subtype') == '/Image':
            if d.get('/ColorSpace') == '/DeviceCMYK' and d.get('/BitsPerComponent') == 8:
                w = d['/Width']
                ends += [tuple(raw[0:4]), tuple(raw[4 * w - 4:4 * w])]
            continue
        for m in re.finditer(rb'([0-9.]+) ([0-9.]+) ([0-9.]+) ([0-9.]+) k', raw):
            flat.add(tuple(round(float(x) * 255) for x in m.groups()))
    bad = [e for e in ends if not any(max(abs(a - b) for a, b in zip(e, f)) <= 8 for f in flat)]
    print('%d gradient ends, %d flat colours, %d ends off every flat colour%s' %
          (len(ends), len(flat), len(bad), (': %s' % bad[:3]) if bad else ''))
    return 1 if bad or not ends else 0


if __name__ == '__main__':
    cmd = sys.argv[1]
    if cmd == 'gradient':
        sys.exit(gradient(sys.argv[2]))
    if cmd == 'inspect':
        sys.exit(inspect(sys.argv[2]))
    if cmd == 'ink':
        sys.exit(ink(sys.argv[2], float(sys.argv[3])))
    if cmd == 'deltae':
        sys.exit(deltae(*sys.argv[2:6]))
    sys.exit(__doc__)
