// Joins class names (strings, falsy values, arrays and { class: condition } objects, like clsx) and, like tailwind-merge,
// lets a later utility override an earlier one of the same kind under the same variants:
// cn('h-11 px-5 bg-white hover:bg-sand-100', 'h-auto bg-brand-50') → 'px-5 hover:bg-sand-100 h-auto bg-brand-50'.
// tailwind-merge knows every Tailwind utility and costs ~9 kB gzip on every page; this knows the families our classes
// use (spacing, sizing, display, position, colours, ring, outline, text, font, rounded, shadow, border, divide,
// flex/grid, transition, filters) and never drops a class it does not recognise. cn.test.ts checks it against
// tailwind-merge on every ordered pair of the utilities used in src/client: a class that gives a different result
// fails that test until its family is taught here.

export type ClassValue = string | number | bigint | boolean | null | undefined | ClassValue[] | { [name: string]: unknown }

function collect(value: ClassValue, into: string[]): void {
  if (!value) return
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'bigint') {
    for (const token of String(value).split(/\s+/)) if (token) into.push(token)
  } else if (Array.isArray(value)) {
    for (const item of value) collect(item, into)
  } else if (typeof value === 'object') {
    for (const name in value) if (value[name]) collect(name, into)
  }
}

const DISPLAY = /^(block|inline-block|inline|flex|inline-flex|grid|inline-grid|contents|flow-root|list-item|hidden|table|inline-table|table-cell|table-row)$/
const POSITION = /^(static|fixed|absolute|relative|sticky)$/
const VISIBILITY = /^(visible|invisible|collapse)$/
const TEXT_TRANSFORM = /^(uppercase|lowercase|capitalize|normal-case)$/
const TEXT_DECORATION = /^(underline|overline|line-through|no-underline)$/
const FONT_WEIGHT = /^(thin|extralight|light|normal|medium|semibold|bold|extrabold|black)$/
const TEXT_ALIGN = /^(left|center|right|justify|start|end)$/
const TEXT_SIZE = /^((xs|sm|base|lg|xl|[2-9]xl)(\/.+)?|\[(length:)?[\d.]+[a-z%]*\](\/.+)?)$/
const TEXT_WRAP = /^(wrap|nowrap|balance|pretty)$/
const TEXT_OVERFLOW = /^(ellipsis|clip)$/
const WIDTH = /^(\d+(\.\d+)?|px|\[(length:)?[\d.]+[a-z%]*\])$/
const SHADOW_SIZE = /^(2xs|xs|sm|md|lg|xl|2xl|none|inner|\[.*\d.*\])$/
const BORDER_STYLE = /^(solid|dashed|dotted|double|hidden|none)$/
const BG_IMAGE = /^(none|linear-.*|radial.*|conic.*|gradient-.*|\[url.*)$/
const BG_NON_COLOR = /^(fixed|local|scroll|auto|cover|contain|repeat.*|no-repeat|(top|bottom|left|right|center).*|clip-.*|origin-.*|blend-.*)$/
const OBJECT_FIT = /^(contain|cover|fill|none|scale-down)$/
const LINE_STYLE = /^(solid|dashed|dotted|double|hidden|none)$/
const FILTER = /^(blur|brightness|contrast|grayscale|hue-rotate|invert|saturate|sepia)$/
const SIMPLE_PREFIX =
  /^(min-w|min-h|max-w|max-h|size|w|h|gap-x|gap-y|gap|space-x|space-y|inset-x|inset-y|inset|top|right|bottom|left|z|opacity|leading|tracking|duration|delay|ease|basis|order|p[xytrblse]?|m[xytrblse]?|items|self|justify-items|justify-self|justify|content|place-items|place-content|place-self|overflow-x|overflow-y|overflow|cursor|pointer-events|select|whitespace|grid-cols|grid-rows|col-span|col-start|col-end|row-span|row-start|row-end|accent|aspect|appearance|scroll-m[xytrblse]?|scroll-p[xytrblse]?|translate-x|translate-y|scale|rotate|underline-offset|decoration|line-clamp|animate|shrink|grow|flex)-/

/** The family a utility belongs to (classes of one family override each other), or undefined if unknown. */
function family(utility: string): string | undefined {
  const name = utility.replace(/^-/, '')
  if (DISPLAY.test(name)) return 'display'
  if (POSITION.test(name)) return 'position'
  if (VISIBILITY.test(name)) return 'visibility'
  if (TEXT_TRANSFORM.test(name)) return 'text-transform'
  if (TEXT_DECORATION.test(name)) return 'text-decoration'
  if (name === 'sr-only' || name === 'not-sr-only') return 'sr-only'
  if (name === 'grow' || name === 'shrink') return name
  if (name === 'truncate') return 'text-overflow'
  if (/^resize(-(x|y|none))?$/.test(name)) return 'resize'
  if (/^transition(-|$)/.test(name)) return 'transition'
  const [, head, rest = ''] = /^([a-z]+)(?:-(.*))?$/.exec(name) ?? []
  switch (head) {
    case 'text':
      if (TEXT_ALIGN.test(rest)) return 'text-align'
      if (TEXT_SIZE.test(rest)) return 'text-size'
      if (TEXT_WRAP.test(rest)) return 'text-wrap'
      if (TEXT_OVERFLOW.test(rest)) return 'text-overflow'
      return 'text-color'
    case 'font':
      return FONT_WEIGHT.test(rest) ? 'font-weight' : 'font-family'
    case 'bg':
      if (BG_IMAGE.test(rest)) return 'bg-image'
      return BG_NON_COLOR.test(rest) ? undefined : 'bg-color'
    case 'object':
      return OBJECT_FIT.test(rest) ? 'object-fit' : 'object-position'
    case 'outline':
      if (rest === '' || WIDTH.test(rest)) return 'outline-width'
      if (LINE_STYLE.test(rest)) return 'outline-style'
      return rest.startsWith('offset-') ? 'outline-offset' : 'outline-color'
    case 'divide': {
      const [, axis, value = ''] = /^(x|y)(?:-(.*))?$/.exec(rest) ?? []
      if (axis) return value === 'reverse' ? `divide-${axis}-reverse` : `divide-${axis}`
      return LINE_STYLE.test(rest) ? 'divide-style' : 'divide-color'
    }
    case 'from':
    case 'via':
    case 'to':
      return /^[\d.]+%$/.test(rest) ? `${head}-position` : `${head}-color`
    case 'backdrop': {
      const [, filter] = /^([a-z]+(?:-rotate)?)(?:-|$)/.exec(rest) ?? []
      return filter && FILTER.test(filter) ? `backdrop-${filter}` : undefined
    }
    case 'break':
      return /^(normal|words|all|keep)$/.test(rest) ? 'word-break' : undefined
    case 'wrap':
      return /^(anywhere|break-word|normal)$/.test(rest) ? 'overflow-wrap' : undefined
    case 'transform':
      return /^(|cpu|gpu|none)$/.test(rest) ? 'transform' : undefined
    case 'list':
      if (/^(inside|outside)$/.test(rest)) return 'list-position'
      return rest.startsWith('image-') ? 'list-image' : 'list-style-type'
    case 'tabular':
    case 'proportional':
      return rest === 'nums' ? 'numeric-spacing' : undefined
    case 'rounded': {
      const [, corner = '', size = ''] = /^(?:([trblse]{1,2})(?:-|$))?(.*)$/.exec(rest) ?? []
      return size === '' || /^(none|xs|sm|md|lg|xl|[2-4]xl|full|\[.*\])$/.test(size) ? (corner ? `rounded-${corner}` : 'rounded') : undefined
    }
    case 'shadow':
      return rest === '' || SHADOW_SIZE.test(rest) ? 'shadow' : 'shadow-color'
    case 'ring':
      if (rest === '' || WIDTH.test(rest)) return 'ring-width'
      if (rest === 'inset') return 'ring-inset'
      return rest.startsWith('offset-') ? undefined : 'ring-color'
    case 'border': {
      if (rest === '' || WIDTH.test(rest)) return 'border-width'
      if (BORDER_STYLE.test(rest)) return 'border-style'
      if (/^(spacing|collapse|separate)/.test(rest)) return undefined
      const [, side, value = ''] = /^([xytrblse])(?:-(.*))?$/.exec(rest) ?? []
      if (side) return value === '' || WIDTH.test(value) ? `border-width-${side}` : `border-color-${side}`
      return 'border-color'
    }
    case 'flex':
      if (/^(row|col)(-reverse)?$/.test(rest)) return 'flex-direction'
      if (/^(wrap|nowrap|wrap-reverse)$/.test(rest)) return 'flex-wrap'
      return 'flex'
  }
  const filter = /^([a-z]+(?:-rotate)?)(?:-|$)/.exec(name)?.[1]
  if (filter && FILTER.test(filter)) return filter
  return SIMPLE_PREFIX.exec(name)?.[1]
}

// A shorthand also overrides the longhands written before it (p-4 after px-5 replaces px-5).
const OVERRIDES: Record<string, readonly string[]> = {
  p: ['px', 'py', 'pt', 'pr', 'pb', 'pl', 'ps', 'pe'],
  px: ['pr', 'pl', 'ps', 'pe'],
  py: ['pt', 'pb'],
  m: ['mx', 'my', 'mt', 'mr', 'mb', 'ml', 'ms', 'me'],
  mx: ['mr', 'ml', 'ms', 'me'],
  my: ['mt', 'mb'],
  inset: ['inset-x', 'inset-y', 'top', 'right', 'bottom', 'left'],
  'inset-x': ['left', 'right'],
  'inset-y': ['top', 'bottom'],
  size: ['w', 'h'],
  gap: ['gap-x', 'gap-y'],
  overflow: ['overflow-x', 'overflow-y'],
  flex: ['grow', 'shrink', 'basis'],
  // In Tailwind 4 a font size also sets the line height.
  'text-size': ['leading'],
  'border-width': ['border-width-x', 'border-width-y', 'border-width-t', 'border-width-r', 'border-width-b', 'border-width-l', 'border-width-s', 'border-width-e'],
  'border-color': ['border-color-x', 'border-color-y', 'border-color-t', 'border-color-r', 'border-color-b', 'border-color-l', 'border-color-s', 'border-color-e'],
  'border-width-x': ['border-width-l', 'border-width-r'],
  'border-width-y': ['border-width-t', 'border-width-b'],
  'border-color-x': ['border-color-l', 'border-color-r'],
  'border-color-y': ['border-color-t', 'border-color-b'],
  rounded: ['rounded-t', 'rounded-r', 'rounded-b', 'rounded-l', 'rounded-s', 'rounded-e', 'rounded-tl', 'rounded-tr', 'rounded-br', 'rounded-bl', 'rounded-ss', 'rounded-se', 'rounded-es', 'rounded-ee'],
  'rounded-t': ['rounded-tl', 'rounded-tr'],
  'rounded-r': ['rounded-tr', 'rounded-br'],
  'rounded-b': ['rounded-br', 'rounded-bl'],
  'rounded-l': ['rounded-tl', 'rounded-bl'],
  'rounded-s': ['rounded-ss', 'rounded-es'],
  'rounded-e': ['rounded-se', 'rounded-ee'],
}

/** Splits 'md:hover:bg-white' into its sorted variants and the utility, ignoring ':' inside [ ] or ( ). */
function parse(token: string): { variants: string; utility: string; important: boolean } {
  let depth = 0
  let start = 0
  const variants: string[] = []
  for (let index = 0; index < token.length; index += 1) {
    const char = token[index]
    if (char === '[' || char === '(') depth += 1
    else if (char === ']' || char === ')') depth -= 1
    else if (char === ':' && depth === 0) {
      variants.push(token.slice(start, index))
      start = index + 1
    }
  }
  let utility = token.slice(start)
  const important = utility.startsWith('!') || utility.endsWith('!')
  if (important) utility = utility.replace(/^!|!$/g, '')
  return { variants: variants.sort().join(':'), utility, important }
}

export function cn(...inputs: ClassValue[]): string {
  const tokens: string[] = []
  collect(inputs, tokens)
  const taken = new Set<string>()
  const kept: string[] = []
  for (let index = tokens.length - 1; index >= 0; index -= 1) {
    const token = tokens[index]!
    const { variants, utility, important } = parse(token)
    const group = family(utility)
    if (group === undefined) {
      kept.push(token)
      continue
    }
    const scope = `${variants}${important ? '!' : ''}|`
    if (taken.has(scope + group)) continue
    taken.add(scope + group)
    for (const longhand of OVERRIDES[group] ?? []) taken.add(scope + longhand)
    kept.push(token)
  }
  return kept.reverse().join(' ')
}
