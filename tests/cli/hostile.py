#!/usr/bin/env python3
"""Hostile files for tests/cli/hostile.sh, written by the test itself (nothing
large is kept in git).  hostile.py DIR: writes every case into DIR;
hostile.py png FILE W H: one blank PNG of W x H pixels;
hostile.py csv ROUTES DIR: data files from the signal-box ROUTES, each hostile."""
import base64
import os
import struct
import sys
import zlib


def png(w, h):
    """A 1-bit grey PNG of w x h pixels, all zeros: tiny on disk, huge decoded."""
    def chunk(t, d):
        return struct.pack('>I', len(d)) + t + d + struct.pack('>I', zlib.crc32(t + d) & 0xffffffff)
    row = b'\0' * (1 + (w + 7) // 8)
    z = zlib.compressobj(9)
    data = b''.join(z.compress(row) for _ in range(h)) + z.flush()
    ihdr = struct.pack('>IIBBBBB', w, h, 1, 0, 0, 0, 0)
    return b'\x89PNG\r\n\x1a\n' + chunk(b'IHDR', ihdr) + chunk(b'IDAT', data) + chunk(b'IEND', b'')


def jpeg_header(w, h):
    """The start of a baseline JPEG: SOI, an APP0, SOF0 of w x h (no image data)."""
    app0 = b'\xff\xe0' + struct.pack('>H', 16) + b'JFIF\0\x01\x01\0\0\x01\0\x01\0\0'
    sof = b'\xff\xc0' + struct.pack('>HBHHB', 11, 8, h, w, 1) + b'\x01\x11\x00'
    return b'\xff\xd8' + app0 + sof + b'\xff\xd9'


SVG = '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" ' \
      'xmlns:xi="http://www.w3.org/2001/XInclude" width="%d" height="%d">%s</svg>'


def svg(body, w=100, h=100):
    return SVG % (w, h, body)


def cases():
    big = png(30000, 30000)
    blur = '<filter id="f"><feGaussianBlur stdDeviation="50"/></filter>'
    turb = '<filter id="f"><feTurbulence baseFrequency="0.05" numOctaves="10"/></filter>'
    uses = ''.join('<g id="l%d">%s</g>' % (i + 1, '<use href="#l%d"/>' % i * 5) for i in range(12))
    return {
        'bomb.png': png(20000, 20000),
        'big.png': big,
        'big.jpg': jpeg_header(30000, 30000),
        'text.txt': b'x' * 4000000,
        'blur.svg': svg(blur + '<rect width="20000" height="20000" filter="url(#f)"/>', 20000, 20000),
        'turbulence.svg': svg(turb + '<rect width="5000" height="5000" filter="url(#f)"/>', 5000, 5000),
        'region.svg': svg('<filter id="f" filterUnits="userSpaceOnUse" x="0" y="0" width="100000" '
                          'height="100000"><feGaussianBlur stdDeviation="5"/></filter>'
                          '<rect width="100" height="100" filter="url(#f)"/>'),
        'scaled.svg': svg('<filter id="f" x="-100%" y="-100%" width="400%" height="400%">'
                          '<feGaussianBlur stdDeviation="200"/><feMorphology radius="60"/></filter>'
                          '<g transform="scale(3000)"><rect width="100" height="100" filter="url(#f)"/></g>',
                          4000, 4000),
        'uses.svg': svg('<defs><g id="l0"><rect width="1" height="1"/></g>' + uses +
                        '</defs><use href="#l12"/>', 1000, 1000),
        'self.svg': svg('<xi:include href="self.svg"/>'),
        'include.svg': svg('<text><xi:include href="text.txt" parse="text"/></text>'),
        'image-big.svg': svg('<image xlink:href="big.png" width="100" height="100"/>'),
        'image-jpeg.svg': svg('<image href="big.jpg" width="100" height="100"/>'),
        'data-big.svg': svg('<image href="data:image/png;base64,%s" width="100" height="100"/>'
                            % base64.b64encode(big).decode()),
        'laughs.svg': '<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY a "aaaaaaaaaa">'
                      '<!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]>' + svg('<text>&b;</text>'),
        'xxe.svg': '<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY x SYSTEM "file:///etc/passwd">]>'
                   + svg('<text>&x;</text>'),
        'outside.svg': svg('<image href="../../secret.png" width="10" height="10"/>'),
        'remote.svg': svg('<image href="http://example.com/a.png" width="10" height="10"/>'),
        'deep.svg': svg('<g>' * 200 + '</g>' * 200),
        'many.svg': svg('<g/>' * 200000),
        'css.svg': svg('<style>@import url(other.css);</style>'),
        'url.svg': svg('<rect width="10" height="10" fill="url(other.svg#g)"/>'),
        'nest.svg': svg('<image href="nest.svg" width="10" height="10"/>'),
        'huge.png': b'\0' * (33 << 20),
    }


def csv_cases(routes):
    """Data files: each has one hostile value on line 3 of the signal-box CSV."""
    head = routes.split('\n')[:2]
    def row(value):
        return '\n'.join(head + ['AB,%s,"flavour"' % value]) + '\n'
    lines = head + ['AB,"a, b","x"y"']
    return {
        'bidi.csv': row('Ashby \u202e yard'),
        'zero-width.csv': row('Ash\u200bby'),
        'line-separator.csv': row('Ash\u2028by'),
        'bom.csv': row('Ash\ufeffby'),
        'bell.csv': row('bell\x07'),
        'escape.csv': row('\x1b[31mred'),
        'nul.csv': row('nu\0l'),
        'utf8.csv': row('bad\udcff'),
        'marks.csv': row('A' + '\u0301' * 20000),
        'long.csv': row('x' * 3000),
        'cr.csv': '\r'.join(lines) + '\r',
        'crlf.csv': '\r\n'.join(lines) + '\r\n',
        'wide.csv': '\n'.join(head) + '\n' + 'AB' + ',' * 1900000 + '\n',
        'rows.csv': head[0] + '\n' + 'AB,x,y\n' * 100001,
        'columns.csv': ','.join(['code', 'route', 'flavour'] + ['c%d' % i for i in range(62)]) + '\n',
        'big.csv': head[0] + '\n' + ('AB,x,"%s"\n' % ('y' * 1000)) * 4200,
    }


def main():
    if sys.argv[1] == 'csv':
        with open(sys.argv[2], encoding='utf-8') as f:
            routes = f.read()
        for name, text in csv_cases(routes).items():
            with open(os.path.join(sys.argv[3], name), 'wb') as f:
                f.write(text.encode('utf-8', 'surrogateescape'))
        return
    if sys.argv[1] == 'png':
        with open(sys.argv[2], 'wb') as f:
            f.write(png(int(sys.argv[3]), int(sys.argv[4])))
        return
    d = sys.argv[1]
    os.makedirs(d, exist_ok=True)
    for name, data in cases().items():
        with open(os.path.join(d, name), 'wb') as f:
            f.write(data.encode() if isinstance(data, str) else data)


main()
