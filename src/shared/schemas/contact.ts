import { z } from './zod'

// spec §5 Contact: name, email (email type) and message are required.
export const CONTACT_LIMITS = { name: 100, email: 254, message: 5000 } as const

export const ContactMessageSchema = z.object({
  name: z
    .string({ message: 'Please enter your name' })
    .trim()
    .min(1, 'Please enter your name')
    .max(CONTACT_LIMITS.name, `Please keep your name under ${CONTACT_LIMITS.name} characters`)
    // A name becomes part of an email subject: line breaks there would forge headers.
    .transform((name) => name.replace(/[\r\n\t]+/g, ' ')),
  email: z
    .string({ message: 'Please enter your email address' })
    .trim()
    .min(1, 'Please enter your email address')
    .max(CONTACT_LIMITS.email, 'Please enter a valid email address')
    .pipe(z.email('Please enter a valid email address')),
  message: z
    .string({ message: 'Please enter a message' })
    .trim()
    .min(1, 'Please enter a message')
    .max(CONTACT_LIMITS.message, `Please keep your message under ${CONTACT_LIMITS.message} characters`),
})
export type ContactMessage = z.infer<typeof ContactMessageSchema>
export type ContactMessageInput = z.input<typeof ContactMessageSchema>
