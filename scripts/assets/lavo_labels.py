"""Per-pixel ground-truth classes for rendered bathrooms (the eval scenes and the stock photos).

The table is the contract shared with src/server/providers/generation/local/label-classes.ts
(tests/unit or the label-classes test checks that both agree): the id is the value stored in the
label map, the colour is how the label PNG shows it (sRGB, exact).

Every mesh or curve object is tagged, when it is linked into the scene, with the innermost
`labelled(...)` context active at that moment (lavo_build.link). After the scene is built,
`assign()` turns that context plus the object's material kind into a class id and stores it in
`object.pass_index`; the label render reads Cycles' object-index pass.
"""

# id, name, colour (sRGB hex). Keep in step with label-classes.ts.
CLASSES = [
    (0, 'void', '#000000'),
    (1, 'wall', '#E6C88C'),
    (2, 'wall-tile', '#5AA0DC'),
    (3, 'floor', '#8C5A32'),
    (4, 'ceiling', '#F0F0F0'),
    (5, 'vanity', '#B4325A'),
    (6, 'countertop', '#FF8C00'),
    (7, 'ceramic', '#FFFFA0'),
    (8, 'glass', '#00DCDC'),
    (9, 'mirror', '#A078FF'),
    (10, 'window', '#0050FF'),
    (11, 'light', '#FFFF00'),
    (12, 'metal', '#808080'),
    (13, 'fabric', '#FF64C8'),
    (14, 'prop', '#00B400'),
    (15, 'door', '#643200'),
]

ID = {name: cid for (cid, name, _) in CLASSES}

# material kinds that read as tile or another hard wall finish rather than paint or paper
TILE_KINDS = {'tile', 'hex', 'checker', 'marble', 'stone', 'terrazzo'}

CONTEXTS = ('wall', 'wall-tile', 'trim', 'floor', 'ceiling', 'vanity', 'countertop', 'ceramic', 'shower', 'window',
            'mirror', 'light', 'metal', 'fabric', 'prop', 'door')


def classify(ctx, kind, frosted=False, name=''):
    """Class id for an object built in context `ctx` with a material of `kind`."""
    if ctx == 'light':
        return ID['light']
    if ctx == 'door':
        return ID['door']
    if ctx == 'window':
        return ID['window']
    if ctx == 'mirror':
        # the glass and its backing plate are mirror; frames (metal, wood, rope, gilded...) count as frames
        if kind == 'mirror' or name.startswith('mirror') or name.startswith('backlight'):
            return ID['mirror']
        return ID['metal']
    if ctx == 'prop':
        return ID['prop']
    if ctx == 'fabric':
        return ID['fabric']
    if kind == 'metal':
        return ID['metal']
    if kind in ('emission', 'glow-glass'):
        return ID['light']
    if kind == 'mirror':
        return ID['mirror']
    if kind == 'ceramic' or ctx == 'ceramic':
        return ID['ceramic']
    if kind == 'glass':
        return ID['window'] if frosted else ID['glass']
    if ctx == 'shower':
        return ID['glass']
    if kind == 'leaf':
        return ID['prop']
    if kind == 'fabric':
        return ID['fabric']
    if ctx == 'countertop':
        return ID['countertop']
    if ctx == 'vanity':
        return ID['vanity']
    if ctx == 'floor':
        return ID['floor']
    if ctx == 'ceiling':
        return ID['ceiling']
    if ctx == 'wall-tile':
        return ID['wall-tile']
    if ctx == 'wall':
        return ID['wall-tile'] if kind in TILE_KINDS else ID['wall']
    if ctx == 'trim':
        return ID['wall']
    if ctx == 'metal':
        return ID['metal']
    return ID['void']


def assign(objects):
    """Set pass_index on every mesh/curve object; returns the objects that fell through to void."""
    unlabelled = []
    for ob in objects:
        if ob.type not in ('MESH', 'CURVE'):
            continue
        ctx = ob.get('lavo_ctx', '')
        mat = ob.active_material
        kind = mat.get('lavo_kind', '') if mat is not None else ''
        frosted = bool(mat.get('lavo_frosted', False)) if mat is not None else False
        cid = classify(ctx, kind, frosted, ob.name)
        ob.pass_index = cid
        if cid == 0:
            unlabelled.append(ob.name)
    return unlabelled
