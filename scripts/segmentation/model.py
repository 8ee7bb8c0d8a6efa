"""The surface-segmentation network: a small U-Net (four levels, batch-normalised 3×3 convolutions).

Input: an sRGB photo scaled to 0..1, NCHW, any size divisible by 16. Output: logits for each label class
(`src/server/providers/generation/local/label-classes.ts`) at the input's size.
"""
import torch
import torch.nn as nn
import torch.nn.functional as F

CLASS_COUNT = 16

MEAN = (0.55, 0.52, 0.49)
STD = (0.25, 0.25, 0.26)


def block(cin, cout):
    return nn.Sequential(
        nn.Conv2d(cin, cout, 3, padding=1, bias=False), nn.BatchNorm2d(cout), nn.ReLU(inplace=True),
        nn.Conv2d(cout, cout, 3, padding=1, bias=False), nn.BatchNorm2d(cout), nn.ReLU(inplace=True),
    )


def coordinates(x):
    """Two channels, -1..1 across and down: where in the picture a pixel is (a floor is low, a ceiling high)."""
    n, _, h, w = x.shape
    ys = (torch.arange(h, dtype=x.dtype) * (2.0 / (h - 1)) - 1).view(1, 1, h, 1).expand(n, 1, h, w)
    xs = (torch.arange(w, dtype=x.dtype) * (2.0 / (w - 1)) - 1).view(1, 1, 1, w).expand(n, 1, h, w)
    return torch.cat([ys, xs], 1)


class SurfaceNet(nn.Module):
    def __init__(self, base=16, classes=CLASS_COUNT, coords=False):
        super().__init__()
        self.coords = coords
        c = [base, base * 2, base * 4, base * 8, base * 8]
        self.register_buffer('mean', torch.tensor(MEAN).view(1, 3, 1, 1))
        self.register_buffer('std', torch.tensor(STD).view(1, 3, 1, 1))
        self.down = nn.ModuleList([block(5 if coords else 3, c[0]), block(c[0], c[1]), block(c[1], c[2]), block(c[2], c[3])])
        self.bottom = block(c[3], c[4])
        # Image-level context (as in PSPNet's global pooling branch): what the whole room looks like tells a pale
        # wall from a pale ceiling or floor where the local patch cannot.
        self.context = nn.Sequential(nn.Conv2d(c[4], c[4], 1), nn.ReLU(inplace=True))
        self.up = nn.ModuleList([block(c[4] + c[3], c[3]), block(c[3] + c[2], c[2]), block(c[2] + c[1], c[1]), block(c[1] + c[0], c[0])])
        self.head = nn.Conv2d(c[0], classes, 1)

    def forward(self, x):
        x = (x - self.mean) / self.std
        if self.coords:
            x = torch.cat([x, coordinates(x)], 1)
        return self.head(u_net(x, self.down, self.bottom, self.context, self.up))


def u_net(x, down, bottom, context, up):
    """A U-Net's body: down its levels (max-pooling after each, keeping each one's output), the bottom block with
    image-level context added, and back up, each level upsampled and joined with the output kept on the way down."""
    skips = []
    for level in down:
        x = level(x)
        skips.append(x)
        x = F.max_pool2d(x, 2)
    x = bottom(x)
    x = x + context(F.adaptive_avg_pool2d(x, 1))
    for level, skip in zip(up, reversed(skips)):
        x = F.interpolate(x, size=skip.shape[2:], mode='bilinear', align_corners=False)
        x = level(torch.cat([x, skip], 1))
    return x
