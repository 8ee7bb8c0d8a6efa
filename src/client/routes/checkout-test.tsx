import { useParams } from 'react-router'
import { TestCheckout } from '../features/pricing/test-checkout'
import { pageMeta } from '../lib/meta'

export const meta = () => [...pageMeta('Test checkout', 'Test mode — no real charge.'), { name: 'robots', content: 'noindex' }]

/** `/checkout/test/:sessionId`: the built-in checkout of the test payment provider (client-rendered). */
export default function TestCheckoutPage() {
  return <TestCheckout sessionId={useParams().sessionId ?? ''} />
}
