// What a drop (or a paste) carries, decided without touching the network (spec §5: dropped non-file
// content must be a URL starting with http or an embedded image source).
import { NOT_AN_IMAGE_DROP_MESSAGE, NOTHING_USABLE_MESSAGE } from '../../../shared/upload-rules'

export type DropContent = { kind: 'file'; file: File } | { kind: 'data-url'; url: string } | { kind: 'web-url'; url: string } | { kind: 'error'; message: string }

/** The parts of a DataTransfer we read (drops and clipboard pastes both have them). */
export type TransferLike = {
  files: ArrayLike<File>
  getData: (format: string) => string
  items?: ArrayLike<{ kind: string; getAsFile: () => File | null }>
}

function safeGetData(transfer: TransferLike, format: string): string {
  try {
    return transfer.getData(format) ?? ''
  } catch {
    return ''
  }
}

/** The first image source in a fragment of HTML (what Google Images and most sites put on a dragged image). */
export function imageSourceFromHtml(html: string): string | null {
  const match = /<img\b[^>]*?\ssrc\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/i.exec(html)
  const source = match?.[1] ?? match?.[2] ?? match?.[3]
  return source ? decodeHtmlEntities(source.trim()) : null
}

function decodeHtmlEntities(text: string): string {
  return text
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
}

/** Classifies one candidate text: an embedded image, a web address, or something else. */
function classifyText(text: string): DropContent | null {
  const value = text.trim()
  if (!value) return null
  if (/^data:/i.test(value)) return /^data:image\//i.test(value) ? { kind: 'data-url', url: value } : { kind: 'error', message: NOT_AN_IMAGE_DROP_MESSAGE }
  if (/^https?:\/\//i.test(value) && !/\s/.test(value)) return { kind: 'web-url', url: value }
  return { kind: 'error', message: NOT_AN_IMAGE_DROP_MESSAGE }
}

/** The first address in a text/uri-list (lines starting with # are comments). */
function firstUri(list: string): string {
  return (
    list
      .split(/\r?\n/)
      .map((line) => line.trim())
      .find((line) => line && !line.startsWith('#')) ?? ''
  )
}

/**
 * Files win; then an <img> in dropped HTML (its src is the image itself, while the URI list is often the
 * page it links to); then the URI list; then plain text.
 */
export function readDropContent(transfer: TransferLike): DropContent {
  const file = transfer.files[0] ?? firstItemFile(transfer)
  if (file) return { kind: 'file', file }

  const fromHtml = imageSourceFromHtml(safeGetData(transfer, 'text/html'))
  const candidates = [fromHtml ?? '', firstUri(safeGetData(transfer, 'text/uri-list')), safeGetData(transfer, 'text/plain')]
  let firstError: DropContent | null = null
  for (const candidate of candidates) {
    const content = classifyText(candidate)
    if (!content) continue
    if (content.kind !== 'error') return content
    firstError ??= content
  }
  return firstError ?? { kind: 'error', message: NOTHING_USABLE_MESSAGE }
}

function firstItemFile(transfer: TransferLike): File | null {
  const items = transfer.items
  if (!items) return null
  for (let index = 0; index < items.length; index += 1) {
    const item = items[index]
    if (item?.kind === 'file') {
      const file = item.getAsFile()
      if (file) return file
    }
  }
  return null
}
