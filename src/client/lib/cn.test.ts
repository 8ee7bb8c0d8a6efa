import { readFileSync, readdirSync } from 'node:fs'
import path from 'node:path'
import { clsx } from 'clsx'
import { twMerge } from 'tailwind-merge'
import { __unstable__loadDesignSystem } from 'tailwindcss'
import { beforeAll, describe, expect, test } from 'vitest'
import { cn } from './cn'

// cn.ts stands in for tailwind-merge (which would cost ~9 kB gzip on every page). This holds it to that: on every
// ordered pair of the Tailwind utilities the client actually uses, cn gives exactly what tailwind-merge gives.
const ROOT = path.resolve(import.meta.dirname, '..', '..', '..')
const CLIENT = path.join(ROOT, 'src', 'client')

/** Every string-literal token in the client's source that Tailwind (with our app.css theme) turns into CSS. */
async function utilitiesUsedInTheClient(): Promise<string[]> {
  const designSystem = await __unstable__loadDesignSystem(readFileSync(path.join(CLIENT, 'app.css'), 'utf8'), {
    base: CLIENT,
    loadStylesheet: async (id: string, base: string) => {
      const file = id.startsWith('.') ? path.resolve(base, id) : path.join(ROOT, 'node_modules', id === 'tailwindcss' ? 'tailwindcss/index.css' : id.endsWith('.css') ? id : `${id}.css`)
      return { path: file, base: path.dirname(file), content: readFileSync(file, 'utf8') }
    },
  })
  const tokens = new Set<string>()
  for (const entry of readdirSync(CLIENT, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !/\.tsx?$/.test(entry.name) || entry.name.includes('.test.')) continue
    const source = readFileSync(path.join(entry.parentPath, entry.name), 'utf8')
    for (const literal of source.matchAll(/'([^'\n]*)'|"([^"\n]*)"|`([^`]*)`/g)) {
      for (const token of (literal[1] ?? literal[2] ?? literal[3] ?? '').split(/\s+/)) if (/^[!-]?[a-z@[]/.test(token)) tokens.add(token)
    }
  }
  const candidates = [...tokens].sort()
  const css = designSystem.candidatesToCss(candidates)
  return candidates.filter((_, index) => css[index])
}

let utilities: string[] = []
beforeAll(async () => {
  utilities = await utilitiesUsedInTheClient()
}, 60_000)

describe('cn', () => {
  test('finds the utilities the client uses (several hundred, with variants and arbitrary values)', () => {
    expect(utilities.length).toBeGreaterThan(400)
    expect(utilities).toEqual(expect.arrayContaining(['px-5', 'hover:bg-sand-100', 'aspect-[4/3]', 'sm:text-sm']))
  })

  test('gives what tailwind-merge gives on every ordered pair of those utilities', () => {
    const differences: string[] = []
    for (const first of utilities) {
      for (const second of utilities) {
        const ours = cn(first, second)
        const theirs = twMerge(clsx(first, second))
        if (ours !== theirs) differences.push(`cn('${first}', '${second}') = '${ours}', tailwind-merge gives '${theirs}'`)
      }
    }
    expect(differences.slice(0, 20), `${differences.length} of ${utilities.length ** 2} pairs differ`).toEqual([])
  })

  test('joins like clsx: strings, numbers, arrays, objects; falsy values are dropped', () => {
    const inputs = ['a', 0, 1, null, undefined, false, ['b', ['c', { d: true, e: false }]], { f: 1, g: '' }, '  h  i ']
    expect(cn(...inputs)).toBe(twMerge(clsx(...inputs)))
    expect(cn(...inputs)).toBe('a 1 b c d f h i')
  })

  test('a later utility overrides an earlier one of its family under the same variants only', () => {
    expect(cn('h-11 px-5 bg-white hover:bg-sand-100', 'h-auto bg-brand-50')).toBe('px-5 hover:bg-sand-100 h-auto bg-brand-50')
    expect(cn('px-5 py-2', 'p-4')).toBe('p-4')
    expect(cn('md:hover:text-sm', 'hover:md:text-lg')).toBe('hover:md:text-lg')
    expect(cn('text-sm', '!text-lg')).toBe('text-sm !text-lg')
    expect(cn('custom-class custom-class', 'text-ink-600')).toBe('custom-class custom-class text-ink-600')
  })
})
