"""Turns a catalogue style + palette (exported from src/shared/catalogue as JSON) into a concrete
design: surface materials, fixture choices, props and colour grade. Also holds the dated
"before" presets used for the stock photos and the before halves of the before/after pairs.

The catalogue decides the materials (look.walls/floor/cabinetry), the metal finish, the palette
colours, the grade (warmth/contrast/saturation) and the props. ART adds what the catalogue does
not say and a photograph needs: which layout, which wood species, door style, mirror shape...
"""
from lavo_nodes import hex_rgb, mix_rgb, scale_rgb, luminance

WOODS = {
    'oak-light': '#CDA977', 'oak': '#A8804F', 'walnut': '#6A4226', 'teak': '#8E5B30', 'reclaimed': '#7E5C3A',
    'mahogany': '#4E2616', 'whitewash': '#CFC5B5', 'pine': '#C69A5E', 'grey-oak': '#9C9284',
}

# Art direction per style: only what the catalogue does not already say.
ART = {
    'minimalist': dict(layout='shower', wood='oak-light', cab_style='slab', floating=True, basin='vessel', tap='wall',
                       mirror=('rect', 'none'), lights='backlit-none', toilet='wall', wet=None, handle='none', accent_wall=False),
    'organic-modern': dict(layout='vanity', wood='oak', cab_style='fluted', floating=False, basin='vessel', tap='wall',
                           mirror=('round', 'thin'), lights='sconce-globe', tub='freestanding', wet={'kind': 'stone'}, handle='none'),
    'scandinavian': dict(layout='powder', wood='oak-light', cab_style='slab', floating=True, basin='vessel', tap='lever',
                         mirror=('round', 'wood'), lights='pendant-globe', toilet='wall', handle='leather',
                         wet={'kind': 'tile', 'w': 0.1, 'h': 0.1, 'offset': 0.0, 'color': '#F2F1EC'}, wainscot=('tile', 1.2)),
    'contemporary': dict(layout='shower', wood='walnut', cab_style='slab', floating=True, basin='undermount', tap='lever',
                         mirror=('rect', 'backlit'), lights='downlights', toilet='wall', handle='cup'),
    'traditional': dict(layout='vanity', wood='mahogany', cab_style='raised', cab_color='#F2EEE6', basin='undermount', tap='bridge',
                        mirror=('rect', 'wood'), lights='sconce-shade', handle='knob', top='marble', wainscot=('beadboard', 1.15)),
    'farmhouse': dict(layout='tub', wood='reclaimed', cab_style='open', basin='vessel', tap='wall', tub='clawfoot',
                      mirror=('arch', 'wood'), lights='sconce-bulb', handle='cup', top='wood'),
    'industrial': dict(layout='shower', wood='reclaimed', cab_style='open', basin='vessel', tap='wall', legs='metal',
                       mirror=('rect', 'metal'), lights='bulbs', toilet='wall', handle='bar', top='concrete'),
    'mid-century-modern': dict(layout='vanity', wood='walnut', cab_style='slab', floating=False, legs=True, basin='undermount', tap='lever',
                               mirror=('round', 'thin'), lights='sconce-globe', handle='cup', top='terrazzo',
                               wet=None, accent_wall=True),
    'coastal': dict(layout='shower', wood='whitewash', cab_style='shaker', basin='undermount', tap='arc',
                    mirror=('round', 'rope'), lights='sconce-globe', handle='knob', top='marble',
                    wet={'kind': 'tile', 'w': 0.15, 'h': 0.075, 'offset': 0.5, 'color': '#F4F6F5'}),
    'rustic': dict(layout='powder', wood='reclaimed', cab_style='open', basin='vessel', tap='wall', legs=False,
                   mirror=('rect', 'thick'), lights='sconce-bulb', toilet='close', handle='leather', top='wood', wall_wood='planks',
                   exposure=-0.9),
    'mediterranean': dict(layout='vanity', wood='teak', cab_style='shaker', basin='vessel', tap='wall',
                          mirror=('arch', 'metal'), lights='sconce-shade', handle='knob', top='stone', limewash=True,
                          wet={'kind': 'zellige-blue'}, accent_wall=True),
    'glam': dict(layout='tub', wood='walnut', cab_style='fluted', basin='undermount', tap='arc', tub='freestanding',
                 mirror=('rect', 'gilded'), lights='sconce-crystal', handle='bar', top='marble'),
    'transitional': dict(layout='shower', wood='grey-oak', cab_style='shaker', basin='undermount', tap='arc',
                         mirror=('rect', 'thin'), lights='sconce-shade', toilet='close', handle='bar', top='marble'),
    'eclectic': dict(layout='powder', wood='walnut', cab_style='raised', basin='undermount', tap='bridge',
                     mirror=('oval', 'ornate'), lights='sconce-globe', toilet='close', handle='knob', top='marble', wainscot=('paint', 1.0)),
    'zen-japandi': dict(layout='tub', wood='oak-light', cab_style='slab', floating=True, basin='vessel', tap='wall', tub='freestanding',
                        mirror=('pill', 'wood'), lights='pendant-globe', toilet='wall', handle='none', top='wood',
                        wet={'kind': 'stone', 'soft': True}),
    'victorian': dict(layout='tub', wood='mahogany', cab_style='raised', basin='undermount', tap='bridge', tub='clawfoot',
                      mirror=('oval', 'ornate'), lights='sconce-shade', handle='knob', top='marble', wainscot=('tile-dark', 1.1)),
    'bohemian': dict(layout='powder', wood='teak', cab_style='open', basin='vessel', tap='wall',
                     mirror=('round', 'rattan'), lights='pendant-rattan', toilet='close', handle='leather', top='wood'),
    'french-country': dict(layout='vanity', wood='oak', cab_style='raised', cab_color='#E4E2D2', basin='undermount', tap='bridge',
                           mirror=('arch', 'gilded'), lights='sconce-shade', handle='knob', top='marble', wainscot=('beadboard', 1.15)),
    'kids-bathroom': dict(layout='tub', wood='oak-light', cab_style='slab', basin='undermount', tap='lever', tub='alcove',
                          mirror=('round', 'thin'), lights='downlights', handle='knob', top='quartz', wainscot=('tile', 1.2),
                          shower='curtain-kids'),
    'little-girls-bathroom': dict(layout='powder', wood='oak-light', cab_style='shaker', cab_color='#F6D9DA', basin='undermount', tap='arc',
                                  mirror=('scallop', 'flower'), lights='sconce-globe', toilet='close', handle='knob', top='quartz', wainscot=('tile-pink', 1.1)),
    'little-boys-bathroom': dict(layout='tub', wood='oak-light', cab_style='shaker', cab_color='#2E4A7A', basin='undermount', tap='lever', tub='alcove',
                                 mirror=('rect', 'thin'), lights='downlights', handle='knob', top='quartz', wainscot=('tile', 1.15),
                                 shower='glass'),
}

LAYOUT_OF_STYLE = {k: v['layout'] for k, v in ART.items()}


def _lighter(c, t):
    return mix_rgb(c, (1.0, 1.0, 1.0), t)


def _darker(c, k):
    return scale_rgb(c, k)


def wood_color(species, palette_hex=None, blend=0.25):
    base = hex_rgb(WOODS[species])
    if palette_hex:
        return mix_rgb(base, hex_rgb(palette_hex), blend)
    return base


def surface(material, color, where, art, pal):
    """Catalogue Material + a palette colour → a material spec for a wall, floor or cabinet surface."""
    c = hex_rgb(color) if isinstance(color, str) else color
    trim = hex_rgb(pal['trim'])
    grout_light = mix_rgb(trim, (0.5, 0.5, 0.48), 0.5)
    if material == 'paint':
        spec = {'kind': 'paint', 'color': c}
        if art.get('limewash'):
            spec.update({'variation': 0.09, 'roughness': 0.85, 'texture': 0.12})
        return spec
    if material == 'subway-tile':
        return {'kind': 'tile', 'color': c, 'grout': grout_light, 'w': 0.15, 'h': 0.075, 'offset': 0.5, 'gap': 0.0015,
                'roughness': 0.06, 'variation': 0.03, 'edge': 0.35, 'bump': 0.8}
    if material == 'zellige':
        return {'kind': 'tile', 'color': c, 'grout': mix_rgb(c, trim, 0.45), 'w': 0.1, 'h': 0.1, 'offset': 0.0, 'gap': 0.0013,
                'roughness': 0.05, 'variation': 0.11, 'wavy': 0.25, 'mottle': 0.12, 'edge': 0.3, 'bump': 0.6}
    if material == 'large-tile':
        w, h = (0.6, 1.2) if where == 'floor' else (1.2, 0.6)
        # 3 mm joints in a grout well apart from the tile (rectified porcelain is laid with 2-3 mm joints): at 320 px a
        # joint is still under a pixel, but it shows as a faint grid, as in a photo, instead of vanishing.
        return {'kind': 'tile', 'color': c, 'grout': mix_rgb(c, (0.45, 0.45, 0.44), 0.6), 'w': w, 'h': h, 'offset': 0.0, 'gap': 0.003,
                'roughness': 0.28, 'variation': 0.02, 'mottle': 0.05, 'glaze_scale': 2.0, 'edge': 0.3, 'bump': 0.3}
    if material == 'marble':
        base = _lighter(c, 0.75) if luminance(c) < 0.4 else mix_rgb(c, (0.9, 0.9, 0.88), 0.5)
        vein = scale_rgb(c, 0.8) if luminance(c) < 0.4 else (0.33, 0.33, 0.34, 1.0)
        return {'kind': 'marble', 'color': base, 'vein': vein, 'slab': (1.2, 0.6) if where == 'floor' else (0.9, 1.8),
                'roughness': 0.06 if where != 'floor' else 0.12}
    if material == 'wood':
        species = art.get('wood', 'oak')
        if where == 'wall':
            return {'kind': 'wood', 'color': scale_rgb(wood_color(species), 0.75), 'planks': (0.19, 2.4), 'gap': 0.004, 'offset': 0.5,
                    'contrast': 0.4, 'roughness': 0.7, 'bump': 0.5, 'plank_var': 0.6, 'scale': 40.0}
        if where == 'floor':
            return {'kind': 'wood', 'color': wood_color(species, color, 0.35), 'planks': (0.19, 1.5), 'gap': 0.0015,
                    'contrast': 0.3, 'roughness': 0.35, 'plank_var': 0.22}
        return {'kind': 'wood', 'color': wood_color(species, color, 0.2), 'contrast': 0.28, 'roughness': 0.4, 'coat': 0.2, 'rotate': 1.5708}
    if material == 'concrete':
        # palette greige pulled toward real cement grey so it reads as concrete, not paint
        c = scale_rgb(mix_rgb(c, (0.42, 0.41, 0.39), 0.45), 0.9 if where == 'wall' else 0.8)
        return {'kind': 'concrete', 'color': c, 'roughness': 0.35 if where == 'floor' else 0.6,
                'panels': (1.2, 0.6) if where == 'wall' else None}
    if material == 'terrazzo':
        base = _lighter(c, 0.72)
        chips = [hex_rgb(pal['accent']), hex_rgb(pal['floor']), _darker(hex_rgb(pal['cabinetry']), 0.8), (0.1, 0.1, 0.1), (0.9, 0.9, 0.88)]
        return {'kind': 'terrazzo', 'color': base, 'chips': tuple(tuple(x) for x in chips)}
    if material == 'shiplap':
        return {'kind': 'shiplap', 'color': _lighter(c, 0.55) if where == 'wall' else c, 'board': 0.15, 'gap': 0.005}
    if material == 'beadboard':
        return {'kind': 'shiplap', 'color': c, 'board': 0.1, 'vertical': True, 'bead': True, 'gap': 0.003}
    if material == 'wallpaper-floral':
        acc = hex_rgb(pal['accent'])
        flowers = (acc, hex_rgb(pal['trim']), hex_rgb(pal['cabinetry']))
        leaf = mix_rgb((0.12, 0.3, 0.12), c, 0.25)
        if luminance(c) < 0.08:
            leaf = (0.25, 0.45, 0.25, 1.0)
        return {'kind': 'floral', 'color': c, 'flowers': tuple(tuple(x) for x in flowers), 'leaf': tuple(leaf), 'name': art.get('id', 'x')}
    if material == 'wallpaper-stripes':
        c2 = mix_rgb(c, hex_rgb(pal['accent']), 0.6)
        return {'kind': 'stripes', 'color': c, 'color2': c2, 'width': 0.055, 'pin': tuple(_darker(hex_rgb(pal['accent']), 0.7))}
    if material == 'wallpaper-dots':
        dots = (hex_rgb(pal['accent']), hex_rgb(pal['cabinetry']), (0.35, 0.6, 0.85, 1.0), (0.95, 0.55, 0.55, 1.0))
        return {'kind': 'dots', 'color': _lighter(c, 0.55), 'dots': tuple(tuple(x) for x in dots), 'pitch': 0.1, 'radius': 0.2}
    if material == 'hex-tile':
        if luminance(c) > 0.1 and c[0] > c[2] * 1.3 and c[0] > 0.25 and c[1] < c[0] * 0.8:
            # terracotta hexagons
            return {'kind': 'hex', 'color': c, 'grout': _lighter(c, 0.5), 'radius': 0.12, 'variation': 0.12, 'terracotta': True, 'roughness': 0.55}
        if luminance(c) < 0.1:
            return {'kind': 'hex', 'color': (0.8, 0.8, 0.78, 1.0), 'second': tuple(c), 'second_share': 0.25, 'grout': (0.35, 0.35, 0.34, 1.0), 'radius': 0.028}
        return {'kind': 'hex', 'color': _lighter(c, 0.3), 'grout': grout_light, 'radius': 0.03, 'second': tuple(hex_rgb(pal['accent'])), 'second_share': 0.12}
    if material == 'checkerboard':
        dark = hex_rgb(pal['accent']) if luminance(c) > 0.5 else (0.85, 0.85, 0.83, 1.0)
        if art.get('id') == 'eclectic':
            dark = (0.03, 0.03, 0.03, 1.0)
        return {'kind': 'checker', 'color': c, 'color2': dark, 'size': 0.6, 'roughness': 0.15}
    if material == 'stone':
        if art.get('id') == 'rustic':
            return {'kind': 'stone', 'color': c, 'flag': True, 'size': 0.4, 'variation': 0.2, 'roughness': 0.7}
        base = mix_rgb(c, (0.72, 0.7, 0.66), 0.4)
        return {'kind': 'stone', 'color': base, 'tile': (0.9, 0.45) if where == 'floor' else (0.6, 0.3), 'offset': 0.5,
                'variation': 0.05, 'roughness': 0.5}
    if material == 'herringbone':
        return {'kind': 'herringbone', 'color': wood_color('oak', color, 0.4), 'plank': 0.08}
    if material == 'brick':
        return {'kind': 'tile', 'color': (0.45, 0.16, 0.08), 'grout': (0.7, 0.68, 0.62), 'w': 0.215, 'h': 0.068, 'offset': 0.5,
                'gap': 0.01, 'roughness': 0.85, 'variation': 0.12, 'mottle': 0.2}
    return {'kind': 'paint', 'color': c}


class Design(dict):
    __getattr__ = dict.get


def style_design(style, palette, layout):
    sid = style['id']
    look = style['look']
    pal = palette['colors']
    art = dict(ART[sid])
    art['id'] = sid
    art['layout'] = layout
    # exposureBias: metering is on the median, which would lift a room of dark timber to pale pine
    d = Design(id=sid, dated=False, art=art, palette=pal, props=list(look['props']), metal=look['metal'],
               grade={'warmth': look['warmth'], 'contrast': look['contrast'], 'saturation': look['saturation'],
                      'exposureBias': art.get('exposure', 0.0)})
    d.walls = surface(look['walls'], pal['walls'], 'wall', art, pal)
    d.floor = surface(look['floor'], pal['floor'], 'floor', art, pal)
    if art.get('wall_wood'):
        d.walls = surface('wood', pal['walls'], 'wall', art, pal)
    # cabinetry
    if look['cabinetry'] == 'wood':
        d.cab = surface('wood', pal['cabinetry'], 'cab', art, pal)
    else:
        col = art.get('cab_color', pal['cabinetry'])
        d.cab = {'kind': 'plain', 'color': tuple(hex_rgb(col)), 'roughness': 0.35, 'coat': 0.1}
    d.ceiling = {'kind': 'paint', 'color': tuple(hex_rgb(pal['trim'])), 'variation': 0.01}
    d.trim = {'kind': 'plain', 'color': tuple(hex_rgb(pal['trim'])), 'roughness': 0.3}
    top = art.get('top', 'quartz')
    d.top = {
        'marble': {'kind': 'marble', 'color': (0.86, 0.85, 0.83), 'vein': (0.35, 0.35, 0.36), 'roughness': 0.08},
        'wood': surface('wood', pal['cabinetry'], 'cab', dict(art, wood=art.get('wood')), pal),
        'concrete': {'kind': 'concrete', 'color': (0.5, 0.49, 0.47), 'roughness': 0.4},
        'terrazzo': surface('terrazzo', pal['trim'], 'cab', art, pal),
        'stone': {'kind': 'stone', 'color': (0.7, 0.66, 0.58), 'tile': (3.0, 3.0), 'variation': 0.05, 'roughness': 0.4},
        'quartz': {'kind': 'plain', 'color': (0.86, 0.86, 0.84), 'roughness': 0.15, 'bump': 0.0},
    }[top]
    if top == 'wood' and look['cabinetry'] == 'wood':
        d.top = dict(d.cab)
    # wet zone (shower and tub surround, splashback)
    wet = art.get('wet')
    if wet is None:
        d.wet = d.walls if look['walls'] not in ('paint', 'wallpaper-floral', 'wallpaper-stripes', 'wallpaper-dots', 'beadboard') else \
            surface('zellige' if sid == 'mid-century-modern' else 'large-tile', pal['walls'] if sid != 'mid-century-modern' else pal['accent'], 'wall', art, pal)
    elif wet.get('kind') == 'stone':
        d.wet = surface('stone', pal['walls'], 'wall', art, pal)
        if wet.get('soft'):
            d.wet = {'kind': 'stone', 'color': mix_rgb(hex_rgb(pal['floor']), (0.8, 0.78, 0.74), 0.5), 'tile': (1.2, 0.6), 'offset': 0.0, 'variation': 0.03, 'roughness': 0.6}
    elif wet.get('kind') == 'zellige-blue':
        d.wet = surface('zellige', '#2F6C8F', 'wall', art, pal)
    else:
        w = dict(wet)
        w['color'] = hex_rgb(w['color'])
        w.setdefault('grout', mix_rgb(hex_rgb(pal['trim']), (0.6, 0.6, 0.58), 0.4))
        w.setdefault('roughness', 0.06)
        w.setdefault('gap', 0.0015)
        w.setdefault('variation', 0.03)
        w.setdefault('edge', 0.35)
        w.setdefault('bump', 0.7)
        d.wet = w
    if sid == 'mid-century-modern':
        d.walls = {'kind': 'paint', 'color': hex_rgb(pal['walls'])}
        d.wet = surface('zellige', '#3E6E5E', 'wall', art, pal)
    if sid == 'glam':
        d.walls = surface('marble', '#FFFFFF', 'wall', art, pal)
        d.walls['vein'] = tuple(scale_rgb(hex_rgb(pal['walls']), 0.9))
        d.walls['vein_strength'] = 0.6
        d.wet = d.walls
        d.feature = {'kind': 'paint', 'color': hex_rgb(pal['walls']), 'roughness': 0.4}
    # wainscot: a lower band in another finish (beadboard, tile) under wallpaper or paint
    wc = art.get('wainscot')
    if wc:
        kind, height = wc
        if kind == 'beadboard':
            band = surface('beadboard', pal['trim'], 'wall', art, pal)
            if look['walls'] == 'beadboard':
                d.walls = {'kind': 'paint', 'color': hex_rgb(pal['walls'])}
        elif kind == 'tile':
            band = {'kind': 'tile', 'color': (0.92, 0.92, 0.9), 'grout': (0.7, 0.7, 0.68), 'w': 0.15, 'h': 0.075, 'offset': 0.5,
                    'gap': 0.0015, 'roughness': 0.06, 'variation': 0.02, 'edge': 0.35, 'bump': 0.8}
            if sid == 'scandinavian':
                band = d.wet
        elif kind == 'tile-pink':
            band = {'kind': 'tile', 'color': hex_rgb('#F2B8C0'), 'grout': (0.92, 0.9, 0.88), 'w': 0.1, 'h': 0.1, 'offset': 0.0,
                    'gap': 0.0015, 'roughness': 0.05, 'variation': 0.06, 'wavy': 0.15, 'edge': 0.3, 'bump': 0.6}
        elif kind == 'tile-dark':
            band = {'kind': 'tile', 'color': hex_rgb('#1E3B36'), 'grout': (0.55, 0.55, 0.52), 'w': 0.15, 'h': 0.075, 'offset': 0.5,
                    'gap': 0.0015, 'roughness': 0.05, 'variation': 0.05, 'edge': 0.35, 'bump': 0.8}
        else:
            band = {'kind': 'paint', 'color': hex_rgb(pal['cabinetry']), 'roughness': 0.4}
        d.wainscot = (height, band)
        if art['layout'] in ('tub', 'shower') and kind.startswith('tile'):
            d.wet = band
    d.towels = _towels(style, pal)
    d.lamp_color = (1.0, 0.83 - 0.05 * look['warmth'], 0.64 - 0.12 * look['warmth'])
    d.tub = art.get('tub', 'alcove')
    if 'clawfoot tub' in look['props']:
        d.tub = 'clawfoot'
    d.shower = art.get('shower', 'glass')
    d.toilet = art.get('toilet', 'close')
    d.sun = True
    return d


def _towels(style, pal):
    props = ' '.join(style['look']['props'])
    acc, trim = pal['accent'], pal['trim']
    if 'pink towels' in props:
        return {'colors': ['#F4A7B5', '#FFFFFF'], 'stripe': None}
    if 'navy towels' in props:
        return {'colors': ['#1E3358', '#F5F8F8'], 'stripe': None}
    if 'striped towels' in props:
        return {'colors': ['#F5F8F8', acc], 'stripe': acc}
    if 'single white towel' in props:
        return {'colors': ['#F7F7F5'], 'stripe': None}
    if 'hooded towels' in props:
        return {'colors': ['#F7E3A1', '#8FCFE0', '#F6B5B5'], 'stripe': None}
    if 'linen towels' in props:
        return {'colors': ['#D8CBB8', '#EDE3D3'], 'stripe': None}
    return {'colors': [acc, trim], 'stripe': None}


# ---------------------------------------------------------------- dated "before" presets

BEFORE = {
    'beige': dict(
        walls={'kind': 'paint', 'color': hex_rgb('#E6D9BE'), 'roughness': 0.45},
        wet={'kind': 'tile', 'color': hex_rgb('#D8C7A3'), 'grout': hex_rgb('#A89878'), 'w': 0.15, 'h': 0.15, 'offset': 0.0,
             'gap': 0.002, 'roughness': 0.1, 'variation': 0.04, 'edge': 0.3, 'bump': 0.5},
        floor={'kind': 'tile', 'color': hex_rgb('#C9B690'), 'grout': hex_rgb('#7F7358'), 'w': 0.3, 'h': 0.3, 'offset': 0.0,
               'gap': 0.003, 'roughness': 0.2, 'variation': 0.05, 'mottle': 0.15, 'edge': 0.3, 'bump': 0.5},
        cab={'kind': 'wood', 'color': hex_rgb('#B5783A'), 'contrast': 0.35, 'roughness': 0.3, 'coat': 0.5, 'rotate': 1.5708},
        top={'kind': 'marble', 'color': (0.8, 0.74, 0.62), 'vein': (0.6, 0.52, 0.4), 'roughness': 0.1, 'vein_width': 12.0, 'vein_strength': 0.5},
        metal='chrome', cab_style='raised', handle='knob', tap='lever', lights='strip-globes', wainscot=1.2, shower='framed',
        mirror=('rect', 'none'), tub='alcove', curtain='#E9E4D4'),
    'pink': dict(
        walls={'kind': 'paint', 'color': hex_rgb('#E9DCD3'), 'roughness': 0.45},
        wet={'kind': 'tile', 'color': hex_rgb('#E3B9B3'), 'grout': hex_rgb('#D9D0C8'), 'w': 0.108, 'h': 0.108, 'offset': 0.0,
             'gap': 0.002, 'roughness': 0.08, 'variation': 0.03, 'edge': 0.3, 'bump': 0.5},
        floor={'kind': 'hex', 'color': hex_rgb('#EEEAE2'), 'grout': hex_rgb('#9A958C'), 'radius': 0.03, 'variation': 0.03},
        cab={'kind': 'plain', 'color': hex_rgb('#EFE9DF'), 'roughness': 0.3, 'coat': 0.3},
        top={'kind': 'plain', 'color': hex_rgb('#E7D9CB'), 'roughness': 0.2},
        metal='polished-brass', cab_style='raised', handle='knob', tap='cross', lights='strip-globes', wainscot=1.3, shower='curtain',
        mirror=('rect', 'none'), tub='alcove', curtain='#D8C4BE'),
    'granite': dict(
        walls={'kind': 'paint', 'color': hex_rgb('#D8D2C2'), 'roughness': 0.45},
        wet={'kind': 'tile', 'color': hex_rgb('#CFC6B2'), 'grout': hex_rgb('#9C927E'), 'w': 0.33, 'h': 0.33, 'offset': 0.0,
             'gap': 0.003, 'roughness': 0.15, 'variation': 0.05, 'mottle': 0.2, 'edge': 0.3, 'bump': 0.4},
        floor={'kind': 'tile', 'color': hex_rgb('#BEB29A'), 'grout': hex_rgb('#6F6655'), 'w': 0.4, 'h': 0.4, 'offset': 0.0,
               'gap': 0.004, 'roughness': 0.25, 'variation': 0.06, 'mottle': 0.2, 'edge': 0.3, 'bump': 0.4, 'rotate': 0.0},
        cab={'kind': 'wood', 'color': hex_rgb('#7B3A22'), 'contrast': 0.3, 'roughness': 0.25, 'coat': 0.6, 'rotate': 1.5708},
        top={'kind': 'terrazzo', 'color': (0.2, 0.18, 0.16), 'chips': ((0.5, 0.45, 0.4), (0.05, 0.05, 0.05), (0.7, 0.6, 0.5), (0.35, 0.2, 0.15))},
        metal='brushed-nickel', cab_style='raised', handle='knob', tap='lever', lights='strip-fluoro', wainscot=None, shower='framed',
        mirror=('rect', 'none'), tub='alcove', curtain='#CFC8B8'),
    'almond': dict(
        walls={'kind': 'paint', 'color': hex_rgb('#EFE8D8'), 'roughness': 0.45},
        wet={'kind': 'tile', 'color': hex_rgb('#E4DCC8'), 'grout': hex_rgb('#C2B8A2'), 'w': 0.2, 'h': 0.2, 'offset': 0.0,
             'gap': 0.002, 'roughness': 0.12, 'variation': 0.03, 'edge': 0.3, 'bump': 0.5},
        floor={'kind': 'tile', 'color': hex_rgb('#D6CCB8'), 'grout': hex_rgb('#A0967F'), 'w': 0.3, 'h': 0.3, 'offset': 0.0,
               'gap': 0.002, 'roughness': 0.3, 'variation': 0.03, 'mottle': 0.25, 'edge': 0.3, 'bump': 0.3},
        cab={'kind': 'plain', 'color': hex_rgb('#F3EEE4'), 'roughness': 0.25, 'coat': 0.3},
        top={'kind': 'plain', 'color': hex_rgb('#E6DFD0'), 'roughness': 0.2},
        metal='chrome', cab_style='raised', handle='knob', tap='lever', lights='strip-globes', wainscot=1.1, shower='curtain',
        mirror=('rect', 'none'), tub='alcove', curtain='#F1EEE6'),
}


def before_design(variant, layout):
    b = BEFORE[variant]
    art = {'id': 'before-' + variant, 'layout': layout, 'cab_style': b['cab_style'], 'handle': b['handle'], 'basin': 'undermount' if layout != 'powder' else 'pedestal',
           'tap': b['tap'], 'mirror': b['mirror'], 'lights': b['lights'], 'floating': False}
    d = Design(id='before-' + variant, dated=True, art=art, props=[], metal=b['metal'],
               grade={'warmth': 0.05, 'contrast': -0.15, 'saturation': -0.1})
    d.palette = {'walls': '#E6D9BE', 'floor': '#C9B690', 'cabinetry': '#B5783A', 'accent': '#8E9AA3', 'trim': '#F2EEE4'}
    d.walls, d.wet, d.floor, d.cab, d.top = b['walls'], b['wet'], b['floor'], b['cab'], b['top']
    d.ceiling = {'kind': 'paint', 'color': hex_rgb('#F1EEE6'), 'variation': 0.01}
    d.trim = {'kind': 'plain', 'color': hex_rgb('#F1EDE3'), 'roughness': 0.3}
    if b['wainscot']:
        d.wainscot = (b['wainscot'], b['wet'])
    d.towels = {'colors': ['#B9B2A6', '#D7CFC0'], 'stripe': None}
    d.lamp_color = (0.93, 0.97, 1.0)
    d.tub = b['tub']
    d.shower = b['shower']
    d.curtain = b['curtain']
    d.toilet = 'close'
    d.sun = False
    return d
