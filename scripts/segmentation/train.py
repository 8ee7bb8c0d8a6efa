#!/usr/bin/python3
"""Trains the engine's surface-segmentation network on labelled renders and exports it to ONNX.

    /usr/bin/python3 scripts/segmentation/train.py --data DIR [DIR ...] --out .tmp/segmentation \
        [--epochs 30] [--size 256x192] [--seed 7] [--resume] [--export src/server/providers/generation/local/model]

A scene is a photo (`*.jpg`) beside its label map (the same name with `.labels.png`, or `photo.jpg` and
`labels.png` in one folder): one byte a pixel, the class id of `label-classes.ts`. Every photo is seen with
heavy domain randomisation (crops, flips, exposure, white balance, colour casts, contrast, noise, blur, JPEG,
vignetting), so what the network learns is the room's layout and surfaces rather than the renderer's look.
Runs on the CPU with Debian's python3-torch (1.13); checkpoints every epoch and resumes with --resume.
"""
import argparse
import io
import json
import math
import os
import random
import sys
import time
from pathlib import Path

# jemalloc, and its settings, for the training process (with_steady_allocator).
JEMALLOC = ('/usr/lib/x86_64-linux-gnu/libjemalloc.so.2', '/usr/lib/aarch64-linux-gnu/libjemalloc.so.2')
JEMALLOC_CONF = 'oversize_threshold:0,dirty_decay_ms:-1,muzzy_decay_ms:-1'


def with_steady_allocator():
    """Starts this script again under jemalloc (Debian's libjemalloc2), set to keep the memory it frees.

    A training step allocates and frees the same activations, tens of megabytes each, every step. glibc's malloc
    (and jemalloc's default, for blocks over 8 MB) gives such blocks back to the system and maps them again on the
    next step, and an epoch takes about five times as long (README.md, step 2, has the figures).
    LAVO_SYSTEM_MALLOC=1 keeps the system allocator."""
    if os.environ.get('LAVO_SYSTEM_MALLOC') == '1' or 'jemalloc' in os.environ.get('LD_PRELOAD', ''):
        return
    library = next((path for path in JEMALLOC if os.path.exists(path)), None)
    if library is None:
        print('libjemalloc2 is not installed: training runs several times slower (apt-get install -y libjemalloc2)', flush=True)
        return
    preload = ' '.join(filter(None, [library, os.environ.get('LD_PRELOAD')]))
    os.execve(sys.executable, [sys.executable, *sys.argv], {**os.environ, 'LD_PRELOAD': preload, 'MALLOC_CONF': JEMALLOC_CONF})


if __name__ == '__main__':
    with_steady_allocator()

import numpy as np  # noqa: E402
import torch  # noqa: E402
import torch.nn as nn  # noqa: E402
import torch.nn.functional as F  # noqa: E402
from PIL import Image, ImageFilter  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / 'assets'))
from model import SurfaceNet, CLASS_COUNT  # noqa: E402
from lavo_labels import CLASSES  # noqa: E402

VOID = 0
# wall, wall tile, floor, ceiling, vanity: the surfaces a redesign changes (label-classes.ts CHANGED_SURFACES),
# whose mean IoU the engine-accuracy bench reports.
CHANGED = (1, 2, 3, 4, 5)


def find_scenes(roots):
    scenes = []
    for root in roots:
        root = Path(root)
        for photo in sorted(root.rglob('*.jpg')):
            for labels in (photo.with_name(photo.stem + '.labels.png'), photo.with_name('labels.png') if photo.name == 'photo.jpg' else None,
                           photo.with_name(photo.stem.replace('photo', 'labels') + '.png')):
                if labels is not None and labels.exists() and labels != photo:
                    scenes.append((photo, labels))
                    break
    return scenes


def load_labels(path):
    """A label map as class ids: one byte a pixel, or the class colours of lavo_labels.CLASSES."""
    image = Image.open(path)
    if image.mode in ('L', 'P'):
        return np.array(image, dtype=np.uint8)
    rgb = np.array(image.convert('RGB'), dtype=np.int32)
    key = (rgb[..., 0] << 16) | (rgb[..., 1] << 8) | rgb[..., 2]
    ids = np.zeros(key.shape, dtype=np.uint8)
    known = np.zeros(key.shape, dtype=bool)
    for class_id, _, colour in CLASSES:
        match = key == int(colour[1:], 16)
        ids[match] = class_id
        known |= match
    if not known.all():
        raise ValueError(f'{path}: {int((~known).sum())} pixels have no class colour')
    return ids


class Scenes(torch.utils.data.Dataset):
    """Photos and labels held decoded in memory (a few hundred scenes at ≤ 640 px fit easily)."""

    def __init__(self, pairs, size, augment, seed, close_ups=0.0):
        self.items = []
        self.close_ups = close_ups
        self.loaded = set()
        self.add(pairs)
        self.width, self.height = size
        self.augment = augment
        self.seed = seed
        self.epoch = 0

    def add(self, pairs):
        """Loads the scenes not loaded yet; returns how many were new."""
        added = 0
        for photo, labels in pairs:
            if photo in self.loaded:
                continue
            rgb = Image.open(photo).convert('RGB')
            lab = load_labels(labels)
            if lab.shape[:2] != (rgb.height, rgb.width):
                raise ValueError(f'{labels}: {lab.shape} does not match {photo}: {rgb.size}')
            self.items.append((rgb, lab))
            self.loaded.add(photo)
            added += 1
        return added

    def __len__(self):
        return len(self.items)

    def __getitem__(self, index):
        rng = random.Random(hash((self.seed, self.epoch, index)))
        rgb, lab = self.items[index]
        if self.augment:
            rgb, lab = randomise(rgb, lab, self.width, self.height, rng, self.close_ups)
        else:
            rgb, lab = fit(rgb, lab, self.width, self.height)
        x = torch.from_numpy(np.asarray(rgb, dtype=np.float32) / 255.0).permute(2, 0, 1)
        y = torch.from_numpy(lab.astype(np.int64))
        return x, y


def fit(rgb, lab, width, height):
    """Resizes to the training size, turning portrait scenes to match by cropping the centre."""
    target = width / height
    w, h = rgb.size
    if w / h > target:
        cw, ch = round(h * target), h
    else:
        cw, ch = w, round(w / target)
    left, top = (w - cw) // 2, (h - ch) // 2
    rgb = rgb.crop((left, top, left + cw, top + ch)).resize((width, height), Image.BILINEAR)
    lab = Image.fromarray(lab).crop((left, top, left + cw, top + ch)).resize((width, height), Image.NEAREST)
    return rgb, np.array(lab)


def randomise(rgb, lab, width, height, rng, close_ups=0.0):
    w, h = rgb.size
    target = width / height * math.exp(rng.uniform(-0.25, 0.25))
    if close_ups > 0 and rng.random() < close_ups:
        # A close-up: a crop 1–1.4 times the training width, so the photo is scaled down by at most that much and
        # fine detail (a large pale tile's grout) stays visible. On a render no larger than the training size this
        # is the whole frame.
        cw = min(w, round(width * rng.uniform(1.0, 1.4)))
    else:
        # A crop of 55–100% of the frame at a random aspect near the target: other framings and focal lengths.
        scale = rng.uniform(0.55, 1.0)
        cw = min(w, round(math.sqrt(scale * w * h * target)))
    ch = min(h, round(cw / target))
    left, top = rng.randint(0, w - cw), rng.randint(0, h - ch)
    box = (left, top, left + cw, top + ch)
    rgb = rgb.crop(box).resize((width, height), Image.BILINEAR)
    lab = Image.fromarray(lab).crop(box).resize((width, height), Image.NEAREST)
    if rng.random() < 0.5:
        rgb, lab = rgb.transpose(Image.FLIP_LEFT_RIGHT), lab.transpose(Image.FLIP_LEFT_RIGHT)
    if rng.random() < 0.3:
        rgb = rgb.filter(ImageFilter.GaussianBlur(rng.uniform(0.3, 1.4)))
    x = np.asarray(rgb, dtype=np.float32) / 255.0
    linear = x ** 2.2
    # Exposure and white balance (phones get both wrong), then a colour cast and contrast.
    linear *= 2 ** rng.uniform(-1.2, 0.9)
    linear *= np.array([math.exp(rng.gauss(0, 0.12)) for _ in range(3)], dtype=np.float32)
    x = np.clip(linear, 0, None) ** (1 / 2.2)
    if rng.random() < 0.5:
        mean = x.mean()
        x = (x - mean) * rng.uniform(0.7, 1.35) + mean
    if rng.random() < 0.4:
        grey = x.mean(axis=2, keepdims=True)
        x = grey + (x - grey) * rng.uniform(0.4, 1.6)
    if rng.random() < 0.3:
        yy, xx = np.mgrid[0:height, 0:width].astype(np.float32)
        r = ((xx / width - 0.5) ** 2 + (yy / height - 0.5) ** 2) / 0.5
        x *= (1 - rng.uniform(0.1, 0.45) * r)[..., None]
    if rng.random() < 0.6:
        x += np.random.default_rng(rng.randrange(1 << 30)).normal(0, rng.uniform(0.005, 0.04), x.shape).astype(np.float32)
    x = np.clip(x, 0, 1)
    rgb = Image.fromarray((x * 255 + 0.5).astype(np.uint8))
    if rng.random() < 0.6:
        buffer = io.BytesIO()
        rgb.save(buffer, 'JPEG', quality=rng.randint(35, 92))
        rgb = Image.open(buffer).convert('RGB')
    return rgb, np.array(lab)


def class_weights(label_maps):
    counts = np.zeros(CLASS_COUNT, dtype=np.float64)
    for lab in label_maps:
        counts += np.bincount(lab.ravel(), minlength=CLASS_COUNT)[:CLASS_COUNT]
    counts[VOID] = 0
    share = counts / max(1, counts.sum())
    # Square-root inverse frequency, capped: rare small things (taps, frames) count, but never dominate.
    weights = np.where(share > 0, 1 / np.sqrt(np.maximum(share, 1e-4)), 0)
    weights = weights / weights[share > 0].mean()
    return torch.tensor(np.minimum(weights, 5.0), dtype=torch.float32), share


def soft_dice_loss(logits, target, per_image=False):
    """1 - the mean soft Dice over the classes the batch shows (void ignored): a term that, unlike cross-entropy,
    weighs a small surface's overlap as much as a large one's, as IoU does.

    per_image: the mean over each photo's own classes, photo by photo, as the engine-accuracy bench scores a scene
    (a strip of floor at the bottom of one photo counts as much as that photo's walls), rather than over the
    batch's pixels pooled (where the same strip is a sliver of all the floor the batch shows)."""
    valid = (target != VOID).unsqueeze(1).float()
    probabilities = logits.softmax(1) * valid
    truth = F.one_hot(target, CLASS_COUNT).permute(0, 3, 1, 2).float() * valid
    dims = (2, 3) if per_image else (0, 2, 3)
    overlap = (probabilities * truth).sum(dims)
    total = probabilities.sum(dims) + truth.sum(dims)
    present = truth.sum(dims) > 0
    present[..., VOID] = False
    dice = (2 * overlap + 1) / (total + 1)
    return 1 - dice[present].mean()


def evaluate(model, loader):
    model.eval()
    intersection = np.zeros(CLASS_COUNT)
    union = np.zeros(CLASS_COUNT)
    correct = total = 0
    scenes = []  # per photo: the mean IoU over the changed surfaces its truth shows, as the bench scores a scene
    with torch.no_grad():
        for x, y in loader:
            logits = model(x)
            logits[:, VOID] = -float('inf')  # the server never answers void: nothing in a photo is nothing
            predicted = logits.argmax(1)
            valid = y != VOID
            correct += int(((predicted == y) & valid).sum())
            total += int(valid.sum())
            changed = []  # per photo and changed surface: IoU, or NaN where its truth does not show the surface
            for c in range(1, CLASS_COUNT):
                p, t = (predicted == c) & valid, (y == c)
                overlap, either = (p & t).sum((1, 2)), (p | t).sum((1, 2))
                intersection[c] += int(overlap.sum())
                union[c] += int(either.sum())
                if c in CHANGED:
                    changed.append(np.where(t.sum((1, 2)).numpy() > 0, overlap.numpy() / np.maximum(either.numpy(), 1), np.nan))
            by_photo = np.stack(changed, 1)
            shown = ~np.isnan(by_photo).all(1)
            scenes.extend(np.nanmean(by_photo[shown], 1))
    iou = np.where(union > 0, intersection / np.maximum(union, 1), np.nan)
    return correct / max(1, total), iou, (float(np.mean(scenes)) if scenes else float('nan'))


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument('--data', nargs='+', required=True)
    parser.add_argument('--validation', nargs='*', default=[])
    parser.add_argument('--out', default='.tmp/segmentation')
    parser.add_argument('--epochs', type=int, default=30)
    parser.add_argument('--size', default='256x192')
    parser.add_argument('--batch', type=int, default=8)
    parser.add_argument('--lr', type=float, default=0.05, help='peak learning rate (one-cycle schedule)')
    parser.add_argument('--optimiser', choices=['sgd', 'adamw'], default='sgd',
                        help='SGD with Nesterov momentum learns this network several times faster than AdamW from scratch')
    parser.add_argument('--seed', type=int, default=7)
    parser.add_argument('--width', type=int, default=16, help='channels of the first level')
    parser.add_argument('--threads', type=int, default=2)
    parser.add_argument('--coords', action='store_true', help='feed the network where each pixel is (two coordinate channels)')
    parser.add_argument('--dice', type=float, default=0.0, help='weight of a soft Dice term added to the cross-entropy')
    parser.add_argument('--dice-per-image', action='store_true',
                        help="the Dice term's mean over each photo's own classes, photo by photo (as the bench scores a scene)")
    parser.add_argument('--epoch-size', type=int, default=0, help='photos an epoch draws (default: every scene once)')
    parser.add_argument('--close-ups', type=float, default=0.0,
                        help='share of training photos drawn as a close-up, a crop 1-1.4 times the training width (for renders larger than it)')
    parser.add_argument('--grow', action='store_true', help='add scenes that appear in the data folders before each epoch')
    parser.add_argument('--resume', action='store_true')
    parser.add_argument('--init', help='a checkpoint (or an exported surfaces.onnx) whose network weights to start from (a new schedule; e.g. another size)')
    parser.add_argument('--pct-start', type=float, default=0.1, help='share of the steps spent warming the learning rate up')
    parser.add_argument('--export', help='folder to write surfaces.onnx and surfaces.json into')
    parser.add_argument('--inference-long-side', type=int, default=None,
                        help='long side the server feeds the network (multiple of 16); default: the scale rooms were seen at in training')
    parser.add_argument('--inference-views', default='0.78,1.33',
                        help='other scales (of that long side) the server also shows the photo at, averaging the answers; empty for none')
    args = parser.parse_args()

    torch.set_num_threads(args.threads)
    torch.manual_seed(args.seed)
    random.seed(args.seed)
    width, height = (int(v) for v in args.size.split('x'))
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)

    pairs = find_scenes(args.data)
    if not pairs:
        sys.exit(f'no labelled scenes under {args.data}')
    validation_pairs = find_scenes(args.validation) if args.validation else []
    print(f'{len(pairs)} training scenes, {len(validation_pairs)} validation scenes, {width}x{height}', flush=True)
    train = Scenes(pairs, (width, height), augment=True, seed=args.seed, close_ups=args.close_ups)
    weights, share = class_weights(lab for _, lab in train.items)
    print('class shares:', ' '.join(f'{c}:{s:.3f}' for c, s in enumerate(share)), flush=True)
    # An epoch is --epoch-size photos drawn from the scenes there are (default: each scene once). With --grow the data
    # folders are looked at again before every epoch and scenes rendered since are added, so training can start
    # while the renderer is still writing them.
    if args.grow and not args.epoch_size:
        sys.exit('--grow needs --epoch-size (the schedule counts its steps in advance)')
    epoch_size = args.epoch_size or len(train)

    def make_loader():
        # Without replacement while there are enough scenes; an epoch larger than the data draws some twice.
        sampler = torch.utils.data.RandomSampler(train, replacement=epoch_size > len(train), num_samples=epoch_size)
        return torch.utils.data.DataLoader(train, batch_size=args.batch, sampler=sampler, num_workers=0, drop_last=True)
    loader = make_loader()
    validation = torch.utils.data.DataLoader(Scenes(validation_pairs, (width, height), augment=False, seed=0), batch_size=8) if validation_pairs else None

    model = SurfaceNet(base=args.width, coords=args.coords)
    if args.optimiser == 'sgd':
        optimiser = torch.optim.SGD(model.parameters(), lr=args.lr, momentum=0.9, nesterov=True, weight_decay=1e-4)
    else:
        optimiser = torch.optim.AdamW(model.parameters(), lr=args.lr, weight_decay=1e-4)
    steps = args.epochs * len(loader)
    schedule = torch.optim.lr_scheduler.OneCycleLR(optimiser, max_lr=args.lr, total_steps=max(1, steps), pct_start=args.pct_start)
    start = 0
    if args.init and args.init.endswith('.onnx'):
        base = onnx_base(args.init)
        source = model if base == args.width else SurfaceNet(base=base, coords=args.coords)
        load_onnx(source, args.init, train)
        print(f'network weights from {args.init} (batch norm rebuilt from {ONNX_CALIBRATION} photos)', flush=True)
        if source is not model:
            widen(source, model, args.seed)
            print(f'widened from {base} to {args.width} channels at the first level (the same function, room to learn more)', flush=True)
    elif args.init:
        model.load_state_dict(torch.load(args.init)['model'])
        print(f'network weights from {args.init}', flush=True)
    checkpoint = out / 'checkpoint.pt'
    if args.resume and checkpoint.exists():
        state = torch.load(checkpoint)
        model.load_state_dict(state['model'])
        optimiser.load_state_dict(state['optimiser'])
        schedule.load_state_dict(state['schedule'])
        start = state['epoch'] + 1
        print(f'resumed after epoch {start}', flush=True)
    print(f'{sum(p.numel() for p in model.parameters()) / 1e6:.2f} M parameters', flush=True)

    for epoch in range(start, args.epochs):
        model.train()
        train.epoch = epoch
        if args.grow and epoch > start:
            added = train.add(find_scenes(args.data))
            if added:
                print(f'{added} new scenes: {len(train)} in all', flush=True)
            loader = make_loader()
        began = time.time()
        running = 0.0
        for x, y in loader:
            logits = model(x)
            loss = F.cross_entropy(logits, y, weight=weights, ignore_index=VOID)
            if args.dice:
                loss = loss + args.dice * soft_dice_loss(logits, y, args.dice_per_image)
            optimiser.zero_grad()
            loss.backward()
            optimiser.step()
            schedule.step()
            running += float(loss)
        line = f'epoch {epoch + 1}/{args.epochs}: loss {running / max(1, len(loader)):.4f}, {time.time() - began:.0f} s'
        if validation is not None and (epoch % 3 == 2 or epoch == args.epochs - 1):
            accuracy, iou, by_scene = evaluate(model, validation)
            line += (f', val pixel accuracy {accuracy:.3f}, mIoU {np.nanmean(iou[1:]):.3f}, changed surfaces {np.nanmean(iou[list(CHANGED)]):.3f}'
                     f' (scene by scene {by_scene:.3f})')
        print(line, flush=True)
        torch.save({'model': model.state_dict(), 'optimiser': optimiser.state_dict(), 'schedule': schedule.state_dict(), 'epoch': epoch,
                    'args': vars(args)}, checkpoint)

    if validation is not None:
        _, iou, _ = evaluate(model, validation)
        print('validation IoU by class:', ' '.join(f'{CLASSES[c][1]} {iou[c]:.2f}' for c in range(1, CLASS_COUNT) if not np.isnan(iou[c])), flush=True)
    if args.export:
        export(model, Path(args.export), width, height, args, len(train))


ONNX_CALIBRATION = 64


def load_onnx(model, path, dataset):
    """Starts from an exported network. The export folds each batch norm into the convolution before it, so the
    convolutions take the folded weights and each batch norm is rebuilt around what its convolution now outputs on
    training photos (mean m, deviation s per channel): gamma s, beta m + folded bias, running statistics m and s².
    In evaluation it adds the folded bias, exactly as the export did; in training it normalises to nearly the same."""
    import onnx
    from onnx import numpy_helper
    graph = onnx.load(path).graph
    weights = {i.name: torch.from_numpy(numpy_helper.to_array(i).copy()) for i in graph.initializer}
    folded = [(weights[n.input[1]], weights[n.input[2]]) for n in graph.node if n.op_type == 'Conv']
    convs = [m for m in model.modules() if isinstance(m, nn.Conv2d)]
    if len(convs) != len(folded) or any(c.weight.shape != w.shape for c, (w, _) in zip(convs, folded)):
        sys.exit(f'{path} is not this network (its convolutions differ)')
    pairs = {}  # convolution → the batch norm after it
    for module in model.modules():
        if isinstance(module, nn.Sequential):
            layers = list(module)
            for a, b in zip(layers, layers[1:]):
                if isinstance(a, nn.Conv2d) and isinstance(b, nn.BatchNorm2d):
                    pairs[a] = b
    with torch.no_grad():
        for conv, (w, b) in zip(convs, folded):
            conv.weight.copy_(w)
            if conv.bias is not None:
                conv.bias.copy_(b)
        # statistics of each convolution's output, layer by layer in the order of the forward pass
        stats = {conv: [] for conv in pairs}
        hooks = [conv.register_forward_hook(lambda m, _, out: stats[m].append((out.mean((0, 2, 3)), out.var((0, 2, 3)))))
                 for conv in pairs]
        model.eval()
        for norm in pairs.values():  # folded: the batch norm only adds the bias while statistics are gathered
            norm.reset_parameters()
            norm.running_var.fill_(1 - norm.eps)
        biases = dict(zip(convs, (b for _, b in folded)))
        for conv, norm in pairs.items():
            norm.bias.copy_(biases[conv])
        batch = torch.stack([dataset[i][0] for i in range(min(ONNX_CALIBRATION, len(dataset)))])
        model(batch)
        for hook in hooks:
            hook.remove()
        for conv, norm in pairs.items():
            mean, var = stats[conv][0]
            std = torch.sqrt(var + norm.eps)
            norm.weight.copy_(std)
            norm.bias.copy_(mean + biases[conv])
            norm.running_mean.copy_(mean)
            norm.running_var.copy_(std ** 2 - norm.eps)


def onnx_base(path):
    """Channels of an exported network's first level (its first convolution's outputs)."""
    import onnx
    from onnx import numpy_helper
    graph = onnx.load(path).graph
    weights = {i.name: i for i in graph.initializer}
    first = next(n for n in graph.node if n.op_type == 'Conv')
    return int(numpy_helper.to_array(weights[first.input[1]]).shape[0])


WIDEN_NOISE = 0.01


def widen(source, target, seed):
    """Copies a trained network into a wider one of the same shape so that it computes the same function (Net2WiderNet,
    Chen et al. 2016): each new channel repeats a random old one (its convolution and batch norm copied), and the
    layer after it splits the old channel's incoming weight among its copies. A little noise on the copies' weights
    lets them learn apart. Training then starts from what the narrow network knew, with the wider one's capacity."""
    generator = torch.Generator().manual_seed(seed)

    def mapping(old, new):
        return torch.cat([torch.arange(old), torch.randint(0, old, (new - old,), generator=generator)])

    def conv(src, dst, m_in, m_out):
        w = src.weight.data
        copies = torch.bincount(m_in, minlength=w.shape[1]).float()[m_in].view(1, -1, 1, 1)
        new = w[m_out][:, m_in] / copies
        noise = torch.randn(new.shape, generator=generator) * (WIDEN_NOISE * float(w.std()))
        dst.weight.data.copy_(new + noise * (copies > 1))
        if src.bias is not None:
            dst.bias.data.copy_(src.bias.data[m_out])

    def norm(src, dst, m):
        for name in ('weight', 'bias', 'running_mean', 'running_var'):
            getattr(dst, name).data.copy_(getattr(src, name).data[m])

    def block(src, dst, m_in):
        old, new = src[0].out_channels, dst[0].out_channels
        middle, out = mapping(old, new), mapping(old, new)
        conv(src[0], dst[0], m_in, middle)
        norm(src[1], dst[1], middle)
        conv(src[3], dst[3], middle, out)
        norm(src[4], dst[4], out)
        return out

    with torch.no_grad():
        m = torch.arange(source.down[0][0].in_channels)
        skips = []
        for src, dst in zip(source.down, target.down):
            m = block(src, dst, m)
            skips.append((m, src[0].out_channels))
        m = block(source.bottom, target.bottom, m)
        conv(source.context[0], target.context[0], m, m)
        width = source.bottom[0].out_channels
        for src, dst, (skip, skip_width) in zip(source.up, target.up, reversed(skips)):
            m = block(src, dst, torch.cat([m, skip + width]))
            width = src[0].out_channels
        conv(source.head, target.head, m, torch.arange(source.head.out_channels))


def export(model, folder, width, height, args, scene_count):
    folder.mkdir(parents=True, exist_ok=True)
    model.eval()
    dummy = torch.zeros(1, 3, height, width)
    target = folder / 'surfaces.onnx'
    torch.onnx.export(model, dummy, str(target), opset_version=13, input_names=['image'], output_names=['logits'],
                      dynamic_axes={'image': {2: 'height', 3: 'width'}, 'logits': {2: 'height', 3: 'width'}})
    # Training crops keep 55–100% of a scene's area and scale it to the training width: at the server the photo's
    # long side is scaled to where a whole scene appears at that mean scale.
    long_side = args.inference_long_side or int(round(max(width, height) / math.sqrt(0.775) / 16) * 16)
    # A surface read one way at one scale and another way at the next gets the answer most scales give.
    views = [int(round(long_side * float(scale) / 16) * 16) for scale in args.inference_views.split(',') if scale.strip()]
    meta = {'input': {'width': width, 'height': height, 'layout': 'NCHW', 'range': '0..1 sRGB'}, 'classes': CLASS_COUNT,
            'inference': {'longSide': long_side, 'views': views},
            'coords': bool(args.coords),
            'trainedOn': {'scenes': scene_count, 'data': args.data, 'seed': args.seed, 'epochs': args.epochs, 'size': args.size}}
    (folder / 'surfaces.json').write_text(json.dumps(meta, indent=2) + '\n')
    print(f'exported {target} ({os.path.getsize(target) / 1e6:.2f} MB)', flush=True)


if __name__ == '__main__':
    main()
