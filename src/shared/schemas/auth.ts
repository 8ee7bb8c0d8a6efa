import { z } from './zod'
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

/** A display name, on sign-up and on every later change of it. */
export const NAME_MAX = 100
export const DisplayNameSchema = z
  .string({ message: 'Please enter your name' })
  .trim()
  .max(NAME_MAX, `Please keep your name under ${NAME_MAX} characters`)
  // Names appear in email greetings and headers: no line breaks or other control characters.
  .refine((value) => ![...value].some((char) => char.charCodeAt(0) < 0x20 || char.charCodeAt(0) === 0x7f), 'Your name contains a character that is not allowed')

export const SignUpSchema = z.object({
  email,
  password: z
    .string({ message: 'Please enter a password' })
    .min(1, 'Please enter a password')
    .min(SIGN_UP_MIN_PASSWORD, `Password must be at least ${SIGN_UP_MIN_PASSWORD} characters`)
    .max(MAX_PASSWORD, `Password must be at most ${MAX_PASSWORD} characters`),
  name: DisplayNameSchema.optional(),
  /** The unticked 'join the email list' box (issue 22): only true adds anyone to the list. */
  newsletter: z.boolean().default(false),
})
export type SignUp = z.infer<typeof SignUpSchema>
export type SignUpInput = z.input<typeof SignUpSchema>

export const SignInSchema = z.object({
  email,
  password: z.string({ message: 'Please enter your password' }).min(1, 'Please enter your password').max(MAX_PASSWORD, 'Please enter your password'),
})
export type SignIn = z.infer<typeof SignInSchema>
export type SignInInput = z.input<typeof SignInSchema>

export const PasswordResetRequestSchema = z.object({ email })
export type PasswordResetRequest = z.infer<typeof PasswordResetRequestSchema>
export type PasswordResetRequestInput = z.input<typeof PasswordResetRequestSchema>

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
export type NewPasswordInput = z.input<typeof NewPasswordSchema>

/** better-auth's update-user, limited to what a person may change about themselves. */
export const UpdateUserSchema = z.object({
  name: DisplayNameSchema.pipe(z.string().min(1, 'Please enter your name')).optional(),
  image: z.string().trim().max(2048).pipe(z.url('Please enter a valid image address')).nullable().optional(),
})

/** better-auth's change-password: every other session of the account always ends (revokeOtherSessions). */
export const ChangePasswordSchema = z.object({
  currentPassword: z.string({ message: 'Please enter your current password' }).min(1, 'Please enter your current password').max(MAX_PASSWORD, 'Please enter your current password'),
  newPassword: NewPasswordSchema.shape.newPassword,
})
