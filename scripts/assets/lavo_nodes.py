"""Tiny helpers for building Cycles shader node trees from Python.

Every material in the pipeline is procedural: no bitmap is copied from anywhere. Pattern maps
that are awkward as node maths (hexagons, herringbone, floral wallpaper) are painted into
small in-memory images by lavo_patterns.py.
"""
import bpy


def srgb_to_linear(c):
    c = c / 255.0 if c > 1.0 else c
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def hex_rgb(value):
    """'#RRGGBB' → linear RGBA tuple (Cycles works in linear light)."""
    value = value.lstrip('#')
    r, g, b = (int(value[i:i + 2], 16) / 255.0 for i in (0, 2, 4))
    return (srgb_to_linear(r), srgb_to_linear(g), srgb_to_linear(b), 1.0)


def mix_rgb(a, b, t):
    return tuple(a[i] * (1 - t) + b[i] * t for i in range(3)) + (1.0,)


def scale_rgb(a, k):
    return tuple(min(1.0, a[i] * k) for i in range(3)) + (1.0,)


def luminance(c):
    return 0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2]


class Tree:
    """A node tree being built: `t.node(type, inputs, **attrs)` and `t.link(out, in)`."""

    def __init__(self, material):
        material.use_nodes = True
        self.nt = material.node_tree
        self.nt.nodes.clear()
        self.out = self.nt.nodes.new('ShaderNodeOutputMaterial')

    def node(self, kind, inputs=None, **attrs):
        n = self.nt.nodes.new(kind)
        for key, value in attrs.items():
            setattr(n, key, value)
        for key, value in (inputs or {}).items():
            self.set(n.inputs[key], value)
        return n

    def set(self, socket, value):
        if isinstance(value, bpy.types.NodeSocket):
            self.nt.links.new(value, socket)
        elif isinstance(value, bpy.types.Node):
            self.nt.links.new(value.outputs[0], socket)
        else:
            if socket.type in ('RGBA',) and len(value) == 3:
                value = tuple(value) + (1.0,)
            socket.default_value = value

    def link(self, a, b):
        self.nt.links.new(a, b)

    def math(self, op, a, b=0.0, clamp=False):
        n = self.node('ShaderNodeMath', operation=op, use_clamp=clamp)
        self.set(n.inputs[0], a)
        self.set(n.inputs[1], b)
        return n.outputs[0]

    def vmath(self, op, a, b=(0.0, 0.0, 0.0)):
        n = self.node('ShaderNodeVectorMath', operation=op)
        self.set(n.inputs[0], a)
        self.set(n.inputs[1], b)
        return n.outputs[0] if op not in ('DOT_PRODUCT', 'LENGTH', 'DISTANCE') else n.outputs['Value']

    def mix(self, fac, a, b, blend='MIX'):
        n = self.node('ShaderNodeMixRGB', blend_type=blend)
        self.set(n.inputs['Fac'], fac)
        self.set(n.inputs['Color1'], a)
        self.set(n.inputs['Color2'], b)
        return n.outputs['Color']

    def ramp(self, fac, stops, interpolation='LINEAR'):
        n = self.node('ShaderNodeValToRGB')
        n.color_ramp.interpolation = interpolation
        els = n.color_ramp.elements
        while len(els) > len(stops):
            els.remove(els[-1])
        while len(els) < len(stops):
            els.new(0.5)
        for el, (pos, col) in zip(els, stops):
            el.position = pos
            el.color = tuple(col) + ((1.0,) if len(col) == 3 else ())
        self.set(n.inputs['Fac'], fac)
        return n.outputs['Color']

    def uv(self, scale=(1.0, 1.0, 1.0), rotation=(0.0, 0.0, 0.0), location=(0.0, 0.0, 0.0), coords='UV'):
        tc = self.node('ShaderNodeTexCoord')
        mp = self.node('ShaderNodeMapping', vector_type='POINT')
        self.link(tc.outputs[coords], mp.inputs['Vector'])
        mp.inputs['Scale'].default_value = scale
        mp.inputs['Rotation'].default_value = rotation
        mp.inputs['Location'].default_value = location
        return mp.outputs['Vector']

    def noise(self, vector, scale=5.0, detail=4.0, roughness=0.5, distortion=0.0, dims='3D'):
        n = self.node('ShaderNodeTexNoise', noise_dimensions=dims)
        if vector is not None:
            self.set(n.inputs['Vector'], vector)
        n.inputs['Scale'].default_value = scale
        n.inputs['Detail'].default_value = detail
        n.inputs['Roughness'].default_value = roughness
        n.inputs['Distortion'].default_value = distortion
        return n

    def bump(self, height, strength=0.3, distance=0.002, normal=None):
        n = self.node('ShaderNodeBump')
        self.set(n.inputs['Height'], height)
        n.inputs['Strength'].default_value = strength
        n.inputs['Distance'].default_value = distance
        if normal is not None:
            self.set(n.inputs['Normal'], normal)
        return n.outputs['Normal']

    def principled(self, color, roughness=0.5, metallic=0.0, normal=None, specular=0.5, **extra):
        p = self.node('ShaderNodeBsdfPrincipled')
        self.set(p.inputs['Base Color'], color)
        self.set(p.inputs['Roughness'], roughness)
        self.set(p.inputs['Metallic'], metallic)
        self.set(p.inputs['Specular'], specular)
        if normal is not None:
            self.set(p.inputs['Normal'], normal)
        for key, value in extra.items():
            self.set(p.inputs[key.replace('_', ' ')], value)
        return p

    def output(self, shader):
        self.set(self.out.inputs['Surface'], shader)
