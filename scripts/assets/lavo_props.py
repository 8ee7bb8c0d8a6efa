"""Props that make a style readable: plants, stools, baskets, vessels, bottles, rugs, art, toys.

Builders take a world position (x, y, z = floor or surface height) and return objects.
"""
import math
import bmesh
from mathutils import Vector, Matrix
from lavo_build import (labelled, box, cylinder, sphere, torus, tube, poly_tube, lathe, from_bmesh, solidify, subsurf,
                        open_shell, point_light)
from lavo_materials import material, metal, plain, rgb, scale_rgb
from lavo_patterns import _hash

GREEN = (0.07, 0.16, 0.05)


def _rand(*k):
    return _hash(*k)


# ---------------------------------------------------------------- leaves and plants

def _leaf_into(bm, base, yaw, pitch, length, width, droop=0.3, twist=0.0, segs=6, shape='lance'):
    """Add one leaf (a bent strip with a folded midrib) to a bmesh."""
    d = Vector((math.cos(yaw) * math.cos(pitch), math.sin(yaw) * math.cos(pitch), math.sin(pitch)))
    side = Vector((-math.sin(yaw), math.cos(yaw), 0.0))
    rows = []
    for i in range(segs + 1):
        t = i / segs
        if shape == 'round':
            wdt = width * math.sin(math.pi * min(1.0, t * 1.05)) ** 0.6
        elif shape == 'sword':
            wdt = width * (1.0 - t ** 3) * (0.6 + 0.4 * math.sin(math.pi * min(1, t + 0.2)))
        else:
            wdt = width * math.sin(math.pi * t) * (1.0 - 0.3 * t)
        p = base + d * (length * t) + Vector((0, 0, -droop * length * t * t))
        s = side * math.cos(twist * t) + Vector((0, 0, 1)) * math.sin(twist * t) * 0.5
        fold = Vector((0, 0, wdt * 0.25))
        rows.append([bm.verts.new(p - s * wdt + fold * 0.0), bm.verts.new(p + Vector((0, 0, -wdt * 0.15))), bm.verts.new(p + s * wdt)])
    for i in range(segs):
        a, b = rows[i], rows[i + 1]
        bm.faces.new((a[0], a[1], b[1], b[0]))
        bm.faces.new((a[1], a[2], b[2], b[1]))


def pot(x, y, z, r, h, mat, soil=True):
    objs = [lathe([(r * 0.75, 0.0), (r * 0.8, 0.01), (r, h * 0.92), (r * 1.04, h), (r * 0.93, h), (r * 0.9, h * 0.9), (0.001, h * 0.85)],
                  mat, x=x, y=y, z=z)]
    if soil:
        objs.append(cylinder(x, y, z + h * 0.86, r * 0.9, 0.005, plain((0.05, 0.035, 0.025), 0.9)))
    return objs


@labelled('prop')
def plant(kind, x, y, z, scale=1.0, pot_mat=None, seed=1):
    """kind: snake, olive, eucalyptus, fern, bamboo, orchid, trailing, lavender, cotton, monstera, branches."""
    objs = []
    leaf_col = {'olive': (0.16, 0.2, 0.1), 'eucalyptus': (0.2, 0.3, 0.24), 'lavender': (0.2, 0.26, 0.14),
                'snake': (0.05, 0.13, 0.04), 'fern': (0.1, 0.24, 0.05), 'bamboo': (0.12, 0.24, 0.06)}.get(kind, GREEN)
    leaf = material({'kind': 'leaf', 'color': leaf_col})
    pm = pot_mat or plain((0.85, 0.84, 0.8), 0.35)
    bm = bmesh.new()
    s = scale
    if kind in ('eucalyptus', 'lavender', 'cotton', 'branches'):
        # stems in a vase
        vase = pot_mat or material({'kind': 'solid-glass'})
        objs.append(lathe([(0.045 * s, 0.0), (0.06 * s, 0.05 * s), (0.055 * s, 0.16 * s), (0.03 * s, 0.22 * s), (0.035 * s, 0.25 * s), (0.028 * s, 0.25 * s), (0.001, 0.01)],
                          vase, x=x, y=y, z=z))
        stem = plain((0.22, 0.2, 0.12) if kind != 'lavender' else (0.15, 0.2, 0.1), 0.6)
        n = {'eucalyptus': 7, 'lavender': 22, 'cotton': 5, 'branches': 6}[kind]
        for i in range(n):
            a = _rand(seed, i) * 6.283
            tilt = 0.15 + 0.35 * _rand(seed, i, 2)
            top = Vector((x + math.cos(a) * tilt * 0.5 * s, y + math.sin(a) * tilt * 0.5 * s, z + (0.55 + 0.25 * _rand(seed, i, 3)) * s))
            mid = Vector((x + math.cos(a) * tilt * 0.2 * s, y + math.sin(a) * tilt * 0.2 * s, z + 0.35 * s))
            objs.append(tube([(x, y, z + 0.15 * s), tuple(mid), tuple(top)], 0.0025 * s, stem))
            if kind == 'lavender':
                lav = plain((0.33, 0.22, 0.55), 0.7, bump=0.5, bump_scale=400.0)
                objs.append(cylinder(top.x, top.y, top.z, 0.006 * s, 0.07 * s, lav, r2=0.003 * s, verts=8))
            elif kind == 'cotton':
                for k in range(3):
                    off = Vector((0.03 * math.cos(k * 2.1 + a), 0.03 * math.sin(k * 2.1 + a), 0.02 * k)) * s
                    objs.append(sphere(top.x + off.x, top.y + off.y, top.z + off.z, 0.025 * s, plain((0.95, 0.94, 0.9), 0.9, bump=0.6, bump_scale=80.0)))
            else:
                for k in range(9):
                    t = 0.3 + 0.7 * k / 8
                    p = mid.lerp(top, t)
                    yaw = a + (1 if k % 2 else -1) * 1.3 + _rand(seed, i, k) * 0.5
                    if kind == 'eucalyptus':
                        _leaf_into(bm, p, yaw, -0.2, 0.045 * s, 0.022 * s, droop=0.2, segs=4, shape='round')
                    else:
                        _leaf_into(bm, p, yaw, 0.1, 0.06 * s, 0.01 * s, droop=0.3, segs=4)
    elif kind == 'snake':
        objs += pot(x, y, z, 0.13 * s, 0.3 * s, pm)
        for i in range(14):
            a = _rand(seed, i) * 6.283
            r = 0.06 * s * _rand(seed, i, 1)
            base = Vector((x + math.cos(a) * r, y + math.sin(a) * r, z + 0.27 * s))
            _leaf_into(bm, base, a, math.radians(80 - 12 * _rand(seed, i, 2)), (0.45 + 0.35 * _rand(seed, i, 3)) * s, 0.03 * s,
                       droop=0.0, twist=1.2 * (_rand(seed, i, 4) - 0.5), segs=7, shape='sword')
    elif kind in ('fern', 'trailing', 'hanging'):
        if kind != 'hanging':
            objs += pot(x, y, z, 0.11 * s, 0.22 * s, pm)
            base_z = z + 0.2 * s
        else:
            base_z = z
        nfr = 12 if kind == 'fern' else 9
        for i in range(nfr):
            a = _rand(seed, i) * 6.283
            ln = (0.45 + 0.25 * _rand(seed, i, 1)) * s
            if kind == 'fern':
                pitch = math.radians(25 + 40 * _rand(seed, i, 2))
                d = Vector((math.cos(a) * math.cos(pitch), math.sin(a) * math.cos(pitch), math.sin(pitch)))
                for k in range(14):
                    t = k / 14
                    p = Vector((x, y, base_z)) + d * ln * t + Vector((0, 0, -0.35 * ln * t * t))
                    for sgn in (-1, 1):
                        _leaf_into(bm, p, a + sgn * 1.2, -0.1, 0.07 * s * (1 - t * 0.7), 0.012 * s, droop=0.3, segs=3)
            else:
                # trailing vines: heart-ish leaves down a hanging strand
                drop = ln * (1.6 if kind == 'hanging' else 1.2)
                for k in range(12):
                    t = k / 11
                    out = 0.12 * s + 0.05 * s * t
                    p = Vector((x + math.cos(a) * out, y + math.sin(a) * out, base_z + 0.03 * s - drop * t))
                    _leaf_into(bm, p, a + _rand(seed, i, k) * 2.5, -0.4, 0.055 * s, 0.03 * s, droop=0.1, segs=3, shape='round')
    elif kind == 'orchid':
        objs += pot(x, y, z, 0.06 * s, 0.12 * s, pm)
        for i in range(4):
            a = i * 1.7
            _leaf_into(bm, Vector((x, y, z + 0.12 * s)), a, 0.2, 0.17 * s, 0.035 * s, droop=0.6, segs=5, shape='round')
        stem = plain((0.25, 0.3, 0.15), 0.6)
        for i in range(2):
            a = 0.6 + i * 2.4
            pts = [(x, y, z + 0.12 * s), (x + 0.02 * math.cos(a) * s, y + 0.02 * math.sin(a) * s, z + 0.35 * s),
                   (x + 0.12 * math.cos(a) * s, y + 0.12 * math.sin(a) * s, z + 0.45 * s)]
            objs.append(tube(pts, 0.003 * s, stem))
            petal = plain((0.95, 0.93, 0.95), 0.4)
            for k in range(5):
                t = 0.4 + 0.6 * k / 4
                px = x + (0.02 + 0.1 * t) * math.cos(a) * s
                py = y + (0.02 + 0.1 * t) * math.sin(a) * s
                pz = z + (0.33 + 0.1 * t) * s - 0.02 * s
                objs.append(sphere(px, py, pz, 0.03 * s, petal, scale=(1, 0.35, 1)))
    elif kind == 'bamboo':
        objs += pot(x, y, z, 0.14 * s, 0.3 * s, pm)
        cane = plain((0.55, 0.55, 0.25), 0.45)
        for i in range(7):
            a = _rand(seed, i) * 6.283
            r = 0.07 * s * _rand(seed, i, 1)
            bx, by = x + math.cos(a) * r, y + math.sin(a) * r
            h = (1.2 + 0.5 * _rand(seed, i, 2)) * s
            objs.append(cylinder(bx, by, z + 0.28 * s, 0.011 * s, h, cane, verts=10))
            for k in range(int(h / 0.25)):
                objs.append(torus(bx, by, z + 0.28 * s + (k + 1) * 0.25, 0.011 * s, 0.003, cane, axis='Z', segments=12))
                for j in range(2):
                    yaw = _rand(seed, i, k, j) * 6.283
                    _leaf_into(bm, Vector((bx, by, z + 0.28 * s + (k + 1) * 0.25)), yaw, 0.3, 0.16 * s, 0.014 * s, droop=0.5, segs=4)
    elif kind == 'olive':
        objs += pot(x, y, z, 0.2 * s, 0.38 * s, pm)
        bark = plain((0.2, 0.16, 0.11), 0.8, bump=0.8, bump_scale=60.0)
        objs.append(tube([(x, y, z + 0.3 * s), (x + 0.03 * s, y, z + 0.8 * s), (x - 0.02 * s, y + 0.02 * s, z + 1.2 * s)], 0.025 * s, bark))
        for c in range(6):
            a = c * 1.1 + _rand(seed, c) * 0.5
            cx = x + math.cos(a) * 0.2 * s
            cy = y + math.sin(a) * 0.2 * s
            cz = z + (1.2 + 0.35 * _rand(seed, c, 1)) * s
            objs.append(tube([(x, y, z + 1.0 * s), (cx, cy, cz)], 0.008 * s, bark))
            for k in range(60):
                p = Vector((cx + (_rand(seed, c, k, 1) - 0.5) * 0.4 * s, cy + (_rand(seed, c, k, 2) - 0.5) * 0.4 * s, cz + (_rand(seed, c, k, 3) - 0.5) * 0.3 * s))
                _leaf_into(bm, p, _rand(seed, c, k, 4) * 6.283, (_rand(seed, c, k, 5) - 0.6) * 1.5, 0.07 * s, 0.01 * s, droop=0.2, segs=3)
    elif kind == 'monstera':
        objs += pot(x, y, z, 0.16 * s, 0.32 * s, pm)
        for i in range(9):
            a = _rand(seed, i) * 6.283
            pitch = math.radians(20 + 50 * _rand(seed, i, 1))
            _leaf_into(bm, Vector((x, y, z + 0.3 * s)), a, pitch, 0.55 * s, 0.11 * s, droop=0.5, segs=6, shape='round')
    if len(bm.verts):
        obj = from_bmesh(bm, leaf, 'leaves', smooth=True)
        solidify(obj, 0.0008, 0.0)
        objs.append(obj)
    else:
        bm.free()
    return objs


# ---------------------------------------------------------------- furniture and objects

@labelled('prop')
def stool(kind, x, y, z=0.0, mat=None, accent=None):
    objs = []
    if kind == 'velvet':
        fab = material({'kind': 'fabric', 'color': tuple(rgb(accent or '#6B2D5C'))})
        objs.append(cylinder(x, y, 0.08, 0.2, 0.3, fab, bev=0.04, verts=40))
        for k in range(4):
            a = k * math.pi / 2 + 0.7
            objs.append(cylinder(x + 0.14 * math.cos(a), y + 0.14 * math.sin(a), 0.0, 0.012, 0.09, mat, verts=10))
    elif kind == 'step':
        objs.append(box(x - 0.2, y - 0.13, 0.0, x + 0.2, y + 0.13, 0.22, mat, bev=0.02))
        objs.append(box(x - 0.2, y + 0.02, 0.22, x + 0.2, y + 0.13, 0.38, mat, bev=0.02))
    elif kind == 'bunny':
        objs.append(box(x - 0.2, y - 0.13, 0.0, x + 0.2, y + 0.13, 0.22, mat, bev=0.03))
        for sx in (-1, 1):
            objs.append(sphere(x + sx * 0.06, y + 0.1, 0.34, 0.045, mat, scale=(0.6, 0.4, 2.3)))
        objs.append(sphere(x, y + 0.1, 0.24, 0.08, mat, scale=(1.0, 0.5, 0.9)))
    elif kind == 'bath':
        # low wooden bath stool (Japanese style)
        objs.append(box(x - 0.2, y - 0.13, 0.2, x + 0.2, y + 0.13, 0.24, mat, bev=0.01))
        for sx in (-1, 1):
            objs.append(box(x + sx * 0.17 - 0.02, y - 0.12, 0.0, x + sx * 0.17 + 0.02, y + 0.12, 0.2, mat, bev=0.006))
    else:  # wooden round stool on three legs
        objs.append(cylinder(x, y, 0.42, 0.16, 0.035, mat, bev=0.01, verts=40))
        for k in range(3):
            a = k * 2.094 + 0.4
            objs.append(tube([(x + 0.1 * math.cos(a), y + 0.1 * math.sin(a), 0.42), (x + 0.15 * math.cos(a), y + 0.15 * math.sin(a), 0.0)], 0.016, mat))
        objs.append(torus(x, y, 0.16, 0.13, 0.008, mat, axis='Z', segments=30))
    return objs


@labelled('prop')
def basket(x, y, z, r=0.17, h=0.3, kind='knit', colour='#D9D4CA'):
    if kind == 'knit':
        mat = material({'kind': 'rope', 'color': tuple(rgb(colour))})
    elif kind == 'galvanised':
        mat = metal('steel')
    else:
        mat = material({'kind': 'rattan'})
    objs = [open_shell(x, y, z, r * 2, r * 2, h, mat, thickness=0.01, levels=3)]
    if kind == 'galvanised':
        objs.append(torus(x, y, z + h, r * 0.98, 0.006, mat, axis='Z'))
        objs.append(tube([(x - r, y, z + h * 0.9), (x, y, z + h + 0.15), (x + r, y, z + h * 0.9)], 0.003, mat))
    return objs


@labelled('prop')
def bottle(x, y, z, colour=(0.9, 0.9, 0.88), h=0.18, r=0.033, pump_mat=None, glass=False):
    mat = material({'kind': 'solid-glass', 'tint': tuple(rgb(colour))}) if glass else plain(colour, 0.25)
    objs = [lathe([(r * 0.9, 0.0), (r, 0.01), (r, h * 0.8), (r * 0.5, h * 0.92), (r * 0.35, h), (0.001, h)], mat, x=x, y=y, z=z)]
    if pump_mat is not None:
        objs.append(cylinder(x, y, z + h, 0.008, 0.04, pump_mat, verts=12))
        objs.append(poly_tube([(x, y, z + h + 0.04), (x, y - 0.035, z + h + 0.04)], 0.005, pump_mat))
    return objs


@labelled('prop')
def vase(x, y, z, kind, mat, scale=1.0):
    s = scale
    profiles = {
        'sculptural': [(0.04, 0.0), (0.09, 0.08), (0.07, 0.18), (0.035, 0.26), (0.05, 0.32), (0.042, 0.32), (0.001, 0.02)],
        'jar': [(0.06, 0.0), (0.08, 0.04), (0.085, 0.12), (0.05, 0.17), (0.05, 0.19), (0.001, 0.19)],
        'vessel': [(0.05, 0.0), (0.11, 0.05), (0.12, 0.1), (0.08, 0.16), (0.07, 0.16), (0.001, 0.02)],
        'bottle': [(0.04, 0.0), (0.05, 0.12), (0.015, 0.2), (0.015, 0.26), (0.001, 0.26)],
        'urn': [(0.07, 0.0), (0.12, 0.1), (0.13, 0.2), (0.08, 0.3), (0.09, 0.34), (0.001, 0.32)],
    }
    prof = [(r * s, h * s) for (r, h) in profiles[kind]]
    return [lathe(prof, mat, x=x, y=y, z=z)]


@labelled('prop')
def tray(x, y, z, w, d, mat):
    return [box(x - w / 2, y - d / 2, z, x + w / 2, y + d / 2, z + 0.006, mat, bev=0.002),
            box(x - w / 2, y - d / 2, z, x + w / 2, y - d / 2 + 0.006, z + 0.025, mat, bev=0.002),
            box(x - w / 2, y + d / 2 - 0.006, z, x + w / 2, y + d / 2, z + 0.025, mat, bev=0.002),
            box(x - w / 2, y - d / 2, z, x - w / 2 + 0.006, y + d / 2, z + 0.025, mat, bev=0.002),
            box(x + w / 2 - 0.006, y - d / 2, z, x + w / 2, y + d / 2, z + 0.025, mat, bev=0.002)]


@labelled('prop')
def candle(x, y, z, r=0.04, h=0.08):
    return [cylinder(x, y, z, r, h, plain((0.9, 0.88, 0.82), 0.4), verts=24),
            cylinder(x, y, z + h, 0.002, 0.012, plain((0.05, 0.05, 0.05), 0.8), verts=6)]


@labelled('fabric')
def rug(x0, y0, x1, y1, spec):
    return [box(x0, y0, 0.0, x1, y1, 0.012, material(spec), bev=0.004)]


@labelled('prop')
def duck(x, y, z, s=1.0, yaw=0.0):
    yel = plain((0.9, 0.65, 0.02), 0.25)
    objs = [sphere(x, y, z + 0.035 * s, 0.045 * s, yel, scale=(1.2, 1.0, 0.75)),
            sphere(x + 0.03 * s * math.cos(yaw), y + 0.03 * s * math.sin(yaw), z + 0.08 * s, 0.028 * s, yel),
            sphere(x + 0.058 * s * math.cos(yaw), y + 0.058 * s * math.sin(yaw), z + 0.077 * s, 0.012 * s, plain((0.9, 0.3, 0.02), 0.3), scale=(1.4, 1.0, 0.5))]
    return objs


@labelled('prop')
def driftwood(x, y, z, length=0.6):
    wood = plain((0.42, 0.38, 0.32), 0.85, bump=0.6, bump_scale=40.0)
    return [tube([(x - length / 2, y, z + 0.02), (x - length / 6, y + 0.02, z + 0.035), (x + length / 5, y - 0.015, z + 0.025), (x + length / 2, y + 0.01, z + 0.03)], 0.022, wood),
            tube([(x + 0.05, y, z + 0.03), (x + 0.12, y - 0.05, z + 0.08), (x + 0.16, y - 0.08, z + 0.1)], 0.01, wood)]


@labelled('prop')
def ladder(x, y, lean_top_y, height, mat, width=0.45):
    """A towel ladder leaning on a wall: feet at y, top touching the wall at lean_top_y."""
    objs = []
    for sx in (-1, 1):
        objs.append(poly_tube([(x + sx * width / 2, y, 0.0), (x + sx * width / 2, lean_top_y, height)], 0.016, mat))
    for k in range(5):
        t = (k + 1) / 6
        yy = y + (lean_top_y - y) * t
        objs.append(poly_tube([(x - width / 2, yy, height * t), (x + width / 2, yy, height * t)], 0.011, mat))
    return objs


@labelled('prop')
def frame_art(x, y, z, w, h, frame_mat, art_spec, wall_normal_y=-1):
    """A framed picture hanging on a back-facing wall plane at y (faces -Y)."""
    objs = [box(x - w / 2, y - 0.02, z - h / 2, x + w / 2, y, z + h / 2, frame_mat, bev=0.003),
            box(x - w / 2 + 0.03, y - 0.021, z - h / 2 + 0.03, x + w / 2 - 0.03, y - 0.02, z + h / 2 - 0.03, material(art_spec))]
    return objs


@labelled('prop')
def macrame(x, y, z, width=0.4, colour='#EDE3D3'):
    rope = material({'kind': 'rope', 'color': tuple(rgb(colour))})
    wood = plain((0.35, 0.24, 0.14), 0.6)
    objs = [cylinder(x - width / 2 - 0.05, y - 0.02, z, 0.012, width + 0.1, wood, axis='X', verts=12)]
    n = 12
    for i in range(n):
        t = i / (n - 1)
        xx = x - width / 2 + width * t
        vz = z - 0.25 - 0.12 * (1 - abs(2 * t - 1))
        objs.append(tube([(xx, y - 0.02, z), (xx + (0.5 - t) * 0.05, y - 0.022, z - 0.25 + 0.1 * abs(2 * t - 1)), (xx, y - 0.02, vz - 0.2)], 0.005, rope))
    return objs


@labelled('prop')
def rocket_hook(x, y, z, colour):
    c = plain(colour, 0.35)
    return [cylinder(x, y, z - 0.06, 0.022, 0.11, c, verts=20), cylinder(x, y, z + 0.05, 0.022, 0.05, plain((0.9, 0.2, 0.15), 0.35), r2=0.001, verts=20),
            cylinder(x, y - 0.0, z - 0.02, 0.006, 0.05, plain((0.95, 0.95, 0.95), 0.3), axis='Y', verts=10)]


@labelled('light')
def exposed_bulbs(xs, y, ceiling, z, metal_mat, energy=14.0):
    from lavo_fixtures import pendant
    objs = []
    for k, x in enumerate(xs):
        objs += pendant(x, y, z - 0.06 * (k % 2), ceiling, 'bulb', metal_mat, energy=energy)
    return objs
