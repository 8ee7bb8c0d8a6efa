// Types for the part of scripts/assets/eval-scenes.mjs (run as plain JavaScript by render.mjs) its test imports.
export const EVAL_VERSION: number
export const EMPHASES: readonly string[]
export function parseEvalArgs(argv: readonly string[]): {
  seed: number
  count: number
  out: string
  width: number
  samples: number
  start: number
  force: boolean
  emphasis: string | null
}
export function sceneName(seed: number, index: number): string
