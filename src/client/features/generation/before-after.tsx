import * as Slider from 'react-compare-slider/components'
import { useReactCompareSlider } from 'react-compare-slider/hooks'

type Props = { before: string; after: string; title: string; ratio: string; /** The before picture's text (a shared design is not the viewer's own photo). */ beforeAlt?: string }

/** Before/After comparison: drag, or focus the handle and use the arrow keys (Home and End go to either end). */
export function BeforeAfter({ before, after, title, ratio, beforeAlt = 'Before: your bathroom photo' }: Props) {
  const slider = useReactCompareSlider({ defaultPosition: 50, keyboardIncrement: '5%' })
  return (
    <Slider.Provider {...slider}>
      <Slider.Root className="w-full overflow-hidden rounded-2xl bg-sand-100 ring-1 ring-sand-200" style={{ aspectRatio: ratio }}>
        <Slider.Item item="itemOne">
          <Slider.Image src={before} alt={beforeAlt} />
        </Slider.Item>
        <Slider.Item item="itemTwo">
          <Slider.Image src={after} alt={`After: ${title}`} />
        </Slider.Item>
        <Slider.HandleRoot
          aria-label="Before and after divider: use the left and right arrow keys to show more of each image"
          className="before-after-handle"
          onKeyDown={(event) => {
            if (event.key !== 'Home' && event.key !== 'End') return
            event.preventDefault()
            slider.setPosition(event.key === 'Home' ? 0 : 100)
          }}
        >
          <Slider.Handle />
        </Slider.HandleRoot>
      </Slider.Root>
      <div aria-hidden="true" className="mt-2 flex justify-between text-xs font-semibold uppercase tracking-wider text-ink-600">
        <span>Before</span>
        <span>After</span>
      </div>
    </Slider.Provider>
  )
}
