import { ArrowRight, Camera, ExternalLink, Gift, Infinity as InfinityIcon, Lock, NotebookPen, RefreshCcw, SquarePlay, type LucideIcon } from 'lucide-react'
import { Link } from 'react-router'
import { PALETTES } from '../../shared/catalogue/palettes'
import { buttonClass } from '../components/ui/button'
import { pageMeta } from '../lib/meta'

export const meta = () => pageMeta('About', 'Lavo started with my own bathroom and a shoebox of tile samples. Here is why I built it, and how I keep it fair.')

type Commitment = { icon: LucideIcon; title: string; body: string }

const COMMITMENTS: readonly Commitment[] = [
  { icon: Gift, title: 'Your first 2 designs are free', body: 'Create an account and you get 2 credits straight away. No card needed.' },
  { icon: InfinityIcon, title: 'No subscriptions', body: 'You buy credits when you want them and they never expire. Nothing renews, nothing to cancel.' },
  { icon: RefreshCcw, title: 'A failed design costs nothing', body: 'If a redesign doesn’t work out, you see a sample image and your credit goes straight back.' },
  { icon: Lock, title: 'Your photos stay yours', body: 'Your photos and designs are only visible to you, and I don’t sell them to anyone.' },
]

type Channel = { href: string; icon: LucideIcon; name: string; body: string }

const CHANNELS: readonly Channel[] = [
  { href: 'https://blog.lavo.design', icon: NotebookPen, name: 'The Lavo blog', body: 'Remodel notes, budgeting help and what I learn building Lavo.' },
  { href: 'https://www.youtube.com/@lavodesign', icon: SquarePlay, name: 'YouTube', body: 'Walkthroughs, and the same bathroom tried in different styles.' },
  { href: 'https://www.instagram.com/lavo.design', icon: Camera, name: 'Instagram', body: 'Redesigns, palettes and small ideas for your feed.' },
]

/** A scatter of tile samples in the catalogue's palettes: the shoebox this story starts with. */
function TileSamples() {
  const chips = PALETTES.flatMap((palette) => [palette.colors.walls, palette.colors.cabinetry, palette.colors.accent]).slice(0, 16)
  return (
    <div aria-hidden="true" className="grid grid-cols-4 gap-3 rounded-3xl bg-sand-100 p-6 ring-1 ring-sand-200 sm:gap-4 sm:p-8">
      {chips.map((color, index) => (
        <span
          key={`${color}-${index}`}
          className="aspect-square rounded-xl shadow-sm ring-1 ring-black/5"
          style={{ backgroundColor: color, transform: `rotate(${((index * 37) % 9) - 4}deg)` }}
        />
      ))}
    </div>
  )
}

export default function AboutPage() {
  return (
    <>
      <section className="container-page grid gap-12 pb-8 pt-12 sm:pt-16 lg:grid-cols-[1.3fr_1fr] lg:items-center">
        <div>
          <p className="text-sm font-semibold uppercase tracking-widest text-brand-700">About me</p>
          <h1 className="mt-2 max-w-3xl text-4xl leading-tight text-ink-900 sm:text-5xl">Why I built Lavo</h1>
          <p className="mt-4 max-w-2xl text-lg text-ink-600">
            Lavo started with my own bathroom, a shoebox of tile samples and a lot of guessing. This is the tool I wished I’d had.
          </p>
        </div>
        <div className="mx-auto w-full max-w-60 sm:max-w-xs lg:mx-0 lg:max-w-sm lg:justify-self-end">
          <TileSamples />
        </div>
      </section>

      <div className="container-page mt-8">
        <article className="max-w-3xl space-y-5 text-lg leading-relaxed text-ink-700">
        <h2 className="text-3xl text-ink-900">The shoebox of samples</h2>
        <p>
          When we finally started on our only bathroom, I did what everyone does. I collected tile samples, taped paint chips to the wall and built a
          mood board that grew longer every evening. Then I’d stand in the doorway, hold a ten-centimetre square of tile against the old vanity and try
          to picture a whole wall of it.
        </p>
        <p>
          I was bad at it. A grey that looked calm in the showroom looked like a wet car park once it covered the room, and by then it was grouted in.
          The samples weren’t the problem: the problem was that nobody could show me <em>my</em> bathroom, with my window and my awkward corner, in the
          style I had in mind.
        </p>
        <h2 className="pt-6 text-3xl text-ink-900">So I built the thing I wanted</h2>
        <p>
          I build software for a living; I’m not an interior designer. Lavo is what I put together for that question: take a photo of the room you
          actually have, choose a style and a palette, and see it redesigned. It keeps the shape of your room and changes the things a
          remodel would change: walls, floor, vanity, fittings and colour. You can put Zen Japandi next to Coastal on your own walls in an evening,
          before you’ve spent anything on tiles.
        </p>
        <p>
          A Lavo design is a concept image, not a plan. It’s a quick way to find a direction and to show your partner or contractor what you mean. It
          won’t measure your room or check your plumbing, so the people who build it still get the final say.
        </p>
        </article>
      </div>

      <section aria-labelledby="fair-title" className="container-page mt-20">
        <h2 id="fair-title" className="text-3xl text-ink-900 sm:text-4xl">
          How I keep it fair
        </h2>
        <ul className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {COMMITMENTS.map((commitment) => (
            <li key={commitment.title} className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-sand-200">
              <commitment.icon aria-hidden="true" className="h-6 w-6 text-brand-700" />
              <h3 className="mt-4 font-sans text-lg font-semibold text-ink-900">{commitment.title}</h3>
              <p className="mt-1 text-ink-600">{commitment.body}</p>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="follow-title" className="container-page mt-20">
        <h2 id="follow-title" className="text-3xl text-ink-900 sm:text-4xl">
          Follow along
        </h2>
        <p className="mt-3 max-w-2xl text-lg text-ink-600">I share what I learn about remodelling, and what I’m building next.</p>
        <ul className="mt-8 grid gap-4 md:grid-cols-3">
          {CHANNELS.map((channel) => (
            <li key={channel.href}>
              <a
                href={channel.href}
                target="_blank"
                rel="noopener noreferrer"
                className="group flex h-full gap-4 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-sand-200 transition-shadow hover:shadow-md"
              >
                <span className="flex h-11 w-11 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-700">
                  <channel.icon aria-hidden="true" className="h-5 w-5" />
                </span>
                <span>
                  <span className="flex items-center gap-1.5 font-semibold text-ink-900 group-hover:underline group-hover:underline-offset-4">
                    {channel.name}
                    <ExternalLink aria-hidden="true" className="h-4 w-4 text-ink-600" />
                    <span className="sr-only">(opens in a new tab)</span>
                  </span>
                  <span className="mt-1 block text-sm text-ink-600">{channel.body}</span>
                </span>
              </a>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="about-start-title" className="container-page mt-20">
        <div className="flex flex-col items-start gap-6 rounded-3xl bg-brand-700 px-6 py-10 text-white sm:px-12 md:flex-row md:items-center md:justify-between">
          <div>
            <h2 id="about-start-title" className="text-3xl">
              Try it on your own bathroom
            </h2>
            <p className="mt-2 max-w-xl text-brand-50">Your first 2 designs are free, with no subscription to remember to cancel.</p>
          </div>
          <div className="flex flex-wrap gap-3">
            <Link to="/" className={buttonClass('secondary', 'lg', 'ring-0')}>
              Start a free design <ArrowRight aria-hidden="true" className="h-4 w-4" />
            </Link>
            <Link to="/contact" className={buttonClass('ghost', 'lg', 'text-white ring-1 ring-inset ring-white/60 hover:bg-brand-800')}>
              Say hello
            </Link>
          </div>
        </div>
      </section>
    </>
  )
}
