import { ArrowLeft, Check, ChevronDown, Sparkles } from 'lucide-react'
import { RadioGroup, Select } from 'radix-ui'
import { memo, useId, useState } from 'react'
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

type Props = {
  style: StyleId | null
  palette: PaletteId
  photoUrl: string | null
  photoRatio: string
  onStyleChange: (style: StyleId) => void
  onPaletteChange: (palette: PaletteId) => void
  onTransform: () => void
  onBack: () => void
}

/** Step 2: the 21 styles as a radio group, the palette dropdown and a panel with 'Transform My Bathroom' (spec §2). */
export function StyleStep({ style: styleProp, palette: paletteProp, photoUrl, photoRatio, onStyleChange, onPaletteChange, onTransform, onBack }: Props) {
  // The choices live in the address, which the router updates in a transition: mirror them locally so a
  // quick run of key presses on the select or the radio group never sees the previous value come back.
  const [style, setStyle] = useState(styleProp)
  const [palette, setPalette] = useState(paletteProp)
  const [fromAddress, setFromAddress] = useState({ style: styleProp, palette: paletteProp })
  if (fromAddress.style !== styleProp || fromAddress.palette !== paletteProp) {
    setFromAddress({ style: styleProp, palette: paletteProp })
    setStyle(styleProp)
    setPalette(paletteProp)
  }
  // The choice shows at once from local state; the address follows in the router's transition (issue 17 §4).
  const chooseStyle = (next: StyleId) => {
    setStyle(next)
    onStyleChange(next)
  }
  const choosePalette = (next: PaletteId) => {
    setPalette(next)
    onPaletteChange(next)
  }
  const groupLabelId = useId()
  const paletteId = useId()
  const transformHintId = useId()
  const chosen = style ? findStyle(style) : undefined
  const chosenPalette = findPalette(palette)

  return (
    <div className="grid gap-8 lg:grid-cols-3">
      <div className="lg:col-span-2">
        <p id={groupLabelId} className="font-sans text-base font-semibold text-ink-900">
          Design style
        </p>
        <p className="mt-1 text-sm text-ink-600">Use the arrow keys to move between styles.</p>
        <RadioGroup.Root
          aria-labelledby={groupLabelId}
          value={style ?? ''}
          onValueChange={(value) => {
            if (isStyleId(value)) chooseStyle(value)
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
                  chooseStyle(item.id)
                  return
                }
                // Arrows select as they move (Radix does too, but only if the key is still down when focus lands,
                // which a quick tap can miss); Radix still moves the focus.
                const step = event.key === 'ArrowRight' || event.key === 'ArrowDown' ? 1 : event.key === 'ArrowLeft' || event.key === 'ArrowUp' ? -1 : 0
                if (step !== 0) chooseStyle(STYLES[(index + step + STYLES.length) % STYLES.length]!.id)
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
        {chosen && (
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
          <div>
            <p className="text-sm font-medium text-ink-600">Style</p>
            <p className="font-display text-2xl text-ink-900" data-testid="chosen-style">
              {chosen ? chosen.name : 'Not chosen yet'}
            </p>
            {chosen && <p className="mt-1 text-sm text-ink-600">{chosen.description}</p>}
          </div>
          <div>
            <label htmlFor={paletteId} className="mb-1.5 block text-sm font-medium text-ink-900">
              Colour palette
            </label>
            {/* Issue 22: each palette shows its colours beside its name, in the list and in the closed control. Radix
                Select keeps it a labelled, keyboard-complete listbox (arrows, Home/End, type-ahead, Enter/Space, Escape). */}
            <Select.Root
              value={palette}
              onValueChange={(value) => {
                if (isPaletteId(value)) choosePalette(value)
              }}
            >
              <Select.Trigger id={paletteId} className={`${INPUT_CLASS} flex items-center justify-between gap-3 text-left`} data-testid="palette-trigger">
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
            <div className="mt-2 flex min-h-6 items-center gap-2 text-sm text-ink-600">
              {chosenPalette ? (
                <span>{chosenPalette.description}</span>
              ) : (
                <span>We pick colours that suit the style.</span>
              )}
            </div>
          </div>
          <div className="space-y-3">
            <Button size="lg" className="w-full" onClick={onTransform} disabled={!style} aria-describedby={style ? undefined : transformHintId}>
              <Sparkles aria-hidden="true" className="h-5 w-5" />
              Transform My Bathroom
            </Button>
            {!style && (
              <p id={transformHintId} className="text-center text-sm text-ink-600">
                Choose a style to continue.
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
