// The wizard's browser-stored keys (spec §3). Every access is guarded: storage can be full, disabled or
// missing (private mode, prerendering), and the wizard must keep working without it. Call these only
// from effects and event handlers, never during render, so prerendered HTML hydrates cleanly.
import { del as idbDelete, get as idbGet, set as idbSet } from 'idb-keyval'
import { isPaletteId, type PaletteId } from '../../shared/catalogue/palettes'
import { isStyleId, type StyleId } from '../../shared/catalogue/styles'
import { GENERATION_CACHE_MS, isRoomType, type RoomType } from '../../shared/generation'

/** spec §3 key names, verbatim. */
export const STORAGE_KEYS = {
  pendingImageUpload: 'pendingImageUpload',
  pendingRoomType: 'pendingRoomType',
  roomType: 'roomType',
  selectedStyle: 'selectedStyle',
  selectedColorPalette: 'selectedColorPalette',
  lastTransformation: 'lastTransformation',
} as const

const TRANSFORMATION_CACHE_PREFIX = 'transformation-cache:'
const UPLOADED_IMAGE_PREFIX = 'uploaded-image:'

function localStore(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage
  } catch {
    return undefined
  }
}

function sessionStore(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.sessionStorage
  } catch {
    return undefined
  }
}

function read(storage: Storage | undefined, key: string): string | null {
  try {
    return storage?.getItem(key) ?? null
  } catch {
    return null
  }
}

function write(storage: Storage | undefined, key: string, value: string | null): void {
  try {
    if (value === null) storage?.removeItem(key)
    else storage?.setItem(key, value)
  } catch {
    // Full or disabled storage only costs the visitor the memory across reloads.
  }
}

function readJson(storage: Storage | undefined, key: string): unknown {
  const text = read(storage, key)
  if (text === null) return undefined
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}

// ---- choices ---------------------------------------------------------------------------------------

export type StoredChoices = { style: StyleId | null; palette: PaletteId | null; roomType: RoomType | null }

/** The style, palette and room type chosen before a reload. Invalid values read as not chosen. */
export function readChoices(storage: Storage | undefined = localStore()): StoredChoices {
  const style = read(storage, STORAGE_KEYS.selectedStyle)
  const palette = read(storage, STORAGE_KEYS.selectedColorPalette)
  const room = read(storage, STORAGE_KEYS.roomType) ?? read(storage, STORAGE_KEYS.pendingRoomType)
  return { style: isStyleId(style) ? style : null, palette: isPaletteId(palette) ? palette : null, roomType: isRoomType(room) ? room : null }
}

export function saveStyleChoice(style: StyleId | null, storage: Storage | undefined = localStore()): void {
  write(storage, STORAGE_KEYS.selectedStyle, style)
}

export function savePaletteChoice(palette: PaletteId | null, storage: Storage | undefined = localStore()): void {
  write(storage, STORAGE_KEYS.selectedColorPalette, palette)
}

/** spec §4: the room type is saved when the photo is accepted (pendingRoomType until then, roomType after). */
export function saveRoomType(roomType: RoomType, storage: Storage | undefined = localStore()): void {
  write(storage, STORAGE_KEYS.pendingRoomType, roomType)
  write(storage, STORAGE_KEYS.roomType, roomType)
}

// ---- last transformation ---------------------------------------------------------------------------

export type LastTransformation = { id: string; image: string; title: string }

export function saveLastTransformation(value: LastTransformation, storage: Storage | undefined = localStore()): void {
  write(storage, STORAGE_KEYS.lastTransformation, JSON.stringify(value))
}

export function readLastTransformation(storage: Storage | undefined = localStore()): LastTransformation | null {
  const value = readJson(storage, STORAGE_KEYS.lastTransformation) as Partial<LastTransformation> | undefined
  return value && typeof value.id === 'string' && typeof value.image === 'string' && typeof value.title === 'string' ? { id: value.id, image: value.image, title: value.title } : null
}

// ---- per-combination transformation cache (spec §4) ------------------------------------------------

/** `changes`: the chosen groups' cache-key part (shared/change-groups changeGroupsKey); empty when everything changes. */
export type Combination = { imageHash: string; style: string; palette: string; roomType: string; changes?: string }

export type CachedTransformation = { generationId: string; designId: string | null; image: string; createdAt: number; fallback: boolean }

export function transformationCacheKey({ imageHash, style, palette, roomType, changes }: Combination): string {
  return `${TRANSFORMATION_CACHE_PREFIX}${imageHash}:${style}:${palette}:${roomType}${changes ? `:${changes}` : ''}`
}

/** spec §4: a cached result is reused only if it is not a fallback and is under 24 hours old. */
export function isReusable(entry: CachedTransformation, now: number): boolean {
  return !entry.fallback && now - entry.createdAt >= 0 && now - entry.createdAt < GENERATION_CACHE_MS
}

/** The cached result for this photo, style, palette and room, or null; a stale or unusable entry is discarded. */
export function readCachedTransformation(combination: Combination, now: number = Date.now(), storage: Storage | undefined = localStore()): CachedTransformation | null {
  const key = transformationCacheKey(combination)
  const value = readJson(storage, key) as Partial<CachedTransformation> | undefined
  const entry =
    value && typeof value.generationId === 'string' && typeof value.image === 'string' && typeof value.createdAt === 'number'
      ? { generationId: value.generationId, designId: typeof value.designId === 'string' ? value.designId : null, image: value.image, createdAt: value.createdAt, fallback: value.fallback === true }
      : null
  if (entry && isReusable(entry, now)) return entry
  if (read(storage, key) !== null) write(storage, key, null)
  return null
}

export function saveCachedTransformation(combination: Combination, entry: CachedTransformation, storage: Storage | undefined = localStore()): void {
  // A fallback is never reused, so it is never stored.
  if (entry.fallback) return
  write(storage, transformationCacheKey(combination), JSON.stringify(entry))
}

export function clearCachedTransformation(combination: Combination, storage: Storage | undefined = localStore()): void {
  write(storage, transformationCacheKey(combination), null)
}

/** Removes every cached transformation (reset to step 1 clears everything). */
export function clearAllCachedTransformations(storage: Storage | undefined = localStore()): void {
  if (!storage) return
  try {
    const keys: string[] = []
    for (let index = 0; index < storage.length; index += 1) {
      const key = storage.key(index)
      if (key?.startsWith(TRANSFORMATION_CACHE_PREFIX)) keys.push(key)
    }
    for (const key of keys) storage.removeItem(key)
  } catch {
    // nothing to clear
  }
}

// ---- uploaded image ids (per tab) ------------------------------------------------------------------

/** The server's id for a photo already uploaded in this tab, so a retry does not upload it again. */
export function readUploadedImageId(imageHash: string, storage: Storage | undefined = sessionStore()): string | null {
  return read(storage, `${UPLOADED_IMAGE_PREFIX}${imageHash}`)
}

export function saveUploadedImageId(imageHash: string, imageId: string | null, storage: Storage | undefined = sessionStore()): void {
  write(storage, `${UPLOADED_IMAGE_PREFIX}${imageHash}`, imageId)
}

// ---- the photo itself (IndexedDB, docs/decisions/0005) ---------------------------------------------

/** The visitor's photo as the wizard keeps it between steps and reloads. */
export type StoredPhoto = {
  /** What is uploaded: the compressed JPEG (or, if a HEIC could not be converted, the original file). */
  blob: Blob
  /** What the browser can show: the same JPEG, or a small JPEG preview of a HEIC; null if none could be made. */
  preview: Blob | null
  name: string
  width: number | null
  height: number | null
  /** SHA-256 of `blob`, hex: the photo's identity in cache keys. */
  hash: string
  savedAt: number
}

// Kept in memory too, so the wizard works in browsers where IndexedDB is unavailable (it is then lost on reload).
let memoryPhoto: StoredPhoto | null = null

export async function savePhoto(photo: StoredPhoto): Promise<void> {
  memoryPhoto = photo
  try {
    await idbSet(STORAGE_KEYS.pendingImageUpload, photo)
  } catch {
    // IndexedDB unavailable: the in-memory copy carries this visit.
  }
}

export async function loadPhoto(): Promise<StoredPhoto | null> {
  if (memoryPhoto) return memoryPhoto
  try {
    const value = (await idbGet(STORAGE_KEYS.pendingImageUpload)) as Partial<StoredPhoto> | undefined
    if (value && value.blob instanceof Blob && typeof value.hash === 'string') {
      memoryPhoto = {
        blob: value.blob,
        preview: value.preview instanceof Blob ? value.preview : null,
        name: typeof value.name === 'string' ? value.name : 'photo.jpg',
        width: typeof value.width === 'number' ? value.width : null,
        height: typeof value.height === 'number' ? value.height : null,
        hash: value.hash,
        savedAt: typeof value.savedAt === 'number' ? value.savedAt : Date.now(),
      }
      return memoryPhoto
    }
  } catch {
    // treated as no photo
  }
  return null
}

export async function clearPhoto(): Promise<void> {
  memoryPhoto = null
  try {
    await idbDelete(STORAGE_KEYS.pendingImageUpload)
  } catch {
    // nothing stored
  }
}

/** Reset to step 1 (spec §4): the photo, the choices, the room type and the cached results go. */
export async function clearWizardStorage(storage: Storage | undefined = localStore()): Promise<void> {
  for (const key of [STORAGE_KEYS.pendingRoomType, STORAGE_KEYS.roomType, STORAGE_KEYS.selectedStyle, STORAGE_KEYS.selectedColorPalette, STORAGE_KEYS.lastTransformation]) write(storage, key, null)
  clearAllCachedTransformations(storage)
  await clearPhoto()
}

/** Hex SHA-256 of a blob; a simple FNV-1a when SubtleCrypto is missing (plain http on a LAN address). */
export async function hashBlob(blob: Blob): Promise<string> {
  const bytes = new Uint8Array(await blob.arrayBuffer())
  if (globalThis.crypto?.subtle) {
    const digest = await globalThis.crypto.subtle.digest('SHA-256', bytes)
    return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('')
  }
  let hash = 0x811c9dc5
  for (const byte of bytes) hash = Math.imul(hash ^ byte, 0x01000193) >>> 0
  return `fnv-${hash.toString(16)}-${bytes.length}`
}
