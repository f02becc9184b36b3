# pngcheck.py FILE.png [OTHER.png]: read a PNG strictly (signature, every chunk's
# CRC, IHDR 8-bit RGB, sRGB before IDAT, one zlib stream whose Adler-32 zlib
# checks, exactly the rows the header promises, known filters) and print
# "W H FILTERS" (the filter types used, e.g. "0" or "0,1"); with OTHER (any
# 8-bit RGB PNG, e.g. one rsvg-convert wrote), also "same" or "differ" for every
# pixel of both (all three channels). Exit 1 on a bad file. Plain Python (zlib, struct): the test machines have no image library.
import struct, sys, zlib


def load(path, strict):
    d = open(path, 'rb').read()
    if d[:8] != b'\x89PNG\r\n\x1a\n':
        sys.exit('%s: not a PNG signature' % path)
    pos, idat, seen, w = 8, b'', [], None
    while pos < len(d):
        n, t = struct.unpack('>I4s', d[pos:pos + 8])
        body = d[pos + 8:pos + 8 + n]
        crc, = struct.unpack('>I', d[pos + 8 + n:pos + 12 + n])
        if zlib.crc32(t + body) != crc:
            sys.exit('%s: bad CRC in %s' % (path, t))
        seen.append(t)
        if t == b'IHDR':
            w, h, depth, ctype, comp, filt, lace = struct.unpack('>IIBBBBB', body)
            if (depth, ctype, comp, filt, lace) != (8, 2, 0, 0, 0):
                sys.exit('%s: not 8-bit RGB' % path)
        elif t == b'IDAT':
            idat += body
        pos += 12 + n
    if seen[0] != b'IHDR' or seen[-1] != b'IEND' or (strict and b'sRGB' not in seen[:seen.index(b'IDAT')]):
        sys.exit('%s: chunks out of order: %s' % (path, seen))
    z = zlib.decompressobj()
    raw = z.decompress(idat)
    if not z.eof or z.unused_data:
        sys.exit('%s: the zlib stream does not end with the IDAT data' % path)
    stride = 3 * w
    if len(raw) != (stride + 1) * h:
        sys.exit('%s: %d bytes of rows, not %d' % (path, len(raw), (stride + 1) * h))
    rows, prev, filters = [], bytearray(stride), set()
    for y in range(h):
        i = y * (stride + 1)
        f, line = raw[i], bytearray(raw[i + 1:i + 1 + stride])
        filters.add(f)
        if f == 1:
            for x in range(3, stride):
                line[x] = (line[x] + line[x - 3]) & 255
        elif f == 2 and not strict:
            line = bytearray((a + b) & 255 for a, b in zip(line, prev))
        elif f in (3, 4) and not strict:
            for x in range(stride):
                a = line[x - 3] if x >= 3 else 0
                b, c = prev[x], prev[x - 3] if x >= 3 else 0
                if f == 3:
                    line[x] = (line[x] + (a + b) // 2) & 255
                else:
                    p = a + b - c
                    pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                    line[x] = (line[x] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        elif f != 0:
            sys.exit('%s: filter %d (the encoder writes 0 and 1)' % (path, f))
        rows.append(bytes(line))
        prev = line
    return w, h, filters, rows


a = load(sys.argv[1], True)
out = '%d %d %s' % (a[0], a[1], ','.join(str(f) for f in sorted(a[2])))
if len(sys.argv) > 2:
    b = load(sys.argv[2], False)
    out += ' same' if (a[0], a[1], a[3]) == (b[0], b[1], b[3]) else ' differ'
print(out)
