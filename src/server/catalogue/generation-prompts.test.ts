import { describe, expect, it } from 'vitest'
import { ROOM_TYPES } from '../../shared/generation'
import { PROMPT_QUALITY_SUFFIX, PALETTE_PROMPTS, STYLE_PROMPTS, buildRedesignPrompt } from './generation-prompts'
import { PALETTE_IDS, type NamedPaletteId } from '../../shared/catalogue/palettes'
import { STYLES, type Material, type MetalFinish } from '../../shared/catalogue/styles'

// How a prompt names each material and metal of a style's `look`, so the prompt and the local engine agree.
const MATERIAL_WORDS: Record<Material, RegExp> = {
  paint: /paint|plaster|limewash|lacquer/i,
  'subway-tile': /subway tile/i,
  zellige: /zellige/i,
  marble: /marble/i,
  wood: /wood|oak|timber|walnut|mahogany/i,
  concrete: /concrete/i,
  terrazzo: /terrazzo/i,
  shiplap: /shiplap/i,
  'wallpaper-floral': /floral wallpaper/i,
  'wallpaper-stripes': /striped .*wallpaper/i,
  'wallpaper-dots': /polka-dot wallpaper/i,
  'hex-tile': /hexagonal/i,
  checkerboard: /checkerboard/i,
  stone: /stone/i,
  'large-tile': /large-format/i,
  herringbone: /herringbone/i,
  beadboard: /beadboard/i,
  brick: /brick/i,
}
const METAL_WORDS: Record<MetalFinish, string> = {
  chrome: 'chrome',
  'brushed-nickel': 'brushed nickel',
  'matte-black': 'matte black',
  brass: 'brass',
  copper: 'copper',
  bronze: 'bronze',
}
const NAMED_PALETTES = PALETTE_IDS.filter((id): id is NamedPaletteId => id !== 'surprise-me')

describe('redesign prompts', () => {
  it('Every style, palette and room gives a prompt naming the style’s materials and the palette’s colours', () => {
    for (const style of STYLES) {
      for (const paletteId of PALETTE_IDS) {
        const palette = PALETTE_PROMPTS[paletteId === 'surprise-me' ? style.signaturePalette : paletteId]
        for (const roomType of ROOM_TYPES) {
          const prompt = buildRedesignPrompt(style.id, paletteId, roomType)
          const where = `${style.id} / ${paletteId} / ${roomType}`
          expect(prompt.length, where).toBeGreaterThan(200)
          expect(prompt, where).toContain(STYLE_PROMPTS[style.id].materials)
          expect(prompt, where).toContain(STYLE_PROMPTS[style.id].cabinetry)
          expect(prompt, where).toContain(STYLE_PROMPTS[style.id].lighting.slice(1))
          for (const colour of [palette.walls, palette.floor, palette.cabinetry, palette.accent, palette.trim]) expect(prompt, where).toContain(colour)
          expect(prompt.endsWith(PROMPT_QUALITY_SUFFIX), where).toBe(true)
        }
      }
    }
  })

  it('A bathroom prompt names the style’s own fixtures and the room', () => {
    for (const style of STYLES) {
      const prompt = buildRedesignPrompt(style.id, 'warm-neutrals', 'bathroom')
      expect(prompt).toContain(STYLE_PROMPTS[style.id].fixtures)
      expect(prompt).toContain(`${STYLE_PROMPTS[style.id].label} bathroom`)
    }
  })

  it('Other rooms keep their own furnishings and are not given a bath, shower or vanity', () => {
    for (const style of STYLES) {
      for (const roomType of ['kitchen', 'bedroom', 'living_room'] as const) {
        const prompt = buildRedesignPrompt(style.id, 'pastels', roomType)
        expect(prompt, `${style.id} / ${roomType}`).not.toMatch(/vanity|basin|\bbath\b|\btub\b|shower|toilet|\btaps\b/i)
      }
    }
    expect(buildRedesignPrompt('coastal', 'spa-blues', 'living_room')).toContain('coastal living room')
    expect(buildRedesignPrompt('coastal', 'spa-blues', 'kitchen')).toContain('kitchen cabinets, worktops')
  })

  it('Surprise me colours the prompt with the style’s signature palette', () => {
    for (const style of STYLES) {
      for (const roomType of ROOM_TYPES) {
        expect(buildRedesignPrompt(style.id, 'surprise-me', roomType)).toBe(buildRedesignPrompt(style.id, style.signaturePalette, roomType))
      }
    }
    expect(buildRedesignPrompt('coastal', 'surprise-me', 'bathroom')).toContain('pale sea-glass blue walls')
  })

  it('Prompt words follow each style’s look: wall, floor and cabinetry materials and metal finish', () => {
    for (const style of STYLES) {
      const fragments = STYLE_PROMPTS[style.id]
      expect(fragments.materials, `${style.id} walls`).toMatch(MATERIAL_WORDS[style.look.walls])
      expect(fragments.materials, `${style.id} floor`).toMatch(MATERIAL_WORDS[style.look.floor])
      expect(fragments.cabinetry, `${style.id} cabinetry`).toMatch(MATERIAL_WORDS[style.look.cabinetry])
      expect(fragments.cabinetry, `${style.id} metal`).toContain(METAL_WORDS[style.look.metal])
    }
  })

  it('Style fragments leave colour to the palette, and every style and palette reads differently', () => {
    const colourWords = /\b(white|black|blue|green|pink|red|yellow|grey|gray|beige|cream|ivory|navy|gold)\b/i
    for (const style of STYLES) {
      const { materials, cabinetry, decor } = STYLE_PROMPTS[style.id]
      // Finishes of metal ("matte black", "black steel") and a white orchid are objects, not the room's colours.
      const described = `${materials} ${cabinetry} ${decor}`.replace(/matte black|black steel|white orchid/g, '')
      expect(described, style.id).not.toMatch(colourWords)
    }
    expect(new Set(STYLES.map((style) => buildRedesignPrompt(style.id, 'warm-grays', 'bathroom'))).size).toBe(STYLES.length)
    expect(new Set(NAMED_PALETTES.map((id) => buildRedesignPrompt('minimalist', id, 'bathroom'))).size).toBe(NAMED_PALETTES.length)
  })

  it('Prompts ask for an empty room and describe no people', () => {
    for (const style of STYLES) {
      const prompt = buildRedesignPrompt(style.id, 'surprise-me', 'bathroom')
      expect(prompt).toContain('empty room with no people')
      expect(prompt.replace('no people', '')).not.toMatch(/\b(people|person|man|woman|men|women|figure|model|face)\b/i)
    }
  })

  it('A prompt that keeps part of the room says what changes, names what stays, and gives no new look to what stays', () => {
    const style = STYLE_PROMPTS.industrial
    const palette = PALETTE_PROMPTS['dark-moody']
    const prompt = buildRedesignPrompt('industrial', 'dark-moody', 'bathroom', ['walls', 'fixtures'])
    expect(prompt).toContain('Change only the walls and ceiling and the basin, toilet, bath, taps and metal finishes.')
    expect(prompt).toContain('Keep the floor and the vanity, cabinets and countertop exactly as they are in the photo, with the same materials, colours, finishes and positions.')
    expect(prompt).toContain(style.fixtures)
    expect(prompt).toContain(`${palette.walls} walls`)
    expect(prompt).not.toContain(style.cabinetry)
    expect(prompt).not.toContain(`${palette.cabinetry} cabinetry`)
    expect(prompt).not.toContain(`${palette.floor} floor`)
    expect(prompt.endsWith(PROMPT_QUALITY_SUFFIX)).toBe(true)

    const floorOnly = buildRedesignPrompt('industrial', 'dark-moody', 'bathroom', ['floor'])
    expect(floorOnly).toContain('Change only the floor.')
    expect(floorOnly).toContain('Keep the walls and ceiling, the vanity, cabinets and countertop and the basin, toilet, bath, taps and metal finishes exactly as they are')
    expect(floorOnly).not.toContain(style.fixtures)
    expect(floorOnly).not.toContain(`${palette.walls} walls`)
  })

  it('Changing everything (the default) asks for nothing to be kept, word for word as before the choice existed', () => {
    const everything = buildRedesignPrompt('coastal', 'spa-blues', 'bathroom', ['walls', 'floor', 'cabinetry', 'fixtures'])
    expect(everything).toBe(buildRedesignPrompt('coastal', 'spa-blues', 'bathroom'))
    expect(everything).not.toMatch(/Change only|exactly as they are/)
  })
})
