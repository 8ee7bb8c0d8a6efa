/**
 * Abuse limits for test instances: the suites make hundreds of uploads, generations and sign-ups from one
 * address in minutes, far past what one person does. The image-import limit keeps its production value
 * (a test checks it); tests of a limit itself set that limit explicitly.
 */
export const TEST_RATE_LIMITS: Record<string, string> = {
  RATE_LIMIT_CONTACT_IP: '1000/60',
  RATE_LIMIT_CONTACT_ACCOUNT: '1000/60',
  RATE_LIMIT_UPLOAD_IP: '5000/60',
  RATE_LIMIT_UPLOAD_ACCOUNT: '5000/60',
  RATE_LIMIT_PHOTO_CHECK_IP: '5000/60',
  RATE_LIMIT_PHOTO_CHECK_ACCOUNT: '5000/60',
  RATE_LIMIT_SHARE_IP: '5000/60',
  RATE_LIMIT_SHARE_ACCOUNT: '5000/60',
  RATE_LIMIT_SHARE_VIEW_IP: '5000/60',
  RATE_LIMIT_SIGN_UP_IP: '5000/60',
  RATE_LIMIT_PASSWORD_RESET_IP: '1000/60',
  RATE_LIMIT_PASSWORD_RESET_EMAIL: '1000/60',
  RATE_LIMIT_GENERATION_IP: '5000/60',
  RATE_LIMIT_GENERATION_ACCOUNT: '5000/60',
  RATE_LIMIT_PRODUCTS_IP: '5000/60',
  RATE_LIMIT_PRODUCTS_ACCOUNT: '5000/60',
  MAX_QUEUED_GENERATIONS: '100',
}
