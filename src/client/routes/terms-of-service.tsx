import { Link } from 'react-router'
import { LegalPage, SUPPORT_EMAIL, type LegalSection } from '../features/legal/legal-page'
import { pageMeta } from '../lib/meta'

export const meta = () => pageMeta('Terms of Service', 'The terms that apply when you use Lavo: age, photos, credits, payments, refunds and affiliate links.')

const SUMMARY = [
  'You must be 18 or older to use Lavo.',
  'Photos of people are not allowed. Upload photos of rooms you have the right to use.',
  'Designs are concept images for entertainment only, not professional advice.',
  'Credits never expire and there is no subscription. Unused credits can be refunded on request within 30 days of purchase; spent credits are final.',
  'Some retailer links carry an affiliate tag, so we may earn a commission.',
] as const

const email = <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>

const SECTIONS: readonly LegalSection[] = [
  {
    id: 'agreement',
    title: 'About these terms',
    content: (
      <>
        <p>
          These terms are an agreement between you and Lavo (“Lavo”, “we”, “us”) about your use of the Lavo website and service, which turns photos of
          bathrooms into redesigned concept images. By creating an account or using Lavo you agree to these terms, our{' '}
          <Link to="/privacy-policy">Privacy Policy</Link> and our <Link to="/cookie-policy">Cookie Policy</Link>. If you don’t agree, please don’t use Lavo.
        </p>
      </>
    ),
  },
  {
    id: 'eligibility',
    title: 'Who can use Lavo',
    content: (
      <>
        <p>
          <strong>You must be 18 or older</strong> to create an account, buy credits or otherwise use Lavo. By using Lavo you confirm that you are.
        </p>
        <p>
          Keep your sign-in details to yourself and tell us at {email} if you think someone else has used your account. You are responsible for what
          happens in your account.
        </p>
      </>
    ),
  },
  {
    id: 'photos',
    title: 'Your photos',
    content: (
      <>
        <p>Only upload photos that you took yourself or have permission to use, of rooms you have the right to photograph.</p>
        <p>
          <strong>Photos of people are forbidden.</strong> This includes adults, children, and people visible in mirrors or reflections. Photos must not
          contain anything unlawful, offensive, or someone else’s private information.
        </p>
        <p>
          You keep the rights to your photos. You give us permission to store and process them only to provide Lavo to you: to create your designs and
          product lists, and to keep them in My Designs. We may refuse or remove a photo that breaks these rules, and may suspend accounts that do so
          repeatedly.
        </p>
      </>
    ),
  },
  {
    id: 'entertainment-only',
    title: 'Designs are for entertainment only',
    content: (
      <>
        <p>
          Lavo designs are computer-generated concept images <strong>presented for entertainment only</strong>. They are meant for inspiration and are not
          professional design, architectural, engineering, construction or purchasing advice.
        </p>
        <p>
          A design may not reflect your room’s real dimensions, what can be built in your space, the cost of the work, or the exact look of any product.
          Before you buy or build anything, check measurements, plumbing, electrics, structure and local building rules with a qualified professional.
        </p>
        <p>You may download your designs and use them for personal purposes, for example to share with your family, contractor or designer.</p>
      </>
    ),
  },
  {
    id: 'credits',
    title: 'Credits',
    content: (
      <>
        <ul>
          <li>New accounts receive 2 free credits.</li>
          <li>Each successful design costs 1 credit. Each product list (shopping list) costs 1 credit.</li>
          <li>
            If a design fails or times out, you see a sample image and the credit is returned to your balance. You never pay for a sample.
          </li>
          <li>
            <strong>Credits never expire.</strong> There is no subscription: you buy credits in one-time packages.
          </li>
          <li>Credits can also be added with promo codes. A promo code can have its own conditions, such as a start date, an end date or a usage limit.</li>
          <li>Credits belong to your account and can’t be transferred to another account. Apart from refunds under section 7, credits can’t be exchanged for money.</li>
        </ul>
      </>
    ),
  },
  {
    id: 'payments',
    title: 'Payments',
    content: (
      <>
        <p>
          Prices are shown in US dollars on the <Link to="/pricing">Pricing</Link> page before you pay. Payments are made by card through our payment
          provider, which processes your card details under its own terms; we never see or store your full card number.
        </p>
        <p>Credits are added to your account once the payment provider confirms your payment. Buying any package also makes your account a paid membership, which unlocks product recommendations.</p>
      </>
    ),
  },
  {
    // docs/decisions/0003-refund-policy.md: the same policy as the Help & FAQ page.
    id: 'refunds',
    title: 'Refunds',
    content: (
      <>
        <p>
          <strong>Unused credits can be refunded on request within 30 days of purchase.</strong> To ask for a refund, email {email} from the address on your
          account and tell us which purchase it concerns.
        </p>
        <ul>
          <li>We refund the credits from that purchase that you haven’t used, at the per-credit price you paid, to the card you paid with, and remove those credits from your balance.</li>
          <li>Credits already spent on designs or product lists are final and are not refunded.</li>
          <li>Free credits and credits from promo codes have no cash value and are not refunded.</li>
          <li>After 30 days from purchase, the purchase is final.</li>
        </ul>
        <p>Nothing in these terms limits any rights you have under consumer law that cannot be excluded.</p>
      </>
    ),
  },
  {
    id: 'affiliate-links',
    title: 'Product recommendations and affiliate links',
    content: (
      <>
        <p>
          Paid members can get product recommendations for a design, with links that search for matching products at retailers such as Amazon, Home Depot,
          Lowe’s and Wayfair. <strong>Some retailer links carry an affiliate tag</strong>, which means Lavo may earn a commission if you buy something after
          following the link.
        </p>
        <p>
          We don’t sell products. Prices, availability, delivery and returns are set by the retailer, and your purchase is governed by the retailer’s terms.
          Recommendations are suggestions for a look, not a guarantee that a product fits your room.
        </p>
      </>
    ),
  },
  {
    id: 'acceptable-use',
    title: 'Acceptable use',
    content: (
      <>
        <p>When you use Lavo, please don’t:</p>
        <ul>
          <li>upload photos of people or photos you don’t have the right to use;</li>
          <li>try to get credits or designs without paying for them, or misuse promo codes;</li>
          <li>access Lavo with bots or scripts, overload it, or try to get around its security;</li>
          <li>copy, resell or reverse-engineer the service.</li>
        </ul>
      </>
    ),
  },
  {
    id: 'availability',
    title: 'The service and changes',
    content: (
      <>
        <p>
          We work to keep Lavo available and working well, but we provide it “as is” and can’t promise it will always be available, error-free, or produce
          a particular result. We may change, add or remove features.
        </p>
        <p>
          We may update these terms. When we do, we change the “Last updated” date at the top of this page, and for significant changes we will tell
          account holders by email before they take effect.
        </p>
      </>
    ),
  },
  {
    id: 'liability',
    title: 'Limitation of liability',
    content: (
      <p>
        To the extent the law allows, Lavo is not liable for decisions you make based on a design, for purchases from retailers, or for indirect or
        consequential losses. Our total liability to you is limited to the amount you paid us in the 12 months before the claim.
      </p>
    ),
  },
  {
    id: 'closing-account',
    title: 'Closing your account',
    content: (
      <p>
        You can close your account at any time by emailing {email}. We may suspend or close an account that breaks these terms, for example by uploading
        photos of people. If you close your account within 30 days of a purchase, you can still ask for a refund of its unused credits under section 7.
      </p>
    ),
  },
  {
    id: 'contact',
    title: 'Contact',
    content: <p>Questions about these terms? Email {email}.</p>,
  },
]

export default function TermsOfServicePage() {
  return (
    <LegalPage
      title="Terms of Service"
      intro={<p>The rules for using Lavo, written to be read. Please take a few minutes with them before you create an account.</p>}
      summary={SUMMARY}
      sections={SECTIONS}
    />
  )
}
