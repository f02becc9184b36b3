#!/usr/bin/env python3
"""pixel.py FILE.ppm X Y ...: print the colour at each (x, y) pixel as #rrggbb.
A binary PPM (P6) reader for the render tests, which read pdftoppm output back."""
import sys


def read_ppm(path):
    data = open(path, 'rb').read()
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
    if fields[0] != b'P6' or int(fields[3]) != 255:
        sys.exit('pixel.py: %s is not an 8-bit binary PPM' % path)
    return int(fields[1]), int(fields[2]), data[pos + 1:]


if __name__ == '__main__':
    w, h, px = read_ppm(sys.argv[1])
    args = [int(a) for a in sys.argv[2:]]
    for x, y in zip(args[0::2], args[1::2]):
        i = 3 * (y * w + x)
        print('#%02x%02x%02x' % tuple(px[i:i + 3]))
