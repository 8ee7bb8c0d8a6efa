// Types for scripts/e2e-report.mjs, which the gate runs as plain JavaScript and the e2e fixture and its test import.
export const PAGE_STATE_ATTACHMENT: string
export const NO_FRAME: string
export const BROWSER_STALL_STATE: string
export function failedOnBrowserStall(test: unknown): boolean
export function summariseE2eReport(report: unknown): { passed: number; failed: number; skipped: number; flaky: string[]; flakyCount: number; stalls: string[] }
