// spec §5 reset-page password rules and strength levels.
export const PASSWORD_RULES = [
  { id: 'length', label: 'At least 8 characters', test: (password: string) => password.length >= 8 },
  { id: 'uppercase', label: 'One uppercase letter', test: (password: string) => /[A-Z]/.test(password) },
  { id: 'lowercase', label: 'One lowercase letter', test: (password: string) => /[a-z]/.test(password) },
  { id: 'number', label: 'One number', test: (password: string) => /\d/.test(password) },
] as const

export type PasswordStrength = 'weak' | 'medium' | 'strong'

const SPECIAL = /[^A-Za-z0-9]/

export function failedPasswordRules(password: string): string[] {
  return PASSWORD_RULES.filter((rule) => !rule.test(password)).map((rule) => rule.label)
}

/** Weak if any rule fails; else strong at 12+ with a special character, medium at 10+ or with one, else weak. */
export function passwordStrength(password: string): PasswordStrength {
  if (failedPasswordRules(password).length > 0) return 'weak'
  const special = SPECIAL.test(password)
  if (password.length >= 12 && special) return 'strong'
  if (password.length >= 10 || special) return 'medium'
  return 'weak'
}
