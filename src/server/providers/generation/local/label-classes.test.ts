import { spawnSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { CHANGED_SURFACES, LABEL, LABEL_CLASSES, LABEL_RGB, classOfColour, decodeLabelPixels, encodeLabelPixels } from './label-classes'

const repoRoot = path.resolve(import.meta.dirname, '../../../../..')

describe('label classes', () => {
  it('has the sixteen contract classes with ids 0..15 in order and distinct colours', () => {
    expect(LABEL_CLASSES.map((entry) => entry.id)).toEqual([...Array(16).keys()])
    expect(LABEL_CLASSES.map((entry) => entry.name)).toEqual([
      'void', 'wall', 'wall-tile', 'floor', 'ceiling', 'vanity', 'countertop', 'ceramic', 'glass', 'mirror', 'window', 'light', 'metal', 'fabric', 'prop', 'door',
    ])
    expect(new Set(LABEL_CLASSES.map((entry) => entry.colour.toUpperCase())).size).toBe(16)
    // far enough apart that a person tells them apart on a label map
    for (let a = 0; a < LABEL_RGB.length; a++) {
      for (let b = a + 1; b < LABEL_RGB.length; b++) {
        const [r1, g1, b1] = LABEL_RGB[a]!
        const [r2, g2, b2] = LABEL_RGB[b]!
        expect(Math.abs(r1 - r2) + Math.abs(g1 - g2) + Math.abs(b1 - b2)).toBeGreaterThan(60)
      }
    }
    expect(CHANGED_SURFACES).toEqual([LABEL.wall, LABEL['wall-tile'], LABEL.floor, LABEL.ceiling, LABEL.vanity])
  })

  it('round-trips every class through its colour', () => {
    const labels = new Uint8Array(LABEL_CLASSES.length * 3).map((_, index) => index % LABEL_CLASSES.length)
    const rgb = encodeLabelPixels(labels)
    expect(decodeLabelPixels(rgb, 3)).toEqual(labels)
    const rgba = new Uint8Array(labels.length * 4)
    for (let index = 0; index < labels.length; index++) rgba.set([...rgb.subarray(index * 3, index * 3 + 3), 255], index * 4)
    expect(decodeLabelPixels(rgba, 4)).toEqual(labels)
    for (const entry of LABEL_CLASSES) expect(classOfColour(...LABEL_RGB[entry.id]!)).toBe(entry.id)
  })

  it('refuses a colour that is no class (a resized or lossy label map)', () => {
    const [r, g, b] = LABEL_RGB[LABEL.wall]!
    expect(() => decodeLabelPixels(new Uint8Array([r, g, b + 1]), 3)).toThrow(/no label class/)
    expect(() => encodeLabelPixels(new Uint8Array([16]))).toThrow(/no class id/)
  })

  it('agrees with the Blender side (scripts/assets/lavo_labels.py)', () => {
    const python = readFileSync(path.join(repoRoot, 'scripts/assets/lavo_labels.py'), 'utf8')
    const table = python.slice(python.indexOf('CLASSES = ['), python.indexOf(']\n', python.indexOf('CLASSES = [')))
    const rows = [...table.matchAll(/\((\d+), '([a-z-]+)', '(#[0-9A-Fa-f]{6})'\)/g)].map((match) => ({ id: Number(match[1]), name: match[2], colour: match[3]!.toUpperCase() }))
    expect(rows).toEqual(LABEL_CLASSES.map((entry) => ({ id: entry.id, name: entry.name, colour: entry.colour.toUpperCase() })))
  })

  const python = spawnSync('python3', ['--version'])
  it.skipIf(python.status !== 0)('classifies objects by build context and material the way the contract says (lavo_labels.classify)', () => {
    const cases: Array<[string, string, boolean, string, keyof typeof LABEL]> = [
      ['wall', 'paint', false, 'wall.001', 'wall'],
      ['wall', 'stripes', false, 'wall.002', 'wall'],
      ['wall', 'tile', false, 'wall.003', 'wall-tile'],
      ['wall', 'marble', false, 'wall.004', 'wall-tile'],
      ['trim', 'plain', false, 'wallbox.001', 'wall'],
      ['vanity', 'wood', false, 'box.001', 'vanity'],
      ['vanity', 'metal', false, 'cyl.001', 'metal'],
      ['countertop', 'marble', false, 'box.002', 'countertop'],
      ['countertop', 'ceramic', false, 'shell.001', 'ceramic'],
      ['ceramic', 'plain', false, 'lathe.001', 'ceramic'],
      ['shower', 'glass', false, 'box.003', 'glass'],
      ['window', 'glass', true, 'wallbox.002', 'window'],
      ['window', 'plain', false, 'wallbox.003', 'window'],
      ['mirror', 'mirror', false, 'mirror.001', 'mirror'],
      ['mirror', 'wood', false, 'frame.001', 'metal'],
      ['light', 'metal', false, 'cyl.002', 'light'],
      ['fabric', 'fabric', false, 'towel.001', 'fabric'],
      ['prop', 'metal', false, 'shell.002', 'prop'],
      ['prop', 'leaf', false, 'leaves.001', 'prop'],
      ['door', 'metal', false, 'wallbox.004', 'door'],
      ['floor', 'hex', false, 'floor.001', 'floor'],
      ['ceiling', 'paint', false, 'ceiling.001', 'ceiling'],
      ['', 'plain', false, 'box.004', 'void'],
    ]
    const script = [
      'import json, sys',
      `sys.path.insert(0, ${JSON.stringify(path.join(repoRoot, 'scripts/assets'))})`,
      'import lavo_labels',
      'cases = json.load(sys.stdin)',
      'print(json.dumps([lavo_labels.classify(c, k, f, n) for (c, k, f, n) in cases]))',
    ].join('\n')
    const run = spawnSync('python3', ['-c', script], { input: JSON.stringify(cases.map(([c, k, f, n]) => [c, k, f, n])), encoding: 'utf8' })
    expect(run.stderr).toBe('')
    expect(JSON.parse(run.stdout)).toEqual(cases.map((entry) => LABEL[entry[4]]))
  })
})
