import { type RouteConfig, index, route } from '@react-router/dev/routes'

export default [
  index('routes/home.tsx'),
  route('how-it-works', 'routes/how-it-works.tsx'),
  route('pricing', 'routes/pricing.tsx'),
  route('styles', 'routes/styles.tsx'),
  route('gallery', 'routes/gallery.tsx'),
  route('my-designs', 'routes/my-designs.tsx'),
  route('about-me', 'routes/about-me.tsx'),
  route('contact', 'routes/contact.tsx'),
  route('help', 'routes/help.tsx'),
  route('terms-of-service', 'routes/terms-of-service.tsx'),
  route('privacy-policy', 'routes/privacy-policy.tsx'),
  route('cookie-policy', 'routes/cookie-policy.tsx'),
  route('auth/callback', 'routes/auth-callback.tsx'),
  route('reset-password', 'routes/reset-password.tsx'),
  route('checkout/test/:sessionId', 'routes/checkout-test.tsx'),
  route('s/:token', 'routes/shared-design.tsx'),
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig
