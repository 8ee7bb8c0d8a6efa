import { describe, expect, it } from 'vitest'
import { parseEvalArgs } from './eval-scenes.mjs'

describe('parseEvalArgs', () => {
  it('reads a batch of labelled scenes, leaning nowhere unless asked', () => {
    const args = parseEvalArgs(['--seed', '40000', '--count', '20', '--start', '20', '--width', '320', '--out', '.tmp/s40000'])
    expect(args).toMatchObject({ seed: 40000, count: 20, start: 20, width: 320, out: '.tmp/s40000', emphasis: null })
  })

  it('takes a training batch that leans toward shower glass', () => {
    expect(parseEvalArgs(['--out', 'x', '--emphasis', 'glass']).emphasis).toBe('glass')
  })

  it('refuses an emphasis it does not know, and a missing value', () => {
    expect(() => parseEvalArgs(['--out', 'x', '--emphasis', 'doors'])).toThrow('--emphasis must be one of glass')
    expect(() => parseEvalArgs(['--out', 'x', '--emphasis'])).toThrow('--emphasis needs a value')
  })
})
