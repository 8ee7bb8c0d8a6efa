"""Bathroom fixtures: vanity, basin, taps, mirror, toilet, baths, shower, window, lights, towels.

Each builder models its fixture in a local frame — the wall face is the plane y = 0, the room lies
towards -Y, x runs along the wall, z up from the floor — and returns the list of objects, which
lavo_build.group() places on a wall.
"""
import math
import bmesh
from mathutils import Vector
from lavo_build import (labelled, box, cylinder, sphere, torus, tube, poly_tube, open_shell, lathe, outline, flat_shape,
                        point_light, area_light, from_bmesh, subsurf, solidify, bevel)
from lavo_materials import material, metal, ceramic, plain, rgb, scale_rgb


# ---------------------------------------------------------------- vanity and basins

@labelled('vanity')
def vanity(width, depth, height, cab_mat, top_mat, metal_mat, style='slab', basins=(0.0,), basin='undermount',
           tap='lever', floating=False, handle='bar', legs_mat=None, splash=True):
    objs = []
    y0 = -depth
    top_t = 0.03
    zc0 = 0.32 if floating else (0.0 if style in ('open', 'legs') else 0.09)
    zc1 = height - top_t
    if style in ('open', 'legs'):
        # frame on tapered legs with drawers under the top and an open shelf below
        lm = legs_mat or cab_mat
        for sx in (-1, 1):
            for yy in (y0 + 0.05, -0.04):
                x = sx * (width / 2 - 0.05)
                objs.append(cylinder(x, yy, 0.0, 0.018, zc1 - 0.2, lm, r2=0.024, verts=16))
        objs.append(box(-width / 2 + 0.02, y0 + 0.02, zc1 - 0.2, width / 2 - 0.02, -0.01, zc1, cab_mat, bev=0.004))
        objs.append(box(-width / 2 + 0.04, y0 + 0.05, 0.16, width / 2 - 0.04, -0.03, 0.185, cab_mat, bev=0.003))
        n = max(1, int(round(width / 0.6)))
        dw = (width - 0.04) / n
        for i in range(n):
            x0 = -width / 2 + 0.02 + i * dw + 0.003
            objs.append(box(x0, y0 + 0.0, zc1 - 0.19, x0 + dw - 0.006, y0 + 0.02, zc1 - 0.01, cab_mat, bev=0.003))
            objs += _handle(handle, (x0 + x0 + dw) / 2, y0, zc1 - 0.1, metal_mat)
    else:
        # the carcass stops below the basins so an undermount bowl is not covered by it
        objs.append(box(-width / 2, y0 + 0.02, zc0, width / 2, 0.0, zc1 - (0.17 if basin == 'undermount' else 0.0), cab_mat, bev=0.002))
        if not floating:
            objs.append(box(-width / 2 + 0.01, y0 + 0.08, 0.0, width / 2 - 0.01, 0.0, zc0, plain((0.05, 0.05, 0.05), 0.6)))
        n = max(1, int(round(width / 0.5)))
        dw = width / n
        gap = 0.003
        for i in range(n):
            x0 = -width / 2 + i * dw + gap
            x1 = x0 + dw - 2 * gap
            if style == 'drawers' or (style == 'slab' and floating):
                rows = [(zc0 + gap, (zc0 + zc1) / 2 - gap), ((zc0 + zc1) / 2 + gap, zc1 - gap)]
            else:
                rows = [(zc0 + gap, zc1 - gap)]
            for (z0, z1) in rows:
                objs += _door(x0, x1, z0, z1, y0, cab_mat, style)
                hz = z1 - 0.06 if len(rows) == 1 else (z0 + z1) / 2
                hx = (x1 - 0.05) if (i % 2 == 0 and len(rows) == 1) else (x0 + x1) / 2
                if len(rows) == 1 and n == 1:
                    hx = (x0 + x1) / 2
                objs += _handle(handle, hx, y0, hz, metal_mat, vertical=(len(rows) == 1 and n > 1))
    # countertop (with openings for undermount basins)
    first_top = len(objs)
    over = 0.012
    tx0, tx1 = -width / 2 - over, width / 2 + over
    ty0 = y0 - over
    if basin == 'undermount':
        bw, bd = 0.44, 0.32
        xs = sorted(basins)
        edges = [tx0]
        for bx in xs:
            edges += [bx - bw / 2, bx + bw / 2]
        edges.append(tx1)
        by0, by1 = y0 + 0.08, y0 + 0.08 + bd
        for k in range(0, len(edges), 2):
            objs.append(box(edges[k], ty0, zc1, edges[k + 1], 0.0, height, top_mat, bev=0.003))
        for bx in xs:
            objs.append(box(bx - bw / 2, ty0, zc1, bx + bw / 2, by0, height, top_mat, bev=0.002))
            objs.append(box(bx - bw / 2, by1, zc1, bx + bw / 2, 0.0, height, top_mat, bev=0.002))
            objs.append(open_shell(bx, (by0 + by1) / 2, zc1 - 0.15, bw + 0.01, bd + 0.01, 0.155, ceramic(), thickness=0.008, levels=3))
            objs += taps(tap, bx, by1 + 0.05, height, metal_mat)
    else:
        objs.append(box(tx0, ty0, zc1, tx1, 0.0, height, top_mat, bev=0.003))
        for bx in basins:
            if basin == 'vessel':
                objs.append(open_shell(bx, y0 + 0.24, height, 0.42, 0.34, 0.13, ceramic(), thickness=0.01, levels=3))
                objs += taps('wall' if tap == 'wall' else 'tall', bx, -0.05, height, metal_mat)
            else:
                objs.append(open_shell(bx, y0 + 0.24, height - 0.09, 0.46, 0.36, 0.1, ceramic(), thickness=0.01, levels=3))
                objs += taps(tap, bx, -0.06, height, metal_mat)
    if splash:
        objs.append(box(tx0, -0.015, height, tx1, 0.0, height + 0.09, top_mat, bev=0.002))
    for o in objs[first_top:]:
        if o['lavo_ctx'] == 'vanity':
            o['lavo_ctx'] = 'countertop'
    return objs


def _door(x0, x1, z0, z1, y0, mat, style):
    objs = [box(x0, y0, z0, x1, y0 + 0.02, z1, mat, bev=0.0025)]
    if style in ('shaker', 'raised'):
        f = 0.06
        d = -0.006
        objs += [
            box(x0, y0 + d, z0, x0 + f, y0, z1, mat, bev=0.002),
            box(x1 - f, y0 + d, z0, x1, y0, z1, mat, bev=0.002),
            box(x0 + f, y0 + d, z0, x1 - f, y0, z0 + f, mat, bev=0.002),
            box(x0 + f, y0 + d, z1 - f, x1 - f, y0, z1, mat, bev=0.002),
        ]
        if style == 'raised':
            objs.append(box(x0 + f + 0.02, y0 - 0.008, z0 + f + 0.02, x1 - f - 0.02, y0, z1 - f - 0.02, mat, bev=0.008, segments=3))
    elif style == 'fluted':
        n = int((x1 - x0) / 0.025)
        for k in range(n):
            xc = x0 + (k + 0.5) * (x1 - x0) / n
            objs.append(cylinder(xc, y0, z0 + 0.002, 0.011, z1 - z0 - 0.004, mat, verts=12))
    return objs


def _handle(kind, x, y0, z, mat, vertical=False):
    if kind == 'knob':
        return [cylinder(x, y0, z, 0.006, 0.02, mat, axis='Y', verts=12), sphere(x, y0 - 0.025, z, 0.014, mat)]
    if kind == 'none':
        return []
    if kind == 'cup':
        return [box(x - 0.045, y0 - 0.02, z - 0.012, x + 0.045, y0, z + 0.012, mat, bev=0.006)]
    if kind == 'leather':
        return [box(x - 0.012, y0 - 0.006, z - 0.07, x + 0.012, y0, z + 0.02, plain((0.25, 0.11, 0.05), 0.5), bev=0.002)]
    if vertical:
        return [cylinder(x, y0 - 0.035, z - 0.08, 0.006, 0.16, mat, verts=12),
                cylinder(x, y0, z - 0.07, 0.004, 0.035, mat, axis='Y', verts=8),
                cylinder(x, y0, z + 0.07, 0.004, 0.035, mat, axis='Y', verts=8)]
    return [cylinder(x - 0.08, y0 - 0.03, z, 0.006, 0.16, mat, axis='X', verts=12),
            cylinder(x - 0.07, y0, z, 0.004, 0.03, mat, axis='Y', verts=8),
            cylinder(x + 0.07, y0, z, 0.004, 0.03, mat, axis='Y', verts=8)]


@labelled('metal')
def taps(kind, x, y, z, mat):
    """A basin tap standing at (x, y) on a surface at height z (y is towards the wall)."""
    if kind == 'wall':
        zz = z + 0.26
        return [cylinder(x, 0.0, zz, 0.03, 0.01, mat, axis='Y', verts=24),
                poly_tube([(x, 0.0, zz), (x, -0.17, zz), (x, -0.17, zz - 0.02)], 0.011, mat),
                cylinder(x + 0.12, 0.0, zz, 0.025, 0.01, mat, axis='Y'),
                cylinder(x + 0.12, -0.01, zz, 0.007, 0.05, mat, axis='Y', verts=12)]
    if kind == 'bridge':
        objs = []
        for sx in (-0.09, 0.09):
            objs.append(cylinder(x + sx, y, z, 0.02, 0.09, mat, verts=20))
            objs.append(cylinder(x + sx - 0.035, y, z + 0.11, 0.006, 0.07, mat, axis='X', verts=10))
            objs.append(cylinder(x + sx, y - 0.035, z + 0.11, 0.006, 0.07, mat, axis='Y', verts=10))
            objs.append(cylinder(x + sx, y, z + 0.09, 0.008, 0.03, mat, verts=10))
            objs.append(sphere(x + sx, y, z + 0.125, 0.012, mat))
        objs.append(cylinder(x - 0.09, y, z + 0.06, 0.012, 0.18, mat, axis='X', verts=16))
        objs.append(tube([(x, y, z + 0.06), (x, y, z + 0.2), (x, y - 0.09, z + 0.23), (x, y - 0.15, z + 0.13)], 0.011, mat))
        return objs
    if kind == 'cross':
        objs = []
        for sx in (-0.1, 0.1):
            objs.append(cylinder(x + sx, y, z, 0.018, 0.06, mat, verts=16))
            objs.append(cylinder(x + sx - 0.03, y, z + 0.07, 0.006, 0.06, mat, axis='X', verts=10))
            objs.append(cylinder(x + sx, y - 0.03, z + 0.07, 0.006, 0.06, mat, axis='Y', verts=10))
        objs.append(cylinder(x, y, z, 0.02, 0.08, mat, verts=16))
        objs.append(tube([(x, y, z + 0.07), (x, y - 0.08, z + 0.1), (x, y - 0.13, z + 0.06)], 0.01, mat))
        return objs
    tall = 0.28 if kind == 'tall' else 0.16
    objs = [cylinder(x, y, z, 0.024, 0.006, mat, verts=24),
            cylinder(x, y, z, 0.019, tall, mat, verts=24, bev=0.002)]
    if kind == 'arc':
        objs.append(tube([(x, y, z + tall - 0.02), (x, y, z + tall + 0.1), (x, y - 0.1, z + tall + 0.12), (x, y - 0.16, z + tall - 0.02)], 0.011, mat))
    else:
        objs.append(poly_tube([(x, y, z + tall - 0.025), (x, y - 0.13, z + tall - 0.025)], 0.011, mat))
        objs.append(cylinder(x, y - 0.13, z + tall - 0.04, 0.012, 0.012, mat, verts=16))
    objs.append(poly_tube([(x, y, z + tall), (x, y + 0.02, z + tall + 0.06)], 0.006, mat))
    return objs


@labelled('ceramic')
def pedestal_basin(mat, metal_mat, tap='cross', height=0.84):
    objs = [lathe([(0.085, 0.0), (0.075, 0.05), (0.06, 0.3), (0.07, 0.6), (0.1, 0.68), (0.001, 0.68)], mat, y=-0.22)]
    objs.append(box(-0.28, -0.44, height - 0.14, 0.28, 0.0, height, mat, bev=0.04, segments=4))
    objs.append(open_shell(0.0, -0.24, height - 0.11, 0.4, 0.28, 0.112, ceramic(), thickness=0.006, levels=3))
    objs += taps(tap, 0.0, -0.06, height, metal_mat)
    return objs


# ---------------------------------------------------------------- mirrors

@labelled('mirror')
def mirror(w, h, shape='rect', frame='none', frame_mat=None, depth=0.01):
    """Mirror centred at x=0, z=0 (place it at the desired centre height)."""
    objs = []
    pts = outline('rect' if shape == 'rect' else shape, w, h)
    glass_y = -depth - 0.012
    objs.append(flat_shape(pts, glass_y, material({'kind': 'mirror'}), name='mirror'))
    objs.append(flat_shape(pts, -0.004, plain((0.05, 0.05, 0.05), 0.6), name='mirror-back'))
    # a mirror backing block so it reads as an object on the wall
    if frame == 'backlit':
        glow = material({'kind': 'emission', 'color': (1.0, 0.9, 0.78), 'strength': 6.0})
        inner = outline(shape, w * 0.97, h * 0.97)
        objs.append(flat_shape(inner, -0.012, glow, name='backlight'))
        objs[-1].rotation_euler = (0, 0, 0)
        # flip the glow so it faces the wall
        objs[-1].scale = (1, 1, 1)
        objs.append(flat_shape(pts, glass_y + 0.002, plain((0.02, 0.02, 0.02), 0.5), name='mirror-edge'))
        return objs
    if frame == 'none':
        return objs
    radius = {'thin': 0.007, 'metal': 0.01, 'wood': 0.03, 'thick': 0.035, 'gilded': 0.04, 'rope': 0.028,
              'rattan': 0.06, 'ornate': 0.05, 'sunburst': 0.012, 'flower': 0.02}.get(frame, 0.02)
    pts3 = [(x, glass_y - radius * 0.3, z) for (x, z) in outline(shape, w + radius * 1.2, h + radius * 1.2)]
    if shape == 'rect':
        # square-section frame for rectangles
        t = radius * 1.6
        fm = frame_mat
        objs += [box(-w / 2 - t, glass_y - t * 0.6, h / 2, w / 2 + t, -0.004, h / 2 + t, fm, bev=0.004),
                 box(-w / 2 - t, glass_y - t * 0.6, -h / 2 - t, w / 2 + t, -0.004, -h / 2, fm, bev=0.004),
                 box(-w / 2 - t, glass_y - t * 0.6, -h / 2, -w / 2, -0.004, h / 2, fm, bev=0.004),
                 box(w / 2, glass_y - t * 0.6, -h / 2, w / 2 + t, -0.004, h / 2, fm, bev=0.004)]
        if frame in ('ornate', 'gilded'):
            objs.append(poly_tube([(x, glass_y - t * 0.6, z) for (x, z) in outline('rect', w + t, h + t)], t * 0.3, fm, cyclic=True))
            for sx in (-1, 1):
                for sz in (-1, 1):
                    objs.append(sphere(sx * (w / 2 + t / 2), glass_y - t * 0.9, sz * (h / 2 + t / 2), t * 0.55, fm))
            objs.append(sphere(0, glass_y - t * 0.9, h / 2 + t * 1.1, t * 0.9, fm, scale=(1.6, 0.6, 1.0)))
        return objs
    fm = frame_mat if frame not in ('rope',) else material({'kind': 'rope'})
    if frame == 'rattan':
        fm = material({'kind': 'rattan'})
    if shape in ('arch', 'pill'):
        # follow the outline exactly: Bezier auto-handles would balloon the straight sides
        objs.append(poly_tube(pts3, radius, fm, cyclic=True, name='frame'))
    else:
        objs.append(tube(pts3, radius, fm, cyclic=True, name='frame'))
    if frame == 'rope':
        objs.append(tube([(0, glass_y, h / 2), (0, -0.01, h / 2 + 0.18)], 0.012, fm))
    if frame == 'sunburst':
        n = 28
        for i in range(n):
            a = 2 * math.pi * i / n
            r0 = w / 2 + 0.02
            r1 = w / 2 + (0.22 if i % 2 == 0 else 0.14)
            objs.append(tube([(r0 * math.cos(a), glass_y, r0 * math.sin(a)), (r1 * math.cos(a), glass_y, r1 * math.sin(a))], 0.005, frame_mat))
            if i % 2 == 0:
                objs.append(sphere(r1 * math.cos(a), glass_y, r1 * math.sin(a), 0.012, frame_mat))
    if frame == 'flower':
        n = 12
        for i in range(n):
            a = 2 * math.pi * i / n
            objs.append(sphere((w / 2 + 0.04) * math.cos(a), glass_y + 0.005, (h / 2 + 0.04) * math.sin(a), 0.07, frame_mat, scale=(1, 0.25, 1)))
    if frame == 'ornate':
        objs.append(tube([(x, glass_y - 0.03, z) for (x, z) in outline(shape, w + 0.16, h + 0.16)], 0.022, fm, cyclic=True))
        objs.append(sphere(0, glass_y - 0.03, h / 2 + 0.1, 0.05, fm, scale=(1.8, 0.5, 1.0)))
    return objs


# ---------------------------------------------------------------- toilet

@labelled('ceramic')
def toilet(kind='close', seat_mat=None, metal_mat=None):
    c = ceramic()
    seat = seat_mat or c
    objs = []
    if kind == 'wall':
        objs.append(box(-0.17, -0.16, 0.26, 0.17, 0.0, 0.41, c, bev=0.05, segments=4))
        objs.append(lathe([(0.09, 0.24), (0.15, 0.27), (0.185, 0.34), (0.19, 0.41), (0.001, 0.41)], c, y=-0.32, scale_xy=(1.0, 1.42)))
        objs.append(box(-0.12, -0.012, 1.0, 0.12, 0.0, 1.16, metal_mat or c, bev=0.004))
        objs.append(box(-0.11, -0.016, 1.01, -0.005, -0.01, 1.15, plain((0.85, 0.85, 0.85), 0.2), bev=0.003))
        objs.append(box(0.005, -0.016, 1.01, 0.11, -0.01, 1.15, plain((0.85, 0.85, 0.85), 0.2), bev=0.003))
        seat_z = 0.42
    else:
        objs.append(lathe([(0.12, 0.0), (0.11, 0.05), (0.1, 0.2), (0.14, 0.3), (0.001, 0.3)], c, y=-0.33, scale_xy=(1.0, 1.4)))
        objs.append(lathe([(0.13, 0.26), (0.175, 0.31), (0.19, 0.38), (0.19, 0.4), (0.001, 0.4)], c, y=-0.4, scale_xy=(1.0, 1.38)))
        objs.append(box(-0.2, -0.2, 0.4, 0.2, -0.02, 0.78, c, bev=0.025, segments=3))
        objs.append(box(-0.21, -0.21, 0.78, 0.21, -0.01, 0.81, c, bev=0.012, segments=3))
        objs.append(cylinder(-0.13, -0.2, 0.72, 0.012, 0.02, metal_mat or c, axis='Y', verts=12))
        objs.append(box(-0.16, -0.25, 0.39, 0.16, -0.17, 0.41, c, bev=0.01))
        seat_z = 0.41
    # closed lid
    objs.append(lathe([(0.001, seat_z), (0.18, seat_z), (0.185, seat_z + 0.012), (0.175, seat_z + 0.025), (0.001, seat_z + 0.03)],
                      seat, y=-0.41 if kind != 'wall' else -0.33, scale_xy=(1.0, 1.3), segments=40))
    return objs


# ---------------------------------------------------------------- baths

@labelled('ceramic')
def alcove_tub(length, apron_mat, metal_mat, depth=0.76, height=0.56):
    c = ceramic()
    objs = []
    y0 = -depth
    objs.append(box(-length / 2, y0, 0.0, length / 2, y0 + 0.07, height - 0.02, apron_mat, bev=0.004))
    rim = 0.07
    objs += [box(-length / 2, y0, height - 0.04, length / 2, y0 + rim, height, c, bev=0.012, segments=3),
             box(-length / 2, -rim, height - 0.04, length / 2, 0.0, height, c, bev=0.01),
             box(-length / 2, y0, height - 0.04, -length / 2 + rim, 0.0, height, c, bev=0.01),
             box(length / 2 - rim, y0, height - 0.04, length / 2, 0.0, height, c, bev=0.01)]
    objs.append(tub_bowl(0.0, y0 / 2, 0.1, height - 0.035, length - 2 * rim + 0.02, depth - 2 * rim + 0.02, c))
    return objs


@labelled('ceramic')
def tub_bowl(cx, cy, z0, z1, top_len, top_w, mat, taper=0.12, radius=0.09):
    """The inside of a built-in bath: an open tapered box whose inner edges are rounded by a bevel."""
    bm = bmesh.new()
    hx, hy = top_len / 2, top_w / 2
    bx, by = hx - taper, hy - taper * 0.6
    top = [bm.verts.new((cx + sx * hx, cy + sy * hy, z1)) for (sx, sy) in ((-1, -1), (1, -1), (1, 1), (-1, 1))]
    bot = [bm.verts.new((cx + sx * bx, cy + sy * by, z0)) for (sx, sy) in ((-1, -1), (1, -1), (1, 1), (-1, 1))]
    bm.faces.new(bot)
    for i in range(4):
        j = (i + 1) % 4
        bm.faces.new((bot[i], bot[j], top[j], top[i]))
    obj = from_bmesh(bm, mat, 'tub-bowl')
    m = obj.modifiers.new('bevel', 'BEVEL')
    m.width = radius
    m.segments = 6
    m.limit_method = 'ANGLE'
    m.angle_limit = math.radians(20)
    for p in obj.data.polygons:
        p.use_smooth = True
    solidify(obj, 0.01, 1.0)
    return obj


@labelled('ceramic')
def freestanding_tub(length, mat_outer, depth=0.8, height=0.58):
    c = ceramic()
    objs = [open_shell(0.0, -depth / 2 - 0.1, 0.0, length, depth, height, mat_outer, thickness=0.03, levels=3, bottom_crease=0.9)]
    return objs


@labelled('ceramic')
def clawfoot_tub(length, outer_mat, feet_mat, depth=0.76, height=0.6):
    c = ceramic()
    cy = -depth / 2 - 0.12
    objs = [open_shell(0.0, cy, 0.14, length, depth, height - 0.14, outer_mat, thickness=0.025, levels=3),
            open_shell(0.0, cy, 0.16, length - 0.05, depth - 0.05, height - 0.16, c, thickness=0.005, levels=3)]
    objs.append(torus(0.0, cy, height, 1.0, 0.022, c, axis='Z', scale=(length / 2 - 0.005, depth / 2 - 0.005)))
    for sx in (-1, 1):
        for sy in (-1, 1):
            x = sx * (length / 2 - 0.2)
            y = cy + sy * (depth / 2 - 0.16)
            objs.append(lathe([(0.04, 0.0), (0.03, 0.03), (0.022, 0.08), (0.05, 0.16), (0.001, 0.16)], feet_mat, x=x, y=y))
    # telephone filler on the end
    x = length / 2 - 0.12
    objs.append(poly_tube([(x, cy, 0.0), (x, cy, height + 0.25), (x - 0.15, cy, height + 0.25), (x - 0.2, cy, height + 0.12)], 0.012, feet_mat))
    return objs


@labelled('metal')
def floor_filler(x, y, height, mat):
    return [cylinder(x, y, 0.0, 0.05, 0.01, mat), cylinder(x, y, 0.0, 0.016, height + 0.22, mat, verts=20),
            tube([(x, y, height + 0.2), (x, y, height + 0.3), (x - 0.08, y, height + 0.32), (x - 0.16, y, height + 0.24)], 0.012, mat),
            cylinder(x, y, height - 0.02, 0.02, 0.06, mat, verts=16)]


# ---------------------------------------------------------------- shower

@labelled('metal')
def shower_set(metal_mat, head='rain', arm_length=0.35, z_head=2.1):
    objs = []
    if head == 'rain':
        objs.append(poly_tube([(0.0, 0.0, z_head + 0.05), (0.0, -arm_length, z_head + 0.05)], 0.01, metal_mat))
        objs.append(cylinder(0.0, -arm_length, z_head, 0.13, 0.012, metal_mat, bev=0.003, verts=48))
        objs.append(cylinder(0.0, -arm_length, z_head + 0.012, 0.02, 0.04, metal_mat, verts=16))
    else:
        objs.append(tube([(0.0, 0.0, z_head), (0.0, -0.12, z_head + 0.02), (0.0, -0.2, z_head - 0.04)], 0.012, metal_mat))
        objs.append(cylinder(0.0, -0.2, z_head - 0.07, 0.045, 0.04, metal_mat, r2=0.03, verts=24))
    objs.append(cylinder(0.0, 0.0, 1.1, 0.075, 0.01, metal_mat, axis='Y', verts=40))
    objs.append(cylinder(0.0, -0.01, 1.1, 0.014, 0.05, metal_mat, axis='Y', verts=16))
    objs.append(poly_tube([(0.0, -0.055, 1.1), (0.0, -0.06, 1.1), (0.07, -0.065, 1.1)], 0.008, metal_mat))
    return objs


@labelled('shower')
def glass_panel(x0, x1, z1, metal_mat, y=0.0, frame=False):
    """A glass screen along x at depth y, from the floor to z1."""
    g = material({'kind': 'glass', 'screen': True})
    objs = [box(x0, y - 0.004, 0.0, x1, y + 0.004, z1, g)]
    objs.append(box(x0, y - 0.012, 0.0, x1, y + 0.012, 0.02, metal_mat, bev=0.002))
    if frame:
        objs += [box(x0 - 0.01, y - 0.012, 0.0, x0 + 0.01, y + 0.012, z1, metal_mat, bev=0.002),
                 box(x1 - 0.01, y - 0.012, 0.0, x1 + 0.01, y + 0.012, z1, metal_mat, bev=0.002),
                 box(x0, y - 0.012, z1 - 0.02, x1, y + 0.012, z1, metal_mat, bev=0.002)]
    return objs


@labelled('fabric')
def curtain(x0, x1, y, z_top, fabric, open_fraction=0.35, drop=1.75):
    """A shower curtain on a rod, bunched toward x1."""
    bm = bmesh.new()
    nx, nz = 60, 8
    width = (x1 - x0) * open_fraction
    folds = 9
    rows = []
    for j in range(nz + 1):
        z = z_top - 0.03 - drop * j / nz
        row = []
        for i in range(nx + 1):
            t = i / nx
            x = x1 - width + width * t
            amp = 0.035 * (1.0 - 0.3 * j / nz)
            row.append(bm.verts.new((x, y + amp * math.sin(t * folds * 2 * math.pi), z)))
        rows.append(row)
    for j in range(nz):
        for i in range(nx):
            bm.faces.new((rows[j][i], rows[j][i + 1], rows[j + 1][i + 1], rows[j + 1][i]))
    obj = from_bmesh(bm, fabric, 'curtain', smooth=True)
    solidify(obj, 0.003, 0.0)
    return [obj]


# ---------------------------------------------------------------- towels

@labelled('fabric')
def towel_on_bar(x0, x1, bar_z, colour, drop=0.5, bar_out=0.07, stripe=None, name='towel'):
    """A towel folded over a bar that runs along x at (y=-bar_out, z=bar_z)."""
    spec = {'kind': 'fabric', 'color': tuple(rgb(colour))}
    if stripe:
        spec.update({'stripe': tuple(rgb(stripe)), 'stripe_axis': 'X', 'stripe_width': 0.06})
    fab = material(spec)
    bm = bmesh.new()
    r = 0.014
    path = []
    yf, yb = -bar_out - r - 0.004, -bar_out + r + 0.004
    for k in range(7):
        path.append((yf - 0.004 * (6 - k) / 6, bar_z - drop + drop * k / 6))
    for k in range(1, 8):
        a = math.pi * k / 8
        path.append((-bar_out - (r + 0.004) * math.cos(a), bar_z + (r + 0.004) * math.sin(a)))
    for k in range(7):
        path.append((yb + 0.003 * k / 6, bar_z - drop * 0.85 * k / 6))
    nx = 24
    rows = []
    for i in range(nx + 1):
        t = i / nx
        x = x0 + (x1 - x0) * t
        row = []
        for (py, pz) in path:
            wob = 0.006 * math.sin(t * 9.0 + pz * 7.0) * (bar_z - pz) / drop
            row.append(bm.verts.new((x, py - abs(wob), pz)))
        rows.append(row)
    for i in range(nx):
        for k in range(len(path) - 1):
            bm.faces.new((rows[i][k], rows[i][k + 1], rows[i + 1][k + 1], rows[i + 1][k]))
    obj = from_bmesh(bm, fab, name, smooth=True)
    solidify(obj, 0.008, 0.0)
    subsurf(obj, 1)
    return [obj]


@labelled('metal')
def towel_bar(x0, x1, z, metal_mat, out=0.07):
    return [poly_tube([(x0, -out, z), (x1, -out, z)], 0.01, metal_mat),
            poly_tube([(x0, 0.0, z), (x0, -out, z)], 0.008, metal_mat),
            poly_tube([(x1, 0.0, z), (x1, -out, z)], 0.008, metal_mat),
            cylinder(x0, 0.0, z, 0.022, 0.008, metal_mat, axis='Y'), cylinder(x1, 0.0, z, 0.022, 0.008, metal_mat, axis='Y')]


@labelled('fabric')
def towel_stack(x, y, z, w, d, colours, count=3, thick=0.05):
    objs = []
    for k in range(count):
        col = colours[k % len(colours)]
        fab = material({'kind': 'fabric', 'color': tuple(rgb(col))})
        dx = 0.006 * math.sin(k * 2.1)
        objs.append(box(x - w / 2 + dx, y - d / 2, z + k * thick, x + w / 2 + dx, y + d / 2, z + (k + 1) * thick - 0.002, fab, bev=0.018, segments=3))
    return objs


@labelled('fabric')
def rolled_towels(x, y, z, colours, count=3, length=0.3, radius=0.055):
    objs = []
    for k in range(count):
        fab = material({'kind': 'fabric', 'color': tuple(rgb(colours[k % len(colours)]))})
        xx = x + (k - (count - 1) / 2) * radius * 2.05
        objs.append(cylinder(xx, y + length / 2, z + radius, radius, length, fab, axis='Y', bev=0.02, verts=24))
    return objs


# ---------------------------------------------------------------- window and door

@labelled('window')
def window(room, wall, u0, u1, z0, z1, frame_mat, frosted=False, sill_mat=None, mullion=True):
    """Cut an opening in a wall and dress it with a frame, a glass pane and a sill (world coordinates)."""
    from lavo_build import wall_box
    room.hole(wall, u0, u1, z0, z1)
    fw = 0.05
    reveal = 0.12
    objs = [wall_box(room, wall, u0, u1, z0 - 0.001, z0 + fw, -reveal, -0.02, frame_mat),
            wall_box(room, wall, u0, u1, z1 - fw, z1, -reveal, -0.02, frame_mat),
            wall_box(room, wall, u0, u0 + fw, z0, z1, -reveal, -0.02, frame_mat),
            wall_box(room, wall, u1 - fw, u1, z0, z1, -reveal, -0.02, frame_mat)]
    if mullion:
        um = (u0 + u1) / 2
        objs.append(wall_box(room, wall, um - 0.025, um + 0.025, z0, z1, -reveal + 0.02, -0.04, frame_mat))
    glass = material({'kind': 'glass', 'frosted': bool(frosted), 'roughness': 0.0})
    objs.append(wall_box(room, wall, u0, u1, z0, z1, -0.07, -0.066, glass))
    # the wall reveal around the opening
    objs.append(wall_box(room, wall, u0 - 0.03, u1 + 0.03, z0 - 0.03, z0, 0.035, -0.0, sill_mat or frame_mat, bev=0.004))
    return objs


@labelled('door')
def door_opening(room, wall, u0, u1, z1, trim_mat, metal_mat=None):
    """The (closed) door behind the camera: only ever seen in the mirror."""
    from lavo_build import wall_box
    t = 0.07
    objs = [wall_box(room, wall, u0 - t, u0, 0.0, z1 + t, 0.0, 0.015, trim_mat, bev=0.003),
            wall_box(room, wall, u1, u1 + t, 0.0, z1 + t, 0.0, 0.015, trim_mat, bev=0.003),
            wall_box(room, wall, u0, u1, z1, z1 + t, 0.0, 0.015, trim_mat, bev=0.003),
            wall_box(room, wall, u0, u1, 0.0, z1, 0.0, 0.01, trim_mat, bev=0.002)]
    for (a, b) in ((0.3, 1.05), (1.2, 1.95)):
        objs.append(wall_box(room, wall, u0 + 0.12, u1 - 0.12, a, b, 0.01, 0.016, trim_mat, bev=0.004))
    if metal_mat is not None:
        objs.append(wall_box(room, wall, u1 - 0.12, u1 - 0.02, 1.0, 1.02, 0.01, 0.07, metal_mat, bev=0.004))
    return objs


# ---------------------------------------------------------------- lights

@labelled('light')
def sconce(kind, metal_mat, z, energy=18.0, color=(1.0, 0.82, 0.62)):
    """A wall light centred at x=0, height z. Returns objects (incl. the lamp)."""
    objs = [cylinder(0.0, 0.0, z - 0.06, 0.035, 0.012, metal_mat, axis='Y', verts=24)]
    glow = material({'kind': 'glow-glass', 'strength': 3.0, 'color': color})
    if kind == 'globe':
        objs.append(poly_tube([(0.0, -0.01, z - 0.06), (0.0, -0.12, z - 0.06), (0.0, -0.12, z - 0.02)], 0.007, metal_mat))
        objs.append(sphere(0.0, -0.12, z + 0.06, 0.075, glow))
        lamp = (0.0, -0.12, z + 0.06)
    elif kind == 'bulb':
        objs.append(poly_tube([(0.0, -0.01, z - 0.06), (0.0, -0.1, z - 0.06), (0.0, -0.1, z - 0.01)], 0.008, metal_mat))
        objs.append(cylinder(0.0, -0.1, z - 0.02, 0.017, 0.05, metal_mat, verts=16))
        bulb = material({'kind': 'emission', 'color': (1.0, 0.65, 0.3), 'strength': 25.0})
        objs.append(sphere(0.0, -0.1, z + 0.07, 0.04, bulb, scale=(1, 1, 1.3)))
        lamp = (0.0, -0.1, z + 0.07)
    elif kind == 'crystal':
        objs.append(poly_tube([(0.0, -0.01, z - 0.06), (0.0, -0.1, z - 0.06), (0.0, -0.1, z)], 0.007, metal_mat))
        objs.append(lathe([(0.001, z), (0.06, z + 0.04), (0.075, z + 0.1), (0.05, z + 0.16), (0.001, z + 0.18)], material({'kind': 'solid-glass'}), y=-0.1, segments=10, smooth=False))
        objs.append(sphere(0.0, -0.1, z + 0.08, 0.025, material({'kind': 'emission', 'strength': 30.0, 'color': color})))
        lamp = (0.0, -0.1, z + 0.08)
    else:  # fabric / glass cylinder shade
        objs.append(poly_tube([(0.0, -0.01, z - 0.06), (0.0, -0.1, z - 0.06)], 0.007, metal_mat))
        objs.append(lathe([(0.06, z - 0.06), (0.06, z + 0.14)], glow, y=-0.1, segments=32))
        lamp = (0.0, -0.1, z + 0.04)
    objs.append(point_light(lamp, energy, radius=0.04, color=color))
    return objs


@labelled('light')
def pendant(x, y, z, ceiling, kind, metal_mat, energy=25.0, color=(1.0, 0.8, 0.58)):
    objs = [cylinder(x, y, ceiling - 0.02, 0.05, 0.02, metal_mat), poly_tube([(x, y, ceiling), (x, y, z + 0.05)], 0.003, plain((0.02, 0.02, 0.02), 0.5))]
    if kind == 'bulb':
        objs.append(cylinder(x, y, z + 0.03, 0.018, 0.05, metal_mat, verts=16))
        objs.append(sphere(x, y, z - 0.03, 0.05, material({'kind': 'emission', 'color': (1.0, 0.62, 0.28), 'strength': 22.0}), scale=(1, 1, 1.3)))
        objs.append(point_light((x, y, z - 0.03), energy, radius=0.04, color=color))
    else:
        objs.append(sphere(x, y, z - 0.07, 0.12, material({'kind': 'glow-glass', 'strength': 3.0, 'color': color})))
        objs.append(point_light((x, y, z - 0.07), energy, radius=0.1, color=color))
    return objs


@labelled('light')
def downlights(points, ceiling, energy=20.0, color=(1.0, 0.9, 0.8)):
    from lavo_build import spot_light
    objs = []
    disc = material({'kind': 'emission', 'color': color, 'strength': 18.0})
    for (x, y) in points:
        objs.append(cylinder(x, y, ceiling - 0.002, 0.045, 0.002, disc, verts=24))
        objs.append(torus(x, y, ceiling - 0.002, 0.05, 0.006, plain((0.9, 0.9, 0.9), 0.3), axis='Z'))
        objs.append(spot_light((x, y, ceiling - 0.01), energy, (0, 0, 0), size_deg=110, radius=0.04, color=color, blend=1.0))
    return objs


@labelled('light')
def strip_light(x0, x1, z, metal_mat, kind='globes', energy=40.0, color=(1.0, 0.86, 0.7)):
    """A dated bar light above the mirror (Hollywood globes or a fluorescent box)."""
    objs = [box(x0, -0.06, z - 0.04, x1, 0.0, z + 0.04, metal_mat, bev=0.008)]
    if kind == 'globes':
        n = max(3, int((x1 - x0) / 0.22))
        glow = material({'kind': 'glow-glass', 'strength': 5.0, 'color': color})
        for i in range(n):
            x = x0 + (i + 0.5) * (x1 - x0) / n
            objs.append(sphere(x, -0.09, z - 0.01, 0.05, glow))
            objs.append(point_light((x, -0.1, z - 0.01), energy / n, radius=0.05, color=color))
    else:
        objs.append(box(x0 + 0.01, -0.065, z - 0.05, x1 - 0.01, -0.02, z - 0.035,
                        material({'kind': 'emission', 'color': color, 'strength': 12.0})))
        objs.append(area_light((((x0 + x1) / 2), -0.05, z - 0.05), x1 - x0, energy, color=color, size_y=0.05, rot=(0, 0, 0)))
    return objs
