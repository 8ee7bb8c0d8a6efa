// Styles must stay apart in a quiet palette (decisions 0064, 0065, 0068): in Warm Neutrals the pairs that once dressed
// their walls in the same cream, sand, yellow, white or grey now differ at a glance, and Glam's marble veins show.
import { describe, expect, it } from 'vitest'
import { findPalette } from '../../shared/catalogue/palettes'
import type { StyleId } from '../../shared/catalogue/styles'
import { deltaE2000, linearToLab, type Lab } from '../providers/generation/local/colour-space'
import { resolveColour } from '../providers/generation/local/surface-finishes'
import { findStyleRecipe, type ColourRef } from './style-recipes'

const warmNeutrals = findPalette('warm-neutrals')!.colors

/** The colour as the engine lays it down (linear RGB at its exposure), in CIELAB. */
function lab(reference: ColourRef): Lab {
  const [red, green, blue] = resolveColour(warmNeutrals, reference)
  return linearToLab(red, green, blue)
}

const walls = (style: StyleId) => lab(findStyleRecipe(style).walls.colour)

describe('style recipes in Warm Neutrals', () => {
  // Two whites differ by less than two colours can; their materials (tile against paint, marble against paint) tell
  // them apart too.
  it.each([
    ['coastal', 'french-country', 8],
    ['coastal', 'scandinavian', 8],
    ['traditional', 'kids-bathroom', 8],
    ['french-country', 'transitional', 8],
    ['contemporary', 'transitional', 8],
    ['minimalist', 'scandinavian', 5],
    ['scandinavian', 'glam', 3],
    ['french-country', 'organic-modern', 7.5],
  ] as const)('dresses %s and %s walls in colours at least %d ΔE2000 apart', (first, second, apart) => {
    expect(deltaE2000(walls(first), walls(second))).toBeGreaterThan(apart)
  })

  it('turns Coastal cream walls towards sea glass: cooler than the palette wall colour', () => {
    const [, a] = walls('coastal')
    const [, paletteA] = lab({ from: 'walls' })
    expect(a).toBeLessThan(paletteA - 4)
  })

  it("draws Glam's marble veins far enough from the marble to show", () => {
    const recipe = findStyleRecipe('glam')
    expect(deltaE2000(lab(recipe.walls.colour), lab(recipe.walls.secondary))).toBeGreaterThan(12)
  })
})
