import { z } from 'zod'
import { failedPasswordRules } from '../password-strength'

// spec §5: sign-up needs an email and a password of at least 6; sign-in needs both; reset needs an email.
const email = z
  .string({ message: 'Please enter your email address' })
  .trim()
  .min(1, 'Please enter your email address')
  .max(254, 'Please enter a valid email address')
  .pipe(z.email('Please enter a valid email address'))
  // Emails are compared case-insensitively: stored and looked up in lower case.
  .transform((value) => value.toLowerCase())

export const SIGN_UP_MIN_PASSWORD = 6
export const MAX_PASSWORD = 128

export const SignUpSchema = z.object({
  email,
  password: z
    .string({ message: 'Please enter a password' })
    .min(1, 'Please enter a password')
    .min(SIGN_UP_MIN_PASSWORD, `Password must be at least ${SIGN_UP_MIN_PASSWORD} characters`)
    .max(MAX_PASSWORD, `Password must be at most ${MAX_PASSWORD} characters`),
  name: z.string().trim().max(100).optional(),
})
export type SignUp = z.infer<typeof SignUpSchema>

export const SignInSchema = z.object({
  email,
  password: z.string({ message: 'Please enter your password' }).min(1, 'Please enter your password').max(MAX_PASSWORD, 'Please enter your password'),
})
export type SignIn = z.infer<typeof SignInSchema>

export const PasswordResetRequestSchema = z.object({ email })
export type PasswordResetRequest = z.infer<typeof PasswordResetRequestSchema>

/** spec §5 reset page: at least 8 characters, one uppercase, one lowercase, one number. */
export const NewPasswordSchema = z.object({
  token: z.string({ message: 'Invalid or expired reset link. Please request a new password reset.' }).min(1, 'Invalid or expired reset link. Please request a new password reset.').max(200),
  newPassword: z
    .string({ message: 'Please enter a new password' })
    .max(MAX_PASSWORD, `Password must be at most ${MAX_PASSWORD} characters`)
    .superRefine((value, context) => {
      const failed = failedPasswordRules(value)
      if (failed.length > 0) context.addIssue({ code: 'custom', message: `Password does not meet requirements: ${failed.join(', ')}` })
    }),
})
export type NewPassword = z.infer<typeof NewPasswordSchema>
