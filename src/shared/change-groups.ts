// What a redesign may change (issue 19 §2, decision 0045): four groups of surfaces, all chosen by default. A group
// left out keeps its pixels as they were. Shared by the wizard's "What should change?" control, the request schema,
// the stored design, the generation cache key, the built-in engine and the image-model prompt.

export const CHANGE_GROUPS = ['walls', 'floor', 'cabinetry', 'fixtures'] as const
export type ChangeGroup = (typeof CHANGE_GROUPS)[number]

/** The default: everything the redesign can change. */
export const ALL_CHANGE_GROUPS: readonly ChangeGroup[] = CHANGE_GROUPS

/** How the wizard and My Designs name each group, and what it covers (the engine's classes, surface-classes.ts). */
export const CHANGE_GROUP_TEXT: Readonly<Record<ChangeGroup, { label: string; covers: string }>> = {
  walls: { label: 'Walls', covers: 'Paint, wallpaper and wall tiles, and the ceiling' },
  floor: { label: 'Floor', covers: 'Tiles, boards or stone underfoot' },
  cabinetry: { label: 'Vanity and cabinets', covers: 'Cabinet fronts, countertop and doors' },
  fixtures: { label: 'Fixtures and metal finish', covers: 'Basin, toilet, bath, taps, rails and towels' },
}

/** Shown when every group is unticked: a redesign must change something. */
export const NO_CHANGE_CHOSEN_MESSAGE = 'Choose at least one part of the room to change.'

export function isChangeGroup(value: unknown): value is ChangeGroup {
  return typeof value === 'string' && (CHANGE_GROUPS as readonly string[]).includes(value)
}

/** The groups in their one canonical order, each once; unknown values dropped. */
export function normaliseChangeGroups(groups: readonly unknown[]): ChangeGroup[] {
  return CHANGE_GROUPS.filter((group) => groups.includes(group))
}

export function changesEverything(groups: readonly ChangeGroup[]): boolean {
  return CHANGE_GROUPS.every((group) => groups.includes(group))
}

/**
 * The part of a generation's cache key that the choice adds: nothing when everything changes (so keys written before
 * the choice existed still match), else the chosen groups in canonical order ("floor+fixtures").
 */
export function changeGroupsKey(groups: readonly ChangeGroup[]): string {
  return changesEverything(groups) ? '' : normaliseChangeGroups(groups).join('+')
}

/** "Everything", or the chosen groups' labels: "Walls, Fixtures and metal finish". */
export function describeChanges(groups: readonly ChangeGroup[]): string {
  const chosen = normaliseChangeGroups(groups)
  return changesEverything(chosen) ? 'Everything' : chosen.map((group) => CHANGE_GROUP_TEXT[group].label).join(', ')
}

/** The groups that are kept as they were, in canonical order. */
export function keptGroups(groups: readonly ChangeGroup[]): ChangeGroup[] {
  return CHANGE_GROUPS.filter((group) => !groups.includes(group))
}
