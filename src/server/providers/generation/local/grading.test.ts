import { describe, expect, it } from 'vitest'
import { findStyleRecipe } from '../../../catalogue/style-recipes'
import { findStyle, STYLE_IDS } from '../../../../shared/catalogue/styles'
import { linearLuminance } from './colour-space'
import { TONE_TABLE_RANGE, TONE_TABLE_SIZE, buildGrade } from './grading'

const toneAt = (table: Uint8Array, linear: number) => table[Math.round((linear / TONE_TABLE_RANGE) * TONE_TABLE_SIZE)]!

describe('buildGrade', () => {
  it('gives every style a rising tone curve that keeps black dark and rolls highlights off to white', () => {
    for (const id of STYLE_IDS) {
      const grade = buildGrade(findStyle(id)!.look, findStyleRecipe(id), 1)
      const falls = grade.toneTable.findIndex((value, index) => index > 0 && value < grade.toneTable[index - 1]!)
      expect(falls, id).toBe(-1)
      expect(grade.toneTable[0]!).toBeLessThan(40)
      expect(toneAt(grade.toneTable, 1)).toBeGreaterThan(225)
      // Overshoot (a lit surface above 1) is rolled off, not clipped at once.
      expect(toneAt(grade.toneTable, 0.9)).toBeLessThan(toneAt(grade.toneTable, 1.4))
    }
  })

  it('warms warm styles and cools cool ones without changing luminance', () => {
    const warm = buildGrade(findStyle('rustic')!.look, findStyleRecipe('rustic'), 1)
    const cool = buildGrade(findStyle('coastal')!.look, findStyleRecipe('coastal'), 1)
    expect(warm.gains[0]).toBeGreaterThan(warm.gains[2])
    expect(cool.gains[2]).toBeGreaterThan(cool.gains[0])
    for (const grade of [warm, cool]) expect(linearLuminance(...grade.gains)).toBeCloseTo(1, 6)
  })

  it('makes grain from the seed: the same seed the same grain, none when the style has none', () => {
    const look = findStyle('industrial')!.look
    const recipe = findStyleRecipe('industrial')
    expect(Buffer.from(buildGrade(look, recipe, 9).grain.buffer).equals(Buffer.from(buildGrade(look, recipe, 9).grain.buffer))).toBe(true)
    expect(Buffer.from(buildGrade(look, recipe, 10).grain.buffer).equals(Buffer.from(buildGrade(look, recipe, 9).grain.buffer))).toBe(false)
    const none = buildGrade(look, { ...recipe, grade: { ...recipe.grade, grain: 0 } }, 9)
    expect(none.grain.every((value) => value === 0)).toBe(true)
  })
})
