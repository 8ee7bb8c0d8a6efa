import { ArrowLeft, Check, ChevronDown, Sparkles } from 'lucide-react'
import { RadioGroup, Select } from 'radix-ui'
import { memo, useCallback, useId, useRef, useState } from 'react'
import { Link } from 'react-router'
import { CHANGE_GROUPS, CHANGE_GROUP_TEXT, NO_CHANGE_CHOSEN_MESSAGE, type ChangeGroup } from '../../../shared/change-groups'
import { MAX_COMPARED_STYLES } from '../../../shared/generation'
import { useAuth } from '../../auth/auth-context'
import { findPalette, PALETTE_IDS, isPaletteId, paletteLabel, type PaletteId } from '../../../shared/catalogue/palettes'
import { findStyle, isStyleId, STYLES, type Style, type StyleId } from '../../../shared/catalogue/styles'
import { styleImageSources } from '../../../shared/catalogue/images'
import { Button } from '../../components/ui/button'
import { CataloguePicture } from '../../components/ui/catalogue-picture'
import { INPUT_CLASS } from '../../components/ui/form-field'
import { StyleSwatch } from '../../components/ui/style-swatch'
import { PaletteSwatch } from '../../components/ui/palette-swatch'

/** A style card's picture: it never changes with the choice, so choosing a style does not re-render 21 pictures. */
const StyleCardPicture = memo(function StyleCardPicture({ style }: { style: Style }) {
  return (
    <span aria-hidden="true" className="block aspect-[4/3] overflow-hidden">
      <CataloguePicture
        sources={styleImageSources(style.id)}
        sizes="(min-width: 1024px) 240px, (min-width: 640px) 33vw, 50vw"
        alt=""
        className="h-full w-full"
        fallback={<StyleSwatch style={style} className="h-full w-full" />}
      />
    </span>
  )
})

/**
 * The 21 styles as a radio group. Memoised with a stable onChoose: choosing a style re-renders the grid, not the
 * palette control and the rest of the step (issue 17 §4: the choice paints within 100 ms on a slow phone).
 */
const StyleRadioGrid = memo(function StyleRadioGrid({ labelledBy, value, onChoose }: { labelledBy: string; value: StyleId | null; onChoose: (style: StyleId) => void }) {
  return (
    <RadioGroup.Root
      aria-labelledby={labelledBy}
      value={value ?? ''}
      onValueChange={(chosen) => {
        if (isStyleId(chosen)) onChoose(chosen)
      }}
      loop
      className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-3"
    >
      {STYLES.map((item, index) => (
        <RadioGroup.Item
          key={item.id}
          value={item.id}
          onKeyDown={(event) => {
            // The WAI-ARIA radio pattern selects with Space; Enter selects too, as visitors expect on a card.
            if (event.key === 'Enter') {
              event.preventDefault()
              onChoose(item.id)
              return
            }
            // Arrows select as they move (Radix does too, but only if the key is still down when focus lands,
            // which a quick tap can miss); Radix still moves the focus.
            const step = event.key === 'ArrowRight' || event.key === 'ArrowDown' ? 1 : event.key === 'ArrowLeft' || event.key === 'ArrowUp' ? -1 : 0
            if (step !== 0) onChoose(STYLES[(index + step + STYLES.length) % STYLES.length]!.id)
          }}
          className="group relative overflow-hidden rounded-2xl bg-white text-left shadow-sm ring-1 ring-sand-200 transition-shadow hover:shadow-md data-[state=checked]:ring-2 data-[state=checked]:ring-brand-600"
        >
          <StyleCardPicture style={item} />
          <span className="flex items-center justify-between gap-2 px-3 py-2.5">
            <span className="text-sm font-medium text-ink-900">{item.name}</span>
            <RadioGroup.Indicator className="flex h-5 w-5 shrink-0 items-center justify-center rounded-full bg-brand-700 text-white">
              <Check aria-hidden="true" className="h-3.5 w-3.5" />
            </RadioGroup.Indicator>
          </span>
        </RadioGroup.Item>
      ))}
    </RadioGroup.Root>
  )
})

/** The palette control (Radix Select: a labelled, keyboard-complete listbox), memoised like StyleRadioGrid. */
const PaletteSelect = memo(function PaletteSelect({ id, value, onChoose }: { id: string; value: PaletteId; onChoose: (palette: PaletteId) => void }) {
  return (
    <Select.Root
      value={value}
      onValueChange={(chosen) => {
        if (isPaletteId(chosen)) onChoose(chosen)
      }}
    >
      <Select.Trigger id={id} className={`${INPUT_CLASS} flex items-center justify-between gap-3 text-left`} data-testid="palette-trigger">
        <Select.Value />
        <Select.Icon>
          <ChevronDown aria-hidden="true" className="h-4 w-4 text-ink-600" />
        </Select.Icon>
      </Select.Trigger>
      <Select.Portal>
        <Select.Content position="popper" sideOffset={6} className="z-40 max-h-[min(24rem,var(--radix-select-content-available-height))] w-[var(--radix-select-trigger-width)] overflow-hidden rounded-2xl bg-white shadow-lg ring-1 ring-sand-200">
          <Select.Viewport className="p-1.5">
            {PALETTE_IDS.map((id) => (
              <Select.Item
                key={id}
                value={id}
                className="flex min-h-11 cursor-pointer items-center gap-3 rounded-xl px-3 py-2 text-ink-900 outline-none data-[highlighted]:bg-brand-50 data-[state=checked]:font-semibold"
              >
                <Select.ItemText>
                  <span className="flex items-center gap-3">
                    <PaletteSwatch palette={id} />
                    <span>{paletteLabel(id)}</span>
                  </span>
                </Select.ItemText>
                <Select.ItemIndicator className="ml-auto">
                  <Check aria-hidden="true" className="h-4 w-4 text-brand-700" />
                </Select.ItemIndicator>
              </Select.Item>
            ))}
          </Select.Viewport>
        </Select.Content>
      </Select.Portal>
    </Select.Root>
  )
})

type Props = {
  style: StyleId | null
  palette: PaletteId
  photoUrl: string | null
  photoRatio: string
  onStyleChange: (style: StyleId) => void
  onPaletteChange: (palette: PaletteId) => void
  onTransform: () => void
  onBack: () => void
  /** What should change (decision 0045). */
  changes: ChangeGroup[]
  onChangesChange: (changes: ChangeGroup[]) => void
  /** Styles to compare (decision 0046); empty when comparing is off. */
  compare: StyleId[]
  compareOn: boolean
  onCompareToggle: (on: boolean) => void
  onCompareStyleToggle: (style: StyleId) => void
  /** /pricing, with the way back here. */
  buyCreditsHref: string
}

/**
 * A stable chooser for the memoised controls: shows the choice from local state at once and reports it to the page,
 * which writes the address and leaves the router's render until after the choice has painted.
 */
function useStableChooser<T>(show: (value: T) => void, report: (value: T) => void): (value: T) => void {
  const latest = useRef(report)
  latest.current = report
  return useCallback(
    (value: T) => {
      show(value)
      latest.current(value)
    },
    [show],
  )
}

/** Step 2: the 21 styles as a radio group, the palette dropdown and a panel with 'Transform My Bathroom' (spec §2). */
export function StyleStep(props: Props) {
  const { style: styleProp, palette: paletteProp, photoUrl, photoRatio, onStyleChange, onPaletteChange, onTransform, onBack, compareOn } = props
  // The choices live in the address, which the router updates in a transition: mirror them locally so a
  // quick run of key presses on the select or the radio group never sees the previous value come back.
  const [style, setStyle] = useState(styleProp)
  const [palette, setPalette] = useState(paletteProp)
  const [changes, setChanges] = useState(props.changes)
  const [compare, setCompare] = useState(props.compare)
  const [fromAddress, setFromAddress] = useState({ style: styleProp, palette: paletteProp, changes: props.changes.join(','), compare: props.compare.join(',') })
  if (fromAddress.style !== styleProp || fromAddress.palette !== paletteProp || fromAddress.changes !== props.changes.join(',') || fromAddress.compare !== props.compare.join(',')) {
    setFromAddress({ style: styleProp, palette: paletteProp, changes: props.changes.join(','), compare: props.compare.join(',') })
    setStyle(styleProp)
    setPalette(paletteProp)
    setChanges(props.changes)
    setCompare(props.compare)
  }
  const toggleChange = (group: ChangeGroup, on: boolean) => {
    const next = on ? [...changes.filter((chosenGroup) => chosenGroup !== group), group] : changes.filter((chosenGroup) => chosenGroup !== group)
    setChanges(next)
    props.onChangesChange(next)
  }
  const toggleCompared = (id: StyleId) => {
    if (!compare.includes(id) && compare.length >= MAX_COMPARED_STYLES) return
    setCompare(compare.includes(id) ? compare.filter((chosenStyle) => chosenStyle !== id) : [...compare, id])
    props.onCompareStyleToggle(id)
  }
  // The choice shows at once from local state (issue 17 §4: the router's render is not what the visitor waits to see).
  const chooseStyle = useStableChooser(setStyle, onStyleChange)
  const choosePalette = useStableChooser(setPalette, onPaletteChange)
  const groupLabelId = useId()
  const paletteId = useId()
  const transformHintId = useId()
  const compareFullId = useId()
  const changesLegendId = useId()
  const costId = useId()
  const chosen = style ? findStyle(style) : undefined
  const chosenPalette = findPalette(palette)
  const auth = useAuth()
  const noChanges = changes.length === 0
  const comparing = compare.length
  const short = compareOn && !auth.loading && auth.user !== null && auth.credits < comparing
  const ready = !noChanges && (compareOn ? comparing >= 2 && !short : style !== null)
  const hint = noChanges
    ? NO_CHANGE_CHOSEN_MESSAGE
    : compareOn
      ? comparing < 2
        ? `Choose ${comparing === 0 ? '2 or 3 styles' : 'at least one more style'} to compare.`
        : null
      : style
        ? null
        : 'Choose a style to continue.'

  return (
    <div className="grid gap-8 lg:grid-cols-3">
      <div className="lg:col-span-2">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <div>
            <p id={groupLabelId} className="font-sans text-base font-semibold text-ink-900">
              {compareOn ? `Styles to compare (up to ${MAX_COMPARED_STYLES})` : 'Design style'}
            </p>
            <p className="mt-1 text-sm text-ink-600">{compareOn ? `Tick 2 or 3 styles: ${comparing} of ${MAX_COMPARED_STYLES} chosen.` : 'Use the arrow keys to move between styles.'}</p>
          </div>
          <label className="flex min-h-11 cursor-pointer items-center gap-3 rounded-full bg-white px-4 py-2 text-sm font-medium text-ink-900 shadow-sm ring-1 ring-sand-200 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-600">
            <input type="checkbox" className="h-4 w-4 accent-brand-700" checked={compareOn} onChange={(event) => props.onCompareToggle(event.target.checked)} />
            Compare up to {MAX_COMPARED_STYLES} styles
          </label>
        </div>
        {compareOn ? (
          <div role="group" aria-labelledby={groupLabelId} className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-3">
            {STYLES.map((item) => {
              const ticked = compare.includes(item.id)
              const full = !ticked && comparing >= MAX_COMPARED_STYLES
              return (
                <label
                  key={item.id}
                  data-state={ticked ? 'checked' : 'unchecked'}
                  className={`group relative cursor-pointer overflow-hidden rounded-2xl bg-white text-left shadow-sm ring-1 ring-sand-200 transition-shadow hover:shadow-md has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-600 data-[state=checked]:ring-2 data-[state=checked]:ring-brand-600 ${full ? 'cursor-not-allowed opacity-60' : ''}`}
                >
                  <input type="checkbox" className="sr-only" checked={ticked} disabled={full} aria-describedby={full ? compareFullId : undefined} onChange={() => toggleCompared(item.id)} />
                  <StyleCardPicture style={item} />
                  <span className="flex items-center justify-between gap-2 px-3 py-2.5">
                    <span className="text-sm font-medium text-ink-900">{item.name}</span>
                    {ticked && (
                      <span className="flex h-5 w-5 shrink-0 items-center justify-center rounded-md bg-brand-700 text-white">
                        <Check aria-hidden="true" className="h-3.5 w-3.5" />
                      </span>
                    )}
                  </span>
                </label>
              )
            })}
          </div>
        ) : (
        <StyleRadioGrid labelledBy={groupLabelId} value={style} onChoose={chooseStyle} />
        )}
        {compareOn && comparing >= MAX_COMPARED_STYLES && (
          <p id={compareFullId} className="mt-3 text-sm text-ink-700">
            {MAX_COMPARED_STYLES} styles chosen: untick one to choose another.
          </p>
        )}
        {chosen && !compareOn && (
          // Phones show the panel below all 21 styles: this bar stays in reach while the grid scrolls.
          <div className="sticky bottom-4 z-10 mt-4 lg:hidden">
            <div className="flex items-center justify-between gap-3 rounded-full bg-ink-900 py-2 pl-5 pr-2 text-white shadow-lg">
              <span className="truncate text-sm font-medium">{chosen.name}</span>
              <button
                type="button"
                onClick={() => {
                  const select = document.getElementById(paletteId)
                  select?.scrollIntoView({ block: 'center' })
                  select?.focus({ preventScroll: true })
                }}
                className="shrink-0 rounded-full bg-white px-4 py-2 text-sm font-medium text-ink-900 focus-visible:outline-white"
              >
                Next: palette
              </button>
            </div>
          </div>
        )}
      </div>

      <aside aria-label="Your choices" className="lg:sticky lg:top-6 lg:self-start">
        <div className="space-y-5 rounded-3xl bg-white p-5 shadow-sm ring-1 ring-sand-200 sm:p-6">
          {photoUrl && (
            <div className="overflow-hidden rounded-2xl bg-sand-100" style={{ aspectRatio: photoRatio }}>
              <img src={photoUrl} alt="Your bathroom photo" className="h-full w-full object-cover" />
            </div>
          )}
          {compareOn ? (
            <div>
              <p className="text-sm font-medium text-ink-600">Styles to compare</p>
              <p className="font-display text-2xl text-ink-900" data-testid="chosen-style">
                {comparing ? compare.map((id) => findStyle(id)?.name ?? id).join(', ') : 'Not chosen yet'}
              </p>
            </div>
          ) : (
            <div>
              <p className="text-sm font-medium text-ink-600">Style</p>
              <p className="font-display text-2xl text-ink-900" data-testid="chosen-style">
                {chosen ? chosen.name : 'Not chosen yet'}
              </p>
              {chosen && <p className="mt-1 text-sm text-ink-600">{chosen.description}</p>}
            </div>
          )}
          <div>
            <label htmlFor={paletteId} className="mb-1.5 block text-sm font-medium text-ink-900">
              Colour palette
            </label>
            {/* Issue 22: each palette shows its colours beside its name, in the list and in the closed control. Radix
                Select keeps it a labelled, keyboard-complete listbox (arrows, Home/End, type-ahead, Enter/Space, Escape). */}
            <PaletteSelect id={paletteId} value={palette} onChoose={choosePalette} />
            <div className="mt-2 flex min-h-6 items-center gap-2 text-sm text-ink-600">
              {chosenPalette ? (
                <span>{chosenPalette.description}</span>
              ) : (
                <span>We pick colours that suit the style.</span>
              )}
            </div>
          </div>
          {/* Decision 0045: what should change, all on by default; at least one stays on. */}
          <fieldset aria-describedby={noChanges ? transformHintId : undefined} aria-invalid={noChanges || undefined}>
            <legend id={changesLegendId} className="mb-1.5 text-sm font-medium text-ink-900">
              What should change?
            </legend>
            <p className="mb-2 text-sm text-ink-600">Untick what you want to keep as it is.</p>
            <div className="space-y-1">
              {CHANGE_GROUPS.map((group) => (
                <label key={group} className="flex cursor-pointer items-start gap-3 rounded-xl px-2 py-2 hover:bg-sand-50 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-600">
                  <input
                    type="checkbox"
                    className="mt-0.5 h-5 w-5 shrink-0 accent-brand-700 focus-visible:outline-none"
                    checked={changes.includes(group)}
                    onChange={(event) => toggleChange(group, event.target.checked)}
                  />
                  <span>
                    <span className="block text-sm font-medium text-ink-900">{CHANGE_GROUP_TEXT[group].label}</span>
                    <span className="block text-xs text-ink-600">{CHANGE_GROUP_TEXT[group].covers}</span>
                  </span>
                </label>
              ))}
            </div>
          </fieldset>
          {compareOn && comparing > 0 && (
            // Decision 0046: the cost before starting, and what happens without enough credits.
            <div id={costId} className={`rounded-2xl px-4 py-3 text-sm ${short ? 'bg-red-50 text-red-900 ring-1 ring-red-200' : 'bg-brand-50 text-brand-900'}`} data-testid="compare-cost">
              <p className="font-semibold">
                {comparing} {comparing === 1 ? 'design' : 'designs'}, {comparing} {comparing === 1 ? 'credit' : 'credits'}
              </p>
              {!auth.loading && auth.user ? (
                short ? (
                  <p className="mt-1">
                    You have {auth.credits} {auth.credits === 1 ? 'credit' : 'credits'}, so this comparison cannot start. Untick {comparing - auth.credits === 1 ? 'a style' : `${comparing - auth.credits} styles`}, or{' '}
                    <Link to={props.buyCreditsHref} className="font-semibold underline">
                      buy credits
                    </Link>
                    .
                  </p>
                ) : (
                  <p className="mt-1">You have {auth.credits} {auth.credits === 1 ? 'credit' : 'credits'}. A design that fails is not charged: its credit comes straight back.</p>
                )
              ) : (
                <p className="mt-1">New accounts get 2 free credits. A design that fails is not charged.</p>
              )}
            </div>
          )}
          <div className="space-y-3">
            <Button size="lg" className="w-full" onClick={onTransform} disabled={!ready} aria-describedby={[hint ? transformHintId : null, compareOn && comparing > 0 ? costId : null].filter(Boolean).join(' ') || undefined}>
              <Sparkles aria-hidden="true" className="h-5 w-5" />
              {compareOn ? `Compare ${comparing >= 2 ? comparing : ''} Styles`.replace('  ', ' ') : 'Transform My Bathroom'}
            </Button>
            {hint && (
              <p id={transformHintId} role={noChanges ? 'alert' : undefined} className={`text-center text-sm ${noChanges ? 'font-medium text-red-800' : 'text-ink-600'}`}>
                {hint}
              </p>
            )}
            <Button variant="secondary" className="w-full" onClick={onBack}>
              <ArrowLeft aria-hidden="true" className="h-4 w-4" />
              Back to Upload
            </Button>
          </div>
        </div>
      </aside>
    </div>
  )
}
