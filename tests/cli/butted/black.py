# black.py FILE.ppm DPI X0 X1 Y0 Y1: the pure black pixels (every channel under 12:
# the tiles' alignment crosses; the placemat draws nothing that dark) in the
# rectangle X0..X1, Y0..Y1 mm.
import sys
d = open(sys.argv[1], 'rb').read()
parts = d.split(maxsplit=4)
w, h = int(parts[1]), int(parts[2])
px = parts[4][-w * h * 3:]
mm = 25.4 / float(sys.argv[2])
x0, x1 = int(float(sys.argv[3]) / mm), int(float(sys.argv[4]) / mm)
y0, y1 = int(float(sys.argv[5]) / mm), int(float(sys.argv[6]) / mm)
n = 0
for y in range(max(0, y0), min(h, y1)):
    row = px[3 * y * w:3 * (y + 1) * w]
    for x in range(max(0, x0), min(w, x1)):
        if row[3 * x] < 12 and row[3 * x + 1] < 12 and row[3 * x + 2] < 12:
            n += 1
print(n)
