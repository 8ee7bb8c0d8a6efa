import { Link } from 'react-router'
import { LegalPage, SUPPORT_EMAIL, type LegalSection } from '../features/legal/legal-page'
import { pageMeta } from '../lib/meta'

export const meta = () => pageMeta('Privacy Policy', 'What Lavo collects, why, who it is shared with, and how long it is kept.')

const SUMMARY = [
  'Your photos and designs are private to your account. We don’t sell your personal information.',
  'We keep usage data for up to 3 years and affiliate data for up to 7 years.',
  'Card payments are handled by our payment provider; we never see your full card number.',
  'You can ask to see, correct or delete your data at any time.',
] as const

const email = <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>

const SECTIONS: readonly LegalSection[] = [
  {
    id: 'scope',
    title: 'Who we are',
    content: (
      <p>
        Lavo (“we”, “us”) runs the Lavo website and service. This policy explains what personal information we collect when you use Lavo, what we do with
        it, and the choices you have. It applies together with our <Link to="/terms-of-service">Terms of Service</Link> and{' '}
        <Link to="/cookie-policy">Cookie Policy</Link>.
      </p>
    ),
  },
  {
    id: 'what-we-collect',
    title: 'What we collect',
    content: (
      <>
        <h3>Information you give us</h3>
        <ul>
          <li>
            <strong>Account details:</strong> your email address, a password (stored only in hashed form) and, if you sign in with Google, the name Google
            shares with us.
          </li>
          <li>
            <strong>Photos and designs:</strong> the bathroom photos you upload, the style and palette you choose, and the designs and product lists we
            create for you.
          </li>
          <li>
            <strong>Messages:</strong> your name, email address and message when you contact us.
          </li>
        </ul>
        <h3>Information created when you use Lavo</h3>
        <ul>
          <li>
            <strong>Credits and purchases:</strong> your credit balance, how credits were added and spent, the packages you bought, amounts, dates and the
            payment provider’s reference for each payment.
          </li>
          <li>
            <strong>Usage data:</strong> the pages and features you use, your IP address, browser and device type, and the times of sign-ins and requests.
            We use it to run and secure the service and, with your consent, for analytics.
          </li>
          <li>
            <strong>Affiliate data:</strong> when you follow a retailer link that carries an affiliate tag, a record that the link was followed and any
            commission the retailer reports to us.
          </li>
        </ul>
        <p>We don’t ask for, and you must not upload, photos of people.</p>
      </>
    ),
  },
  {
    id: 'how-we-use',
    title: 'How we use it',
    content: (
      <ul>
        <li>To provide Lavo: create your designs and product lists, keep them in My Designs, and keep track of your credits.</li>
        <li>To take payments and give refunds.</li>
        <li>To answer your messages and help with your account.</li>
        <li>To keep Lavo secure and prevent fraud and abuse, such as misuse of free credits or promo codes.</li>
        <li>To understand how Lavo is used and improve it, using analytics only if you allow analytics cookies.</li>
        <li>
          To send you emails about Lavo. When you create an account we add you to our email list; every email has an unsubscribe link, and you can also
          ask us at {email}.
        </li>
      </ul>
    ),
  },
  {
    id: 'photos',
    title: 'Your photos',
    content: (
      <p>
        Your photos and designs are visible only to you in your account. We use them to create your designs and product lists and don’t sell them or use
        them in advertising. When a design is created by an external AI provider, your photo is sent to that provider only to create the design.
      </p>
    ),
  },
  {
    id: 'sharing',
    title: 'Who we share it with',
    content: (
      <>
        <p>We don’t sell your personal information. We share it only with service providers who help us run Lavo, and only what they need:</p>
        <ul>
          <li>our card payment provider, to take payments and process refunds;</li>
          <li>our AI image provider, when it creates a design;</li>
          <li>our email providers, to send account emails and newsletters;</li>
          <li>our hosting and storage providers, who keep the service and your files running.</li>
        </ul>
        <p>
          When you follow a retailer link you leave Lavo. The retailer can see that you came from Lavo, and its own privacy policy applies on its site. We
          may also disclose information when the law requires it.
        </p>
      </>
    ),
  },
  {
    id: 'retention',
    title: 'How long we keep it',
    content: (
      <ul>
        <li>
          <strong>Account details, photos and designs:</strong> while your account is open. Close your account and we delete them.
        </li>
        <li>
          <strong>Usage data:</strong> up to 3 years.
        </li>
        <li>
          <strong>Affiliate data:</strong> up to 7 years, so we can reconcile commissions and keep the records that accounting rules require.
        </li>
        <li>
          <strong>Purchase records:</strong> as long as tax and accounting law requires.
        </li>
        <li>
          <strong>Messages to support:</strong> as long as we need them to help you, and no longer than 3 years.
        </li>
      </ul>
    ),
  },
  {
    id: 'security',
    title: 'Security',
    content: (
      <p>
        We use encrypted connections, store passwords only in hashed form and keep your photos private to your account. No service can promise perfect
        security, so please use a password you don’t use anywhere else, and tell us at {email} if you notice anything wrong.
      </p>
    ),
  },
  {
    id: 'your-rights',
    title: 'Your choices and rights',
    content: (
      <>
        <p>You can ask us to:</p>
        <ul>
          <li>give you a copy of the personal information we hold about you;</li>
          <li>correct anything that is wrong;</li>
          <li>delete your account and data, except records we must keep by law;</li>
          <li>stop sending you marketing emails.</li>
        </ul>
        <p>
          Email {email} from the address on your account and we’ll respond within 30 days. You can change your cookie choices at any time with the “Cookie
          settings” link in the footer.
        </p>
      </>
    ),
  },
  {
    id: 'age',
    title: 'Age limit',
    content: (
      <p>
        Lavo is for people 18 or older. We don’t knowingly collect information from anyone under 18; if you believe we have, email {email} and we will
        delete it.
      </p>
    ),
  },
  {
    id: 'changes',
    title: 'Changes to this policy',
    content: (
      <p>
        When we change this policy we update the “Last updated” date at the top of this page. For significant changes we will tell account holders by email
        before they take effect.
      </p>
    ),
  },
  {
    id: 'contact',
    title: 'Contact',
    content: <p>Questions or requests about your privacy? Email {email}.</p>,
  },
]

export default function PrivacyPolicyPage() {
  return (
    <LegalPage
      title="Privacy Policy"
      intro={<p>What we collect, why we collect it, who sees it, and how long we keep it.</p>}
      summary={SUMMARY}
      sections={SECTIONS}
    />
  )
}
