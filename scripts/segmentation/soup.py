"""Averages the weights of two exported surface networks of the same shape (a weight soup): two stages fine-tuned from
the same weights lie close enough together that the network halfway between them works, and it reads rooms about as
well as running both and averaging their answers, at the cost of one.

    /usr/bin/python3 scripts/segmentation/soup.py FIRST.onnx SECOND.onnx OUT.onnx [SHARE_OF_SECOND=0.5]

Batch norm is folded into each convolution at export, so both files hold plain convolutions and their average is one.
"""
import sys

import onnx
from onnx import numpy_helper


def main():
    if len(sys.argv) not in (4, 5):
        sys.exit(__doc__)
    first, second, out = onnx.load(sys.argv[1]), onnx.load(sys.argv[2]), sys.argv[3]
    share = float(sys.argv[4]) if len(sys.argv) == 5 else 0.5
    if [node.op_type for node in first.graph.node] != [node.op_type for node in second.graph.node]:
        sys.exit('the two networks are not the same shape')
    others = {tensor.name: numpy_helper.to_array(tensor) for tensor in second.graph.initializer}
    for tensor in first.graph.initializer:
        mine = numpy_helper.to_array(tensor)
        theirs = others.get(tensor.name)
        if theirs is None or theirs.shape != mine.shape:
            sys.exit(f'the two networks differ at {tensor.name}')
        if mine.dtype.kind == 'f':
            tensor.CopyFrom(numpy_helper.from_array(((1 - share) * mine + share * theirs).astype(mine.dtype), tensor.name))
    onnx.save(first, out)
    print(f'{out}: {share:g} of {sys.argv[2]}, {1 - share:g} of {sys.argv[1]}')


if __name__ == '__main__':
    main()
