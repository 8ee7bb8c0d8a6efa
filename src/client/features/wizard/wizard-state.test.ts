import { describe, expect, it } from 'vitest'
import {
  changesChosen,
  compareStyleToggled,
  compareToggled,
  backToStyles,
  backToTransformations,
  backToUpload,
  INITIAL_WIZARD,
  isMissingData,
  paletteChosen,
  photoAccepted,
  readWizard,
  redirectHome,
  resetWizard,
  styleChosen,
  transformationAccepted,
  transformRequested,
  writeWizard,
  type WizardState,
} from './wizard-state'

const read = (query: string) => readWizard(new URLSearchParams(query))
const write = (state: WizardState, previous = '') => writeWizard(new URLSearchParams(previous), state).toString()

describe('The wizard in the address', () => {
  it('starts on the upload step with the defaults', () => {
    expect(read('')).toEqual({ step: 'upload', style: null, palette: 'surprise-me', room: 'bathroom', design: null, changes: ['walls', 'floor', 'cabinetry', 'fixtures'], compare: [] })
  })

  it('keeps a style arriving from the styles page preselected', () => {
    const state = read('step=upload&style=coastal')
    expect(state).toMatchObject({ step: 'upload', style: 'coastal' })
    expect(photoAccepted(state)).toMatchObject({ step: 'style', style: 'coastal' })
  })

  it('reads unknown values as defaults', () => {
    expect(read('step=teleport&style=gothic&palette=neon&room=garage')).toEqual(INITIAL_WIZARD)
  })

  it('round-trips every step through the query string', () => {
    const states: WizardState[] = [
      { step: 'upload', style: null, palette: 'surprise-me', room: 'bathroom', design: null, changes: ['walls', 'floor', 'cabinetry', 'fixtures'], compare: [] },
      { step: 'style', style: 'zen-japandi', palette: 'earth-tones', room: 'bathroom', design: null, changes: ['walls', 'floor', 'cabinetry', 'fixtures'], compare: [] },
      { step: 'generate', style: 'glam', palette: 'surprise-me', room: 'bathroom', design: null, changes: ['walls', 'floor', 'cabinetry', 'fixtures'], compare: [] },
      { step: 'products', style: 'coastal', palette: 'spa-blues', room: 'bathroom', design: 'd-1', changes: ['walls', 'floor', 'cabinetry', 'fixtures'], compare: [] },
    ]
    for (const state of states) expect(read(write(state))).toEqual(state)
  })

  it('writes a bare address for the start and readable names for later steps', () => {
    expect(write(INITIAL_WIZARD)).toBe('')
    expect(write({ ...INITIAL_WIZARD, step: 'generate', style: 'coastal' })).toBe('step=generate&style=coastal&palette=surprise-me&room=bathroom')
  })

  it('keeps parameters that are not the wizard’s', () => {
    expect(write({ ...INITIAL_WIZARD, step: 'style' }, 'success=true&session_id=cs_1&step=upload')).toBe('success=true&session_id=cs_1&step=style&palette=surprise-me&room=bathroom')
  })
})

describe('Moving through the wizard (spec §4)', () => {
  const onStyleStep = photoAccepted(INITIAL_WIZARD, 'bathroom')

  it('goes 1 → 2 on upload, 2 → 3 once a style is chosen, 3 → 4 on an accepted transformation', () => {
    expect(onStyleStep.step).toBe('style')
    expect(transformRequested(onStyleStep).step).toBe('style')
    const chosen = paletteChosen(styleChosen(onStyleStep, 'coastal'), 'spa-blues')
    const generating = transformRequested(chosen)
    expect(generating).toMatchObject({ step: 'generate', style: 'coastal', palette: 'spa-blues' })
    expect(transformationAccepted(generating, 'design-1')).toMatchObject({ step: 'products', design: 'design-1' })
  })

  it('3 → 2 clears style, palette and design; 4 → 3 clears the design; reset clears everything', () => {
    const products: WizardState = { step: 'products', style: 'coastal', palette: 'spa-blues', room: 'bathroom', design: 'design-1', changes: ['floor'], compare: [] }
    expect(backToTransformations(products)).toEqual({ ...products, step: 'generate', design: null })
    expect(backToStyles(backToTransformations(products))).toEqual({ step: 'style', style: null, palette: 'surprise-me', room: 'bathroom', design: null, changes: ['floor'], compare: [] })
    expect(resetWizard()).toEqual(INITIAL_WIZARD)
  })

  it('2 → 1 keeps the choices', () => {
    expect(backToUpload({ ...onStyleStep, style: 'glam', palette: 'pastels' })).toMatchObject({ step: 'upload', style: 'glam', palette: 'pastels' })
  })

  it('sends a reload with missing data home', () => {
    expect(isMissingData(read('step=style'), false)).toBe(true)
    expect(isMissingData(read('step=style'), true)).toBe(false)
    expect(isMissingData(read('step=generate&style=coastal'), false)).toBe(true)
    expect(isMissingData(read('step=generate'), true)).toBe(true)
    expect(isMissingData(read('step=products&style=coastal'), true)).toBe(true)
    expect(isMissingData(read('step=products&style=coastal&design=d1'), false)).toBe(false)
    expect(redirectHome(read('step=generate&style=coastal&palette=pastels'))).toEqual({ ...INITIAL_WIZARD, style: 'coastal' })
  })

  it('keeps what changes in the address only when it is not everything, and needs at least one group to go on', () => {
    expect(read('step=style').changes).toEqual(['walls', 'floor', 'cabinetry', 'fixtures'])
    const some = changesChosen(read('step=style&style=coastal'), ['fixtures', 'walls'])
    expect(writeWizard(new URLSearchParams(), some).get('changes')).toBe('walls,fixtures')
    expect(read(writeWizard(new URLSearchParams(), some).toString()).changes).toEqual(['walls', 'fixtures'])
    const none = changesChosen(some, [])
    expect(writeWizard(new URLSearchParams(), none).get('changes')).toBe('none')
    expect(read('step=style&style=coastal&changes=none').changes).toEqual([])
    expect(transformRequested(none).step).toBe('style')
    expect(transformRequested(some).step).toBe('generate')
    expect(writeWizard(new URLSearchParams(), changesChosen(some, ['walls', 'floor', 'cabinetry', 'fixtures'])).has('changes')).toBe(false)
  })

  it('compares two or three styles: never more than three, and the single style carries over', () => {
    let state = compareToggled(styleChosen(read('step=style'), 'coastal'), true)
    expect(state.compare).toEqual(['coastal'])
    expect(transformRequested(state).step).toBe('style')
    for (const style of ['glam', 'rustic', 'victorian'] as const) state = compareStyleToggled(state, style)
    expect(state.compare).toEqual(['coastal', 'glam', 'rustic'])
    expect(read(writeWizard(new URLSearchParams(), state).toString()).compare).toEqual(['coastal', 'glam', 'rustic'])
    expect(transformRequested(state).step).toBe('generate')
    expect(isMissingData(read('step=generate&compare=coastal,glam'), true)).toBe(false)
    expect(read('compare=coastal,coastal,nope,glam,rustic,victorian').compare).toEqual(['coastal', 'glam', 'rustic'])
    expect(compareToggled(compareStyleToggled(state, 'coastal'), false)).toMatchObject({ compare: [], style: 'coastal' })
  })
})
