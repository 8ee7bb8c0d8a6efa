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


class SurfaceNet(nn.Module):
    def __init__(self, base=16, classes=CLASS_COUNT):
        super().__init__()
        c = [base, base * 2, base * 4, base * 8, base * 8]
        self.register_buffer('mean', torch.tensor(MEAN).view(1, 3, 1, 1))
        self.register_buffer('std', torch.tensor(STD).view(1, 3, 1, 1))
        self.down = nn.ModuleList([block(3, c[0]), block(c[0], c[1]), block(c[1], c[2]), block(c[2], c[3])])
        self.bottom = block(c[3], c[4])
        # Image-level context (as in PSPNet's global pooling branch): what the whole room looks like tells a pale
        # wall from a pale ceiling or floor where the local patch cannot.
        self.context = nn.Sequential(nn.Conv2d(c[4], c[4], 1), nn.ReLU(inplace=True))
        self.up = nn.ModuleList([block(c[4] + c[3], c[3]), block(c[3] + c[2], c[2]), block(c[2] + c[1], c[1]), block(c[1] + c[0], c[0])])
        self.head = nn.Conv2d(c[0], classes, 1)

    def forward(self, x):
        x = (x - self.mean) / self.std
        skips = []
        for level in self.down:
            x = level(x)
            skips.append(x)
            x = F.max_pool2d(x, 2)
        x = self.bottom(x)
        x = x + self.context(F.adaptive_avg_pool2d(x, 1))
        for level, skip in zip(self.up, reversed(skips)):
            x = F.interpolate(x, size=skip.shape[2:], mode='bilinear', align_corners=False)
            x = level(torch.cat([x, skip], 1))
        return self.head(x)
