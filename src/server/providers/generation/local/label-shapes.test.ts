import { describe, expect, it } from 'vitest'
import { LABEL } from './label-classes'
import { fitLine, dropPanesWithoutEdges, glassBetweenPosts, growKeptToEdges, settleGlass, snapBordersToEdges, squareDoors } from './label-shapes'
import { createRandom } from './random'

const WIDTH = 160
const HEIGHT = 120

/** A wall (paint) with a door between two leaning lines, whose sides wander by up to `wobble` pixels. */
function wallWithDoor(wobble: number, seed = 1): { labels: Uint8Array; truth: (x: number, y: number) => boolean } {
  const random = createRandom(seed)
  const left = (y: number) => 50 + 0.05 * y
  const right = (y: number) => 100 + 0.05 * y
  const top = (x: number) => 20 + 0.1 * (x - 50)
  const labels = new Uint8Array(WIDTH * HEIGHT).fill(LABEL.wall)
  for (let y = 0; y < HEIGHT; y++) {
    const l = Math.round(left(y) + (random() * 2 - 1) * wobble)
    const r = Math.round(right(y) + (random() * 2 - 1) * wobble)
    for (let x = l; x <= r; x++) if (y >= Math.round(top(x) + (random() * 2 - 1) * Math.min(wobble, 1))) labels[y * WIDTH + x] = LABEL.door
  }
  const truth = (x: number, y: number) => x >= Math.round(left(y)) && x <= Math.round(right(y)) && y >= Math.round(top(x))
  return { labels, truth }
}

function disagreement(labels: Uint8Array, truth: (x: number, y: number) => boolean): number {
  let wrong = 0
  for (let y = 0; y < HEIGHT; y++) for (let x = 0; x < WIDTH; x++) if ((labels[y * WIDTH + x] === LABEL.door) !== truth(x, y)) wrong++
  return wrong
}

/** The furthest the door's first or last pixel strays, over the rows below its top, from the true sides. */
function sideWander(labels: Uint8Array): number {
  let worst = 0
  for (let y = 30; y < HEIGHT; y++) {
    const row = Array.from(labels.subarray(y * WIDTH, (y + 1) * WIDTH))
    const first = row.indexOf(LABEL.door)
    const last = row.lastIndexOf(LABEL.door)
    worst = Math.max(worst, Math.abs(first - (50 + 0.05 * y)), Math.abs(last - (100 + 0.05 * y)))
  }
  return worst
}

describe('fitLine', () => {
  it('finds a straight side through points with a few strays', () => {
    const ts = Array.from({ length: 40 }, (_, index) => index)
    const vs = ts.map((t) => 10 + 0.2 * t)
    vs[5] = 40
    vs[30] = -20
    const line = fitLine(ts, vs, 0.3)!
    expect(line.slope).toBeCloseTo(0.2, 2)
    expect(line.intercept).toBeCloseTo(10, 1)
  })

  it('refuses a side steeper than a door can lean, or one with too few points', () => {
    const ts = Array.from({ length: 40 }, (_, index) => index)
    expect(fitLine(ts, ts.map((t) => 2 * t), 0.3)).toBeNull()
    expect(fitLine([1, 2, 3], [1, 2, 3], 0.3)).toBeNull()
  })
})

describe('squareDoors', () => {
  it('straightens a door whose sides wander', () => {
    const { labels, truth } = wallWithDoor(3)
    const before = disagreement(labels, truth)
    const wanderBefore = sideWander(labels)
    squareDoors(labels, WIDTH, HEIGHT)
    expect(wanderBefore).toBeGreaterThanOrEqual(3)
    expect(sideWander(labels)).toBeLessThanOrEqual(1.5)
    expect(disagreement(labels, truth)).toBeLessThan(before / 2)
  })

  it('takes only wall for the door and gives what it drops back to the wall around it', () => {
    const { labels } = wallWithDoor(3, 2)
    // a towel rail's worth of metal just inside the door's left side, and tile under the wall's left half
    for (let y = 60; y < 64; y++) for (let x = 52; x < 56; x++) labels[y * WIDTH + x] = LABEL.metal
    for (let y = 0; y < HEIGHT; y++) for (let x = 0; x < 30; x++) labels[y * WIDTH + x] = LABEL['wall-tile']
    squareDoors(labels, WIDTH, HEIGHT)
    for (let y = 60; y < 64; y++) for (let x = 52; x < 56; x++) expect(labels[y * WIDTH + x]).toBe(LABEL.metal)
    const kinds = new Set(labels)
    expect([...kinds].sort()).toEqual([LABEL.wall, LABEL['wall-tile'], LABEL.metal, LABEL.door].sort())
    for (let y = 0; y < HEIGHT; y++) for (let x = 0; x < 30; x++) expect(labels[y * WIDTH + x]).toBe(LABEL['wall-tile'])
  })

  it('leaves what stands just beside a door at the picture edge alone (the next row of its box is not the region)', () => {
    // a door cut off by the picture's left edge, its right side wandering, and a toilet just right of it
    const labels = new Uint8Array(WIDTH * HEIGHT).fill(LABEL.wall)
    const random = createRandom(3)
    for (let y = 0; y < HEIGHT; y++) {
      const right = Math.round(40 + (random() * 2 - 1) * 2)
      for (let x = 0; x <= right; x++) labels[y * WIDTH + x] = LABEL.door
    }
    for (let y = 70; y < HEIGHT; y++) for (let x = 44; x < 70; x++) labels[y * WIDTH + x] = LABEL.ceramic
    for (let y = 20; y < 40; y++) for (let x = 44; x < 50; x++) labels[y * WIDTH + x] = LABEL.prop
    squareDoors(labels, WIDTH, HEIGHT)
    for (let y = 70; y < HEIGHT; y++) for (let x = 44; x < 70; x++) expect(labels[y * WIDTH + x]).toBe(LABEL.ceramic)
    for (let y = 20; y < 40; y++) for (let x = 44; x < 50; x++) expect(labels[y * WIDTH + x]).toBe(LABEL.prop)
  })

  it('gives what a door drops back to the wall beside it in its own row', () => {
    // paint above a tile line at row 60 on both sides of the door; the door's sides wander into both
    const { labels } = wallWithDoor(3, 4)
    for (let index = 60 * WIDTH; index < labels.length; index++) if (labels[index] === LABEL.wall) labels[index] = LABEL['wall-tile']
    squareDoors(labels, WIDTH, HEIGHT)
    for (let y = 0; y < HEIGHT; y++) {
      for (let x = 0; x < WIDTH; x++) {
        const label = labels[y * WIDTH + x]!
        if (label !== LABEL.door) expect(label, `${x},${y}`).toBe(y < 60 ? LABEL.wall : LABEL['wall-tile'])
      }
    }
  })

  it('keeps what stands in front of a door below it (a toilet cuts the door off, it is not squared away)', () => {
    const { labels } = wallWithDoor(0)
    for (let y = 90; y < HEIGHT; y++) for (let x = 60; x < 90; x++) labels[y * WIDTH + x] = LABEL.ceramic
    const before = labels.slice()
    squareDoors(labels, WIDTH, HEIGHT)
    for (let y = 90; y < HEIGHT; y++) for (let x = 60; x < 90; x++) expect(labels[y * WIDTH + x]).toBe(LABEL.ceramic)
    // a door that was straight already stays as it was, to within a pixel's rounding along its sides
    let changed = 0
    for (let index = 0; index < labels.length; index++) if (labels[index] !== before[index]) changed++
    expect(changed).toBeLessThan(HEIGHT)
  })

  it('leaves a door region that is no rectangle (half hidden) as it is', () => {
    const labels = new Uint8Array(WIDTH * HEIGHT).fill(LABEL.wall)
    // an L: the door's upper half whole, its lower half only a strip beside a curtain
    for (let y = 20; y < HEIGHT; y++) for (let x = 50; x < (y < 70 ? 100 : 62); x++) labels[y * WIDTH + x] = LABEL.door
    const before = labels.slice()
    squareDoors(labels, WIDTH, HEIGHT)
    expect(labels).toEqual(before)
  })

  it('does nothing to a picture without doors, nor to a speck of door', () => {
    const labels = new Uint8Array(WIDTH * HEIGHT).fill(LABEL['wall-tile'])
    for (let y = 10; y < 14; y++) for (let x = 10; x < 14; x++) labels[y * WIDTH + x] = LABEL.door
    const before = labels.slice()
    squareDoors(labels, WIDTH, HEIGHT)
    expect(labels).toEqual(before)
  })
})

/** A tiled wall with a framed pane of glass between two leaning lines (frame one pixel wide, metal). */
function tiledWallWithPane(): { labels: Uint8Array; inPane: (x: number, y: number) => boolean } {
  const left = (y: number) => 50 + 0.05 * y
  const right = (y: number) => 110 + 0.05 * y
  const labels = new Uint8Array(WIDTH * HEIGHT).fill(LABEL['wall-tile'])
  const inPane = (x: number, y: number) => y >= 12 && x > Math.round(left(y)) && x < Math.round(right(y))
  for (let y = 12; y < HEIGHT; y++) {
    labels[y * WIDTH + Math.round(left(y))] = LABEL.metal
    labels[y * WIDTH + Math.round(right(y))] = LABEL.metal
  }
  return { labels, inPane }
}

function glassDisagreement(labels: Uint8Array, inPane: (x: number, y: number) => boolean): number {
  let wrong = 0
  for (let y = 0; y < HEIGHT; y++) for (let x = 0; x < WIDTH; x++) if ((labels[y * WIDTH + x] === LABEL.glass) !== inPane(x, y)) wrong++
  return wrong
}

describe('settleGlass', () => {
  it('makes a ragged pane, split in two where the glass showed the tiles plainly, one straight pane up to its frame', () => {
    const { labels, inPane } = tiledWallWithPane()
    const random = createRandom(3)
    for (let y = 12; y < HEIGHT; y++) {
      if (y >= 55 && y < 70) continue // the band where the network saw only tile
      // each row's glass starts and ends up to 12 pixels short of the frame
      const from = Math.round(51 + 0.05 * y + random() * 12)
      const to = Math.round(109 + 0.05 * y - random() * 12)
      for (let x = from; x <= to; x++) labels[y * WIDTH + x] = LABEL.glass
    }
    const before = glassDisagreement(labels, inPane)
    settleGlass(labels, WIDTH, HEIGHT)
    expect(before).toBeGreaterThan(1500)
    expect(glassDisagreement(labels, inPane)).toBeLessThan(before / 10)
    // one region: every row of the pane has glass, the frame is still metal
    for (let y = 14; y < HEIGHT; y++) {
      expect(labels[y * WIDTH + 80]).toBe(LABEL.glass)
      expect(labels[y * WIDTH + Math.round(50 + 0.05 * y)]).toBe(LABEL.metal)
    }
  })

  it('gives a blob of glass too small or too short to be a pane to the wall around it', () => {
    const labels = new Uint8Array(WIDTH * HEIGHT).fill(LABEL.wall)
    for (let y = 40; y < 60; y++) for (let x = 20; x < 70; x++) labels[y * WIDTH + x] = LABEL.glass // 5 % of the picture, 17 % of its height
    for (let y = 10; y < 110; y++) for (let x = 120; x < 123; x++) labels[y * WIDTH + x] = LABEL.glass // tall, but 1.6 %
    settleGlass(labels, WIDTH, HEIGHT)
    expect(labels.every((label) => label === LABEL.wall)).toBe(true)
  })

  it('gives glass that is no pane to the wall, not to the frame lines either side of it', () => {
    // a tall, narrow strip of wall read as glass between two brass frame lines, hanging in the wall (s41000-020)
    const labels = new Uint8Array(WIDTH * HEIGHT).fill(LABEL.wall)
    for (let y = 5; y < 86; y++) for (const x0 of [36, 50]) for (let x = x0; x < x0 + 4; x++) labels[y * WIDTH + x] = LABEL.metal
    for (let y = 10; y < 80; y++) for (let x = 40; x < 50; x++) labels[y * WIDTH + x] = LABEL.glass
    settleGlass(labels, WIDTH, HEIGHT)
    for (let y = 10; y < 80; y++) for (let x = 40; x < 50; x++) expect(labels[y * WIDTH + x]).toBe(LABEL.wall)
    for (let y = 5; y < 86; y++) expect(labels[y * WIDTH + 36]).toBe(LABEL.metal)
  })

  it('gives glass hanging in the wall to the wall, and keeps a pane that stands on its tray', () => {
    const hanging = new Uint8Array(WIDTH * HEIGHT).fill(LABEL['wall-tile'])
    for (let y = 10; y < 80; y++) for (let x = 20; x < 60; x++) hanging[y * WIDTH + x] = LABEL.glass
    const standing = hanging.slice()
    for (let y = 80; y < 90; y++) for (let x = 15; x < 65; x++) standing[y * WIDTH + x] = LABEL.ceramic
    const tray = standing.slice()
    settleGlass(hanging, WIDTH, HEIGHT)
    settleGlass(standing, WIDTH, HEIGHT)
    expect(hanging.every((label) => label === LABEL['wall-tile'])).toBe(true)
    expect(standing).toEqual(tray)
  })

  it('keeps a pane that spans nearly the whole picture’s height though its foot was read as tile', () => {
    // Rows 0–105 (88 % of the height) with tile below: too tall to hang in the wall. Rows 0–95 (80 %) hang.
    const pane = (bottom: number) => {
      const labels = new Uint8Array(WIDTH * HEIGHT).fill(LABEL['wall-tile'])
      for (let y = 0; y <= bottom; y++) for (let x = 40; x < 90; x++) labels[y * WIDTH + x] = LABEL.glass
      return labels
    }
    const tall = pane(105)
    settleGlass(tall, WIDTH, HEIGHT)
    expect(tall[60 * WIDTH + 65]).toBe(LABEL.glass)
    expect(tall[100 * WIDTH + 45]).toBe(LABEL.glass)
    const shorter = pane(95)
    settleGlass(shorter, WIDTH, HEIGHT)
    expect(shorter.every((label) => label === LABEL['wall-tile'])).toBe(true)
  })

  it('keeps what stands in front of the glass, and what is not wall beside it', () => {
    const { labels } = tiledWallWithPane()
    for (let y = 12; y < HEIGHT; y++) for (let x = 55; x < 110; x++) if (labels[y * WIDTH + x] === LABEL['wall-tile']) labels[y * WIDTH + x] = LABEL.glass
    for (let y = 60; y < 90; y++) for (let x = 70; x < 80; x++) labels[y * WIDTH + x] = LABEL.prop // a plant behind the glass
    for (let y = 30; y < 50; y++) for (let x = 20; x < 45; x++) labels[y * WIDTH + x] = LABEL.mirror // a mirror on the wall beside it
    const before = labels.slice()
    settleGlass(labels, WIDTH, HEIGHT)
    for (let index = 0; index < labels.length; index++) {
      if (before[index] === LABEL.prop || before[index] === LABEL.mirror || before[index] === LABEL.metal) expect(labels[index]).toBe(before[index])
    }
  })

  it('leaves a picture without glass as it is', () => {
    const { labels } = wallWithDoor(2)
    const before = labels.slice()
    settleGlass(labels, WIDTH, HEIGHT)
    expect(labels).toEqual(before)
  })
})

describe('glassBetweenPosts', () => {
  it('makes the tiles between the two posts of a framed screen glass down to its foot, though the network saw no glass and lost stretches of the posts', () => {
    const { labels, inPane } = tiledWallWithPane()
    // the network lost the left post for a third of its rows (a handle, the light on it) and the top bar is two rows thick
    for (let y = 40; y < 75; y++) labels[y * WIDTH + Math.round(50 + 0.05 * y)] = LABEL['wall-tile']
    for (let y = 12; y < 14; y++) for (let x = 50; x <= 111; x++) labels[y * WIDTH + x] = LABEL.metal
    // and lost both posts' feet in the shadow low in the shower: the pane still comes down to the picture's foot
    for (let y = 100; y < HEIGHT; y++) for (const x of [Math.round(50 + 0.05 * y), Math.round(110 + 0.05 * y)]) labels[y * WIDTH + x] = LABEL['wall-tile']
    // a plant stands in front of the pane: it stays a plant
    for (let y = 90; y < 110; y++) for (let x = 70; x < 80; x++) labels[y * WIDTH + x] = LABEL.prop
    glassBetweenPosts(labels, WIDTH, HEIGHT)
    let wrong = 0
    for (let y = 14; y < HEIGHT; y++) {
      for (let x = 0; x < WIDTH; x++) {
        const label = labels[y * WIDTH + x]!
        if (y >= 90 && y < 110 && x >= 70 && x < 80) expect(label).toBe(LABEL.prop)
        else if (inPane(x, y) && label !== LABEL.glass) wrong++
        else if (!inPane(x, y) && label === LABEL.glass) wrong++
      }
    }
    expect(wrong).toBeLessThan(0.02 * 60 * 106)
    expect(labels[80 * WIDTH + 20]).toBe(LABEL['wall-tile'])
    expect(labels[80 * WIDTH + 140]).toBe(LABEL['wall-tile'])
  })

  it('leaves a mirror between posts, short rails, posts of very different lengths and a curved frame alone', () => {
    const cases: Array<(labels: Uint8Array) => void> = [
      // a tall mirror with a thin metal frame: what lies between the sides is mirror, not wall
      (labels) => {
        for (let y = 10; y < 110; y++) {
          labels[y * WIDTH + 40] = LABEL.metal
          labels[y * WIDTH + 90] = LABEL.metal
          for (let x = 41; x < 90; x++) labels[y * WIDTH + x] = LABEL.mirror
        }
      },
      // a towel ladder: two rails a quarter of the picture tall
      (labels) => {
        for (let y = 60; y < 90; y++) {
          labels[y * WIDTH + 40] = LABEL.metal
          labels[y * WIDTH + 70] = LABEL.metal
        }
      },
      // a screen's post beside the short edge of a shelf's upright
      (labels) => {
        for (let y = 5; y < 115; y++) labels[y * WIDTH + 40] = LABEL.metal
        for (let y = 60; y < 108; y++) labels[y * WIDTH + 90] = LABEL.metal
      },
      // a post beside the curved side of a round mirror's frame
      (labels) => {
        for (let y = 5; y < 115; y++) labels[y * WIDTH + 40] = LABEL.metal
        for (let y = 10; y < 110; y++) labels[y * WIDTH + Math.round(110 - 10 * Math.sin((Math.PI * (y - 10)) / 100))] = LABEL.metal
      },
    ]
    for (const draw of cases) {
      const labels = new Uint8Array(WIDTH * HEIGHT).fill(LABEL.wall)
      draw(labels)
      const before = labels.slice()
      glassBetweenPosts(labels, WIDTH, HEIGHT)
      expect(labels).toEqual(before)
    }
  })
})

describe('growKeptToEdges', () => {
  /** A pale wall with a dark mirror in the middle: the photo's edge at x = 60, the labels' border a pixel inside it. */
  function mirrorOnWall(): { labels: Uint8Array; rgb: Uint8Array } {
    const labels = new Uint8Array(WIDTH * HEIGHT).fill(LABEL.wall)
    const rgb = new Uint8Array(WIDTH * HEIGHT * 3)
    for (let y = 0; y < HEIGHT; y++) {
      for (let x = 0; x < WIDTH; x++) {
        const mirror = x >= 60 && x < 100 && y >= 30 && y < 90
        rgb.set(mirror ? [70, 80, 90] : [225, 220, 210], (y * WIDTH + x) * 3)
        if (x >= 61 && x < 99 && y >= 31 && y < 89) labels[y * WIDTH + x] = LABEL.mirror
      }
    }
    return { labels, rgb }
  }

  it('takes the rim of a kept surface the labels left outside it, up to the photo\'s edge and no further', () => {
    const { labels, rgb } = mirrorOnWall()
    growKeptToEdges(labels, WIDTH, HEIGHT, rgb)
    for (let y = 0; y < HEIGHT; y++) {
      for (let x = 0; x < WIDTH; x++) {
        const inMirror = x >= 60 && x < 100 && y >= 30 && y < 90
        expect(labels[y * WIDTH + x]).toBe(inMirror ? LABEL.mirror : LABEL.wall)
      }
    }
  })

  it('leaves a border alone where the photo shows no edge, and changes nothing that is kept', () => {
    const { labels } = mirrorOnWall()
    // the wall and the mirror the same colour: nothing tells the rim from the wall
    const flat = new Uint8Array(WIDTH * HEIGHT * 3).fill(200)
    const before = labels.slice()
    growKeptToEdges(labels, WIDTH, HEIGHT, flat)
    expect(labels).toEqual(before)
    // a window beside the mirror stays a window
    const both = mirrorOnWall()
    for (let y = 31; y < 89; y++) both.labels[y * WIDTH + 61] = LABEL.window
    growKeptToEdges(both.labels, WIDTH, HEIGHT, both.rgb)
    expect(both.labels[50 * WIDTH + 61]).toBe(LABEL.window)
    expect(both.labels[50 * WIDTH + 60]).toBe(LABEL.window)
  })
})

describe('snapBordersToEdges', () => {
  /** A pale wall with a dark towel rail (metal) in x 60-69 of the photo, and the labels' metal in `left`-`right`. */
  function railOnWall(left: number, right: number): { labels: Uint8Array; rgb: Uint8Array } {
    const random = createRandom(3)
    const labels = new Uint8Array(WIDTH * HEIGHT).fill(LABEL.wall)
    const rgb = new Uint8Array(WIDTH * HEIGHT * 3)
    for (let y = 0; y < HEIGHT; y++) {
      for (let x = 0; x < WIDTH; x++) {
        const rail = x >= 60 && x <= 69
        const noise = Math.round((random() - 0.5) * 10)
        rgb.set((rail ? [60, 58, 55] : [220, 214, 205]).map((value) => value + noise), (y * WIDTH + x) * 3)
        if (x >= left && x <= right) labels[y * WIDTH + x] = LABEL.metal
      }
    }
    return { labels, rgb }
  }
  const railColumns = (labels: Uint8Array, y: number) => [...Array(WIDTH).keys()].filter((x) => labels[y * WIDTH + x] === LABEL.metal)

  it('moves a border the labels put off the photo\'s edge onto it, from either side', () => {
    // two pixels too wide on the left, two too narrow on the right
    const { labels, rgb } = railOnWall(58, 67)
    snapBordersToEdges(labels, WIDTH, HEIGHT, rgb)
    for (const y of [0, 40, HEIGHT - 1]) expect(railColumns(labels, y)).toEqual([60, 61, 62, 63, 64, 65, 66, 67, 68, 69])
  })

  it('moves a level border too, up and down, in the picture turned a quarter', () => {
    // The rail test's picture transposed: the rail lies level in rows 60-69, labelled two rows low, in rows 62-71.
    const { labels: upright, rgb: uprightRgb } = railOnWall(62, 71)
    const size = WIDTH
    const labels = new Uint8Array(size * size).fill(LABEL.wall)
    const rgb = new Uint8Array(size * size * 3).fill(220)
    for (let y = 0; y < HEIGHT; y++) {
      for (let x = 0; x < WIDTH; x++) {
        labels[x * size + y] = upright[y * WIDTH + x]!
        rgb.set(uprightRgb.subarray((y * WIDTH + x) * 3, (y * WIDTH + x) * 3 + 3), (x * size + y) * 3)
      }
    }
    snapBordersToEdges(labels, size, size, rgb)
    const railRows = (x: number) => [...Array(size).keys()].filter((y) => labels[y * size + x] === LABEL.metal)
    for (const x of [0, 40, HEIGHT - 1]) expect(railRows(x)).toEqual([60, 61, 62, 63, 64, 65, 66, 67, 68, 69])
  })

  it('does not move a lone pixel that only happens to look like the far side', () => {
    // the labels right, and one dark speck on the wall beside the rail
    const { labels, rgb } = railOnWall(60, 69)
    rgb.set([60, 58, 55], (40 * WIDTH + 59) * 3)
    const before = labels.slice()
    snapBordersToEdges(labels, WIDTH, HEIGHT, rgb)
    expect(labels).toEqual(before)
  })

  it('leaves a border alone where the photo shows no edge, and the tile line and kept surfaces where they are', () => {
    const { labels } = railOnWall(58, 67)
    const before = labels.slice()
    snapBordersToEdges(labels, WIDTH, HEIGHT, new Uint8Array(WIDTH * HEIGHT * 3).fill(200))
    expect(labels).toEqual(before)
    // paint against tile, and a mirror against the wall, across the same edge: neither moves
    for (const other of [LABEL['wall-tile'], LABEL.mirror]) {
      const shifted = railOnWall(58, 67)
      for (let pixel = 0; pixel < shifted.labels.length; pixel++) if (shifted.labels[pixel] === LABEL.metal) shifted.labels[pixel] = other
      const unmoved = shifted.labels.slice()
      snapBordersToEdges(shifted.labels, WIDTH, HEIGHT, shifted.rgb)
      expect(shifted.labels).toEqual(unmoved)
    }
  })
})

describe('dropPanesWithoutEdges', () => {
  /**
   * Wall tile in grey-blue with light noise, and glass labelled in x 50-99 from row 20 down. With `edged`, the photo
   * has the pane: a bright polished edge down x 50 and the tiles behind a little darker and greener from there to x 99.
   */
  function tiledShower(edged: boolean): { labels: Uint8Array; rgb: Uint8Array } {
    const random = createRandom(5)
    const labels = new Uint8Array(WIDTH * HEIGHT).fill(LABEL['wall-tile'])
    const rgb = new Uint8Array(WIDTH * HEIGHT * 3)
    for (let y = 0; y < HEIGHT; y++) {
      for (let x = 0; x < WIDTH; x++) {
        const noise = Math.round((random() - 0.5) * 8)
        const behind = edged && y >= 20 && x >= 50 && x <= 99
        const colour = edged && y >= 20 && x === 50 ? [235, 240, 240] : behind ? [150, 172, 176] : [170, 180, 196]
        rgb.set(colour.map((value) => value + noise), (y * WIDTH + x) * 3)
        if (y >= 20 && x >= 50 && x <= 99) labels[y * WIDTH + x] = LABEL.glass
      }
    }
    return { labels, rgb }
  }
  const glassPixels = (labels: Uint8Array) => labels.filter((label) => label === LABEL.glass).length

  it('keeps a pane whose sides the photo shows', () => {
    const { labels, rgb } = tiledShower(true)
    dropPanesWithoutEdges(labels, WIDTH, HEIGHT, rgb)
    expect(glassPixels(labels)).toBe(50 * (HEIGHT - 20))
  })

  it('gives a pane whose sides lie on no edge to the tiles around it', () => {
    const { labels, rgb } = tiledShower(false)
    dropPanesWithoutEdges(labels, WIDTH, HEIGHT, rgb)
    expect(glassPixels(labels)).toBe(0)
    expect(labels.every((label) => label === LABEL['wall-tile'])).toBe(true)
  })

  it('judges a pane by its sides inside the picture, and leaves one with none there', () => {
    // the same plain tiles, glass from x 0 to the right edge: no side to judge
    const { labels, rgb } = tiledShower(false)
    for (let y = 20; y < HEIGHT; y++) labels.fill(LABEL.glass, y * WIDTH, (y + 1) * WIDTH)
    const before = labels.slice()
    dropPanesWithoutEdges(labels, WIDTH, HEIGHT, rgb)
    expect(labels).toEqual(before)
  })
})
