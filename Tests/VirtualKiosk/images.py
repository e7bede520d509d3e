"""Reading and writing the images the virtual kiosk compares, with the
standard library only: QEMU's PPM screendumps, and 8-bit RGB/RGBA PNGs
(what `ebook-fb render` writes). Images are (width, height, rgb bytes)."""
import struct
import zlib


def read_ppm(path):
    with open(path, "rb") as f:
        data = f.read()
    fields, pos = [], 0
    while len(fields) < 4:
        while data[pos:pos + 1].isspace():
            pos += 1
        if data[pos:pos + 1] == b"#":
            pos = data.index(b"\n", pos) + 1
            continue
        end = pos
        while not data[end:end + 1].isspace():
            end += 1
        fields.append(data[pos:end])
        pos = end
    magic, width, height, maxval = fields[0], int(fields[1]), int(fields[2]), int(fields[3])
    if magic != b"P6" or maxval != 255:
        raise ValueError(f"{path}: not an 8-bit binary PPM")
    pixels = data[pos + 1:pos + 1 + width * height * 3]
    return width, height, pixels


def write_png(path, width, height, rgb):
    rows = b"".join(b"\x00" + rgb[y * width * 3:(y + 1) * width * 3] for y in range(height))

    def chunk(kind, body):
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body) & 0xFFFFFFFF)

    with open(path, "wb") as f:
        f.write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
                + chunk(b"IDAT", zlib.compress(rows, 6)) + chunk(b"IEND", b""))


def read_png(path):
    with open(path, "rb") as f:
        data = f.read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError(f"{path}: not a PNG")
    pos, idat = 8, b""
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            width, height, depth, color, _, _, interlace = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            idat += body
        pos += 12 + length
    channels = {2: 3, 6: 4}.get(color)
    if depth != 8 or channels is None or interlace:
        raise ValueError(f"{path}: only 8-bit RGB/RGBA non-interlaced PNGs are read")
    raw = zlib.decompress(idat)
    stride = width * channels
    out = bytearray(height * stride)
    previous = bytearray(stride)
    pos = 0
    for y in range(height):
        kind = raw[pos]
        line = bytearray(raw[pos + 1:pos + 1 + stride])
        pos += 1 + stride
        for i in range(stride):
            left = line[i - channels] if i >= channels else 0
            up = previous[i]
            corner = previous[i - channels] if i >= channels else 0
            if kind == 1:
                line[i] = (line[i] + left) & 255
            elif kind == 2:
                line[i] = (line[i] + up) & 255
            elif kind == 3:
                line[i] = (line[i] + (left + up) // 2) & 255
            elif kind == 4:
                p = left + up - corner
                pa, pb, pc = abs(p - left), abs(p - up), abs(p - corner)
                line[i] = (line[i] + (left if pa <= pb and pa <= pc else up if pb <= pc else corner)) & 255
        out[y * stride:(y + 1) * stride] = line
        previous = line
    if channels == 4:
        out = bytes(b for k in range(0, len(out), 4) for b in out[k:k + 3])
    return width, height, bytes(out)


def differing_pixels(a, b, tolerance=2):
    """How many pixels differ by more than `tolerance` in some channel; None when the sizes differ."""
    (wa, ha, pa), (wb, hb, pb) = a, b
    if (wa, ha) != (wb, hb):
        return None
    if pa == pb:
        return 0
    count = 0
    for k in range(0, len(pa), 3):
        if pa[k:k + 3] != pb[k:k + 3] and max(abs(pa[k + i] - pb[k + i]) for i in range(3)) > tolerance:
            count += 1
    return count


def luma(image):
    width, height, rgb = image
    return [(rgb[k] * 299 + rgb[k + 1] * 587 + rgb[k + 2] * 114) / 1000 for k in range(0, len(rgb), 3)]


def zoom_match(page, zoomed, scale, cx, cy):
    """(correlation, sharpness): how well `zoomed` matches a bilinear
    enlargement of `page` by `scale` around (cx, cy), and its edge energy
    relative to that enlargement's (above 1: drawn sharper than scaled)."""
    width, height, _ = page
    a, z = luma(page), luma(zoomed)
    ox, oy = cx - cx / scale, cy - cy / scale
    up, picked = [], []
    for y in range(0, height - 1, 2):
        for x in range(0, width - 1, 2):
            sx, sy = ox + (x + 0.5) / scale - 0.5, oy + (y + 0.5) / scale - 0.5
            x0, y0 = int(sx), int(sy)
            fx, fy = sx - x0, sy - y0
            x1, y1 = min(x0 + 1, width - 1), min(y0 + 1, height - 1)
            top = a[y0 * width + x0] * (1 - fx) + a[y0 * width + x1] * fx
            bottom = a[y1 * width + x0] * (1 - fx) + a[y1 * width + x1] * fx
            up.append((top * (1 - fy) + bottom * fy, x, y))
            picked.append(z[y * width + x])
    values = [u for u, _, _ in up]
    n = len(values)
    ma, mb = sum(values) / n, sum(picked) / n
    cov = sum((values[i] - ma) * (picked[i] - mb) for i in range(n))
    va = sum((v - ma) ** 2 for v in values)
    vb = sum((v - mb) ** 2 for v in picked)
    correlation = cov / ((va * vb) ** 0.5 or 1)
    # Edge energy along rows: neighbours 2 px apart in both images.
    row = (width - 1 + 1) // 2

    def energy(seq):
        return sum((seq[i + 1] - seq[i]) ** 2 for i in range(len(seq) - 1) if (i + 1) % row) / max(1, len(seq))

    return correlation, energy(picked) / (energy(values) or 1)
