"""Geometry helpers and bathroom fixtures, modelled procedurally with bmesh.

Units are metres, Z up. Meshes are built in world coordinates and given a metric box-projected
UV map, so procedural tile, plank and grain sizes are real sizes.
"""
import contextlib
import math
import bpy
import bmesh
from mathutils import Vector, Matrix
from lavo_materials import material, metal, ceramic, plain, rgb, scale_rgb

_count = [0]

# Ground-truth labelling (lavo_labels.py): the innermost labelled() context tags every object linked.
_label_stack = ['']


class labelled(contextlib.ContextDecorator):
    """`with labelled('vanity'):` or `@labelled('mirror')`: objects linked inside get that label context."""

    def __init__(self, ctx):
        self.ctx = ctx

    def __enter__(self):
        _label_stack.append(self.ctx)
        return self

    def __exit__(self, *exc):
        _label_stack.pop()
        return False


def _name(prefix):
    _count[0] += 1
    return '%s.%03d' % (prefix, _count[0])


def link(obj):
    bpy.context.scene.collection.objects.link(obj)
    if obj.type in ('MESH', 'CURVE'):
        obj['lavo_ctx'] = _label_stack[-1]
    return obj


def box_uv(bm, scale=1.0):
    layer = bm.loops.layers.uv.verify()
    for face in bm.faces:
        n = face.normal
        ax, ay, az = abs(n.x), abs(n.y), abs(n.z)
        for loop in face.loops:
            co = loop.vert.co
            if az >= ax and az >= ay:
                loop[layer].uv = (co.x * scale, co.y * scale)
            elif ax >= ay:
                loop[layer].uv = (co.y * scale, co.z * scale)
            else:
                loop[layer].uv = (co.x * scale, co.z * scale)


def from_bmesh(bm, mat, name='mesh', smooth=False, uv=True):
    if uv:
        bm.normal_update()
        box_uv(bm)
    me = bpy.data.meshes.new(_name(name))
    bm.to_mesh(me)
    bm.free()
    obj = bpy.data.objects.new(me.name, me)
    if mat is not None:
        me.materials.append(mat)
    if smooth:
        for p in me.polygons:
            p.use_smooth = True
        me.use_auto_smooth = True
        me.auto_smooth_angle = math.radians(40)
    return link(obj)


def bevel(obj, width=0.004, segments=2, angle=40):
    m = obj.modifiers.new('bevel', 'BEVEL')
    m.width = width
    m.segments = segments
    m.limit_method = 'ANGLE'
    m.angle_limit = math.radians(angle)
    m.harden_normals = False
    for p in obj.data.polygons:
        p.use_smooth = True
    obj.data.use_auto_smooth = True
    obj.data.auto_smooth_angle = math.radians(40)
    return obj


def subsurf(obj, levels=2):
    m = obj.modifiers.new('subsurf', 'SUBSURF')
    m.levels = levels
    m.render_levels = levels
    for p in obj.data.polygons:
        p.use_smooth = True
    return obj


def solidify(obj, thickness, offset=-1.0):
    m = obj.modifiers.new('solidify', 'SOLIDIFY')
    m.thickness = thickness
    m.offset = offset
    return obj


def box(x0, y0, z0, x1, y1, z1, mat, bev=0.0, segments=2, name='box'):
    bm = bmesh.new()
    bmesh.ops.create_cube(bm, size=1.0)
    sx, sy, sz = abs(x1 - x0), abs(y1 - y0), abs(z1 - z0)
    cx, cy, cz = (x0 + x1) / 2, (y0 + y1) / 2, (z0 + z1) / 2
    for v in bm.verts:
        v.co = Vector((cx + v.co.x * sx, cy + v.co.y * sy, cz + v.co.z * sz))
    obj = from_bmesh(bm, mat, name)
    if bev > 0:
        bevel(obj, min(bev, min(sx, sy, sz) * 0.45), segments)
    return obj


def cylinder(x, y, z0, r, h, mat, verts=32, r2=None, axis='Z', bev=0.0, name='cyl', rx=None):
    """Cylinder (or cone with r2) from z0 up h. axis='X' lays it from (x,y,z0) towards +X; axis='Y' towards -Y (out of a wall)."""
    bm = bmesh.new()
    bmesh.ops.create_cone(bm, cap_ends=True, cap_tris=False, segments=verts, radius1=r,
                          radius2=r if r2 is None else r2, depth=h)
    for v in bm.verts:
        v.co.z += h / 2
        if rx is not None:
            v.co.x *= rx / r
    if axis == 'X':
        bmesh.ops.rotate(bm, verts=bm.verts, matrix=Matrix.Rotation(math.radians(90), 3, 'Y'))
    elif axis == 'Y':
        bmesh.ops.rotate(bm, verts=bm.verts, matrix=Matrix.Rotation(math.radians(90), 3, 'X'))
    for v in bm.verts:
        v.co += Vector((x, y, z0))
    obj = from_bmesh(bm, mat, name)
    for p in obj.data.polygons:
        p.use_smooth = True
    obj.data.use_auto_smooth = True
    obj.data.auto_smooth_angle = math.radians(35)
    if bev > 0:
        bevel(obj, bev, 2)
    return obj


def sphere(x, y, z, r, mat, scale=(1, 1, 1), segments=24, name='sphere'):
    bm = bmesh.new()
    bmesh.ops.create_uvsphere(bm, u_segments=segments, v_segments=max(8, segments // 2), radius=r)
    for v in bm.verts:
        v.co = Vector((x + v.co.x * scale[0], y + v.co.y * scale[1], z + v.co.z * scale[2]))
    obj = from_bmesh(bm, mat, name, smooth=True)
    return obj


def torus(x, y, z, major, minor, mat, axis='Y', segments=48, name='torus', scale=(1, 1)):
    bm = bmesh.new()
    for i in range(segments):
        a = 2 * math.pi * i / segments
        ring = []
        for j in range(12):
            b = 2 * math.pi * j / 12
            rr = major + minor * math.cos(b)
            p = Vector((rr * math.cos(a) * scale[0], rr * math.sin(a) * scale[1], minor * math.sin(b)))
            ring.append(bm.verts.new(p))
        if i:
            for j in range(12):
                bm.faces.new((prev[j], prev[(j + 1) % 12], ring[(j + 1) % 12], ring[j]))
        else:
            first = ring
        prev = ring
    for j in range(12):
        bm.faces.new((prev[j], prev[(j + 1) % 12], first[(j + 1) % 12], first[j]))
    if axis == 'Y':
        bmesh.ops.rotate(bm, verts=bm.verts, matrix=Matrix.Rotation(math.radians(90), 3, 'X'))
    elif axis == 'X':
        bmesh.ops.rotate(bm, verts=bm.verts, matrix=Matrix.Rotation(math.radians(90), 3, 'Y'))
    for v in bm.verts:
        v.co += Vector((x, y, z))
    return from_bmesh(bm, mat, name, smooth=True)


def tube(points, radius, mat, name='tube', resolution=6, cyclic=False):
    cu = bpy.data.curves.new(_name(name), 'CURVE')
    cu.dimensions = '3D'
    cu.bevel_depth = radius
    cu.bevel_resolution = 3
    cu.use_fill_caps = True
    sp = cu.splines.new('BEZIER')
    sp.bezier_points.add(len(points) - 1)
    for bp, p in zip(sp.bezier_points, points):
        bp.co = p
        bp.handle_left_type = 'AUTO'
        bp.handle_right_type = 'AUTO'
    sp.use_cyclic_u = cyclic
    sp.resolution_u = resolution
    obj = bpy.data.objects.new(cu.name, cu)
    cu.materials.append(mat)
    return link(obj)


def poly_tube(points, radius, mat, name='pipe', cyclic=False):
    """Straight segments (pipes, rails, frames) with sharp corners."""
    cu = bpy.data.curves.new(_name(name), 'CURVE')
    cu.dimensions = '3D'
    cu.bevel_depth = radius
    cu.bevel_resolution = 3
    cu.use_fill_caps = True
    sp = cu.splines.new('POLY')
    sp.points.add(len(points) - 1)
    for pt, p in zip(sp.points, points):
        pt.co = (p[0], p[1], p[2], 1.0)
    sp.use_cyclic_u = cyclic
    obj = bpy.data.objects.new(cu.name, cu)
    cu.materials.append(mat)
    return link(obj)


def open_shell(cx, cy, z0, sx, sy, sz, mat, thickness=0.012, levels=3, name='shell', top_z=None, bottom_crease=0.0, round_xy=False):
    """A bowl: a box with its top face removed, subdivided smooth, then given wall thickness.

    (cx, cy) centre, z0 bottom; sx, sy, sz full sizes.
    """
    bm = bmesh.new()
    bmesh.ops.create_cube(bm, size=1.0)
    for v in bm.verts:
        v.co = Vector((cx + v.co.x * sx, cy + v.co.y * sy, z0 + (v.co.z + 0.5) * sz))
    top = [f for f in bm.faces if f.normal.z > 0.9]
    bmesh.ops.delete(bm, geom=top, context='FACES_ONLY')
    if bottom_crease:
        cl = bm.edges.layers.crease.verify()
        for e in bm.edges:
            if all(abs(v.co.z - z0) < 1e-4 for v in e.verts):
                e[cl] = bottom_crease
    obj = from_bmesh(bm, mat, name, uv=True)
    subsurf(obj, levels)
    solidify(obj, thickness, offset=1.0)
    for p in obj.data.polygons:
        p.use_smooth = True
    return obj


def area_light(loc, size, energy, color=(1, 1, 1), rot=(0, 0, 0), size_y=None, shape='RECTANGLE', name='area', spread=180):
    la = bpy.data.lights.new(_name(name), 'AREA')
    la.shape = shape
    la.size = size
    la.size_y = size if size_y is None else size_y
    la.energy = energy
    la.color = color
    la.spread = math.radians(spread)
    ob = bpy.data.objects.new(la.name, la)
    ob.location = loc
    ob.rotation_euler = rot
    return link(ob)


def point_light(loc, energy, radius=0.05, color=(1.0, 0.85, 0.68), name='point'):
    la = bpy.data.lights.new(_name(name), 'POINT')
    la.energy = energy
    la.shadow_soft_size = radius
    la.color = color
    ob = bpy.data.objects.new(la.name, la)
    ob.location = loc
    return link(ob)


def spot_light(loc, energy, rot, size_deg=70, radius=0.03, color=(1.0, 0.88, 0.72), blend=0.6):
    la = bpy.data.lights.new(_name('spot'), 'SPOT')
    la.energy = energy
    la.spot_size = math.radians(size_deg)
    la.spot_blend = blend
    la.shadow_soft_size = radius
    la.color = color
    ob = bpy.data.objects.new(la.name, la)
    ob.location = loc
    ob.rotation_euler = rot
    return link(ob)


# ---------------------------------------------------------------- walls

class Room:
    """An interior box W (x) × D (y) × H (z). Walls are named back (y=D), left (x=0), right (x=W), front (y=0).

    On each wall, u runs along the wall (x for back/front, y for left/right).
    """

    def __init__(self, W, D, H):
        self.W, self.D, self.H = W, D, H
        self.holes = {'back': [], 'left': [], 'right': [], 'front': []}
        self.zones = {'back': [], 'left': [], 'right': [], 'front': []}

    def hole(self, wall, u0, u1, z0, z1):
        self.holes[wall].append((u0, u1, z0, z1))

    def zone(self, wall, u0, u1, z0, z1, mat, thick=0.0):
        self.zones[wall].append((u0, u1, z0, z1, mat, thick))

    def wall_length(self, wall):
        return self.W if wall in ('back', 'front') else self.D

    @labelled('wall')
    def _cell(self, wall, u0, u1, z0, z1, mat, inset=0.0, depth=0.12):
        W, D = self.W, self.D
        if wall == 'back':
            return box(u0, D - inset, z0, u1, D + depth, z1, mat, name='wall')
        if wall == 'front':
            return box(u0, -depth, z0, u1, inset, z1, mat, name='wall')
        if wall == 'left':
            return box(-depth, u0, z0, inset, u1, z1, mat, name='wall')
        return box(W - inset, u0, z0, W + depth, u1, z1, mat, name='wall')

    def build_walls(self, base_mat, bands=()):
        """bands: [(z0, z1, mat)] horizontal bands overriding base_mat (e.g. wainscot)."""
        for wall in ('back', 'left', 'right', 'front'):
            L = self.wall_length(wall)
            us = {0.0, L}
            zs = {0.0, self.H}
            for (u0, u1, z0, z1) in self.holes[wall]:
                us.update((u0, u1))
                zs.update((z0, z1))
            for (u0, u1, z0, z1, _, _) in self.zones[wall]:
                us.update((max(0, u0), min(L, u1)))
                zs.update((max(0, z0), min(self.H, z1)))
            for (z0, z1, _) in bands:
                zs.update((z0, z1))
            us = sorted(u for u in us if 0 <= u <= L)
            zs = sorted(z for z in zs if 0 <= z <= self.H)
            # merge cells with identical material along u to keep the object count low
            for zi in range(len(zs) - 1):
                z0, z1 = zs[zi], zs[zi + 1]
                zm = (z0 + z1) / 2
                run = None
                for ui in range(len(us) - 1):
                    u0, u1 = us[ui], us[ui + 1]
                    um = (u0 + u1) / 2
                    if any(a <= um <= b and c <= zm <= d for (a, b, c, d) in self.holes[wall]):
                        key = None
                    else:
                        mat, thick = base_mat, 0.0
                        for (bz0, bz1, bmat) in bands:
                            if bz0 <= zm <= bz1:
                                mat = bmat
                        for (a, b, c, d, zmat, zthick) in self.zones[wall]:
                            if a <= um <= b and c <= zm <= d:
                                mat, thick = zmat, zthick
                        key = (mat, thick)
                    if run and run[2] == key:
                        run[1] = u1
                    else:
                        if run and run[2] is not None:
                            self._cell(wall, run[0], run[1], z0, z1, run[2][0], inset=run[2][1])
                        run = [u0, u1, key]
                if run and run[2] is not None:
                    self._cell(wall, run[0], run[1], z0, z1, run[2][0], inset=run[2][1])

    def floor_ceiling(self, floor_mat, ceiling_mat):
        with labelled('floor'):
            box(-0.12, -0.12, -0.1, self.W + 0.12, self.D + 0.12, 0.0, floor_mat, name='floor')
        with labelled('ceiling'):
            box(-0.12, -0.12, self.H, self.W + 0.12, self.D + 0.12, self.H + 0.1, ceiling_mat, name='ceiling')

    def wall_point(self, wall, u, z, out=0.0):
        """A point on the inner face of a wall, `out` metres into the room."""
        if wall == 'back':
            return Vector((u, self.D - out, z))
        if wall == 'front':
            return Vector((u, out, z))
        if wall == 'left':
            return Vector((out, u, z))
        return Vector((self.W - out, u, z))

    def wall_frame(self, wall):
        """(along, out) unit vectors for a wall: `along` follows u, `out` points into the room."""
        return {
            'back': (Vector((1, 0, 0)), Vector((0, -1, 0))),
            'front': (Vector((1, 0, 0)), Vector((0, 1, 0))),
            'left': (Vector((0, 1, 0)), Vector((1, 0, 0))),
            'right': (Vector((0, 1, 0)), Vector((-1, 0, 0))),
        }[wall]


def wall_box(room, wall, u0, u1, z0, z1, out0, out1, mat, bev=0.0, segments=2, name='wallbox'):
    """A box attached to a wall: spans u0..u1 along it, z0..z1, and out0..out1 from its face."""
    a = room.wall_point(wall, u0, z0, out0)
    b = room.wall_point(wall, u1, z1, out1)
    return box(min(a.x, b.x), min(a.y, b.y), a.z, max(a.x, b.x), max(a.y, b.y), b.z, mat, bev=bev, segments=segments, name=name)


def place(obj, room, wall, u, z, out):
    """Rotate an object modelled facing -Y at the origin onto a wall."""
    rot = {'back': 0.0, 'front': math.pi, 'left': math.pi / 2, 'right': -math.pi / 2}[wall]
    obj.rotation_euler = (0, 0, rot)
    obj.location = room.wall_point(wall, u, z, out)
    return obj


def group(objs, room, wall, u, z, out):
    """Parent objects modelled facing -Y around the origin (wall face at y=0) to an empty placed on a wall."""
    empty = bpy.data.objects.new(_name('group'), None)
    link(empty)
    for o in objs:
        if o is None:
            continue
        o.parent = empty
    place(empty, room, wall, u, z, out)
    return empty


def lathe(profile, mat, x=0.0, y=0.0, z=0.0, segments=40, name='lathe', scale_xy=(1.0, 1.0), smooth=True):
    """Revolve a profile [(radius, height), ...] (bottom to top) around the Z axis."""
    bm = bmesh.new()
    rings = []
    for (r, h) in profile:
        ring = []
        for i in range(segments):
            a = 2 * math.pi * i / segments
            ring.append(bm.verts.new((x + r * math.cos(a) * scale_xy[0], y + r * math.sin(a) * scale_xy[1], z + h)))
        rings.append(ring)
    for k in range(len(rings) - 1):
        a, b = rings[k], rings[k + 1]
        for i in range(segments):
            j = (i + 1) % segments
            bm.faces.new((a[i], a[j], b[j], b[i]))
    if profile[0][0] > 1e-4:
        bm.faces.new(list(reversed(rings[0])))
    if profile[-1][0] > 1e-4:
        bm.faces.new(rings[-1])
    bmesh.ops.remove_doubles(bm, verts=bm.verts, dist=1e-5)
    return from_bmesh(bm, mat, name, smooth=smooth)


def outline(shape, w, h, n=64):
    """Closed outline points (x, z) centred at the origin for mirrors and frames."""
    pts = []
    if shape in ('round', 'oval'):
        for i in range(n):
            a = 2 * math.pi * i / n
            pts.append((w / 2 * math.cos(a), h / 2 * math.sin(a)))
    elif shape == 'arch':
        r = w / 2
        straight = h - r
        pts.append((w / 2, -h / 2))
        for i in range(n // 2 + 1):
            a = math.pi * i / (n // 2)
            pts.append((r * math.cos(a), -h / 2 + straight + r * math.sin(a)))
        pts.append((-w / 2, -h / 2))
    elif shape == 'pill':
        r = min(w, h) / 2
        for i in range(n):
            a = 2 * math.pi * i / n
            cx = (w / 2 - r) * (1 if math.cos(a) >= 0 else -1)
            cz = (h / 2 - r) * (1 if math.sin(a) >= 0 else -1)
            pts.append((cx + r * math.cos(a), cz + r * math.sin(a)))
    elif shape == 'scallop':
        for i in range(n * 2):
            a = 2 * math.pi * i / (n * 2)
            k = 1 + 0.06 * abs(math.cos(a * 5))
            pts.append((w / 2 * math.cos(a) * k, h / 2 * math.sin(a) * k))
    else:  # rect with tiny rounded corners
        r = 0.004
        corners = [(w / 2 - r, h / 2 - r, 0), (-w / 2 + r, h / 2 - r, 90), (-w / 2 + r, -h / 2 + r, 180), (w / 2 - r, -h / 2 + r, 270)]
        for (cx, cz, start) in corners:
            for k in range(4):
                a = math.radians(start + 90 * k / 3)
                pts.append((cx + r * math.cos(a), cz + r * math.sin(a)))
    return pts


def flat_shape(points, y, mat, zc=0.0, name='flat'):
    """An n-gon in the XZ plane at depth y (facing -Y), from outline points."""
    bm = bmesh.new()
    verts = [bm.verts.new((x, y, zc + z)) for (x, z) in points]
    f = bm.faces.new(verts)
    f.normal_update()
    if f.normal.y > 0:
        f.normal_flip()
    return from_bmesh(bm, mat, name)
