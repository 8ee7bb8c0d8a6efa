import nodemailer from 'nodemailer'
import type { EmailMessage, EmailProvider } from './email-provider'

export function createSmtpEmail(options: { url: string; from: string }): EmailProvider {
  const transport = nodemailer.createTransport(options.url)
  return {
    name: 'smtp',
    async send(message: EmailMessage) {
      await transport.sendMail({ from: options.from, to: message.to, replyTo: message.replyTo, subject: message.subject, text: message.text })
    },
  }
}
