// The home wizard's state lives in the query string (spec §2: step, style, palette, room, design; history
// updated by replacement). These pure functions read it, write it and move between steps (spec §4).
import { DEFAULT_PALETTE, isPaletteId, type PaletteId } from '../../../shared/catalogue/palettes'
import { isStyleId, type StyleId } from '../../../shared/catalogue/styles'
import { ALL_CHANGE_GROUPS, changesEverything, normaliseChangeGroups, type ChangeGroup } from '../../../shared/change-groups'
import { isRoomType, MAX_COMPARED_STYLES, type RoomType } from '../../../shared/generation'

export const WIZARD_STEPS = ['upload', 'style', 'generate', 'products'] as const
export type WizardStep = (typeof WIZARD_STEPS)[number]

export type WizardState = {
  step: WizardStep
  style: StyleId | null
  palette: PaletteId
  room: RoomType
  design: string | null
  /** What the redesign changes (decision 0045); may be empty while the visitor is choosing (the step says so). */
  changes: ChangeGroup[]
  /** Styles to compare in one go (decision 0046); empty for a single style. */
  compare: StyleId[]
}

const WIZARD_KEYS = ['step', 'style', 'palette', 'room', 'design', 'changes', 'compare'] as const
/** The address's word for "no group chosen" (an empty parameter would read as the default, everything). */
const NO_CHANGES = 'none'
const DEFAULT_ROOM: RoomType = 'bathroom'

export const INITIAL_WIZARD: WizardState = { step: 'upload', style: null, palette: DEFAULT_PALETTE, room: DEFAULT_ROOM, design: null, changes: [...ALL_CHANGE_GROUPS], compare: [] }

/** Unknown or malformed values read as their defaults, so a hand-edited address never breaks the page. */
export function readWizard(params: URLSearchParams): WizardState {
  const step = WIZARD_STEPS.find((candidate) => candidate === params.get('step')) ?? 'upload'
  const style = params.get('style')
  const palette = params.get('palette')
  const room = params.get('room')
  const design = params.get('design')?.trim()
  const changes = params.get('changes')
  const compare = (params.get('compare') ?? '').split(',').filter(isStyleId)
  return {
    step,
    style: isStyleId(style) ? style : null,
    palette: isPaletteId(palette) ? palette : DEFAULT_PALETTE,
    room: isRoomType(room) ? room : DEFAULT_ROOM,
    design: design ? design.slice(0, 100) : null,
    changes: changes === null ? [...ALL_CHANGE_GROUPS] : changes === NO_CHANGES ? [] : normaliseChangeGroups(changes.split(',')),
    compare: [...new Set(compare)].slice(0, MAX_COMPARED_STYLES),
  }
}

/** The wizard written into `previous`, keeping any parameter that is not the wizard's (e.g. success, session_id). */
export function writeWizard(previous: URLSearchParams, state: WizardState): URLSearchParams {
  const next = new URLSearchParams(previous)
  for (const key of WIZARD_KEYS) next.delete(key)
  const isStart = state.step === 'upload'
  if (!isStart || state.style) next.set('step', state.step)
  if (state.style) next.set('style', state.style)
  if (!isStart || state.palette !== DEFAULT_PALETTE) next.set('palette', state.palette)
  if (!isStart || state.room !== DEFAULT_ROOM) next.set('room', state.room)
  if (state.design) next.set('design', state.design)
  if (!changesEverything(state.changes)) next.set('changes', state.changes.length ? normaliseChangeGroups(state.changes).join(',') : NO_CHANGES)
  if (state.compare.length) next.set('compare', state.compare.join(','))
  return next
}

// ---- transitions (spec §4) -------------------------------------------------------------------------

/** 1 → 2: the photo is stored and the room type saved; a style chosen on /styles stays preselected. */
export function photoAccepted(state: WizardState, room: RoomType = state.room): WizardState {
  return { ...state, step: 'style', room, design: null }
}

export function styleChosen(state: WizardState, style: StyleId): WizardState {
  return { ...state, style }
}

export function paletteChosen(state: WizardState, palette: PaletteId): WizardState {
  return { ...state, palette }
}

export function changesChosen(state: WizardState, changes: readonly ChangeGroup[]): WizardState {
  return { ...state, changes: normaliseChangeGroups(changes) }
}

/** Compare mode on or off; the single style chosen so far becomes the first compared one. */
export function compareToggled(state: WizardState, on: boolean): WizardState {
  if (!on) return { ...state, compare: [], style: state.style ?? state.compare[0] ?? null }
  return { ...state, compare: state.compare.length ? state.compare : state.style ? [state.style] : [] }
}

/** A style ticked or unticked for comparing; never more than MAX_COMPARED_STYLES. */
export function compareStyleToggled(state: WizardState, style: StyleId): WizardState {
  if (state.compare.includes(style)) return { ...state, compare: state.compare.filter((chosen) => chosen !== style) }
  if (state.compare.length >= MAX_COMPARED_STYLES) return state
  return { ...state, compare: [...state.compare, style] }
}

/** Whether the choices allow a transformation: a style (or 2–3 to compare), and something to change. */
export function canTransform(state: Pick<WizardState, 'style' | 'compare' | 'changes'>): boolean {
  return state.changes.length > 0 && (state.compare.length > 0 ? state.compare.length >= 2 : state.style !== null)
}

/** 2 → 3: only with a style chosen (or 2–3 to compare) and something to change (the palette always has a value). */
export function transformRequested(state: WizardState): WizardState {
  return canTransform(state) ? { ...state, step: 'generate', design: null } : state
}

/** 3 → 4: the visitor accepted a transformation and asks for products for that design. */
export function transformationAccepted(state: WizardState, designId: string): WizardState {
  return { ...state, step: 'products', design: designId }
}

/** 2 → 1: back to the photo; the choices stay so that coming back keeps them. */
export function backToUpload(state: WizardState): WizardState {
  return { ...state, step: 'upload', design: null }
}

/** 3 → 2 clears style, palette and design (and the styles compared); what changes stays. */
export function backToStyles(state: WizardState): WizardState {
  return { ...state, step: 'style', style: null, palette: DEFAULT_PALETTE, design: null, compare: [] }
}

/** 4 → 3 clears the design. */
export function backToTransformations(state: WizardState): WizardState {
  return { ...state, step: 'generate', design: null }
}

/** Reset to 1 clears everything. */
export function resetWizard(): WizardState {
  return INITIAL_WIZARD
}

/**
 * What a step needs before it can show (spec §4: reloading on a later step with missing data redirects
 * home). Step 2 needs the photo; step 3 the photo and a style; step 4 a style and a design.
 */
export function isMissingData(state: WizardState, hasPhoto: boolean): boolean {
  switch (state.step) {
    case 'upload':
      return false
    case 'style':
      return !hasPhoto
    case 'generate':
      return !hasPhoto || !canTransform(state)
    case 'products':
      return !state.style || !state.design
  }
}

/** Where a visit with missing data lands: step 1, keeping only a valid style as a preselection. */
export function redirectHome(state: WizardState): WizardState {
  return { ...INITIAL_WIZARD, style: state.style }
}

export function stepNumber(step: WizardStep): number {
  return WIZARD_STEPS.indexOf(step) + 1
}
