// The surface classes (label-classes.ts holds the table) as the redesign groups them: what changes with
// which of the person's choices (walls, floor, vanity and cabinets, fixtures and metal finish).
import { CHANGE_GROUPS, type ChangeGroup } from '../../../../shared/change-groups'
import { LABEL, LABEL_CLASS_COUNT } from './label-classes'

export const CLASS_VOID = LABEL.void
export const CLASS_WALL = LABEL.wall
export const CLASS_WALL_TILE = LABEL['wall-tile']
export const CLASS_FLOOR = LABEL.floor
export const CLASS_CEILING = LABEL.ceiling
export const CLASS_VANITY = LABEL.vanity
export const CLASS_COUNTERTOP = LABEL.countertop
export const CLASS_CERAMIC = LABEL.ceramic
export const CLASS_GLASS = LABEL.glass
export const CLASS_MIRROR = LABEL.mirror
export const CLASS_WINDOW = LABEL.window
export const CLASS_LIGHT = LABEL.light
export const CLASS_METAL = LABEL.metal
export const CLASS_FABRIC = LABEL.fabric
export const CLASS_PROP = LABEL.prop
export const CLASS_DOOR = LABEL.door

export const CLASS_COUNT = LABEL_CLASS_COUNT

/** What a person can ask the redesign to change (src/shared/change-groups.ts); a group left out keeps its pixels exactly. */
export type { ChangeGroup }

export type Changes = Readonly<Record<ChangeGroup, boolean>>

export const ALL_CHANGES: Changes = { walls: true, floor: true, cabinetry: true, fixtures: true }

/**
 * The group each class belongs to, or null for classes the redesign never changes (windows, mirrors, glass,
 * lights, plants and props, void). The ceiling is painted with the walls; doors follow the cabinetry;
 * fabrics are dressed with the fixtures.
 */
export const CLASS_GROUP: readonly (ChangeGroup | null)[] = [
  null,
  'walls',
  'walls',
  'floor',
  'walls',
  'cabinetry',
  'cabinetry',
  'fixtures',
  null,
  null,
  null,
  null,
  'fixtures',
  'fixtures',
  null,
  'cabinetry',
]

/** The chosen groups (a list, as requests and designs store them) as the engine's per-group switches. */
export function changesOf(groups: readonly ChangeGroup[]): Changes {
  return Object.fromEntries(CHANGE_GROUPS.map((group) => [group, groups.includes(group)])) as Record<ChangeGroup, boolean>
}

/** Per class: 1 when the redesign may change it under the given choice of groups. */
export function changedClasses(changes: Changes): Uint8Array {
  const result = new Uint8Array(CLASS_COUNT)
  for (let label = 0; label < CLASS_COUNT; label++) {
    const group = CLASS_GROUP[label]
    result[label] = group && changes[group] ? 1 : 0
  }
  return result
}
