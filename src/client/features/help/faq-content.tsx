import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { timingSentence, usePublicConfig } from '../../lib/public-config'

export type FaqItem = {
  /** Unique on the page: also the item's anchor (`/help#refunds`). */
  id: string
  question: string
  answer: ReactNode
}

export type FaqGroup = { id: string; title: string; items: readonly FaqItem[] }

const linkClass = 'font-medium text-brand-700 underline underline-offset-4 hover:text-brand-800'

const SUPPORT_EMAIL = (
  <a className={linkClass} href="mailto:support@lavo.design">
    support@lavo.design
  </a>
)

// Every fact here comes from the spec (§1, §5, §9) or a decision record; keep them in step with the legal pages.
export const FAQ_GROUPS: readonly FaqGroup[] = [
  {
    id: 'general',
    title: 'General',
    items: [
      {
        id: 'what-is-lavo',
        question: 'What is Lavo?',
        answer: (
          <p>
            Lavo redesigns your bathroom from a photo. Upload a picture of your room, choose one of 21 styles and one of 10 colour palettes, and you get a
            redesign of your own bathroom, saved to My Designs. Members can also turn a design into a shopping list of matching products.
          </p>
        ),
      },
      {
        id: 'concept-images',
        question: 'Can I build from a Lavo design?',
        answer: (
          <>
            <p>
              Lavo designs are concept images for entertainment only. They’re a great way to explore a direction and to show a contractor or designer what
              you have in mind, but they aren’t a plan, a quote or professional advice.
            </p>
            <p>Measurements, plumbing, electrics and local building rules always need a qualified professional before you buy or build anything.</p>
          </>
        ),
      },
      {
        id: 'people-in-photos',
        question: 'Can I upload a photo with people in it?',
        answer: (
          <p>
            No. Photos of people are not allowed, and that includes children and reflections in the mirror. Take the photo from the doorway with nobody in
            the shot, or use your phone’s timer. We may decline photos in which a person is visible.
          </p>
        ),
      },
      {
        id: 'age',
        question: 'Who can use Lavo?',
        answer: <p>You must be 18 or older to create an account and use Lavo.</p>,
      },
      {
        id: 'my-designs',
        question: 'Where do my designs go?',
        answer: (
          <p>
            Every design you create while signed in is saved to{' '}
            <Link className={linkClass} to="/my-designs">
              My Designs
            </Link>
            . From there you can download it again at any time and, as a member, get product recommendations for it.
          </p>
        ),
      },
      {
        id: 'privacy',
        question: 'Who can see my photos?',
        answer: (
          <p>
            Only you. Your photos and designs are private to your account and we don’t sell them. The{' '}
            <Link className={linkClass} to="/privacy-policy">
              Privacy Policy
            </Link>{' '}
            explains what we keep and for how long.
          </p>
        ),
      },
    ],
  },
  {
    id: 'credits-and-pricing',
    title: 'Credits and Pricing',
    items: [
      {
        id: 'how-credits-work',
        question: 'How do credits work?',
        answer: (
          <ul>
            <li>1 credit creates 1 bathroom design.</li>
            <li>1 credit creates 1 product list (shopping list) for a design.</li>
            <li>Credits never expire, so there is no rush to use them.</li>
          </ul>
        ),
      },
      {
        id: 'free-credits',
        question: 'Do I get anything free?',
        answer: <p>Yes. Every new account gets 2 free credits, which is enough for your first 2 designs. No card needed.</p>,
      },
      {
        id: 'packages',
        question: 'What do credit packages cost?',
        answer: (
          <>
            <ul>
              <li>Starter: 20 credits for $9</li>
              <li>Most Popular: 50 credits for $19</li>
              <li>Best Value: 100 credits for $49</li>
            </ul>
            <p>
              Each is a one-time payment by card. See the{' '}
              <Link className={linkClass} to="/pricing">
                Pricing
              </Link>{' '}
              page for the current packages.
            </p>
          </>
        ),
      },
      {
        id: 'subscription',
        question: 'Is there a subscription?',
        answer: <p>No. You pay once for a package of credits. Nothing renews and there is nothing to cancel.</p>,
      },
      {
        id: 'shopping-lists',
        question: 'Who gets shopping lists?',
        answer: (
          <p>
            Buying any credit package makes you a member. Members can turn any design into a list of matching products with links to search at retailers,
            for 1 credit per list. Some retailer links carry an affiliate tag, so Lavo may earn a commission if you buy.
          </p>
        ),
      },
      {
        id: 'failed-generation',
        question: 'What if a design fails?',
        answer: (
          <p>
            Sometimes a redesign doesn’t complete. When that happens you see a sample image, marked “Sample”, and your credit is returned: you never pay for a
            sample. Use Retry to try again.
          </p>
        ),
      },
      {
        id: 'promo-codes',
        question: 'I have a promo code. Where do I use it?',
        answer: (
          <p>
            Sign in, open the{' '}
            <Link className={linkClass} to="/pricing">
              Pricing
            </Link>{' '}
            page and choose “Have a promo code?”. The credits are added to your balance straight away.
          </p>
        ),
      },
      {
        // docs/decisions/0003-refund-policy.md: the same wording as the Terms of Service.
        id: 'refunds',
        question: 'Can I get a refund?',
        answer: (
          <>
            <p>
              Yes, for credits you haven’t used. Unused credits can be refunded on request within 30 days of purchase: email {SUPPORT_EMAIL} from the address
              on your account and tell us which purchase it is. The money goes back to the card you paid with.
            </p>
            <p>Credits already spent on designs or shopping lists are final, and free or promo-code credits can’t be exchanged for money.</p>
          </>
        ),
      },
    ],
  },
  {
    id: 'technical',
    title: 'Technical',
    items: [
      {
        id: 'file-types',
        question: 'Which photos can I upload?',
        answer: (
          <p>
            JPEG, PNG, WebP and HEIC (the iPhone format), up to 10 MB. Photos larger than 2 MB are compressed in your browser before they’re uploaded, so
            you don’t need to resize anything yourself.
          </p>
        ),
      },
      {
        id: 'good-photo',
        question: 'What makes a good photo?',
        answer: (
          <ul>
            <li>At least 1024 × 768 pixels; any recent phone photo is plenty.</li>
            <li>Good, even light: lights on, blinds open, no flash at the mirror.</li>
            <li>The whole room in view, taken from the doorway or a corner, phone held level.</li>
            <li>Nobody in the shot, including reflections.</li>
          </ul>
        ),
      },
      {
        id: 'how-long',
        question: 'How long does a design take?',
        answer: (
<DesignTiming />
        ),
      },
      {
        id: 'drag-from-web',
        question: 'Can I drag an image in from another website?',
        answer: (
          <p>
            Usually, yes: you can drop an image from another site or from Google Photos. Some sites don’t allow their images to be used this way. If that
            happens, download the image first and then drag the file in.
          </p>
        ),
      },
      {
        id: 'retry',
        question: 'I don’t love my design. Can I try again?',
        answer: (
          <p>
            Yes. Retry Renovation creates a fresh take on the same photo, style and palette, or you can go back and choose another style. Each new design
            uses 1 credit when it succeeds.
          </p>
        ),
      },
      {
        id: 'download',
        question: 'How do I download a design?',
        answer: (
          <p>
            Choose “Download Your Design” on the result, or the Download button on any design in My Designs. You get a JPEG you can share with anyone.
          </p>
        ),
      },
    ],
  },
]

/** How long a design takes with the generator this server runs, and the 75 s limit (spec §9). */
function DesignTiming() {
  const config = usePublicConfig()
  return <p data-testid="design-timing" aria-busy={config.isPending || undefined}>{timingSentence(config.data)}</p>
}
