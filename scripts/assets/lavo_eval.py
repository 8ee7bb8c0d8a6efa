"""Randomised bathrooms for the labelled evaluation set (`npm run assets:render -- eval ...`).

Unlike lavo_layouts.py (four fixed rooms for the product images), every scene here is assembled
from a seeded random generator: room size and height, wet area (bath, walk-in shower, both or
neither), one or two basins on a vanity or pedestals, toilet, 0-2 windows, a door, mirrors,
lights, towels, curtains, plants and props along the walls, dated or style-like finishes with
varied materials, colours and tile sizes, the light (daylight, ceiling light, dim, bright) and
the camera (height, position, yaw, pitch, field of view 50-80 degrees on the long side,
landscape or portrait). The fixtures, materials and props are the pipeline's own
(lavo_fixtures, lavo_materials, lavo_props) and the room dressing reuses lavo_layouts.Scene.

`build(job)` returns the design and a JSON-able description of what was built (the params file).
"""
import math
import random
import bpy
from mathutils import Vector
import lavo_design as ld
from lavo_layouts import Scene
from lavo_build import labelled, Room, box, group, poly_tube
from lavo_materials import material, ceramic, rgb
from lavo_nodes import hex_rgb, mix_rgb
import lavo_fixtures as fx
import lavo_props as pr

WALL_MATERIALS = ['paint', 'paint', 'paint', 'paint', 'subway-tile', 'large-tile', 'zellige', 'marble', 'wallpaper-stripes',
                  'wallpaper-floral', 'wallpaper-dots', 'shiplap', 'concrete', 'wood', 'beadboard']
FLOOR_MATERIALS = ['large-tile', 'large-tile', 'hex-tile', 'checkerboard', 'wood', 'herringbone', 'stone', 'marble', 'terrazzo', 'concrete']
WET_MATERIALS = ['subway-tile', 'large-tile', 'zellige', 'marble', 'stone', 'tile']
TILE_SIZES = [0.075, 0.1, 0.15, 0.2, 0.3, 0.4, 0.6]
EXTRA_PROPS = ['snake plant', 'fern', 'white orchid', 'eucalyptus', 'glass vessel', 'knitted basket', 'wooden stool', 'patterned rug',
               'linen curtain', 'trailing plant', 'gallery wall', 'hanging plants', 'olive tree', 'lavender', 'sculptural vase',
               'galvanised bucket', 'macrame', 'bamboo', 'ladder towel rail', 'gold tray', 'stone vessel', 'rubber ducks']
CAB_STYLES = ['slab', 'shaker', 'raised', 'fluted', 'open', 'drawers']
TAPS = ['lever', 'tall', 'wall', 'bridge', 'cross', 'arc']
MIRRORS = [('rect', 'none'), ('rect', 'thin'), ('rect', 'metal'), ('rect', 'wood'), ('round', 'thin'), ('round', 'wood'), ('round', 'rope'),
           ('arch', 'metal'), ('arch', 'wood'), ('pill', 'wood'), ('oval', 'ornate'), ('rect', 'gilded'), ('round', 'rattan'), ('rect', 'backlit')]
LIGHTS = ['downlights', 'sconce-globe', 'sconce-shade', 'sconce-bulb', 'strip-globes', 'strip-fluoro', 'pendant-globe', 'bulbs']
METALS = ['chrome', 'brushed-nickel', 'matte-black', 'brass', 'copper', 'bronze', 'polished-brass']
# plausible wall and floor colours besides the palettes' own (sRGB hex)
COLOURS = ['#F2EFE8', '#E8E2D6', '#D9D4CA', '#C9C3B6', '#B8C4C2', '#9FB3AE', '#7D8F86', '#C7D3DD', '#8FA6B8', '#3E5468', '#2F3B45',
           '#E9D8C8', '#D8B9A0', '#B07A5A', '#E6D9BE', '#F0E6D2', '#EDE0E2', '#E3B9B3', '#6E7B5A', '#A7A59A', '#545454', '#1F1F1F',
           '#F4F1EA', '#DCE3DA', '#C2A27C', '#8C6A4F']

WALL_NORMAL = {'back': (0, -1, 0), 'front': (0, 1, 0), 'left': (1, 0, 0), 'right': (-1, 0, 0)}


def _hexcol(rng):
    return rng.choice(COLOURS)


class Plan:
    """Free space bookkeeping: floor footprints and wall spans, so fixtures do not overlap."""

    def __init__(self, room):
        self.room = room
        self.rects = []
        self.high = {w: [] for w in WALL_NORMAL}   # wall spans used between ~0.8 m and the ceiling
        self.low = {w: [] for w in WALL_NORMAL}    # wall spans used at floor level

    def rect(self, wall, u0, u1, depth):
        W, D = self.room.W, self.room.D
        return {'back': (u0, D - depth, u1, D), 'front': (u0, 0.0, u1, depth),
                'left': (0.0, u0, depth, u1), 'right': (W - depth, u0, W, u1)}[wall]

    def free(self, r, margin=0.03):
        for q in self.rects:
            if r[0] < q[2] + margin and q[0] < r[2] + margin and r[1] < q[3] + margin and q[1] < r[3] + margin:
                return False
        return True

    def span_free(self, wall, u0, u1, level):
        spans = self.high[wall] if level == 'high' else self.low[wall]
        return all(u1 <= a or u0 >= b for (a, b) in spans)

    def take(self, wall, u0, u1, depth, high=False, low=True):
        if depth > 0:
            self.rects.append(self.rect(wall, u0, u1, depth))
        if high:
            self.high[wall].append((u0, u1))
        if low:
            self.low[wall].append((u0, u1))

    def find(self, rng, wall, width, depth, high=False, corner=None, tries=40):
        """A free position (u centre) for something `width` wide and `depth` deep on a wall, or None."""
        L = self.room.wall_length(wall)
        if width > L - 0.02:
            return None
        for k in range(tries):
            if corner == 'start' or (corner == 'any' and k % 2 == 0):
                u0 = 0.0
            elif corner in ('end', 'any'):
                u0 = L - width
            else:
                u0 = rng.uniform(0.05, L - width - 0.05) if L - width > 0.1 else (L - width) / 2
            u1 = u0 + width
            if depth > 0 and not self.free(self.rect(wall, u0, u1, depth)):
                if corner in ('start', 'end'):
                    return None
                continue
            if high and not self.span_free(wall, u0, u1, 'high'):
                if corner in ('start', 'end'):
                    return None
                continue
            return (u0 + u1) / 2
        return None


def make_design(rng, catalogue, glass=False):
    styles, palettes = catalogue['styles'], catalogue['palettes']
    dated = rng.random() < 0.35
    info = {}
    if dated:
        variant = rng.choice(sorted(ld.BEFORE))
        d = ld.before_design(variant, 'eval')
        info['finish'] = 'dated-' + variant
        art = d.art
        art['cab_style'] = rng.choice(['raised', 'shaker', 'slab', 'raised'])
        art['mirror'] = rng.choice([('rect', 'none'), ('rect', 'none'), ('rect', 'metal'), ('oval', 'thin')])
        art['lights'] = rng.choice(['strip-globes', 'strip-fluoro', 'sconce-shade', 'downlights'])
        art['tap'] = rng.choice(['lever', 'cross', 'lever'])
        art['basin'] = 'undermount'
    else:
        style = rng.choice(styles)
        palette = next(p for p in palettes if p['id'] == style['signaturePalette']) if rng.random() < 0.5 else rng.choice(palettes)
        d = ld.style_design(style, palette, 'eval')
        info['finish'] = 'style-' + style['id']
        info['palette'] = palette['id']
        art = d.art
        if rng.random() < 0.4:
            art['cab_style'] = rng.choice(CAB_STYLES)
        if rng.random() < 0.3:
            art['mirror'] = rng.choice(MIRRORS)
        if rng.random() < 0.3:
            art['lights'] = rng.choice(LIGHTS)
        if rng.random() < 0.3:
            art['tap'] = rng.choice(TAPS)
        art['basin'] = art.get('basin', 'undermount') if art.get('basin') in ('undermount', 'vessel') else 'undermount'
        if rng.random() < 0.2:
            d.metal = rng.choice(METALS)
    pal = d.palette
    # vary the finishes beyond the catalogue: materials, colours and tile sizes
    if rng.random() < 0.5:
        m = rng.choice(WALL_MATERIALS)
        d.walls = ld.surface(m, _hexcol(rng), 'wall', art, pal)
        info['walls'] = m
        if rng.random() < 0.5:
            d.wainscot = None
    if rng.random() < 0.5:
        m = rng.choice(FLOOR_MATERIALS)
        d.floor = ld.surface(m, _hexcol(rng), 'floor', art, pal)
        info['floor'] = m
    if rng.random() < 0.5:
        m = rng.choice(WET_MATERIALS)
        if m == 'tile':
            d.wet = {'kind': 'tile', 'color': hex_rgb(_hexcol(rng)), 'grout': hex_rgb(_hexcol(rng)), 'w': 0.0, 'h': 0.0,
                     'offset': rng.choice([0.0, 0.5]), 'gap': 0.002, 'roughness': 0.08, 'variation': 0.04, 'edge': 0.3, 'bump': 0.5}
        else:
            d.wet = ld.surface(m, _hexcol(rng), 'wall', art, pal)
        info['wet'] = m
    for spec in (d.walls, d.floor, d.wet):
        if spec and spec.get('kind') == 'tile' and (rng.random() < 0.6 or not spec.get('w')):
            w = rng.choice(TILE_SIZES)
            spec['w'] = w
            spec['h'] = w * rng.choice([0.5, 1.0, 1.0, 2.0]) if w <= 0.3 else w * rng.choice([0.5, 1.0])
    if rng.random() < 0.15 and not dated:
        d.ceiling = {'kind': 'paint', 'color': hex_rgb(_hexcol(rng)), 'variation': 0.01}
    if rng.random() < 0.3:
        d.cab = {'kind': 'plain', 'color': tuple(hex_rgb(_hexcol(rng))), 'roughness': 0.35, 'coat': 0.1}
    # props: the catalogue's, plus a few generic ones so every kind of scene has plants and clutter
    props = list(d.props or [])
    for p in rng.sample(EXTRA_PROPS, rng.randint(1, 4)):
        if p not in props:
            props.append(p)
    d.props = props
    d.tub = rng.choice(['alcove', 'alcove', 'freestanding', 'clawfoot'])
    if glass:
        d.shower = rng.choice(['glass', 'glass', 'framed'])
    else:
        d.shower = rng.choice(['glass', 'framed', 'curtain']) if not dated else rng.choice(['framed', 'curtain'])
    d.curtain = d.curtain or _hexcol(rng)
    d.toilet = rng.choice(['close', 'close', 'wall'])
    return d, info


def build(job, catalogue):
    rng = random.Random('lavo-eval-%s-%s' % (job['seed'], job['index']))
    # a training batch may lean toward shower screens (--emphasis glass): clear glass is the class the network
    # confuses most with the wall behind it. The evaluation sets never set it, and without it no draw changes.
    glass = job.get('emphasis') == 'glass'
    d, info = make_design(rng, catalogue, glass)
    s = Scene(d, 'eval')
    W = round(rng.uniform(1.5, 4.0), 2)
    D = round(rng.uniform(1.5, 4.0), 2)
    H = round(rng.uniform(2.3, 3.0), 2)
    room = Room(W, D, H)
    plan = Plan(room)
    params = {'room': {'width': W, 'depth': D, 'height': H}, 'design': info, 'metal': d.metal, 'items': []}
    items = params['items']

    # camera: near the front wall (y = 0), looking into the room
    portrait = rng.random() < 0.35
    cx = rng.uniform(0.3, 0.7) * W
    cy = rng.uniform(0.05, min(0.35, D * 0.15))
    cz = rng.uniform(1.05, 1.7)
    plan.rects.append((cx - 0.45, 0.0, cx + 0.45, cy + 0.55))

    wet = rng.choice(['tub', 'shower', 'both', 'neither', 'tub', 'shower'] if not glass else ['shower', 'both', 'both', 'tub'])
    focus = []

    def add_shower(corner_wall_side):
        sx = min(rng.uniform(0.8, 1.2), W * 0.5)
        sy = min(rng.uniform(0.8, 1.3), D * 0.45)
        x0 = 0.0 if corner_wall_side == 'left' else W - sx
        if not plan.free((x0, D - sy, x0 + sx, D), 0.0):
            return False
        plan.rects.append((x0, D - sy, x0 + sx, D))
        plan.high['back'].append((x0, x0 + sx))
        side = 'left' if corner_wall_side == 'left' else 'right'
        plan.high[side].append((D - sy, D))
        plan.low[side].append((D - sy, D))
        plan.low['back'].append((x0, x0 + sx))
        top = H if not d.dated else min(H, 2.05)
        wetm = s.m(d.wet)
        room.zone('back', x0, x0 + sx, 0.0, top, wetm, thick=0.008)
        room.zone(side, D - sy, D, 0.0, top, wetm, thick=0.008)
        with labelled('floor'):
            box(x0, D - sy, 0.0, x0 + sx, D, 0.006, s.m(d.floor) if not d.dated else ceramic())
        group(fx.shower_set(s.metal, head='rain' if rng.random() < 0.5 else 'fixed', arm_length=0.35), room, 'back', x0 + sx / 2, 0.0, 0.008)
        kind = d.shower
        ys = D - sy
        if kind == 'curtain':
            poly_tube([(x0, ys, 2.0), (x0 + sx, ys, 2.0)], 0.01, s.metal)
            fab = s.m({'kind': 'fabric', 'color': tuple(rgb(d.curtain))})
            if corner_wall_side == 'left':
                fx.curtain(x0, x0 + sx - 0.02, ys, 2.0, fab, open_fraction=rng.uniform(0.3, 0.9), drop=1.8)
            else:
                objs = fx.curtain(x0 + 0.02, x0 + sx, ys, 2.0, fab, open_fraction=rng.uniform(0.3, 0.9), drop=1.8)
        else:
            length = sx * rng.uniform(0.55, 1.0)
            gx0, gx1 = (x0 + sx - length, x0 + sx) if corner_wall_side == 'left' else (x0, x0 + length)
            for o in fx.glass_panel(gx0, gx1, 2.0, s.metal, frame=kind == 'framed'):
                o.location.y += ys
        for k in range(rng.randint(0, 3)):
            bx = (x0 + 0.08 + 0.08 * k) if corner_wall_side == 'left' else (x0 + sx - 0.08 - 0.08 * k)
            pr.bottle(bx, D - 0.06, 0.0, colour=rgb(_hexcol(rng)), h=0.2, r=0.03)
        items.append({'kind': 'shower', 'corner': corner_wall_side, 'width': round(sx, 2), 'depth': round(sy, 2), 'enclosure': kind})
        focus.append(Vector((x0 + sx / 2, D - sy / 2, 1.2)))
        return True

    def add_tub(wall, corner):
        kind = d.tub
        L = rng.uniform(1.5, 1.75) if kind == 'alcove' else 1.65
        depth = 0.76 if kind == 'alcove' else 0.95
        if kind == 'alcove' and room.wall_length(wall) < L + 0.02:
            return False
        u = plan.find(rng, wall, L, depth, corner=corner)
        if u is None:
            return False
        u0, u1 = u - L / 2, u + L / 2
        plan.take(wall, u0, u1, depth, high=kind == 'alcove')
        if kind == 'alcove':
            top = H if not d.dated else min(H, 2.05)
            room.zone(wall, u0, u1, 0.0, top if rng.random() < 0.6 else 1.2, s.m(d.wet), thick=0.008)
            apron = s.m(d.wet) if (not d.dated and rng.random() < 0.5) else ceramic()
            group(fx.alcove_tub(L, apron, s.metal), room, wall, u, 0.0, 0.0)
            group(fx.shower_set(s.metal, head='fixed', z_head=1.95), room, wall, u1 - 0.3 if corner != 'start' else u0 + 0.3, 0.0, 0.008)
            over = rng.random() if not glass else rng.uniform(0.2, 0.7)
            if over < 0.35:
                # shower curtain along the bath
                a = room.wall_point(wall, u0, 2.0, 0.8)
                b = room.wall_point(wall, u1, 2.0, 0.8)
                poly_tube([tuple(a), tuple(b)], 0.01, s.metal)
                fab = s.m({'kind': 'fabric', 'color': tuple(rgb(d.curtain))})
                objs = fx.curtain(-L / 2, L / 2 - 0.02, -0.8, 2.0, fab, open_fraction=rng.uniform(0.3, 0.8), drop=1.75)
                group(objs, room, wall, u, 0.0, 0.0)
            elif over < 0.6:
                objs = fx.glass_panel(0.0, 0.8, 1.45, s.metal, frame=rng.random() < 0.4)
                for o in objs:
                    o.rotation_euler = (0, 0, math.radians(90))
                    o.location = (L / 2 - 0.05 if corner != 'start' else -L / 2 + 0.05, -0.82, 0.56)
                group(objs, room, wall, u, 0.0, 0.0)
        elif kind == 'freestanding':
            outer = ceramic() if rng.random() < 0.7 else s.m({'kind': 'plain', 'color': tuple(hex_rgb(_hexcol(rng))), 'roughness': 0.2, 'coat': 0.6})
            group(fx.freestanding_tub(1.6, outer), room, wall, u, 0.0, 0.08)
            p = room.wall_point(wall, u1 - 0.05, 0.0, 0.5)
            fx.floor_filler(p.x, p.y, 0.6, s.metal)
        else:
            outer = s.m({'kind': 'plain', 'color': tuple(hex_rgb(_hexcol(rng))), 'roughness': 0.25, 'coat': 0.5})
            group(fx.clawfoot_tub(1.55, outer, s.metal), room, wall, u, 0.0, 0.05)
        items.append({'kind': 'tub', 'type': kind, 'wall': wall, 'u': round(u, 2)})
        focus.append(room.wall_point(wall, u, 0.6, 0.4))
        return True

    if wet in ('shower', 'both'):
        add_shower(rng.choice(['left', 'right']))
    if wet in ('tub', 'both'):
        for wall, corner in rng.sample([('back', 'any'), ('left', 'end'), ('right', 'end'), ('back', None)], 4):
            if add_tub(wall, corner):
                break

    # door: on a side or the front wall (the front one is seen in mirrors)
    dw = rng.uniform(0.72, 0.86)
    for wall in rng.sample(['left', 'right', 'front', 'front'], 4):
        u = plan.find(rng, wall, dw + 0.2, 0.85)
        if u is not None and (wall != 'front' or abs(u - cx) > 0.3 or True):
            fx.door_opening(room, wall, u - dw / 2, u + dw / 2, 2.05, s.m(d.trim), s.metal)
            plan.take(wall, u - dw / 2 - 0.1, u + dw / 2 + 0.1, 0.8, high=True)
            items.append({'kind': 'door', 'wall': wall, 'u': round(u, 2)})
            break

    # vanity or pedestal basins, with mirrors and lights above
    pedestal = rng.random() < (0.45 if d.dated else 0.2)
    basin_wall_choices = ['back', 'left', 'right', 'back']
    rng.shuffle(basin_wall_choices)
    for wall in basin_wall_choices:
        if pedestal:
            n = 2 if rng.random() < 0.25 else 1
            width = 0.6 * n + 0.3 * (n - 1)
            depth = 0.5
        else:
            width = round(rng.uniform(0.6, 1.8), 2)
            n = 2 if width >= 1.2 and rng.random() < 0.6 else 1
            depth = rng.uniform(0.44, 0.55)
        u = plan.find(rng, wall, width, depth, high=True)
        if u is None:
            continue
        offs = [0.0] if n == 1 else [-width / 4 - (0.05 if pedestal else 0.0), width / 4 + (0.05 if pedestal else 0.0)]
        if pedestal:
            for off in offs:
                objs = fx.pedestal_basin(ceramic(), s.metal, tap=rng.choice(['cross', 'lever']))
                group(objs, room, wall, u + off, 0.0, 0.0)
            hv = 0.84
            s.slots['counter'] = []
        else:
            hv = s.vanity(room, wall, u, width, tuple(offs), depth=depth)
        plan.take(wall, u - width / 2, u + width / 2, depth, high=True)
        mirror_z0 = hv + rng.uniform(0.2, 0.35)
        mirror_top = min(H - 0.2, mirror_z0 + rng.uniform(0.6, 1.0))
        mh = mirror_top - mirror_z0
        if n == 2 and rng.random() < 0.6:
            for off in offs:
                s.mirror(room, wall, u + off, mirror_z0 + mh / 2, min(0.6, width / 2 - 0.08), mh)
        else:
            s.mirror(room, wall, u, mirror_z0 + mh / 2, min(width - 0.1, rng.uniform(0.5, 1.4)), mh)
        inward = Vector(WALL_NORMAL[wall])
        cpts = []
        for k in range(rng.randint(1, 3)):
            cpts.append((rng.uniform(0.3, W - 0.3), rng.uniform(0.5, D - 0.3)))
        s.lights(room, wall, u, mirror_top + 0.05, offs if len(offs) > 1 else [-min(0.45, width / 2 + 0.08), min(0.45, width / 2 + 0.08)]
                 if d.art.get('lights', '').startswith('sconce') else [0.0], cpts)
        items.append({'kind': 'pedestal' if pedestal else 'vanity', 'wall': wall, 'u': round(u, 2), 'width': width, 'basins': n})
        focus.append(room.wall_point(wall, u, 1.0, 0.3))
        break

    # toilet
    for wall in rng.sample(['back', 'left', 'right'], 3):
        u = plan.find(rng, wall, 0.5, 0.75)
        if u is not None:
            s.toilet(room, wall, u - 0.19)
            plan.take(wall, u - 0.25, u + 0.25, 0.75)
            items.append({'kind': 'toilet', 'wall': wall, 'u': round(u, 2)})
            focus.append(room.wall_point(wall, u, 0.5, 0.3))
            break

    # windows
    windows = []
    for k in range(rng.choice([0, 1, 1, 1, 2, 2])):
        ww = rng.uniform(0.5, 1.3)
        for wall in rng.sample(['back', 'left', 'right'], 3):
            u = plan.find(rng, wall, ww, 0.0, high=True)
            if u is None:
                continue
            z0 = rng.uniform(0.95, 1.5)
            z1 = min(H - 0.2, z0 + rng.uniform(0.6, 1.2))
            frosted = rng.random() < (0.6 if d.dated else 0.3)
            fx.window(room, wall, u - ww / 2, u + ww / 2, z0, z1, s.m(d.trim), frosted=frosted, mullion=rng.random() < 0.6)
            plan.high[wall].append((u - ww / 2 - 0.05, u + ww / 2 + 0.05))
            windows.append((wall, u, ww, z0, z1, frosted))
            items.append({'kind': 'window', 'wall': wall, 'u': round(u, 2), 'width': round(ww, 2), 'sill': round(z0, 2), 'top': round(z1, 2), 'frosted': frosted})
            break

    s.walls(room)

    # towels on bars
    for k in range(rng.randint(0, 2)):
        width = rng.uniform(0.4, 0.7)
        for wall in rng.sample(['back', 'left', 'right'], 3):
            u = plan.find(rng, wall, width, 0.12, high=True)
            if u is not None:
                s.towel_bar(room, wall, u, rng.uniform(0.95, 1.25), width=width, drop=rng.uniform(0.35, 0.6))
                plan.take(wall, u - width / 2, u + width / 2, 0.12, high=True, low=False)
                items.append({'kind': 'towel', 'wall': wall, 'u': round(u, 2)})
                break

    # slots for the props placed by Scene.place_props
    floor_spots = []
    for k in range(30):
        x, y = rng.uniform(0.25, W - 0.25), rng.uniform(0.6, D - 0.25)
        r = (x - 0.22, y - 0.22, x + 0.22, y + 0.22)
        near_wall = min(x, W - x, D - y) < 0.45
        if near_wall and plan.free(r, 0.02):
            plan.rects.append(r)
            floor_spots.append((x, y))
        if len(floor_spots) >= 3:
            break
    wall_spots = []
    for k in range(2):
        for wall in rng.sample(['back', 'left', 'right'], 3):
            u = plan.find(rng, wall, 0.6, 0.0, high=True)
            if u is not None:
                plan.high[wall].append((u - 0.3, u + 0.3))
                wall_spots.append((wall, u, rng.uniform(1.35, min(1.7, H - 0.6))))
                break
    s.slots['floor'] = floor_spots
    s.slots['wall'] = wall_spots
    s.slots['ledge'] = []
    s.slots['hang'] = [(rng.uniform(0.4, W - 0.4), rng.uniform(1.0, D - 0.4))]
    if windows:
        wall, u, ww, z0, z1, frosted = windows[0]
        s.slots['window'] = (wall, u - ww / 2, u + ww / 2, z1)
    # a rug in the middle of the free floor
    rx, ry = W / 2 + rng.uniform(-0.2, 0.2), D / 2 + rng.uniform(-0.2, 0.2)
    rw, rd = rng.uniform(0.5, 1.0), rng.uniform(0.4, 0.7)
    rug = (rx - rw / 2, ry - rd / 2, rx + rw / 2, ry + rd / 2)
    s.slots['rug'] = rug if plan.free(rug, 0.05) else None
    s.slots['ducks'] = []
    s.place_props(room)
    # a few things on the counter, whatever the style
    for spot in s.slots.get('counter', [])[:rng.randint(0, 2)]:
        wall, u, z, depth = spot
        p = room.wall_point(wall, u, z, depth * 0.55)
        if rng.random() < 0.5:
            pr.bottle(p.x, p.y, p.z, colour=rgb(_hexcol(rng)), h=rng.uniform(0.12, 0.22), pump_mat=s.metal if rng.random() < 0.5 else None)
        else:
            fx.towel_stack(p.x, p.y, p.z, 0.26, 0.2, [_hexcol(rng), _hexcol(rng)], count=rng.randint(1, 3), thick=0.045)

    # light: daylight, ceiling light, dim or bright
    mode = rng.choice(['daylight', 'daylight', 'ceiling', 'dim', 'bright']) if windows else rng.choice(['ceiling', 'dim', 'bright'])
    sun = mode in ('daylight', 'bright') and rng.random() < 0.6
    d.sun = sun
    for (wall, u, ww, z0, z1, frosted) in windows:
        n = Vector(WALL_NORMAL[wall])
        centre = room.wall_point(wall, u, (z0 + z1) / 2, -0.05)
        side = Vector((n.y, -n.x, 0.0)) * rng.uniform(-0.6, 0.6)
        sun_dir = (n * 0.6 + side + Vector((0, 0, -rng.uniform(0.4, 0.8)))).normalized()
        s.sky(room, tuple(centre), tuple(n), (ww, z1 - z0), tuple(sun_dir), frosted=frosted)
    window_gain = {'daylight': 1.0, 'ceiling': 0.05, 'dim': 0.35, 'bright': 1.6}[mode]
    lamp_gain = {'daylight': rng.uniform(0.3, 1.0), 'ceiling': rng.uniform(1.2, 2.0), 'dim': rng.uniform(0.3, 0.6), 'bright': rng.uniform(1.0, 1.6)}[mode]
    for ob in bpy.data.objects:
        if ob.type != 'LIGHT':
            continue
        if ob.name.startswith('window') or ob.name.startswith('sun'):
            ob.data.energy *= window_gain
        else:
            ob.data.energy *= lamp_gain
    if mode == 'ceiling':
        world = bpy.context.scene.world
        for node in world.node_tree.nodes:
            if node.bl_idname == 'ShaderNodeBackground' and node.inputs['Strength'].default_value > 0:
                node.inputs['Strength'].default_value *= 0.03
    use_fill = rng.random() < 0.6
    # A room with no window and no lamp (no vanity to hang one over) would render black: a photographer brings a light.
    lamps = [ob for ob in bpy.data.objects if ob.type == 'LIGHT' and not (ob.name.startswith('window') or ob.name.startswith('sun'))]
    use_fill = use_fill or not (windows or lamps)
    if use_fill:
        s.fill(room, (cx, cy, cz))

    # camera: aim at one of the fixtures, with jitter
    target = rng.choice(focus) if focus else Vector((W / 2, D, 1.2))
    target = Vector((target.x + rng.uniform(-0.4, 0.4), target.y, rng.uniform(0.9, 1.4)))
    dx, dy = target.x - cx, max(0.3, target.y - cy)
    yaw = math.atan2(-dx, dy)
    yaw = max(-math.radians(50), min(math.radians(50), yaw))
    dist = math.hypot(dx, dy)
    pitch = math.atan2(target.z - cz, dist)
    pitch = max(math.radians(-12), min(math.radians(4), pitch))
    roll = math.radians(rng.uniform(-1.5, 1.5))
    fov = rng.uniform(50.0, 80.0)
    cam = bpy.data.cameras.new('camera')
    cam.sensor_fit = 'AUTO'
    cam.sensor_width = 36.0
    cam.lens = 18.0 / math.tan(math.radians(fov) / 2)
    cam.clip_start = 0.05
    ob = bpy.data.objects.new('camera', cam)
    ob.location = (cx, cy, cz)
    ob.rotation_euler = (math.radians(90) + pitch, roll, yaw)
    bpy.context.scene.collection.objects.link(ob)
    bpy.context.scene.camera = ob

    long_side = int(job['width'])
    short_side = int(round(long_side * 0.75))
    width, height = (short_side, long_side) if portrait else (long_side, short_side)
    warmth = rng.uniform(-0.5, 0.6)
    exposure_bias = {'daylight': rng.uniform(-0.3, 0.3), 'ceiling': rng.uniform(-0.5, 0.2), 'dim': rng.uniform(-1.1, -0.5), 'bright': rng.uniform(0.2, 0.6)}[mode]
    d.grade = dict(d.grade or {})
    d.grade.update({'warmth': round(warmth, 3), 'exposureBias': round(exposure_bias, 3),
                    'saturation': round((d.grade.get('saturation') or 0.0) + rng.uniform(-0.2, 0.2), 3)})
    params.update({
        'wet': wet, 'lighting': mode, 'sun': sun, 'fill': use_fill,
        'camera': {'x': round(cx, 3), 'y': round(cy, 3), 'height': round(cz, 3), 'yawDeg': round(math.degrees(yaw), 2),
                   'pitchDeg': round(math.degrees(pitch), 2), 'rollDeg': round(math.degrees(roll), 2), 'fovDeg': round(fov, 2),
                   'orientation': 'portrait' if portrait else 'landscape'},
        'width': width, 'height': height, 'grade': d.grade, 'props': d.props, 'dated': bool(d.dated),
    })
    return d, params, width, height
