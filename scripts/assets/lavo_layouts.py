"""The four bathroom layouts, dressed by a Design (lavo_design.py), with lighting and camera.

shower  — small bathroom with a walk-in shower behind a glass screen
tub     — family bathroom with the bath under a window
vanity  — double vanity on a feature wall
powder  — powder room / cloakroom with a compact basin
"""
import math
import bpy
from mathutils import Vector
from lavo_build import labelled, Room, box, group, wall_box, area_light, point_light, cylinder, poly_tube, tube, sphere, torus, link
from lavo_materials import material, metal, ceramic, plain, rgb, scale_rgb
import lavo_fixtures as fx
import lavo_props as pr


class Scene:
    def __init__(self, design, layout, camera_variant='main'):
        self.d = design
        self.layout = layout
        self.cam_variant = camera_variant
        self.metal = metal(design.metal)
        self.used_props = []
        self.slots = {}

    # ------------------------------------------------------------ shared pieces
    def m(self, spec):
        return material(spec)

    @labelled('trim')
    def walls(self, room):
        d = self.d
        bands = []
        if d.wainscot:
            h, spec = d.wainscot
            bands.append((0.0, h, self.m(spec)))
        room.build_walls(self.m(d.walls), bands)
        room.floor_ceiling(self.m(d.floor), self.m(d.ceiling))
        if d.wainscot:
            h, spec = d.wainscot
            trim = self.m(d.trim) if spec.get('kind') != 'tile' else self.m(spec)
            for wall in ('back', 'left', 'right', 'front'):
                L = room.wall_length(wall)
                spans = [(0.0, L)]
                for (u0, u1, z0, z1) in room.holes[wall]:
                    if z0 <= h <= z1:
                        spans = [(a, min(b, u0)) for (a, b) in spans] + [(u1, L)]
                for (u0, u1, z0, z1, _, thick) in room.zones[wall]:
                    if z0 <= h <= z1:
                        spans = [(a, min(b, u0)) for (a, b) in spans if a < u0] + [(max(a, u1), b) for (a, b) in spans if b > u1]
                for (a, b) in spans:
                    if b - a > 0.05:
                        wall_box(room, wall, a, b, h - 0.012, h + 0.035, 0.0, 0.025, trim, bev=0.006)
        # skirting for floors that are not tiled up the wall
        if d.floor.get('kind') in ('wood', 'herringbone') and not d.wainscot:
            for wall in ('back', 'left', 'right', 'front'):
                L = room.wall_length(wall)
                spans = [(0.0, L)]
                for (u0, u1, z0, z1) in room.holes[wall]:
                    if z0 < 0.05:
                        spans = [(a, min(b, u0)) for (a, b) in spans if a < u0] + [(max(a, u1), b) for (a, b) in spans if b > u1]
                for (u0, u1, z0, z1, _, thick) in room.zones[wall]:
                    if z0 < 0.05:
                        spans = [(a, min(b, u0)) for (a, b) in spans if a < u0] + [(max(a, u1), b) for (a, b) in spans if b > u1]
                for (a, b) in spans:
                    if b - a > 0.05:
                        wall_box(room, wall, a, b, 0.0, 0.09, 0.0, 0.014, self.m(d.trim), bev=0.003)

    def vanity(self, room, wall, u, width, basins, depth=0.5, height=0.86):
        d, art = self.d, self.d.art
        style = art.get('cab_style', 'slab')
        legs_mat = self.metal if art.get('legs') == 'metal' else None
        if art.get('legs') is True:
            style = 'legs'
        objs = fx.vanity(width, depth, height, self.m(d.cab), self.m(d.top), self.metal, style=style, basins=basins,
                         basin=art.get('basin', 'undermount'), tap=art.get('tap', 'lever'), floating=art.get('floating', False),
                         handle=art.get('handle', 'bar'), legs_mat=legs_mat, splash=not d.wainscot and d.walls.get('kind') in ('paint',))
        group(objs, room, wall, u, 0.0, 0.0)
        self.slots['counter'] = [(wall, u + off, height, depth) for off in self._counter_offsets(width, basins)]
        return height

    def _counter_offsets(self, width, basins):
        offs = []
        if len(basins) == 1:
            offs = [basins[0] - 0.3, basins[0] + 0.3]
            offs = [o for o in offs if abs(o) < width / 2 - 0.05]
        else:
            offs = [0.0, basins[0] - 0.32, basins[-1] + 0.32]
        return offs

    def mirror(self, room, wall, u, z, w, h):
        shape, frame = self.d.art.get('mirror', ('rect', 'none'))
        fm = self.metal
        if frame in ('wood', 'thick'):
            fm = self.m({'kind': 'wood', 'color': self._wood(), 'contrast': 0.3, 'roughness': 0.4})
        elif frame == 'gilded':
            fm = metal('brass')
        elif frame == 'ornate':
            fm = metal('brass' if self.d.metal in ('brass',) else self.d.metal)
        elif frame == 'flower':
            fm = plain(rgb(self.d.palette['walls']), 0.4)
        if shape in ('round', 'scallop') and h != w:
            h = w = min(w, h)
        objs = fx.mirror(w, h, shape=shape, frame=frame, frame_mat=fm)
        group(objs, room, wall, u, z, 0.0)

    def _wood(self):
        from lavo_design import wood_color
        return wood_color(self.d.art.get('wood', 'oak'))

    @labelled('light')
    def lights(self, room, wall, u, z_mirror_top, xs, ceiling_points):
        """Vanity lights according to the design, plus the general ceiling light."""
        kind = self.d.art.get('lights', 'downlights')
        col = self.d.lamp_color
        H = room.H
        if kind.startswith('sconce'):
            for off in xs:
                group(fx.sconce(kind.split('-')[1], self.metal, z_mirror_top - 0.25, energy=16.0, color=col), room, wall, u + off, 0.0, 0.0)
        elif kind == 'strip-globes' or kind == 'strip-fluoro':
            span = max(0.6, abs(xs[-1] - xs[0]) - 0.1) if len(xs) > 1 else 0.8
            group(fx.strip_light(-span / 2, span / 2, z_mirror_top + 0.1, self.metal, kind='globes' if kind == 'strip-globes' else 'box', energy=40.0, color=col),
                  room, wall, u, 0.0, 0.0)
        elif kind in ('pendant-globe', 'pendant-rattan'):
            for off in (xs if len(xs) <= 2 else xs[:2]):
                p = room.wall_point(wall, u + off, 0.0, 0.3)
                fx.pendant(p.x, p.y, z_mirror_top + 0.3, H, 'globe', self.metal, energy=20.0, color=col)
        elif kind == 'bulbs':
            pts = [room.wall_point(wall, u + off, 0.0, 0.25) for off in (-0.35, 0.0, 0.35)]
            for k, p in enumerate(pts):
                fx.pendant(p.x, p.y, z_mirror_top + 0.1 - 0.08 * (k % 2), H, 'bulb', self.metal, energy=12.0, color=(1.0, 0.7, 0.45))
        # ceiling: downlights or a flush fixture; dated rooms get a cool "fluorescent" panel
        if self.d.dated:
            x, y = ceiling_points[0]
            box(x - 0.3, y - 0.3, H - 0.06, x + 0.3, y + 0.3, H, plain((0.9, 0.9, 0.9), 0.4), bev=0.01)
            box(x - 0.28, y - 0.28, H - 0.065, x + 0.28, y + 0.28, H - 0.06, material({'kind': 'emission', 'color': (0.9, 0.97, 1.0), 'strength': 5.0}))
            area_light((x, y, H - 0.07), 0.56, 150.0, color=(0.9, 0.97, 1.0))
        else:
            fx.downlights(ceiling_points, H, energy=28.0, color=(1.0, 0.9, 0.78))

    def sky(self, room, window_centre, inward, size, sun_dir, frosted=False):
        """Daylight: a soft area light filling the window opening, a sun through it when the design wants one."""
        c = Vector(window_centre)
        rot = Vector(inward).to_track_quat('-Z', 'Y').to_euler()
        area_light(tuple(c + Vector(inward) * 0.02), size[0], 90.0 * size[0] * size[1] / 0.5, color=(0.85, 0.92, 1.0), size_y=size[1], rot=rot, name='window')
        if self.d.sun and not frosted:
            sun = bpy.data.lights.new('sun', 'SUN')
            sun.energy = 5.5
            sun.angle = math.radians(1.5)
            sun.color = (1.0, 0.93, 0.82)
            ob = bpy.data.objects.new('sun', sun)
            ob.rotation_euler = Vector(sun_dir).to_track_quat('-Z', 'Y').to_euler()
            link(ob)

    def fill(self, room, cam):
        """A large soft source behind the camera, as an interiors photographer would bounce a flash."""
        area_light((cam[0], 0.05, room.H - 0.4), 1.2, 90.0 if not self.d.dated else 60.0, color=(1.0, 0.97, 0.92), size_y=0.8,
                   rot=(math.radians(70), 0, 0))

    def towel_bar(self, room, wall, u, z, width=0.6, drop=0.55):
        cols = self.d.towels['colors']
        pipe = 'pipe towel rail' in self.d.props
        mat = self.metal if not pipe else metal('matte-black')
        objs = fx.towel_bar(-width / 2, width / 2, z, mat)
        objs += fx.towel_on_bar(-width / 2 + 0.08, width / 2 - 0.08, z, cols[0], drop=drop, stripe=self.d.towels.get('stripe'))
        group(objs, room, wall, u, 0.0, 0.0)

    @labelled('metal')
    def toilet(self, room, wall, u):
        seat = None
        if self.d.id in ('rustic', 'farmhouse', 'victorian'):
            seat = self.m({'kind': 'wood', 'color': self._wood(), 'roughness': 0.3, 'coat': 0.5})
        group(fx.toilet(self.d.toilet or 'close', seat_mat=seat, metal_mat=self.metal), room, wall, u, 0.0, 0.0)
        # paper holder
        p = room.wall_point(wall, u + 0.38, 0.68, 0.0)
        objs = [cylinder(0.0, 0.0, 0.0, 0.025, 0.012, self.metal, axis='Y'), poly_tube([(0, 0, 0), (0, -0.09, 0), (0.1, -0.09, 0)], 0.007, self.metal),
                cylinder(0.005, -0.09, -0.0, 0.055, 0.1, plain((0.95, 0.95, 0.93), 0.9), axis='X', verts=24)]
        group(objs, room, wall, u + 0.38, 0.68, 0.0)

    # ------------------------------------------------------------ props
    @labelled('prop')
    def place_props(self, room):
        """Put each catalogue prop the design has in a fitting slot of the layout."""
        d = self.d
        pal = d.palette
        counter = list(self.slots.get('counter', []))
        floor = list(self.slots.get('floor', []))
        wall_spots = list(self.slots.get('wall', []))
        ledge = list(self.slots.get('ledge', []))
        accent = pal['accent']

        def take(lst):
            return lst.pop(0) if lst else None

        def counter_point():
            s = take(counter)
            if s is None:
                return None
            wall, u, z, depth = s
            p = room.wall_point(wall, u, z, depth * 0.55)
            return p

        for prop in d.props:
            p = prop.lower()
            if 'mirror' in p or 'sconce' in p or 'towel' in p and 'rail' not in p or p in ('exposed bulbs', 'globe light', 'clawfoot tub', 'pipe towel rail'):
                continue  # handled by fixtures
            if p in ('olive tree', 'snake plant', 'fern', 'bamboo', 'terracotta pots', 'knitted basket', 'galvanised bucket',
                     'pale oak stool', 'wooden stool', 'velvet stool', 'wooden bath stool', 'step stool', 'bunny step stool', 'ladder towel rail',
                     'olive branches'):
                spot = take(floor)
                if spot is None:
                    continue
                x, y = spot[:2]
                if p == 'olive tree':
                    pr.plant('olive', x, y, 0.0, scale=1.0, pot_mat=plain((0.7, 0.62, 0.52), 0.7, bump=0.3))
                elif p == 'snake plant':
                    pr.plant('snake', x, y, 0.0, scale=1.0, pot_mat=plain(rgb(pal['trim']), 0.3))
                elif p == 'fern':
                    stand = self.m({'kind': 'wood', 'color': self._wood(), 'roughness': 0.4})
                    cylinder(x, y, 0.0, 0.14, 0.5, stand, r2=0.12)
                    pr.plant('fern', x, y, 0.5, scale=1.0, pot_mat=plain((0.9, 0.88, 0.84), 0.3))
                elif p == 'bamboo':
                    pr.plant('bamboo', x, y, 0.0, scale=1.0, pot_mat=plain((0.2, 0.19, 0.17), 0.6, bump=0.3))
                elif p == 'terracotta pots':
                    tc = plain((0.55, 0.22, 0.1), 0.8, bump=0.3, mottle=0.3)
                    pr.plant('snake', x, y, 0.0, scale=0.8, pot_mat=tc)
                    pr.plant('fern', x + 0.25, y - 0.2, 0.0, scale=0.55, pot_mat=tc)
                elif p == 'olive branches':
                    pr.plant('branches', x, y, 0.0, scale=2.2, pot_mat=plain((0.55, 0.25, 0.12), 0.8, mottle=0.3))
                elif p == 'knitted basket':
                    pr.basket(x, y, 0.0, kind='knit', colour=pal['accent'] if pal['accent'] != pal['trim'] else '#D9D4CA')
                elif p == 'galvanised bucket':
                    pr.basket(x, y, 0.0, r=0.15, h=0.28, kind='galvanised')
                    pr.plant('cotton', x, y, 0.05, scale=1.3, pot_mat=metal('steel'))
                elif p in ('pale oak stool', 'wooden stool'):
                    wm = self.m({'kind': 'wood', 'color': self._wood(), 'roughness': 0.45})
                    pr.stool('round', x, y, 0.0, wm)
                    if 'wool throw' in d.props:
                        fab = self.m({'kind': 'fabric', 'color': tuple(rgb(accent))})
                        box(x - 0.2, y - 0.12, 0.455, x + 0.2, y + 0.12, 0.49, fab, bev=0.015)
                    else:
                        fx.towel_stack(x, y, 0.455, 0.3, 0.22, d.towels['colors'], count=2, thick=0.045)
                elif p == 'velvet stool':
                    pr.stool('velvet', x, y, 0.0, self.metal, accent=accent)
                elif p == 'wooden bath stool':
                    pr.stool('bath', x, y, 0.0, self.m({'kind': 'wood', 'color': self._wood(), 'roughness': 0.5}))
                elif p in ('step stool', 'bunny step stool'):
                    col = '#FFFFFF' if p == 'bunny step stool' else pal['accent']
                    pr.stool('bunny' if 'bunny' in p else 'step', x, y, 0.0, plain(rgb(col), 0.4))
                elif p == 'ladder towel rail':
                    dists = {'left': x, 'right': room.W - x, 'back': room.D - y}
                    wall = min(dists, key=dists.get)
                    u = y if wall in ('left', 'right') else x
                    wm = self.m({'kind': 'wood', 'color': self._wood(), 'roughness': 0.5})
                    objs = pr.ladder(0.0, -0.38, -0.03, 1.65, wm)
                    objs += fx.towel_on_bar(-0.2, 0.2, 1.1, d.towels['colors'][-1], drop=0.45, bar_out=0.03 + 0.35 * (1 - 1.1 / 1.65 * 6 / 6) + 0.0)
                    group(objs, room, wall, u, 0.0, 0.0)
                continue
            if p in ('glass vessel', 'sculptural vase', 'stone vessel', 'gold tray', 'white orchid', 'eucalyptus', 'lavender',
                     'cotton flowers', 'driftwood', 'trailing plant'):
                c = counter_point()
                if c is None:
                    spot = take(ledge)
                    if spot is None:
                        continue
                    c = Vector(spot)
                if p == 'glass vessel':
                    pr.vase(c.x, c.y, c.z, 'bottle', material({'kind': 'solid-glass', 'tint': (0.85, 0.9, 0.88)}), scale=1.0)
                elif p == 'sculptural vase':
                    pr.vase(c.x, c.y, c.z, 'sculptural', plain((0.12, 0.11, 0.1), 0.7, bump=0.2))
                elif p == 'stone vessel':
                    pr.vase(c.x, c.y, c.z, 'vessel', self.m({'kind': 'stone', 'color': (0.45, 0.43, 0.4), 'tile': (3.0, 3.0), 'variation': 0.0, 'roughness': 0.7}), scale=0.8)
                elif p == 'gold tray':
                    pr.tray(c.x, c.y, c.z, 0.3, 0.18, metal('brass'))
                    pr.bottle(c.x - 0.07, c.y, c.z + 0.006, colour=(0.35, 0.1, 0.3), glass=True, h=0.16)
                    pr.bottle(c.x + 0.06, c.y, c.z + 0.006, colour=(0.9, 0.9, 0.88), h=0.12, r=0.03, pump_mat=metal('brass'))
                elif p == 'white orchid':
                    pr.plant('orchid', c.x, c.y, c.z, scale=1.0, pot_mat=plain((0.93, 0.93, 0.92), 0.2))
                elif p in ('eucalyptus', 'lavender', 'cotton flowers'):
                    pr.plant({'eucalyptus': 'eucalyptus', 'lavender': 'lavender', 'cotton flowers': 'cotton'}[p], c.x, c.y, c.z, scale=0.8)
                elif p == 'driftwood':
                    pr.driftwood(c.x, c.y, c.z, length=0.35)
                elif p == 'trailing plant':
                    pr.plant('trailing', c.x, c.y, c.z, scale=0.7, pot_mat=plain(rgb(accent), 0.4))
                continue
            if p in ('gallery wall', 'macrame', 'rocket hooks', 'antler hook', 'steel shelving'):
                spot = take(wall_spots)
                if spot is None:
                    continue
                wall, u, z = spot
                if p == 'gallery wall':
                    objs = []
                    arts = [{'kind': 'stripes', 'color': rgb(pal['accent']), 'color2': rgb(pal['cabinetry']), 'width': 0.04},
                            {'kind': 'floral', 'color': (0.8, 0.75, 0.6), 'flowers': (rgb(pal['accent']), rgb(pal['walls'])), 'leaf': (0.2, 0.3, 0.15), 'name': 'art', 'repeat': 0.3},
                            {'kind': 'dots', 'color': (0.9, 0.88, 0.82), 'dots': (rgb(pal['cabinetry']), rgb(pal['accent'])), 'pitch': 0.05},
                            {'kind': 'paint', 'color': rgb(pal['cabinetry']), 'variation': 0.2}]
                    frames = [(-0.22, 0.12, 0.3, 0.38), (0.14, 0.2, 0.3, 0.24), (0.16, -0.1, 0.24, 0.3), (-0.22, -0.24, 0.26, 0.2)]
                    for k, (fx_, fz, fw, fh) in enumerate(frames):
                        objs += pr.frame_art(fx_, 0.0, fz, fw, fh, metal('brass') if k % 2 else plain((0.05, 0.05, 0.05), 0.4), arts[k])
                    group(objs, room, wall, u, z, 0.0)
                elif p == 'macrame':
                    group(pr.macrame(0.0, 0.0, 0.0, 0.36, '#EDE3D3'), room, wall, u, z + 0.25, 0.0)
                elif p == 'rocket hooks':
                    objs = []
                    for k, col in enumerate(((0.95, 0.95, 0.95), (0.95, 0.8, 0.1), (0.2, 0.5, 0.85))):
                        objs += pr.rocket_hook(-0.2 + 0.2 * k, -0.025, 0.0, col)
                    objs += fx.towel_on_bar(-0.27, -0.13, 0.0, '#1E3358', drop=0.35, bar_out=0.04)
                    group(objs, room, wall, u, z, 0.0)
                elif p == 'antler hook':
                    bone = plain((0.75, 0.7, 0.6), 0.6, bump=0.5)
                    objs = [box(-0.08, -0.02, -0.1, 0.08, 0.0, 0.1, self.m({'kind': 'wood', 'color': self._wood()}), bev=0.01)]
                    for sx in (-1, 1):
                        objs.append(tube([(sx * 0.02, -0.02, 0.0), (sx * 0.08, -0.08, 0.06), (sx * 0.12, -0.1, 0.16)], 0.01, bone))
                        objs.append(tube([(sx * 0.07, -0.07, 0.05), (sx * 0.04, -0.1, 0.12)], 0.007, bone))
                    group(objs, room, wall, u, z, 0.0)
                elif p == 'steel shelving':
                    steel = metal('matte-black')
                    wm = self.m({'kind': 'wood', 'color': self._wood(), 'roughness': 0.5})
                    objs = []
                    for k in range(2):
                        zz = 0.0 + 0.35 * k
                        objs.append(box(-0.35, -0.22, zz, 0.35, 0.0, zz + 0.03, wm, bev=0.003))
                        for sx in (-0.3, 0.3):
                            objs.append(poly_tube([(sx, 0.0, zz - 0.02), (sx, -0.2, zz - 0.02)], 0.008, steel))
                    objs += fx.towel_stack(-0.15, -0.11, 0.03, 0.28, 0.18, d.towels['colors'], count=3, thick=0.05)
                    objs += pr.basket(0.18, -0.11, 0.03, r=0.09, h=0.14, kind='galvanised')
                    objs += pr.bottle(0.15, -0.1, 0.38, colour=(0.3, 0.2, 0.1), glass=True, h=0.2)
                    objs += pr.bottle(-0.1, -0.1, 0.38, colour=(0.1, 0.1, 0.1), h=0.16, pump_mat=steel)
                    group(objs, room, wall, u, z, 0.0)
                continue
            if p == 'patterned rug':
                r = self.slots.get('rug')
                if r:
                    x0, y0, x1, y1 = r
                    pr.rug(x0, y0, x1, y1, {'kind': 'stripes', 'color': rgb(pal['accent']), 'color2': rgb(pal['floor']), 'width': 0.05, 'pin': rgb(pal['cabinetry'])})
                continue
            if p == 'hanging plants':
                for (x, y) in self.slots.get('hang', [])[:2]:
                    poly_tube([(x, y, room.H), (x, y, room.H - 0.6)], 0.002, plain((0.7, 0.6, 0.45), 0.9))
                    pr.basket(x, y, room.H - 0.8, r=0.11, h=0.16, kind='rattan')
                    pr.plant('hanging', x, y, room.H - 0.66, scale=0.9)
                continue
            if p == 'linen curtain':
                w = self.slots.get('window')
                if w:
                    wall, u0, u1, z1 = w
                    fab = self.m({'kind': 'fabric', 'color': tuple(rgb('#EFE9DD'))})
                    objs = fx.curtain(-0.2, (u1 - u0) * 0.5, -0.06, 0.0, fab, open_fraction=0.9, drop=z1 - 0.8)
                    group(objs, room, wall, u0, z1 + 0.1, 0.0)
                continue
            if p == 'rubber ducks':
                for k, spot in enumerate(self.slots.get('ducks', [])):
                    pr.duck(spot[0], spot[1], spot[2], s=1.0, yaw=-1.2 + 0.8 * k)
                continue
            if p == 'wool throw':
                continue


def camera(loc, yaw_deg, focal, shift_x=0.0, shift_y=0.0):
    cam = bpy.data.cameras.new('camera')
    cam.lens = focal
    cam.sensor_width = 36.0
    cam.sensor_fit = 'HORIZONTAL'
    cam.shift_x = shift_x
    cam.shift_y = shift_y
    cam.clip_start = 0.05
    ob = bpy.data.objects.new('camera', cam)
    ob.location = loc
    ob.rotation_euler = (math.radians(90), 0.0, math.radians(yaw_deg))
    link(ob)
    bpy.context.scene.camera = ob
    return ob


# ====================================================================== layouts

def build(design, layout, camera_variant='main'):
    s = Scene(design, layout, camera_variant)
    return {'shower': build_shower, 'tub': build_tub, 'vanity': build_vanity, 'powder': build_powder}[layout](s)


def build_shower(s):
    d = s.d
    W, D, H = 2.5, 2.9, 2.5
    room = Room(W, D, H)
    wet = s.m(d.wet)
    # shower enclosure at the back right: back wall and right wall tiled full height
    room.zone('back', 1.45, W, 0.0, H, wet, thick=0.008)
    room.zone('right', 1.9, D, 0.0, H, wet, thick=0.008)
    if not d.dated and d.walls.get('kind') in ('paint', 'stripes', 'dots', 'floral'):
        room.zone('back', 0.0, 1.45, 0.0, 1.2 if d.wainscot else 0.0, wet, thick=0.0)
    fx.window(room, 'right', 0.55, 1.35, 1.15, 2.05, s.m(d.trim), frosted=d.dated)
    fx.door_opening(room, 'front', 0.65, 1.45, 2.05, s.m(d.trim), s.metal)
    s.walls(room)
    # shower tray: a slightly sunk floor panel with a linear drain
    with labelled('floor'):
        box(1.45, 1.95, 0.0, W, D, 0.006, s.m(d.floor))
    box(1.6, D - 0.12, 0.006, W - 0.1, D - 0.07, 0.009, s.metal)
    if d.dated:
        # framed sliding door of the 2000s
        objs = fx.glass_panel(1.45, W, 1.95, s.metal, y=0.0, frame=True)
        for o in objs:
            o.location.y += 1.95
        box(1.45, 1.9, 0.0, W, 1.95, 0.12, ceramic())
    else:
        objs = fx.glass_panel(1.45, 2.2, 2.0, s.metal)
        for o in objs:
            o.location.y += 1.95
        poly_tube([(1.45, 1.95, 2.0), (1.45, D, 2.0)], 0.008, s.metal)
    group(fx.shower_set(s.metal, head='rain' if not d.dated else 'fixed', arm_length=0.4), room, 'back', 1.98, 0.0, 0.008)
    # vanity and mirror on the back wall, left
    hv = s.vanity(room, 'back', 0.75, 0.95, (0.0,), depth=0.5)
    s.mirror(room, 'back', 0.75, hv + 0.72, 0.78, 0.92)
    s.lights(room, 'back', 0.75, hv + 1.18, [-0.55, 0.55], [(0.9, 1.5), (1.95, 2.4)])
    s.toilet(room, 'left', 1.75)
    s.towel_bar(room, 'left', 1.05, 1.15, width=0.5)
    if 'ladder towel rail' in d.props:
        pass
    # niche shelf inside the shower with bottles
    for k, col in enumerate(((0.92, 0.92, 0.9), (0.25, 0.25, 0.24), (0.7, 0.62, 0.5))):
        pr.bottle(W - 0.07 - 0.0, 2.35 + 0.08 * k, 0.0, colour=col, h=0.2, r=0.03)
    s.slots['floor'] = [(2.15, 1.55), (0.25, 0.85)]
    s.slots['wall'] = [('left', 1.75, 1.45), ('right', 1.6, 1.3)]
    s.slots['ledge'] = [(W - 0.15, 1.0, 1.15)]
    s.slots['window'] = ('right', 0.55, 1.35, 2.05)
    s.slots['rug'] = (0.35, 1.2, 1.35, 1.95)
    s.slots['hang'] = [(2.2, 1.0)]
    if not d.dated:
        s.place_props(room)
    else:
        fx.towel_stack(W - 0.22, 0.95, 1.15 - 0.03, 0.0, 0.0, ['#FFFFFF'], count=0)
    s.sky(room, (W + 0.05, 0.95, 1.6), (-1, 0, 0), (0.8, 0.9), (-0.55, 0.6, -0.6))
    cam = (1.12, 0.12, 1.42)
    s.fill(room, cam)
    camera(cam, 0.0 if s.cam_variant == 'main' else -6.0, 20.5, shift_y=-0.08)
    return room


def build_tub(s):
    d = s.d
    W, D, H = 2.8, 2.55, 2.5
    room = Room(W, D, H)
    wet = s.m(d.wet)
    tub = d.tub
    if tub == 'alcove':
        room.zone('back', 1.0, W, 0.0, 2.05 if d.dated else H, wet, thick=0.008)
        room.zone('right', D - 0.78, D, 0.0, 2.05 if d.dated else H, wet, thick=0.008)
    elif not d.dated:
        room.zone('back', 0.95, W, 0.0, H, wet, thick=0.008)
    fx.window(room, 'back', 1.45, 2.3, 1.3, 2.15, s.m(d.trim), frosted=d.dated)
    fx.door_opening(room, 'front', 0.8, 1.6, 2.05, s.m(d.trim), s.metal)
    s.walls(room)
    # bath
    if tub == 'alcove':
        apron = wet if not d.dated else ceramic()
        objs = fx.alcove_tub(W - 1.0, apron, s.metal)
        group(objs, room, 'back', 1.0 + (W - 1.0) / 2, 0.0, 0.0)
        # wall-mounted bath filler and shower
        group(fx.shower_set(s.metal, head='fixed', z_head=1.95), room, 'right', D - 0.38, 0.0, 0.008)
        group([fx.poly_tube([(0, 0, 0.7), (0, -0.14, 0.7), (0, -0.14, 0.66)], 0.012, s.metal)], room, 'right', D - 0.38, 0.0, 0.008)
        if d.shower in ('curtain', 'curtain-kids'):
            poly_tube([(1.0, D - 0.8, 2.0), (W, D - 0.8, 2.0)], 0.01, s.metal)
            col = d.curtain or '#FFFFFF'
            spec = {'kind': 'fabric', 'color': tuple(rgb(col))}
            if d.shower == 'curtain-kids':
                spec = {'kind': 'fabric', 'color': tuple(rgb('#FFFFFF')), 'stripe': tuple(rgb('#8FCFE0')), 'stripe_axis': 'X', 'stripe_width': 0.1}
            fx.curtain(1.0, W - 0.02, D - 0.8, 2.0, s.m(spec), open_fraction=0.45, drop=1.8)
        elif d.shower in ('glass', 'framed'):
            g = fx.glass_panel(0.0, 0.8, 1.45, s.metal, frame=d.shower == 'framed')
            for o in g:
                o.rotation_euler = (0, 0, math.radians(90))
                o.location = (1.03, D - 0.82, 0.56)
        s.slots['ducks'] = [(1.3, D - 0.72, 0.56), (1.45, D - 0.74, 0.56), (2.2, D - 0.06, 0.56)]
        ledge = [(W - 0.2, D - 0.05, 0.56), (1.15, D - 0.05, 0.56)]
    elif tub == 'freestanding':
        outer = ceramic() if d.id not in ('glam',) else s.m({'kind': 'plain', 'color': (0.02, 0.02, 0.02), 'roughness': 0.15, 'coat': 0.8})
        if d.id == 'zen-japandi':
            outer = s.m({'kind': 'stone', 'color': (0.62, 0.6, 0.56), 'tile': (5.0, 5.0), 'variation': 0.0, 'roughness': 0.5})
        objs = fx.freestanding_tub(1.65, outer)
        group(objs, room, 'back', 1.85, 0.0, 0.12)
        fx_objs = fx.floor_filler(2.85 - 0.18, D - 0.62, 0.6, s.metal)
        del fx_objs
        ledge = [(1.0, D - 0.35, 0.0)]
        s.slots['ducks'] = []
    else:  # clawfoot
        outer_col = rgb(d.palette['cabinetry']) if d.id == 'victorian' else rgb('#2B2B2B') if d.id == 'farmhouse' else (0.85, 0.85, 0.83)
        outer = s.m({'kind': 'plain', 'color': tuple(outer_col), 'roughness': 0.25, 'coat': 0.5})
        feet = s.metal
        objs = fx.clawfoot_tub(1.6, outer, feet)
        group(objs, room, 'back', 1.85, 0.0, 0.05)
        ledge = [(1.0, D - 0.3, 0.0)]
        s.slots['ducks'] = []
    # vanity on the back wall, left of the bath
    hv = s.vanity(room, 'back', 0.47, 0.72, (0.0,), depth=0.46)
    s.mirror(room, 'back', 0.47, hv + 0.7, 0.56, 0.8)
    s.lights(room, 'back', 0.47, hv + 1.12, [-0.42, 0.42] if d.art.get('lights', '').startswith('sconce') else [0.0], [(1.2, 1.2), (2.0, 1.6)])
    s.toilet(room, 'left', 1.15)
    s.towel_bar(room, 'right', 1.05, 1.1, width=0.55)
    s.slots['floor'] = [(0.95 if d.tub != 'alcove' else 2.3, D - 0.35 if d.tub != 'alcove' else 1.25), (2.45, 1.1), (0.3, 0.45)]
    s.slots['wall'] = [('left', 0.55, 1.45), ('right', 0.7, 1.6)]
    s.slots['ledge'] = []
    s.slots['window'] = ('back', 1.45, 2.3, 2.15)
    s.slots['rug'] = (1.1, 0.9, 2.4, 1.5) if d.tub != 'alcove' else (1.1, 1.05, 2.4, 1.65)
    s.slots['hang'] = [(2.4, 1.4)]
    if not d.dated:
        s.place_props(room)
        if d.tub in ('freestanding', 'clawfoot'):
            fx.floor_filler(2.62 + 0.12, D - 0.55, 0.6, s.metal) if d.tub == 'freestanding' else None
            # tray across the tub with a candle
            wm = s.m({'kind': 'wood', 'color': s._wood(), 'roughness': 0.4})
            with labelled('prop'):
                box(1.6, D - 0.95 + 0.05, 0.6, 1.85, D - 0.1 - 0.05, 0.615, wm, bev=0.004)
            pr.candle(1.72, D - 0.6, 0.615)
    s.sky(room, (1.875, D + 0.05, 1.72), (0, -1, 0), (0.85, 0.85), (0.35, -0.6, -0.6))
    cam = (1.5, 0.1, 1.4)
    s.fill(room, cam)
    camera(cam, 6.0 if s.cam_variant == 'main' else 0.0, 20.0, shift_y=-0.05)
    return room


def build_vanity(s):
    d = s.d
    W, D, H = 3.2, 2.7, 2.6
    room = Room(W, D, H)
    wet = s.m(d.wet)
    if not d.dated and (d.art.get('accent_wall') or d.walls.get('kind') == 'paint' and d.wet is not d.walls):
        room.zone('back', 0.55, 2.65, 0.0, H if d.art.get('accent_wall') else 1.25, wet, thick=0.008)
    if d.dated:
        room.zone('back', 0.75, 2.45, 0.86, 1.25, wet, thick=0.006)
    fx.window(room, 'left', 0.9, 1.8, 1.05, 2.15, s.m(d.trim), frosted=d.dated)
    fx.door_opening(room, 'front', 1.2, 2.0, 2.05, s.m(d.trim), s.metal)
    s.walls(room)
    hv = s.vanity(room, 'back', 1.6, 1.6, (-0.4, 0.4), depth=0.52)
    shape, frame = d.art.get('mirror', ('rect', 'none'))
    if d.dated:
        s.mirror(room, 'back', 1.6, hv + 0.75, 1.5, 0.95)
        s.lights(room, 'back', 1.6, hv + 1.25, [-0.7, 0.7], [(1.6, 1.4)])
    else:
        for off in (-0.4, 0.4):
            s.mirror(room, 'back', 1.6 + off, hv + 0.78, 0.58, 0.82)
        s.lights(room, 'back', 1.6, hv + 1.22, [-0.8, 0.0, 0.8] if d.art.get('lights', '').startswith('sconce') else [-0.4, 0.4],
                 [(1.0, 1.3), (2.2, 1.3)])
    s.toilet(room, 'right', 0.75)
    s.towel_bar(room, 'right', 1.75, 1.1, width=0.6)
    s.slots['floor'] = [(0.38, D - 0.35), (2.85, D - 0.35), (0.4, 0.6)]
    s.slots['wall'] = [('left', 2.2, 1.5), ('right', 2.2, 1.5)]
    s.slots['ledge'] = [(0.12, 1.35, 1.05)]
    s.slots['window'] = ('left', 0.9, 1.8, 2.15)
    s.slots['rug'] = (1.0, 1.25, 2.2, 1.95)
    s.slots['hang'] = [(0.35, 1.9)]
    if not d.dated:
        s.place_props(room)
    s.sky(room, (-0.05, 1.35, 1.6), (1, 0, 0), (0.9, 1.1), (0.6, 0.15, -0.55))
    cam = (1.6, 0.12, 1.38)
    s.fill(room, cam)
    camera(cam, 0.0 if s.cam_variant == 'main' else 8.0, 21.0, shift_y=-0.05)
    return room


def build_powder(s):
    d = s.d
    W, D, H = 1.75, 1.95, 2.5
    room = Room(W, D, H)
    fx.window(room, 'right', 0.85, 1.45, 1.55, 2.15, s.m(d.trim), frosted=True)
    fx.door_opening(room, 'front', 0.48, 1.28, 2.05, s.m(d.trim), s.metal)
    if not d.dated and d.walls.get('kind') == 'paint' and not d.wainscot:
        room.zone('back', 0.35, 1.4, 0.0, 1.25, s.m(d.wet), thick=0.008)
    s.walls(room)
    if d.dated:
        objs = fx.pedestal_basin(ceramic(), s.metal, tap='cross' if d.metal == 'polished-brass' else 'lever')
        group(objs, room, 'back', 0.87, 0.0, 0.0)
        hv = 0.84
        s.slots['counter'] = []
    else:
        hv = s.vanity(room, 'back', 0.87, 0.72, (0.0,), depth=0.44)
    s.mirror(room, 'back', 0.87, hv + 0.72, 0.55, 0.78)
    s.lights(room, 'back', 0.87, hv + 1.14, [-0.45, 0.45] if d.art.get('lights', '').startswith('sconce') or d.dated else [0.0], [(0.87, 1.1)])
    s.toilet(room, 'right', 1.25)
    # hand towel ring/bar on the left wall
    s.towel_bar(room, 'left', 1.25, 1.05, width=0.42, drop=0.4)
    s.slots['floor'] = [(0.25, D - 0.25), (1.5, D - 0.2)]
    s.slots['wall'] = [('left', 0.75, 1.55), ('left', 1.3, 1.85)]
    s.slots['ledge'] = [(W - 0.06, 1.15, 1.55)]
    s.slots['window'] = ('right', 0.85, 1.45, 2.15)
    s.slots['rug'] = (0.45, 0.6, 1.2, 1.2)
    s.slots['hang'] = [(1.45, 1.55)]
    if not d.dated:
        s.place_props(room)
    s.sky(room, (W + 0.05, 1.15, 1.85), (-1, 0, 0), (0.6, 0.6), (-0.5, 0.3, -0.65), frosted=True)
    cam = (0.87, 0.06, 1.38)
    s.fill(room, cam)
    camera(cam, 0.0, 17.5, shift_y=-0.1)
    return room
