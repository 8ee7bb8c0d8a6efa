"""Seamless pattern maps painted in pure Python (Debian's Blender ships without numpy).

Each map is a small float image kept in memory (never written to disk) that a material samples
with UV coordinates in metres. Channels are data, not colour, except for the wallpaper.
"""
import math
import array
import bpy

_cache = {}


def _hash(*values):
    """Deterministic 0..1 hash of integers (no global random state, so renders are repeatable)."""
    h = 2166136261
    for v in values:
        h = ((h ^ (int(v) & 0xFFFFFFFF)) * 16777619) & 0xFFFFFFFF
        h ^= h >> 13
        h = (h * 1274126177) & 0xFFFFFFFF
    return (h & 0xFFFFFF) / float(0xFFFFFF)


def _image(name, width, height, pixels):
    img = bpy.data.images.new(name, width, height, alpha=True, float_buffer=True)
    img.colorspace_settings.name = 'Non-Color'
    img.pixels.foreach_set(pixels)

    return img


def _smooth(edge0, edge1, x):
    t = max(0.0, min(1.0, (x - edge0) / (edge1 - edge0)))
    return t * t * (3 - 2 * t)


def hex_map(grout=0.035):
    """Pointy-top hexagons. Period covers 8 x 4 hex pairs: width 8*sqrt(3), height 12 (in hex radii).

    R = tile mask (0 in the grout, 1 on the tile), G, B = per-tile random values.
    """
    key = ('hex', grout)
    if key in _cache:
        return _cache[key]
    s3 = math.sqrt(3.0)
    pw, ph = 8 * s3, 12.0
    width = 768
    height = int(round(width * ph / pw))
    px = array.array('f', bytes(4 * 4 * width * height))
    inr = s3 / 2.0
    i = 0
    for yy in range(height):
        y = (yy + 0.5) / height * ph
        for xx in range(width):
            x = (xx + 0.5) / width * pw
            q = (s3 / 3.0 * x - y / 3.0)
            r = 2.0 / 3.0 * y
            # cube rounding
            cx, cz = q, r
            cy = -cx - cz
            rx, ry, rz = round(cx), round(cy), round(cz)
            dx, dy, dz = abs(rx - cx), abs(ry - cy), abs(rz - cz)
            if dx > dy and dx > dz:
                rx = -ry - rz
            elif dy > dz:
                ry = -rx - rz
            else:
                rz = -rx - ry
            hq, hr = rx, rz
            ccx = s3 * (hq + hr / 2.0)
            ccy = 1.5 * hr
            ox, oy = x - ccx, y - ccy
            d = max(abs(ox), abs(0.5 * ox + 0.8660254 * oy), abs(-0.5 * ox + 0.8660254 * oy))
            edge = inr - d
            mask = _smooth(grout * 0.5, grout * 1.6, edge)
            rc = hr % 8
            k = (hr - rc) // 8
            qc = (hq + 4 * k) % 8
            px[i] = mask
            px[i + 1] = _hash(qc, rc, 7)
            px[i + 2] = _hash(qc, rc, 13)
            px[i + 3] = 1.0
            i += 4
    img = _image('hex-map', width, height, px)
    _cache[key] = (img, pw, ph)
    return _cache[key]


def herringbone_map(n=5):
    """Herringbone of n x 1 planks (unit = plank width). Square period 4n x 4n.

    Lattice (1,1) and (n,-n): a cell whose (x - y) mod 2n is below n belongs to a horizontal plank,
    otherwise to a vertical one. R = gap mask, G = wood shade with streaks, B = per-plank random.
    """
    key = ('herringbone', n)
    if key in _cache:
        return _cache[key]
    period = 4 * n
    size = 1024
    px = array.array('f', bytes(4 * 4 * size * size))
    i = 0
    for yy in range(size):
        v = (yy + 0.5) / size * period
        cy = math.floor(v)
        for xx in range(size):
            u = (xx + 0.5) / size * period
            cx = math.floor(u)
            d = (cx - cy) % (2 * n)
            if d < n:
                ix, iy, orient = (cx - d) % period, cy % period, 0
                along = u - (cx - d)
                across = v - cy
            else:
                m = d - n
                ix, iy, orient = cx % period, (cy + m) % period, 1
                along = (cy + m + 1) - v
                across = u - cx
            edge = min(along, n - along, across, 1 - across)
            mask = _smooth(0.004, 0.03, edge)
            tone = _hash(ix, iy, orient)
            phase = _hash(ix, iy, orient, 3) * 6.283
            streak = math.sin(across * 23.0 + 1.7 * math.sin(along * 1.3 + phase) + phase)
            streak2 = math.sin(across * 57.0 + 0.6 * math.sin(along * 2.9 + phase * 2.0))
            shade = 0.5 + 0.32 * (tone - 0.5) + 0.06 * streak + 0.035 * streak2
            px[i] = mask
            px[i + 1] = shade
            px[i + 2] = tone
            px[i + 3] = 1.0
            i += 4
    img = _image('herringbone-map', size, size, px)
    _cache[key] = (img, period)
    return _cache[key]


def floral_wallpaper(background, colors, leaf, name='floral', size=640):
    """A seamless floral wallpaper tile (RGB colour, linear). colors: petal colours; leaf: leaf colour."""
    key = ('floral', name)
    if key in _cache:
        return _cache[key]
    bg = background
    px = array.array('f', [bg[0], bg[1], bg[2], 1.0] * (size * size))

    def plot(cx, cy, radius, shade_fn):
        r = int(radius * size) + 2
        x0, y0 = int(cx * size) - r, int(cy * size) - r
        for yy in range(y0, y0 + 2 * r):
            for xx in range(x0, x0 + 2 * r):
                dx = (xx + 0.5) / size - cx
                dy = (yy + 0.5) / size - cy
                res = shade_fn(dx, dy)
                if res is None:
                    continue
                col, alpha = res
                j = ((yy % size) * size + (xx % size)) * 4
                for c in range(3):
                    px[j + c] = px[j + c] * (1 - alpha) + col[c] * alpha

    def leaf_fn(angle, length, width, col):
        ca, sa = math.cos(angle), math.sin(angle)

        def fn(dx, dy):
            a = dx * ca + dy * sa
            b = -dx * sa + dy * ca
            if a < 0 or a > length:
                return None
            half = width * math.sin(math.pi * a / length)
            if abs(b) > half:
                return None
            vein = 0.85 if abs(b) < width * 0.06 else 1.0
            edge = _smooth(0.0, 0.004, half - abs(b))
            return ([c * vein for c in col], edge)
        return fn

    def flower_fn(radius, petals, col, centre, rot):
        def fn(dx, dy):
            rr = math.hypot(dx, dy)
            if rr > radius:
                return None
            th = math.atan2(dy, dx) + rot
            shape = radius * (0.55 + 0.45 * abs(math.cos(petals * th / 2.0)))
            if rr > shape:
                return None
            if rr < radius * 0.22:
                return (centre, 1.0)
            shade = 0.8 + 0.2 * (rr / shape)
            return ([c * shade for c in col], _smooth(0.0, 0.004, shape - rr))
        return fn

    motifs = [
        (0.25, 0.22, 0.085), (0.75, 0.70, 0.095), (0.70, 0.18, 0.05), (0.22, 0.74, 0.055),
        (0.48, 0.47, 0.04), (0.02, 0.47, 0.045),
    ]
    for k, (cx, cy, rad) in enumerate(motifs):
        for j in range(3):
            ang = _hash(k, j, 5) * 6.283
            plot(cx, cy, rad * 2.2, leaf_fn(ang, rad * 1.9, rad * 0.45, leaf))
    for k, (cx, cy, rad) in enumerate(motifs):
        col = colors[k % len(colors)]
        centre = [c * 0.45 for c in colors[(k + 1) % len(colors)]]
        plot(cx, cy, rad, flower_fn(rad, 5 + (k % 2), col, centre, _hash(k, 9) * 3))
    img = bpy.data.images.new('wallpaper-' + name, size, size, alpha=True, float_buffer=True)
    img.colorspace_settings.name = 'Linear'
    img.pixels.foreach_set(px)

    _cache[key] = img
    return img
