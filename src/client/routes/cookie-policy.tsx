import { Link } from 'react-router'
import { Button } from '../components/ui/button'
import { useCookieConsent } from '../features/cookie-consent/use-cookie-consent'
import { LegalPage, SUPPORT_EMAIL, type LegalSection } from '../features/legal/legal-page'
import { pageMeta } from '../lib/meta'

export const meta = () => pageMeta('Cookie Policy', 'Which cookies and browser storage Lavo uses, the four categories, and how to change your choice.')

const SUMMARY = [
  'Necessary cookies keep Lavo working and are always on.',
  'Analytics, marketing and functional cookies are used only if you allow them.',
  'Your choice is stored in your browser under cookie-consent and cookie-preferences.',
  'Change your mind at any time with the “Cookie settings” link in the footer.',
] as const

// spec §2 Cookie banner: the four categories and their descriptions.
const CATEGORIES = [
  { name: 'Necessary', always: true, description: 'Required for the site to function.', examples: 'Keeping you signed in, remembering your cookie choice, keeping your work in progress, and security.' },
  { name: 'Analytics', always: false, description: 'Helps us understand how visitors use the site.', examples: 'Which pages are visited and which features are used, so we can improve Lavo.' },
  { name: 'Marketing', always: false, description: 'Shows relevant advertising and tracks campaign performance.', examples: 'Measuring whether an advertising campaign or a retailer link led to a visit or a purchase.' },
  { name: 'Functional', always: false, description: 'Remembers your preferences and provides enhanced features.', examples: 'Remembering choices such as your last style and palette between visits.' },
] as const

// spec §3: the browser-stored consent keys.
const STORED_KEYS = [
  { key: 'cookie-consent', purpose: 'Your choice: accepted (Accept All), rejected (Reject All) or customized (Save Settings).', example: undefined },
  { key: 'cookie-preferences', purpose: 'Which of the four categories you allowed, for example:', example: '{"necessary":true,"analytics":false,"marketing":false,"functional":true}' },
] as const

/** Clears the stored choice and brings the cookie notice back, like the footer's "Cookie settings" link. */
function ChangeCookieChoice() {
  const consent = useCookieConsent()
  return (
    <Button variant="secondary" className="mt-5" onClick={consent.reset}>
      Change my cookie choice
    </Button>
  )
}

const email = <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>

const SECTIONS: readonly LegalSection[] = [
  {
    id: 'what-are-cookies',
    title: 'Cookies and browser storage',
    content: (
      <>
        <p>
          Cookies are small files a website stores in your browser. Lavo also uses your browser’s local storage, which works in a similar way but is never
          sent to our server automatically. In this policy, “cookies” covers both.
        </p>
        <p>
          This policy explains which cookies Lavo uses and how you control them. Our <Link to="/privacy-policy">Privacy Policy</Link> explains how we
          handle personal information more generally.
        </p>
      </>
    ),
  },
  {
    id: 'categories',
    title: 'The four categories',
    content: (
      <>
        <p>Every cookie Lavo uses belongs to one of four categories. Only necessary cookies are set before you make a choice.</p>
        <div className="mt-6 grid gap-4 sm:grid-cols-2">
          {CATEGORIES.map((category) => (
            <div key={category.name} className="rounded-2xl bg-white p-5 ring-1 ring-sand-200">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <h3 className="mt-0!">{category.name}</h3>
                <span className={category.always ? 'rounded-full bg-brand-50 px-3 py-1 text-xs font-semibold text-brand-800' : 'rounded-full bg-sand-100 px-3 py-1 text-xs font-semibold text-ink-700'}>
                  {category.always ? 'Always on' : 'Only with your consent'}
                </span>
              </div>
              <p className="mt-2! font-medium text-ink-900">{category.description}</p>
              <p className="mt-2! text-sm text-ink-600">{category.examples}</p>
            </div>
          ))}
        </div>
      </>
    ),
  },
  {
    id: 'what-we-store',
    title: 'What we store about your choice',
    content: (
      <>
        <p>Your cookie choice is itself kept in your browser’s local storage, under two keys:</p>
        <dl className="mt-5 divide-y divide-sand-200 rounded-2xl bg-white ring-1 ring-sand-200">
          {STORED_KEYS.map((item) => (
            <div key={item.key} className="p-5">
              <dt>
                <code>{item.key}</code>
              </dt>
              <dd className="mt-2">
                {item.purpose}
                {item.example && (
                  <>
                    {' '}
                    <code className="break-all">{item.example}</code>
                  </>
                )}
              </dd>
            </div>
          ))}
        </dl>
        <p>
          Both are necessary: without them we would have to ask you again on every page. Signing in also stores a session cookie that keeps you signed in
          until you sign out.
        </p>
      </>
    ),
  },
  {
    id: 'third-parties',
    title: 'Other websites',
    content: (
      <p>
        When you pay, our card payment provider may set its own cookies to process the payment securely and prevent fraud. When you follow a retailer link
        from a product list, the retailer’s website sets its own cookies, including for affiliate tracking, under its own cookie policy.
      </p>
    ),
  },
  {
    id: 'change-your-choice',
    title: 'How to change your choice',
    content: (
      <>
        <p>
          Use the <strong>“Cookie settings”</strong> link in the footer of any page. It clears your saved choice and shows the cookie notice again, where
          you can choose Accept All, Reject All, or Cookie Settings to switch analytics, marketing and functional cookies on or off one by one.
        </p>
        <ChangeCookieChoice />
        <p>
          You can also delete cookies and site data in your browser’s settings; Lavo will then ask for your choice again. Changing your choice applies from
          that moment on.
        </p>
      </>
    ),
  },
  {
    id: 'contact',
    title: 'Contact',
    content: <p>Questions about cookies? Email {email}.</p>,
  },
]

export default function CookiePolicyPage() {
  return (
    <LegalPage
      title="Cookie Policy"
      intro={<p>Which cookies Lavo uses, what each category is for, and how to change your choice at any time.</p>}
      summary={SUMMARY}
      sections={SECTIONS}
    />
  )
}
