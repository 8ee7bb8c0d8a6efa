"""Lavo bathroom scene renderer (run by scripts/assets/render.mjs; not imported by the app).

    blender -b -noaudio --python scripts/assets/scene.py -- render <job.json>
      (job.mode: 'before' | 'style' (the product layouts) | 'eval' (a randomised scene, lavo_eval.py);
       job.labels: also render the label pass (labels.u8); job.labelsOnly: only the label pass)
    blender -b -noaudio --python scripts/assets/scene.py -- tonemap <linear.f32> <width> <height> <out.png> <look> <exposure>
    blender -b -noaudio --python scripts/assets/scene.py -- serve
      (one Blender for many commands: each stdin line is a JSON array of the arguments above, and each
       command ends with a line `LAVO_SERVE_END ok` or `LAVO_SERVE_END error`; blender.mjs drives it)

`render` builds the procedural bathroom the job describes (layout, dated "before" preset or a
catalogue style + palette), renders it with Cycles on the CPU and writes the light passes as raw
float32 RGBA files next to a meta.json. Debian's Blender has no OpenImageDenoise, so render.mjs
denoises those passes itself (demodulated, edge-aware à-trous filter) and then calls `tonemap`,
which applies Blender's Filmic view transform to the clean linear image.
"""
import sys
import os
import json
import glob
import array
import time
import math

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

import bpy  # noqa: E402

PASSES = ['Image', 'DiffDir', 'DiffInd', 'DiffCol', 'GlossDir', 'GlossInd', 'GlossCol', 'TransDir', 'TransInd', 'TransCol',
          'Denoising Normal', 'Denoising Albedo', 'Denoising Depth']


def reset():
    bpy.ops.wm.read_factory_settings(use_empty=True)
    # The material and pattern caches hold datablocks of the file just emptied (and number new materials by
    # their size): a Blender serving many scenes starts each one as a fresh process would.
    for name in ('lavo_materials', 'lavo_patterns'):
        if name in sys.modules:
            sys.modules[name]._cache.clear()
    scene = bpy.context.scene
    scene.render.engine = 'CYCLES'
    return scene


def world(scene, strength=1.0):
    """A bright sky seen only through the windows (camera and glossy rays); daylight itself comes from
    an area light in each window opening and a sun lamp, which sample far more cleanly."""
    w = bpy.data.worlds.new('sky')
    scene.world = w
    w.use_nodes = True
    nt = w.node_tree
    nt.nodes.clear()
    out = nt.nodes.new('ShaderNodeOutputWorld')
    bg = nt.nodes.new('ShaderNodeBackground')
    tc = nt.nodes.new('ShaderNodeTexCoord')
    sep = nt.nodes.new('ShaderNodeSeparateXYZ')
    nt.links.new(tc.outputs['Generated'], sep.inputs[0])
    ramp = nt.nodes.new('ShaderNodeValToRGB')
    ramp.color_ramp.elements[0].position = 0.45
    ramp.color_ramp.elements[0].color = (0.62, 0.66, 0.6, 1)
    ramp.color_ramp.elements[1].position = 0.62
    ramp.color_ramp.elements[1].color = (0.55, 0.72, 1.0, 1)
    ramp.color_ramp.elements.new(0.5).color = (0.95, 0.97, 1.0, 1)
    nt.links.new(sep.outputs['Z'], ramp.inputs[0])
    nt.links.new(ramp.outputs[0], bg.inputs['Color'])
    bg.inputs['Strength'].default_value = 6.0 * strength
    lp = nt.nodes.new('ShaderNodeLightPath')
    mx = nt.nodes.new('ShaderNodeMixShader')
    black = nt.nodes.new('ShaderNodeBackground')
    black.inputs['Color'].default_value = (0, 0, 0, 1)
    add = nt.nodes.new('ShaderNodeMath')
    add.operation = 'MAXIMUM'
    nt.links.new(lp.outputs['Is Camera Ray'], add.inputs[0])
    nt.links.new(lp.outputs['Is Glossy Ray'], add.inputs[1])
    nt.links.new(add.outputs[0], mx.inputs[0])
    nt.links.new(black.outputs[0], mx.inputs[1])
    nt.links.new(bg.outputs[0], mx.inputs[2])
    nt.links.new(mx.outputs[0], out.inputs['Surface'])
    w.cycles.sampling_method = 'NONE'


def settings(scene, job):
    c = scene.cycles
    c.device = 'CPU'
    c.samples = int(job.get('samples', 64))
    c.use_adaptive_sampling = True
    c.adaptive_threshold = float(job.get('adaptive_threshold', 0.02))
    c.adaptive_min_samples = max(8, int(job.get('samples', 64)) // 4)
    c.time_limit = float(job.get('time_limit', 0))
    c.use_denoising = False
    c.max_bounces = 6
    c.diffuse_bounces = 3
    c.glossy_bounces = 3
    c.transmission_bounces = 6
    c.transparent_max_bounces = 8
    c.volume_bounces = 0
    c.caustics_reflective = False
    c.caustics_refractive = False
    c.blur_glossy = 1.0
    c.sample_clamp_indirect = 6.0
    c.light_sampling_threshold = 0.01
    c.seed = int(job.get('seed', 7))
    scene.render.resolution_x = int(job['width'])
    scene.render.resolution_y = int(job['height'])
    scene.render.resolution_percentage = 100
    scene.render.film_transparent = False
    scene.render.use_compositing = True
    scene.render.threads_mode = 'AUTO'
    scene.view_settings.view_transform = 'Filmic'
    scene.view_settings.look = 'None'
    vl = scene.view_layers[0]
    vl.use_pass_diffuse_direct = vl.use_pass_diffuse_indirect = vl.use_pass_diffuse_color = True
    vl.use_pass_glossy_direct = vl.use_pass_glossy_indirect = vl.use_pass_glossy_color = True
    vl.use_pass_transmission_direct = vl.use_pass_transmission_indirect = vl.use_pass_transmission_color = True
    vl.cycles.denoising_store_passes = True


def exr_outputs(scene, out_dir):
    """A compositor that writes render-layer outputs to uncompressed 32-bit EXR files in out_dir: returns the
    render-layer node and the file-output node, with no file slots yet."""
    scene.use_nodes = True
    nt = scene.node_tree
    nt.nodes.clear()
    rl = nt.nodes.new('CompositorNodeRLayers')
    comp = nt.nodes.new('CompositorNodeComposite')
    nt.links.new(rl.outputs['Image'], comp.inputs['Image'])
    fo = nt.nodes.new('CompositorNodeOutputFile')
    fo.base_path = out_dir
    fo.format.file_format = 'OPEN_EXR'
    fo.format.color_depth = '32'
    fo.format.exr_codec = 'NONE'
    fo.file_slots.clear()
    return rl, fo


def pass_outputs(scene, out_dir):
    rl, fo = exr_outputs(scene, out_dir)
    nt = scene.node_tree
    for name in PASSES:
        slot = name.replace(' ', '_')
        fo.file_slots.new(slot + '_')
        nt.links.new(rl.outputs[name], fo.inputs[-1])


def dump_passes(out_dir, width, height):
    """EXR passes → raw float32 RGBA (bottom row first), readable by render.mjs without extra libraries."""
    written = []
    for name in PASSES:
        slot = name.replace(' ', '_')
        files = sorted(glob.glob(os.path.join(out_dir, slot + '_*.exr')))
        if not files:
            raise RuntimeError('missing pass ' + name)
        img = bpy.data.images.load(files[-1])
        img.colorspace_settings.name = 'Non-Color'
        buf = array.array('f', bytes(4 * width * height * 4))
        img.pixels.foreach_get(buf)
        with open(os.path.join(out_dir, slot + '.f32'), 'wb') as fh:
            buf.tofile(fh)
        bpy.data.images.remove(img)
        os.remove(files[-1])
        written.append(slot)
    return written


def label_pass(scene, out_dir, width, height):
    """The ground-truth label map: Cycles' object-index pass (pass_index = class id, lavo_labels.assign),
    rendered with one sample per pixel and a 0.01 px box filter, so every pixel holds the class of
    the surface at its centre: no anti-aliasing, no blend of two classes. Transparent surfaces
    (window and shower glass) are labelled where the camera ray first meets them (alpha threshold 0).
    Writes labels.u8: one byte per pixel, top row first."""
    import lavo_labels
    unlabelled = lavo_labels.assign(scene.objects)
    c = scene.cycles
    c.samples = 1
    c.use_adaptive_sampling = False
    c.time_limit = 0
    c.pixel_filter_type = 'BOX'
    c.filter_width = 0.01
    c.max_bounces = 0
    c.diffuse_bounces = c.glossy_bounces = c.transmission_bounces = c.transparent_max_bounces = 0
    scene.render.resolution_x = int(width)
    scene.render.resolution_y = int(height)
    vl = scene.view_layers[0]
    for attr in ('diffuse_direct', 'diffuse_indirect', 'diffuse_color', 'glossy_direct', 'glossy_indirect', 'glossy_color',
                 'transmission_direct', 'transmission_indirect', 'transmission_color'):
        setattr(vl, 'use_pass_' + attr, False)
    vl.cycles.denoising_store_passes = False
    vl.use_pass_object_index = True
    vl.pass_alpha_threshold = 0.0
    rl, fo = exr_outputs(scene, out_dir)
    fo.file_slots.new('IndexOB_')
    scene.node_tree.links.new(rl.outputs['IndexOB'], fo.inputs[-1])
    scene.render.filepath = os.path.join(out_dir, 'label-preview.png')
    t0 = time.time()
    bpy.ops.render.render(write_still=True)
    files = sorted(glob.glob(os.path.join(out_dir, 'IndexOB_*.exr')))
    if not files:
        raise RuntimeError('missing object index pass')
    img = bpy.data.images.load(files[-1])
    img.colorspace_settings.name = 'Non-Color'
    width, height = int(width), int(height)
    buf = array.array('f', bytes(4 * width * height * 4))
    img.pixels.foreach_get(buf)
    out = bytearray(width * height)
    for y in range(height):
        src = (height - 1 - y) * width * 4
        row = y * width
        for x in range(width):
            out[row + x] = max(0, min(255, int(round(buf[src + x * 4]))))
    with open(os.path.join(out_dir, 'labels.u8'), 'wb') as fh:
        fh.write(bytes(out))
    bpy.data.images.remove(img)
    os.remove(files[-1])
    return {'labelSeconds': round(time.time() - t0, 1), 'unlabelled': unlabelled[:20]}


def render(job_path):
    with open(job_path) as fh:
        job = json.load(fh)
    started = time.time()
    scene = reset()
    import lavo_design
    import lavo_layouts
    params = None
    world(scene)
    if job['mode'] == 'eval':
        import lavo_eval
        with open(job['catalogue']) as fh:
            catalogue = json.load(fh)
        design, params, width, height = lavo_eval.build(job, catalogue)
        job['width'], job['height'] = width, height
        settings(scene, job)
    else:
        if job['mode'] == 'before':
            design = lavo_design.before_design(job['variant'], job['layout'])
        else:
            design = lavo_design.style_design(job['style'], job['palette'], job['layout'])
        settings(scene, job)
        lavo_layouts.build(design, job['layout'], job.get('camera', 'main'))
    out_dir = job['passDir']
    os.makedirs(out_dir, exist_ok=True)
    build_s = time.time() - started
    meta = {'width': job['width'], 'height': job['height'], 'grade': design.grade, 'dated': bool(design.dated),
            'buildSeconds': round(build_s, 1), 'samples': job.get('samples')}
    if job.get('labels'):
        # keep the synced scene (BVH, subdivided meshes) for the label render that follows
        scene.render.use_persistent_data = True
    if not job.get('labelsOnly'):
        pass_outputs(scene, out_dir)
        scene.render.filepath = os.path.join(out_dir, 'preview.png')
        scene.render.image_settings.file_format = 'PNG'
        t0 = time.time()
        bpy.ops.render.render(write_still=True)
        meta['renderSeconds'] = round(time.time() - t0, 1)
        meta['passes'] = dump_passes(out_dir, job['width'], job['height'])
    if job.get('labels'):
        meta.update(label_pass(scene, out_dir, job['width'], job['height']))
    if params is not None:
        meta['params'] = params
    with open(os.path.join(out_dir, 'meta.json'), 'w') as fh:
        json.dump(meta, fh)
    print('LAVO_RENDER_DONE %s build=%.1fs render=%ss' % (job.get('name'), build_s, meta.get('renderSeconds')))


def tonemap(src, width, height, out, look, exposure):
    scene = reset()
    scene.view_settings.view_transform = 'Filmic'
    scene.view_settings.look = look
    scene.view_settings.exposure = float(exposure)
    scene.render.image_settings.file_format = 'PNG'
    scene.render.image_settings.color_mode = 'RGB'
    scene.render.image_settings.color_depth = '16'
    width, height = int(width), int(height)
    buf = array.array('f')
    with open(src, 'rb') as fh:
        buf.fromfile(fh, width * height * 4)
    img = bpy.data.images.new('linear', width, height, alpha=False, float_buffer=True)
    img.pixels.foreach_set(buf)
    img.save_render(out, scene=scene)
    print('LAVO_TONEMAP_DONE', out)


def command(argv):
    if argv and argv[0] == 'render':
        render(argv[1])
    elif argv and argv[0] == 'tonemap':
        tonemap(*argv[1:7])
    else:
        print(__doc__)
        sys.exit(2)


def serve():
    """Runs commands read from stdin until it closes. Starting Blender costs about as much as rendering a small
    scene, so the labelled-scene batches keep one Blender per renderer instead of two per scene."""
    import traceback
    for line in sys.stdin:
        if not line.strip():
            continue
        try:
            command(json.loads(line))
            status = 'ok'
        except (Exception, SystemExit):
            # on stdout, so the trace is in this command's log before its end line (stderr is another pipe)
            traceback.print_exc(file=sys.stdout)
            status = 'error'
        sys.stderr.flush()
        print('LAVO_SERVE_END', status, flush=True)


def main():
    argv = sys.argv[sys.argv.index('--') + 1:] if '--' in sys.argv else []
    if argv[:1] == ['serve']:
        serve()
    else:
        command(argv)


try:
    main()
except Exception:
    import traceback
    traceback.print_exc()
    sys.exit(1)
