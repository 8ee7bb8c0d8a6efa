// GET /api/config: what the browser may know about how this server is set up. Public pages are prerendered at
// build time, but the generator and sign-in options are chosen when the server starts: pages read them here.

/** Which generator makes designs: Lavo's on-machine engine, or a named AI model. */
export type GeneratorInfo = { kind: 'built-in' } | { kind: 'ai-model'; model: string; provider: string }

export type PublicConfig = {
  googleSignIn: boolean
  payments: 'test' | 'stripe'
  stripePublishableKey: string | null
  generator: GeneratorInfo
  /** spec §9: after this long from acceptance a generation ends as a timeout (sample shown, credit returned). */
  generationTimeoutSeconds: number
}
