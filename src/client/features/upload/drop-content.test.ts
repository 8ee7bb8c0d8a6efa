import { describe, expect, it } from 'vitest'
import { NOT_AN_IMAGE_DROP_MESSAGE, NOTHING_USABLE_MESSAGE } from '../../../shared/upload-rules'
import { imageSourceFromHtml, readDropContent, type TransferLike } from './drop-content'

function transfer(data: Record<string, string>, files: File[] = []): TransferLike {
  return { files, getData: (format) => data[format] ?? '' }
}

describe('Reading a drop', () => {
  it('takes a dropped file first', () => {
    const file = new File(['x'], 'bath.jpg', { type: 'image/jpeg' })
    expect(readDropContent(transfer({ 'text/plain': 'https://example.com/a.jpg' }, [file]))).toEqual({ kind: 'file', file })
  })

  it('uses the image inside dropped HTML rather than the page it links to', () => {
    const html = '<a href="https://example.com/page"><img alt="" src="https://cdn.example.com/bath.jpg?w=1&amp;h=2"></a>'
    expect(readDropContent(transfer({ 'text/html': html, 'text/uri-list': 'https://example.com/page' }))).toEqual({ kind: 'web-url', url: 'https://cdn.example.com/bath.jpg?w=1&h=2' })
  })

  it('accepts an embedded image (data URL) directly', () => {
    const url = 'data:image/jpeg;base64,/9j/4AAQ'
    expect(readDropContent(transfer({ 'text/html': `<img src="${url}">` }))).toEqual({ kind: 'data-url', url })
  })

  it('accepts a URL starting with http from the URI list or plain text', () => {
    expect(readDropContent(transfer({ 'text/uri-list': '# comment\nhttps://example.com/b.png' }))).toEqual({ kind: 'web-url', url: 'https://example.com/b.png' })
    expect(readDropContent(transfer({ 'text/plain': '  http://example.com/c.webp ' }))).toEqual({ kind: 'web-url', url: 'http://example.com/c.webp' })
  })

  it('refuses text that is not a URL as not an image', () => {
    expect(readDropContent(transfer({ 'text/plain': 'my lovely bathroom' }))).toEqual({ kind: 'error', message: NOT_AN_IMAGE_DROP_MESSAGE })
    expect(readDropContent(transfer({ 'text/plain': 'data:text/plain;base64,aGk=' }))).toEqual({ kind: 'error', message: NOT_AN_IMAGE_DROP_MESSAGE })
    expect(readDropContent(transfer({ 'text/plain': 'ftp://example.com/a.jpg' }))).toEqual({ kind: 'error', message: NOT_AN_IMAGE_DROP_MESSAGE })
  })

  it('says nothing usable was dropped when the drop is empty', () => {
    expect(readDropContent(transfer({}))).toEqual({ kind: 'error', message: NOTHING_USABLE_MESSAGE })
  })

  it('finds image sources with either quote style or none', () => {
    expect(imageSourceFromHtml("<img src='https://a.example/x.jpg'>")).toBe('https://a.example/x.jpg')
    expect(imageSourceFromHtml('<IMG class=x SRC=https://a.example/y.jpg>')).toBe('https://a.example/y.jpg')
    expect(imageSourceFromHtml('<p>no image</p>')).toBeNull()
  })
})
