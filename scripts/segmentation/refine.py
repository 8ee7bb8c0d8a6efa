#!/usr/bin/python3
"""Trains the surface refiner: a second, small network that reads the surface network's answer for the whole room
and mends it, and exports it to ONNX beside the surface network (decision 0078).

    /usr/bin/python3 scripts/segmentation/refine.py --data DUMP:SCENES [DUMP:SCENES ...] --validation DUMP:SCENES \
        --out .tmp/refiner [--epochs 20] [--export src/server/providers/generation/local/model]

The surface network judges each pixel from what it sees around it (a few dozen pixels at its input size). Whether a
pale wall is tiled all the way up or painted above the tiles, or whether a clear pane stands in front of the tiles, is
often a question about the room: the answer the network gives elsewhere in the same picture. The refiner sees that
answer whole: the network's class probabilities (as the server averages them over its views, `averagedProbabilities`
in surface-network.ts), the photo at the same size and where each pixel is, through a small U-Net that pools down to
the whole picture. It adds a correction to the network's log-probabilities; its last layer starts at zero, so an
untrained refiner changes nothing.

DUMP is a folder written by `npx tsx scripts/segmentation/dump-probabilities.ts SCENES DUMP`: per scene the
probabilities (`NAME.probs.bin`, float32 class planes), the photo at the network's grid (`NAME.view.bin`, RGB bytes)
and the grid's size (`NAME.json`); SCENES holds the labelled renders (`NAME.labels.png`). The network must not have
been trained on these scenes: the refiner has to learn the network's mistakes on photos it has not seen.
"""
import argparse
import json
import math
import random
import sys
import time
from pathlib import Path

if __name__ == '__main__':
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from train import with_steady_allocator
    with_steady_allocator()

import numpy as np  # noqa: E402
import torch  # noqa: E402
import torch.nn as nn  # noqa: E402
import torch.nn.functional as F  # noqa: E402
from PIL import Image  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parent))
from model import CLASS_COUNT, MEAN, STD, block, coordinates, u_net  # noqa: E402
from train import CHANGED, VOID, class_weights, load_labels, soft_dice_loss  # noqa: E402

# log(probability) is floored here: a class the network rules out is "very unlikely", not minus infinity.
FLOOR = 1e-4


class SurfaceRefiner(nn.Module):
    """Probabilities (N, 16, H, W) and photo (N, 3, H, W, 0..1 sRGB) at the network's grid, H and W multiples of 16,
    to logits. Works at half the grid and pools down to a sixteenth and to the whole picture."""

    def __init__(self, base=24, fine=0):
        super().__init__()
        self.fine = fine
        c = [base, base * 2, base * 3, base * 3]
        self.register_buffer('mean', torch.tensor(MEAN).view(1, 3, 1, 1))
        self.register_buffer('std', torch.tensor(STD).view(1, 3, 1, 1))
        self.down = nn.ModuleList([block(CLASS_COUNT - 1 + 3 + 2, c[0]), block(c[0], c[1]), block(c[1], c[2])])
        self.bottom = block(c[2], c[3])
        self.context = nn.Sequential(nn.Conv2d(c[3], c[3], 1), nn.ReLU(inplace=True))
        self.up = nn.ModuleList([block(c[3] + c[2], c[2]), block(c[2] + c[1], c[1]), block(c[1] + c[0], c[0])])
        # At the grid itself: a light, a tap or a mirror's edge is a few grid pixels, and a correction worked out at
        # half the grid alone would blur it into the ceiling or wall around it.
        if fine:
            self.sharpen = nn.Sequential(nn.Conv2d(c[0] + CLASS_COUNT - 1 + 3, fine, 3, padding=1, bias=False), nn.BatchNorm2d(fine), nn.ReLU(inplace=True))
        self.head = nn.Conv2d(fine or c[0], CLASS_COUNT, 1)
        nn.init.zeros_(self.head.weight)
        nn.init.zeros_(self.head.bias)

    def forward(self, probabilities, image):
        logp = torch.log(probabilities.clamp_min(FLOOR))
        inputs = torch.cat([logp[:, 1:], (image - self.mean) / self.std], 1)
        x = F.avg_pool2d(inputs, 2)
        x = torch.cat([x, coordinates(x)], 1)
        x = u_net(x, self.down, self.bottom, self.context, self.up)
        if self.fine:
            x = F.interpolate(x, size=logp.shape[2:], mode='bilinear', align_corners=False)
            correction = self.head(self.sharpen(torch.cat([x, inputs], 1)))
        else:
            correction = F.interpolate(self.head(x), size=logp.shape[2:], mode='bilinear', align_corners=False)
        logits = logp + correction
        return torch.cat([torch.full_like(logits[:, :1], -30.0), logits[:, 1:]], 1)  # never void


class Probabilities(nn.Module):
    """What the server runs: the refiner's answer as probabilities, like the input it replaces."""

    def __init__(self, refiner):
        super().__init__()
        self.refiner = refiner

    def forward(self, probabilities, image):
        return self.refiner(probabilities, image).softmax(1)


def load_dumps(specs):
    items = []
    for spec in specs:
        dump, scenes = spec.split(':', 1)
        for meta_path in sorted(Path(dump).glob('*.json')):
            name = meta_path.stem
            # NAME~K is a degraded copy of scene NAME (dump-probabilities.ts --degraded): the scene's labels hold.
            labels_path = Path(scenes) / f"{name.split('~')[0]}.labels.png"
            probs_path = Path(dump) / f'{name}.probs.bin'
            if not labels_path.exists() or not probs_path.exists():
                continue
            meta = json.loads(meta_path.read_text())
            w, h = meta['width'], meta['height']
            probs = np.fromfile(probs_path, dtype=np.float32).reshape(CLASS_COUNT, h, w).astype(np.float16)
            view = np.fromfile(Path(dump) / f'{name}.view.bin', dtype=np.uint8).reshape(h, w, 3).transpose(2, 0, 1).copy()
            labels = np.array(Image.fromarray(load_labels(labels_path)).resize((w, h), Image.NEAREST), dtype=np.uint8)
            items.append((name, probs, view, labels))
    return items


def batches(items, size, rng, augment):
    """Batches of photos of one shape (landscape and portrait grids are not mixed)."""
    by_shape = {}
    for index, item in enumerate(items):
        by_shape.setdefault(item[1].shape, []).append(index)
    groups = []
    for indices in by_shape.values():
        if augment:
            rng.shuffle(indices)
        groups += [indices[i:i + size] for i in range(0, len(indices), size)]
    if augment:
        rng.shuffle(groups)
    for group in groups:
        probs = torch.from_numpy(np.stack([items[i][1] for i in group]).astype(np.float32))
        image = torch.from_numpy(np.stack([items[i][2] for i in group]).astype(np.float32) / 255.0)
        labels = torch.from_numpy(np.stack([items[i][3] for i in group]).astype(np.int64))
        if augment:
            if rng.random() < 0.5:
                probs, image, labels = probs.flip(-1), image.flip(-1), labels.flip(-1)
            # The network is not equally sure on every photo: sharpen or soften its answer a little.
            temperature = rng.uniform(0.75, 1.33)
            probs = (torch.log(probs.clamp_min(FLOOR)) * temperature).softmax(1)
            probs[:, VOID] = 0
            gain = torch.tensor([rng.uniform(0.85, 1.15) for _ in range(3)]).view(1, 3, 1, 1) * rng.uniform(0.85, 1.15)
            image = (image * gain).clamp(0, 1)
        yield probs, image, labels


def scene_scores(predicted, labels):
    """Per photo, the mean IoU over the changed surfaces its truth shows (as the bench scores a scene)."""
    scores = []
    for p, t in zip(predicted, labels):
        valid = t != VOID
        ious = []
        for c in CHANGED:
            truth = t == c
            if truth.sum() == 0:
                continue
            mine = (p == c) & valid
            ious.append(float((mine & truth).sum()) / float((mine | truth).sum()))
        if ious:
            scores.append(sum(ious) / len(ious))
    return scores


def evaluate(model, items):
    model.eval()
    before, after = [], []
    with torch.no_grad():
        for probs, image, labels in batches(items, 8, random.Random(0), augment=False):
            before += scene_scores(probs[:, 1:].argmax(1) + 1, labels)
            after += scene_scores(model(probs, image).argmax(1), labels)
    return float(np.mean(before)), float(np.mean(after))


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument('--data', nargs='+', required=True, help='DUMP:SCENES folder pairs to learn from')
    parser.add_argument('--validation', nargs='*', default=[], help='DUMP:SCENES pairs only watched')
    parser.add_argument('--out', required=True)
    parser.add_argument('--epochs', type=int, default=20)
    parser.add_argument('--batch', type=int, default=8)
    parser.add_argument('--lr', type=float, default=0.002)
    parser.add_argument('--dice', type=float, default=0.5)
    parser.add_argument('--width', type=int, default=24)
    parser.add_argument('--fine', type=int, default=0, help='channels of a last layer at the grid itself (0: none; decision 0078 tried 16)')
    parser.add_argument('--threads', type=int, default=2)
    parser.add_argument('--seed', type=int, default=7)
    parser.add_argument('--average', type=float, default=0, help='share of the last epochs whose weights are averaged (0: the last epoch\'s weights as they are)')
    parser.add_argument('--export', help='folder to write surface-refiner.onnx and its notes to')
    args = parser.parse_args()

    torch.manual_seed(args.seed)
    torch.set_num_threads(args.threads)
    rng = random.Random(args.seed)
    data = load_dumps(args.data)
    validation = load_dumps(args.validation)
    print(f'{len(data)} scenes to learn from, {len(validation)} watched', flush=True)
    # Weighed as the surface network was (train.py class_weights: square-root inverse frequency, capped), so that the
    # refiner does not buy the big surfaces' pixels with the small things a redesign must keep (lights, props, taps).
    weights, _ = class_weights(item[3] for item in data)
    model = SurfaceRefiner(args.width, args.fine)
    print(f'{sum(p.numel() for p in model.parameters()) / 1e3:.0f} k parameters', flush=True)
    optimiser = torch.optim.AdamW(model.parameters(), lr=args.lr, weight_decay=1e-4)
    steps = args.epochs * math.ceil(len(data) / args.batch + 2)
    schedule = torch.optim.lr_scheduler.OneCycleLR(optimiser, max_lr=args.lr, total_steps=steps, pct_start=0.15)
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    # The answer swings from one epoch to the next on so few scenes: the weights exported are the mean of the last
    # epochs' (stochastic weight averaging, Izmailov et al. 2018), with batch-norm statistics measured again for them.
    averaged = torch.optim.swa_utils.AveragedModel(model)
    average_from = max(1, int(round(args.epochs * (1 - args.average))))
    step = 0
    for epoch in range(1, args.epochs + 1):
        model.train()
        started = time.time()
        losses = []
        for probs, image, labels in batches(data, args.batch, rng, augment=True):
            logits = model(probs, image)
            loss = F.cross_entropy(logits, labels, weight=weights, ignore_index=VOID)
            if args.dice:
                loss = loss + args.dice * soft_dice_loss(logits, labels, per_image=True)
            optimiser.zero_grad()
            loss.backward()
            optimiser.step()
            if step < steps - 1:
                schedule.step()
            step += 1
            losses.append(float(loss))
        line = f'epoch {epoch}: loss {np.mean(losses):.4f}, {time.time() - started:.0f} s'
        if validation:
            before, after = evaluate(model, validation)
            line += f'; watched scenes mean IoU {before:.3f} -> {after:.3f}'
        print(line, flush=True)
        torch.save(model.state_dict(), out / 'refiner.pt')
        if args.average > 0 and epoch >= average_from:
            averaged.update_parameters(model)
    final = model
    if args.average > 0:
        final = averaged.module
        measure_batch_norm(final, data, args.batch)
    if validation and args.average > 0:
        before, after = evaluate(final, validation)
        print(f'averaged over epochs {average_from}-{args.epochs}: watched scenes mean IoU {before:.3f} -> {after:.3f}', flush=True)
    torch.save(final.state_dict(), out / 'refiner-averaged.pt')
    if args.export:
        export(final, Path(args.export), args, len(data))


def measure_batch_norm(model, items, size):
    """Batch-norm running statistics measured afresh over the training scenes (as seen, unaugmented)."""
    norms = [module for module in model.modules() if isinstance(module, nn.BatchNorm2d)]
    for norm in norms:
        norm.reset_running_stats()
        norm.momentum = None  # a plain mean over all batches
    model.train()
    with torch.no_grad():
        for probs, image, _ in batches(items, size, random.Random(0), augment=False):
            model(probs, image)
    model.eval()


def export(model, folder, args, scene_count):
    folder.mkdir(parents=True, exist_ok=True)
    model.eval()
    target = folder / 'surface-refiner.onnx'
    dynamic = {2: 'height', 3: 'width'}
    torch.onnx.export(Probabilities(model), (torch.full((1, CLASS_COUNT, 224, 288), 1 / CLASS_COUNT), torch.zeros(1, 3, 224, 288)),
                      str(target), opset_version=13, input_names=['probabilities', 'image'], output_names=['refined'],
                      dynamic_axes={'probabilities': dynamic, 'image': dynamic, 'refined': dynamic})
    meta = {'trainedOn': {'scenes': scene_count, 'data': args.data, 'epochs': args.epochs, 'lr': args.lr, 'dice': args.dice,
                          'width': args.width, 'fine': args.fine, 'averaged': args.average, 'seed': args.seed}}
    (folder / 'surface-refiner.json').write_text(json.dumps(meta, indent=2) + '\n')
    print(f'exported {target} ({target.stat().st_size / 1e6:.2f} MB)', flush=True)


if __name__ == '__main__':
    main()
