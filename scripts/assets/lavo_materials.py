"""Procedural materials for the bathroom scenes.

All textures are node maths or maps painted by lavo_patterns.py, sampled with UV coordinates in
metres (lavo_build.box_uv gives every surface a metric projection), so tile and plank sizes are
real-world sizes.
"""
import bpy
from lavo_nodes import Tree, hex_rgb, mix_rgb, scale_rgb, luminance
import lavo_patterns as patterns

_cache = {}

WHITE_CERAMIC = (0.82, 0.82, 0.80, 1.0)

# Metal finishes of the catalogue (MetalFinish): base colour (linear), roughness, metallic.
METALS = {
    'chrome': ((0.92, 0.92, 0.92), 0.04, 1.0),
    'brushed-nickel': ((0.70, 0.67, 0.62), 0.22, 1.0),
    'matte-black': ((0.018, 0.018, 0.018), 0.42, 0.0),
    'brass': ((0.86, 0.62, 0.30), 0.16, 1.0),
    'copper': ((0.90, 0.50, 0.33), 0.22, 1.0),
    'bronze': ((0.20, 0.12, 0.07), 0.38, 1.0),
    'steel': ((0.55, 0.56, 0.57), 0.30, 1.0),
    'polished-brass': ((0.93, 0.72, 0.36), 0.05, 1.0),
}


def rgb(value):
    if isinstance(value, str):
        return hex_rgb(value)
    return tuple(value) + ((1.0,) if len(value) == 3 else ())


def material(spec):
    """spec: dict with 'kind' and the kind's parameters. Same spec → same material."""
    key = repr(sorted(spec.items()))
    if key in _cache:
        return _cache[key]
    kind = spec['kind']
    mat = bpy.data.materials.new('%s-%d' % (kind, len(_cache)))
    t = Tree(mat)
    BUILDERS[kind](t, spec)
    mat['lavo_kind'] = kind  # read by lavo_labels.assign
    mat['lavo_frosted'] = bool(spec.get('frosted'))
    if kind in ('emission', 'glow-glass') or spec.get('frosted'):
        # the visible lamp surfaces are for the camera; light comes from lamps inside them
        mat.cycles.sample_as_light = False
    _cache[key] = mat
    return mat


# ---------------------------------------------------------------- walls and floors

def _paint(t, s):
    col = rgb(s['color'])
    uv = t.uv()
    n = t.noise(uv, scale=3.0, detail=6.0, roughness=0.6)
    var = s.get('variation', 0.03)
    fac = t.math('MULTIPLY', t.math('SUBTRACT', n.outputs['Fac'], 0.5), var * 2)
    tint = t.mix(t.math('ADD', fac, 0.5), scale_rgb(col, 1 - var * 1.6), scale_rgb(col, 1 + var * 1.2))
    # no bump map: a bump node evaluates its height graph three times, which is most of the render cost
    t.output(t.principled(tint, roughness=s.get('roughness', 0.62), specular=0.35))


def _tile_core(t, s, uv, w, h, offset):
    """Brick-texture tile layout; returns (grout mask socket, per-tile random socket)."""
    b = t.node('ShaderNodeTexBrick', offset=offset, offset_frequency=2, squash=1.0, squash_frequency=2)
    t.set(b.inputs['Vector'], uv)
    b.inputs['Color1'].default_value = (0, 0, 0, 1)
    b.inputs['Color2'].default_value = (1, 1, 1, 1)
    b.inputs['Mortar'].default_value = (0, 0, 0, 1)
    b.inputs['Scale'].default_value = 1.0
    b.inputs['Mortar Size'].default_value = s.get('gap', 0.002)
    b.inputs['Mortar Smooth'].default_value = s.get('edge', 0.25)
    b.inputs['Bias'].default_value = 0.0
    b.inputs['Brick Width'].default_value = w
    b.inputs['Row Height'].default_value = h
    return b.outputs['Fac'], b.outputs['Color']


def _tile(t, s):
    col = rgb(s['color'])
    grout = rgb(s.get('grout', (0.6, 0.6, 0.58)))
    uv = t.uv(rotation=(0, 0, s.get('rotate', 0.0)))
    mortar, rnd = _tile_core(t, s, uv, s['w'], s['h'], s.get('offset', 0.5))
    var = s.get('variation', 0.05)
    rnd_v = t.math('SUBTRACT', t.node('ShaderNodeRGBToBW', {'Color': rnd}).outputs[0], 0.5)
    glaze = t.noise(uv, scale=s.get('glaze_scale', 6.0), detail=3.0)
    g = t.math('SUBTRACT', glaze.outputs['Fac'], 0.5)
    shade = t.math('ADD', t.math('MULTIPLY', rnd_v, var * 2), t.math('MULTIPLY', g, s.get('mottle', 0.06)))
    tile_col = t.mix(t.math('ADD', shade, 0.5, clamp=True), scale_rgb(col, 1 - var * 2 - 0.06), scale_rgb(col, 1 + var * 1.5 + 0.05))
    if s.get('second'):
        # a second colour mixed into a share of the tiles (e.g. accent tiles, checkerboards)
        pick = t.math('GREATER_THAN', t.node('ShaderNodeRGBToBW', {'Color': rnd}).outputs[0], 1 - s.get('second_share', 0.5))
        tile_col = t.mix(pick, tile_col, rgb(s['second']))
    colour = t.mix(mortar, tile_col, grout)
    height = t.math('SUBTRACT', 1.0, mortar)
    if s.get('wavy'):
        wn = t.noise(uv, scale=14.0, detail=1.0)
        height = t.math('ADD', height, t.math('MULTIPLY', wn.outputs['Fac'], s['wavy']))
    nrm = t.bump(height, strength=s.get('bump', 0.5), distance=0.002)
    rough = t.mix(mortar, (s.get('roughness', 0.12),) * 3, (0.8, 0.8, 0.8))
    t.output(t.principled(colour, roughness=t.node('ShaderNodeRGBToBW', {'Color': rough}).outputs[0], normal=nrm, specular=0.5))


def _checker(t, s):
    c1, c2 = rgb(s['color']), rgb(s['color2'])
    size = s.get('size', 0.3)
    uv = t.uv(rotation=(0, 0, s.get('rotate', 0.0)))
    chk = t.node('ShaderNodeTexChecker')
    t.set(chk.inputs['Vector'], t.vmath('ADD', uv, (size * 0.5, size * 0.5, 0.0)))
    chk.inputs['Color1'].default_value = c1
    chk.inputs['Color2'].default_value = c2
    chk.inputs['Scale'].default_value = 1.0 / size
    # checker scale 1/size gives squares of size/2 — match with brick tiles of size/2
    half = size / 2.0
    mortar, rnd = _tile_core(t, {'gap': 0.0025, 'edge': 0.3}, uv, half, half, 0.0)
    rnd_v = t.math('SUBTRACT', t.node('ShaderNodeRGBToBW', {'Color': rnd}).outputs[0], 0.5)
    shaded = t.mix(t.math('ADD', t.math('MULTIPLY', rnd_v, 0.12), 0.5), scale_rgb((0, 0, 0), 1), (1, 1, 1), )
    tile = t.mix(1.0, chk.outputs['Color'], t.math('ADD', t.math('MULTIPLY', rnd_v, 0.10), 1.0), blend='MULTIPLY')
    colour = t.mix(mortar, tile, rgb(s.get('grout', (0.55, 0.55, 0.53))))
    nrm = t.bump(t.math('SUBTRACT', 1.0, mortar), strength=0.5, distance=0.002)
    del shaded
    t.output(t.principled(colour, roughness=s.get('roughness', 0.18), normal=nrm))


def _hex(t, s):
    img, pw, ph = patterns.hex_map()
    r = s.get('radius', 0.05)
    uv = t.uv(scale=(1.0 / (pw * r), 1.0 / (ph * r), 1.0))
    tex = t.node('ShaderNodeTexImage', image=img, interpolation='Linear', extension='REPEAT')
    t.set(tex.inputs['Vector'], uv)
    sep = t.node('ShaderNodeSeparateColor')
    t.set(sep.inputs['Color'], tex.outputs['Color'])
    mask, rnd, rnd2 = sep.outputs[0], sep.outputs[1], sep.outputs[2]
    col = rgb(s['color'])
    var = s.get('variation', 0.06)
    tile = t.mix(rnd, scale_rgb(col, 1 - var * 2), scale_rgb(col, 1 + var * 1.4))
    if s.get('second'):
        pick = t.math('GREATER_THAN', rnd2, 1 - s.get('second_share', 0.15))
        tile = t.mix(pick, tile, rgb(s['second']))
    if s.get('terracotta'):
        n = t.noise(t.uv(), scale=9.0, detail=5.0)
        tile = t.mix(t.math('MULTIPLY', n.outputs['Fac'], 0.5), tile, scale_rgb(col, 0.7), blend='MIX')
    colour = t.mix(mask, rgb(s.get('grout', (0.6, 0.6, 0.58))), tile)
    nrm = t.bump(mask, strength=0.5, distance=0.002)
    t.output(t.principled(colour, roughness=s.get('roughness', 0.2), normal=nrm))


def _wood_grain(t, uv, col, contrast=0.35, scale=18.0, offset=None):
    """Colour socket of wood grain running along U around base colour `col`: fine streaks from a noise
    stretched along the grain, and gently wavering growth rings from a wave texture."""
    vec = uv if offset is None else t.vmath('ADD', uv, offset)
    stretched = t.vmath('MULTIPLY', vec, (1.5, 60.0, 60.0))
    n = t.noise(stretched, scale=1.0, detail=2.0, roughness=0.5)
    wave = t.node('ShaderNodeTexWave', wave_type='BANDS', bands_direction='Y', wave_profile='SIN')
    t.set(wave.inputs['Vector'], vec)
    wave.inputs['Scale'].default_value = scale * 0.22
    wave.inputs['Distortion'].default_value = 2.5
    wave.inputs['Detail'].default_value = 1.0
    wave.inputs['Detail Scale'].default_value = 1.0
    g = t.math('ADD', t.math('MULTIPLY', wave.outputs['Fac'], 0.35), t.math('MULTIPLY', n.outputs['Fac'], 0.65))
    dark = scale_rgb(col, 1 - contrast)
    light = scale_rgb(col, 1 + contrast * 0.6)
    return t.ramp(g, [(0.3, dark[:3]), (0.7, light[:3])]), g


def _wood(t, s):
    col = rgb(s['color'])
    uv = t.uv(rotation=(0, 0, s.get('rotate', 0.0)))
    planks = s.get('planks')
    offset = None
    mortar = None
    tone = None
    if planks:
        pw, pl = planks
        mortar, rnd = _tile_core(t, {'gap': s.get('gap', 0.0015), 'edge': 0.3}, uv, pl, pw, s.get('offset', 0.37))
        offset = t.vmath('MULTIPLY', rnd, (3.1, 7.3, 5.1))
        tone = t.math('SUBTRACT', t.node('ShaderNodeRGBToBW', {'Color': rnd}).outputs[0], 0.5)
    grain, g = _wood_grain(t, uv, col, contrast=s.get('contrast', 0.3), scale=s.get('scale', 18.0), offset=offset)
    if tone is not None:
        grain = t.mix(1.0, grain, t.math('ADD', t.math('MULTIPLY', tone, s.get('plank_var', 0.3)), 1.0), blend='MULTIPLY')
    if s.get('whitewash'):
        grain = t.mix(s['whitewash'], grain, rgb(s.get('wash_color', (0.8, 0.8, 0.78))))
    nrm = None
    if mortar is not None:
        grain = t.mix(mortar, grain, scale_rgb(col, 0.25))
        nrm = t.bump(t.math('SUBTRACT', 1.0, mortar), strength=s.get('bump', 0.25), distance=0.002)
    t.output(t.principled(grain, roughness=s.get('roughness', 0.45), normal=nrm, specular=0.4,
                          Clearcoat=s.get('coat', 0.0), Clearcoat_Roughness=0.15))


def _herringbone(t, s):
    n = 5
    img, period = patterns.herringbone_map(n)
    w = s.get('plank', 0.09)
    import math
    uv = t.uv(scale=(1.0 / (period * w), 1.0 / (period * w), 1.0), rotation=(0, 0, math.radians(45)))
    tex = t.node('ShaderNodeTexImage', image=img, interpolation='Linear')
    t.set(tex.inputs['Vector'], uv)
    sep = t.node('ShaderNodeSeparateColor')
    t.set(sep.inputs['Color'], tex.outputs['Color'])
    mask, shade = sep.outputs[0], sep.outputs[1]
    col = rgb(s['color'])
    c = s.get('contrast', 0.45)
    wood = t.ramp(shade, [(0.2, scale_rgb(col, 1 - c)[:3]), (0.8, scale_rgb(col, 1 + c * 0.7)[:3])])
    colour = t.mix(mask, scale_rgb(col, 0.3), wood)
    nrm = t.bump(mask, strength=0.35, distance=0.002)
    t.output(t.principled(colour, roughness=s.get('roughness', 0.35), normal=nrm, specular=0.45))


def _marble(t, s):
    base = rgb(s['color'])
    vein = rgb(s.get('vein', (0.35, 0.35, 0.36)))
    uv = t.uv(scale=(1.0, 1.0, 1.0))
    warp = t.noise(uv, scale=0.9, detail=3.0)
    n = t.noise(t.vmath('ADD', uv, t.vmath('MULTIPLY', warp.outputs['Color'], (1.8, 1.8, 1.8))), scale=1.6, detail=7.0, roughness=0.62, distortion=0.4)
    # thin veins where the noise crosses 0.5
    v = t.math('ABSOLUTE', t.math('SUBTRACT', n.outputs['Fac'], 0.5))
    veins = t.math('SUBTRACT', 1.0, t.math('MULTIPLY', v, s.get('vein_width', 55.0)), clamp=True)
    veins = t.math('POWER', veins, 3.0)
    cloud = t.noise(uv, scale=3.0, detail=3.0)
    body = t.mix(t.math('MULTIPLY', cloud.outputs['Fac'], 0.6), base, scale_rgb(base, 0.86))
    colour = t.mix(t.math('MULTIPLY', veins, s.get('vein_strength', 0.75)), body, vein)
    height = None
    if s.get('slab'):
        w, h = s['slab']
        mortar, _ = _tile_core(t, {'gap': 0.0012, 'edge': 0.2}, uv, w, h, 0.0)
        colour = t.mix(mortar, colour, scale_rgb(base, 0.55))
        height = t.math('SUBTRACT', 1.0, mortar)
    nrm = t.bump(height, strength=0.3, distance=0.001) if height is not None else None
    t.output(t.principled(colour, roughness=s.get('roughness', 0.07), normal=nrm, specular=0.55))


def _concrete(t, s):
    col = rgb(s['color'])
    uv = t.uv()
    big = t.noise(uv, scale=1.3, detail=4.0, roughness=0.6)
    mid = t.noise(uv, scale=9.0, detail=5.0, roughness=0.65)
    pits = t.node('ShaderNodeTexVoronoi', feature='F1')
    t.set(pits.inputs['Vector'], uv)
    pits.inputs['Scale'].default_value = 220.0
    pit = t.math('LESS_THAN', pits.outputs['Distance'], 0.12)
    g = t.math('ADD', t.math('MULTIPLY', big.outputs['Fac'], 0.6), t.math('MULTIPLY', mid.outputs['Fac'], 0.4))
    colour = t.ramp(g, [(0.3, scale_rgb(col, 0.78)[:3]), (0.5, col[:3]), (0.72, scale_rgb(col, 1.12)[:3])])
    colour = t.mix(t.math('MULTIPLY', pit, 0.5), colour, scale_rgb(col, 0.55))
    if s.get('panels'):
        w, h = s['panels']
        mortar, _ = _tile_core(t, {'gap': 0.0015, 'edge': 0.3}, uv, w, h, 0.0)
        colour = t.mix(t.math('MULTIPLY', mortar, 0.6), colour, scale_rgb(col, 0.6))
    rough = t.math('ADD', t.math('MULTIPLY', big.outputs['Fac'], 0.25), s.get('roughness', 0.55))
    t.output(t.principled(colour, roughness=rough, specular=0.4))


def _terrazzo(t, s):
    base = rgb(s['color'])
    chips = [rgb(c) for c in s['chips']]
    uv = t.uv()
    colour = t.node('ShaderNodeMixRGB').outputs[0]  # placeholder replaced below
    cloud = t.noise(uv, scale=6.0, detail=4.0)
    colour = t.mix(t.math('MULTIPLY', cloud.outputs['Fac'], 0.25), base, scale_rgb(base, 0.9))
    for scale, thr, seed in ((34.0, 0.22, 0.0), (90.0, 0.2, 5.3)):
        warp = t.noise(uv, scale=30.0, detail=2.0)
        vec = t.vmath('ADD', t.vmath('ADD', uv, (seed, seed, 0)), t.vmath('MULTIPLY', warp.outputs['Color'], (0.01, 0.01, 0)))
        vor = t.node('ShaderNodeTexVoronoi', feature='F1')
        t.set(vor.inputs['Vector'], vec)
        vor.inputs['Scale'].default_value = scale
        inside = t.math('LESS_THAN', vor.outputs['Distance'], thr)
        pick = t.node('ShaderNodeRGBToBW', {'Color': vor.outputs['Color']}).outputs[0]
        stops = [(i / float(len(chips)), c[:3]) for i, c in enumerate(chips)]
        chip_col = t.ramp(pick, stops, interpolation='CONSTANT')
        colour = t.mix(inside, colour, chip_col)
    t.output(t.principled(colour, roughness=s.get('roughness', 0.16), specular=0.5))


def _shiplap(t, s):
    col = rgb(s['color'])
    board = s.get('board', 0.15)
    vertical = s.get('vertical', False)
    import math
    uv = t.uv(rotation=(0, 0, math.radians(90) if vertical else 0.0))
    mortar, rnd = _tile_core(t, {'gap': s.get('gap', 0.004), 'edge': 0.15}, uv, 40.0, board, 0.0)
    grain, g = _wood_grain(t, uv, col, contrast=0.035, scale=10.0)
    colour = t.mix(mortar, grain, scale_rgb(col, s.get('groove', 0.5)))
    height = t.math('SUBTRACT', 1.0, mortar)
    if s.get('bead'):
        # beadboard: a fine V-groove between the wide boards
        wave = t.node('ShaderNodeTexWave', wave_type='BANDS', bands_direction='Y', wave_profile='SAW')
        t.set(wave.inputs['Vector'], uv)
        wave.inputs['Scale'].default_value = 1.0 / (board * 0.5) / 6.283 * 6.283
        bead = t.math('GREATER_THAN', wave.outputs['Fac'], 0.93)
        height = t.math('SUBTRACT', height, t.math('MULTIPLY', bead, 0.6))
        colour = t.mix(t.math('MULTIPLY', bead, 0.35), colour, scale_rgb(col, 0.5))
    nrm = t.bump(height, strength=0.6, distance=0.003)
    t.output(t.principled(colour, roughness=s.get('roughness', 0.45), normal=nrm, specular=0.45))


def _stripes(t, s):
    c1, c2 = rgb(s['color']), rgb(s['color2'])
    width = s.get('width', 0.06)
    uv = t.uv()
    sep = t.node('ShaderNodeSeparateXYZ')
    t.set(sep.inputs['Vector'], uv)
    f = t.math('FRACT', t.math('DIVIDE', sep.outputs['X'], width * 2))
    band = t.math('GREATER_THAN', f, 0.5)
    pin = t.math('LESS_THAN', t.math('ABSOLUTE', t.math('SUBTRACT', f, 0.25)), 0.02)
    colour = t.mix(band, c1, c2)
    if s.get('pin'):
        colour = t.mix(pin, colour, rgb(s['pin']))
    nrm = None
    seam, _ = _tile_core(t, {'gap': 0.0006, 'edge': 0.5}, uv, 0.53, 30.0, 0.0)
    colour = t.mix(t.math('MULTIPLY', seam, 0.25), colour, scale_rgb(c1, 0.7))
    t.output(t.principled(colour, roughness=s.get('roughness', 0.55), normal=nrm, specular=0.35))


def _dots(t, s):
    bg = rgb(s['color'])
    dots = [rgb(c) for c in s['dots']]
    uv = t.uv()
    pitch = s.get('pitch', 0.09)
    vor = t.node('ShaderNodeTexVoronoi', feature='F1')
    t.set(vor.inputs['Vector'], uv)
    vor.inputs['Scale'].default_value = 1.0 / pitch
    vor.inputs['Randomness'].default_value = 0.0
    inside = t.math('LESS_THAN', vor.outputs['Distance'], s.get('radius', 0.22))
    pick = t.node('ShaderNodeRGBToBW', {'Color': vor.outputs['Color']}).outputs[0]
    stops = [(i / float(len(dots)), c[:3]) for i, c in enumerate(dots)]
    colour = t.mix(inside, bg, t.ramp(pick, stops, interpolation='CONSTANT'))
    t.output(t.principled(colour, roughness=0.55, specular=0.35))


def _floral(t, s):
    img = patterns.floral_wallpaper(rgb(s['color']), [rgb(c) for c in s['flowers']], rgb(s['leaf']), name=s.get('name', 'floral'))
    size = s.get('repeat', 0.5)
    uv = t.uv(scale=(1.0 / size, 1.0 / size, 1.0))
    tex = t.node('ShaderNodeTexImage', image=img, interpolation='Cubic')
    t.set(tex.inputs['Vector'], uv)
    t.output(t.principled(tex.outputs['Color'], roughness=0.5, specular=0.35))


def _stone(t, s):
    col = rgb(s['color'])
    uv = t.uv()
    cloud = t.noise(uv, scale=2.5, detail=4.0, roughness=0.6)
    speck = t.noise(uv, scale=160.0, detail=2.0)
    if s.get('flag'):
        vor = t.node('ShaderNodeTexVoronoi', feature='DISTANCE_TO_EDGE')
        t.set(vor.inputs['Vector'], t.vmath('ADD', uv, t.vmath('MULTIPLY', cloud.outputs['Color'], (0.05, 0.05, 0))))
        vor.inputs['Scale'].default_value = 1.0 / s.get('size', 0.35)
        mortar = t.math('LESS_THAN', vor.outputs['Distance'], 0.03)
        vc = t.node('ShaderNodeTexVoronoi', feature='F1')
        t.set(vc.inputs['Vector'], t.vmath('ADD', uv, t.vmath('MULTIPLY', cloud.outputs['Color'], (0.05, 0.05, 0))))
        vc.inputs['Scale'].default_value = 1.0 / s.get('size', 0.35)
        rnd = t.node('ShaderNodeRGBToBW', {'Color': vc.outputs['Color']}).outputs[0]
        mortar_s = t.math('SUBTRACT', 1.0, t.math('MULTIPLY', vor.outputs['Distance'], 20.0), clamp=True)
    else:
        w, h = s.get('tile', (0.6, 0.6))
        mortar_s, rnd_c = _tile_core(t, {'gap': 0.0015, 'edge': 0.3}, uv, w, h, s.get('offset', 0.0))
        rnd = t.node('ShaderNodeRGBToBW', {'Color': rnd_c}).outputs[0]
        mortar = mortar_s
    var = s.get('variation', 0.12)
    body = t.mix(rnd, scale_rgb(col, 1 - var), scale_rgb(col, 1 + var * 0.7))
    body = t.mix(t.math('MULTIPLY', cloud.outputs['Fac'], 0.5), body, scale_rgb(col, 0.82))
    body = t.mix(t.math('MULTIPLY', t.math('GREATER_THAN', speck.outputs['Fac'], 0.68), 0.35), body, scale_rgb(col, 0.6))
    colour = t.mix(mortar, body, rgb(s.get('grout', scale_rgb(col, 0.65))))
    nrm = t.bump(t.math('SUBTRACT', 1.0, mortar_s), strength=0.45, distance=0.003)
    t.output(t.principled(colour, roughness=s.get('roughness', 0.5), normal=nrm, specular=0.4))


# ---------------------------------------------------------------- objects

def _metal(t, s):
    col, rough, metallic = METALS[s['finish']]
    nrm = None
    t.output(t.principled(col, roughness=rough, metallic=metallic, normal=nrm, specular=0.5))


def _ceramic(t, s):
    t.output(t.principled(rgb(s.get('color', WHITE_CERAMIC)), roughness=s.get('roughness', 0.05), specular=0.6,
                          Clearcoat=s.get('coat', 0.3), Clearcoat_Roughness=0.03))


def _plain(t, s):
    nrm = None
    if s.get('bump'):
        n = t.noise(t.uv(coords='Object'), scale=s.get('bump_scale', 120.0), detail=3.0)
        nrm = t.bump(n.outputs['Fac'], strength=s['bump'], distance=0.001)
    colour = rgb(s['color'])
    if s.get('mottle'):
        n2 = t.noise(t.uv(coords='Object'), scale=s.get('mottle_scale', 8.0), detail=4.0)
        colour = t.mix(t.math('MULTIPLY', n2.outputs['Fac'], s['mottle']), colour, scale_rgb(colour, 0.6))
    t.output(t.principled(colour, roughness=s.get('roughness', 0.5), metallic=s.get('metallic', 0.0), normal=nrm,
                          specular=s.get('specular', 0.5), Sheen=s.get('sheen', 0.0), Clearcoat=s.get('coat', 0.0)))


def _fabric(t, s):
    col = rgb(s['color'])
    uv = t.uv(coords='Object')
    n = t.noise(uv, scale=260.0, detail=1.0, roughness=0.7)
    colour = t.mix(t.math('MULTIPLY', n.outputs['Fac'], 0.4), col, scale_rgb(col, 0.72))
    if s.get('stripe'):
        sep = t.node('ShaderNodeSeparateXYZ')
        t.set(sep.inputs['Vector'], uv)
        axis = sep.outputs[s.get('stripe_axis', 'Z')]
        f = t.math('FRACT', t.math('DIVIDE', axis, s.get('stripe_width', 0.05)))
        band = t.math('LESS_THAN', f, 0.4)
        colour = t.mix(band, colour, rgb(s['stripe']))
    nrm = t.bump(n.outputs['Fac'], strength=0.6, distance=0.003)
    t.output(t.principled(colour, roughness=0.95, normal=nrm, specular=0.2, Sheen=1.0, Sheen_Tint=0.6))


def _glass(t, s):
    """Thin architectural glass. Pure (tinted) transparency rather than a fresnel mix: a mix makes the
    render passes stochastic behind the glass, which the pass-based denoiser cannot clean. Frosted
    glass is drawn as a softly glowing pane (the daylight itself comes from the window's area light)."""
    if s.get('frosted'):
        e = t.node('ShaderNodeEmission')
        t.set(e.inputs['Color'], (0.86, 0.9, 0.94))
        e.inputs['Strength'].default_value = s.get('glow', 5.0)
        t.output(e)
        return
    transp = t.node('ShaderNodeBsdfTransparent')
    if not s.get('screen'):
        t.set(transp.inputs['Color'], rgb(s.get('tint', (0.9, 0.95, 0.94))))
        t.output(transp)
        return
    _shower_screen(t, transp)


def _shower_screen(t, transp):
    """A shower screen as photos show one, not the invisible pane a pure transparency makes:
    - it dims and greens what is behind it: clear float glass (about 80 % through, green) to low-iron glass
      (about 93 %, nearly neutral), chosen per pane by the object's random number;
    - it mirrors a little of the room (a glass face reflects about 4 %): a faint haze and soft diagonal
      streaks, as a window or a lamp makes in a pane. Drawn as emission, so it stays deterministic for the
      pass-based denoiser;
    - its polished edges show as a thin green-grey line (the faces whose object-space normal is not the
      pane's thin axis, y).
    Only the look changes: the label pass reads the object, so the label maps are the same."""
    info = t.node('ShaderNodeObjectInfo')
    rnd = info.outputs['Random']
    t.set(transp.inputs['Color'], t.mix(rnd, (0.76, 0.86, 0.82), (0.92, 0.95, 0.94)))
    tc = t.node('ShaderNodeTexCoord')
    wave = t.node('ShaderNodeTexWave', wave_type='BANDS', bands_direction='DIAGONAL', wave_profile='SIN')
    t.link(tc.outputs['Object'], wave.inputs['Vector'])
    wave.inputs['Scale'].default_value = 0.45
    wave.inputs['Distortion'].default_value = 1.5
    t.set(wave.inputs['Phase Offset'], t.math('MULTIPLY', rnd, 6.283))
    streak = t.math('POWER', wave.outputs['Fac'], 6.0)
    strength = t.math('MULTIPLY', t.math('ADD', t.math('MULTIPLY', streak, 0.08), 0.015), t.math('ADD', t.math('MULTIPLY', rnd, 1.2), 0.4))
    sheen = t.node('ShaderNodeEmission')
    t.set(sheen.inputs['Color'], (0.9, 0.95, 1.0))
    t.set(sheen.inputs['Strength'], strength)
    face = t.node('ShaderNodeAddShader')
    t.link(transp.outputs[0], face.inputs[0])
    t.link(sheen.outputs[0], face.inputs[1])
    sep = t.node('ShaderNodeSeparateXYZ')
    t.link(tc.outputs['Normal'], sep.inputs[0])
    edge = t.math('LESS_THAN', t.math('ABSOLUTE', sep.outputs['Y']), 0.5)
    rim = t.principled((0.22, 0.34, 0.3), roughness=0.15, specular=0.5)
    mix = t.node('ShaderNodeMixShader')
    t.set(mix.inputs[0], edge)
    t.link(face.outputs[0], mix.inputs[1])
    t.link(rim.outputs[0], mix.inputs[2])
    t.output(mix)


def _solid_glass(t, s):
    t.output(t.principled(rgb(s.get('tint', (0.9, 0.95, 0.93))), roughness=s.get('roughness', 0.02), Transmission=1.0, IOR=1.45))


def _mirror(t, s):
    t.output(t.principled((0.86, 0.87, 0.86), roughness=0.0, metallic=1.0))


def _leaf(t, s):
    col = rgb(s['color'])
    uv = t.uv(coords='Object')
    n = t.noise(uv, scale=30.0, detail=3.0)
    colour = t.mix(t.math('MULTIPLY', n.outputs['Fac'], 0.6), col, scale_rgb(col, 0.7))
    p = t.principled(colour, roughness=0.45, specular=0.4, Subsurface=0.0)
    trans = t.node('ShaderNodeBsdfTranslucent')
    t.set(trans.inputs['Color'], scale_rgb(col, 0.8))
    mix = t.node('ShaderNodeMixShader')
    mix.inputs[0].default_value = 0.22
    t.link(p.outputs[0], mix.inputs[1])
    t.link(trans.outputs[0], mix.inputs[2])
    t.output(mix)


def _emission(t, s):
    e = t.node('ShaderNodeEmission')
    t.set(e.inputs['Color'], rgb(s.get('color', (1.0, 0.85, 0.65))))
    e.inputs['Strength'].default_value = s.get('strength', 10.0)
    t.output(e)


def _glow_glass(t, s):
    """Frosted lamp shade: lit from inside by a point light; emission keeps it bright in camera."""
    e = t.node('ShaderNodeEmission')
    t.set(e.inputs['Color'], rgb(s.get('color', (1.0, 0.9, 0.75))))
    e.inputs['Strength'].default_value = s.get('strength', 4.0)
    p = t.principled((0.9, 0.9, 0.88), roughness=0.2)
    add = t.node('ShaderNodeAddShader')
    t.link(e.outputs[0], add.inputs[0])
    t.link(p.outputs[0], add.inputs[1])
    t.output(add)


def _rope(t, s):
    col = rgb(s.get('color', (0.55, 0.45, 0.32)))
    uv = t.uv(coords='Object')
    wave = t.node('ShaderNodeTexWave', wave_type='RINGS', rings_direction='SPHERICAL')
    t.set(wave.inputs['Vector'], uv)
    wave.inputs['Scale'].default_value = 90.0
    wave.inputs['Distortion'].default_value = 3.0
    colour = t.mix(t.math('MULTIPLY', wave.outputs['Fac'], 0.5), col, scale_rgb(col, 0.6))
    nrm = t.bump(wave.outputs['Fac'], strength=0.8, distance=0.003)
    t.output(t.principled(colour, roughness=0.9, normal=nrm, specular=0.2, Sheen=0.5))


def _rattan(t, s):
    col = rgb(s.get('color', (0.55, 0.38, 0.2)))
    uv = t.uv(coords='Object')
    chk = t.node('ShaderNodeTexChecker')
    t.set(chk.inputs['Vector'], t.vmath('MULTIPLY', uv, (1.0, 1.0, 1.0)))
    chk.inputs['Scale'].default_value = 60.0
    chk.inputs['Color1'].default_value = scale_rgb(col, 1.1)
    chk.inputs['Color2'].default_value = scale_rgb(col, 0.75)
    n = t.noise(uv, scale=120.0, detail=2.0)
    nrm = t.bump(t.node('ShaderNodeRGBToBW', {'Color': chk.outputs['Color']}).outputs[0], strength=0.5, distance=0.002)
    t.output(t.principled(t.mix(t.math('MULTIPLY', n.outputs['Fac'], 0.3), chk.outputs['Color'], (0, 0, 0)), roughness=0.6, normal=nrm))


def _water(t, s):
    t.output(t.principled((0.8, 0.9, 0.9), roughness=0.02, Transmission=1.0, IOR=1.33))


BUILDERS = {
    'paint': _paint, 'tile': _tile, 'checker': _checker, 'hex': _hex, 'wood': _wood,
    'herringbone': _herringbone, 'marble': _marble, 'concrete': _concrete, 'terrazzo': _terrazzo,
    'shiplap': _shiplap, 'stripes': _stripes, 'dots': _dots, 'floral': _floral, 'stone': _stone,
    'metal': _metal, 'ceramic': _ceramic, 'plain': _plain, 'fabric': _fabric, 'glass': _glass,
    'solid-glass': _solid_glass, 'mirror': _mirror, 'leaf': _leaf, 'emission': _emission,
    'glow-glass': _glow_glass, 'rope': _rope, 'rattan': _rattan, 'water': _water,
}


def metal(finish):
    return material({'kind': 'metal', 'finish': finish})


def ceramic(color=None, roughness=0.05):
    spec = {'kind': 'ceramic', 'roughness': roughness}
    if color is not None:
        spec['color'] = tuple(color)
    return material(spec)


def plain(color, roughness=0.5, **extra):
    spec = {'kind': 'plain', 'color': tuple(rgb(color)), 'roughness': roughness}
    spec.update(extra)
    return material(spec)


__all__ = ['material', 'metal', 'ceramic', 'plain', 'rgb', 'hex_rgb', 'mix_rgb', 'scale_rgb', 'luminance', 'METALS']
