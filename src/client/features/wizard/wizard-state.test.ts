import { describe, expect, it } from 'vitest'
import {
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
    expect(read('')).toEqual({ step: 'upload', style: null, palette: 'surprise-me', room: 'bathroom', design: null })
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
      { step: 'upload', style: null, palette: 'surprise-me', room: 'bathroom', design: null },
      { step: 'style', style: 'zen-japandi', palette: 'earth-tones', room: 'bathroom', design: null },
      { step: 'generate', style: 'glam', palette: 'surprise-me', room: 'bathroom', design: null },
      { step: 'products', style: 'coastal', palette: 'spa-blues', room: 'bathroom', design: 'd-1' },
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
    const products: WizardState = { step: 'products', style: 'coastal', palette: 'spa-blues', room: 'bathroom', design: 'design-1' }
    expect(backToTransformations(products)).toEqual({ ...products, step: 'generate', design: null })
    expect(backToStyles(backToTransformations(products))).toEqual({ step: 'style', style: null, palette: 'surprise-me', room: 'bathroom', design: null })
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
})
