import { mkdir, rename, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { randomUUID } from 'node:crypto'
import nodemailer from 'nodemailer'
import type { EmailMessage, EmailProvider } from './email-provider'

/** Writes each message as a real RFC 822 .eml file under the outbox folder (the offline default). */
export function createOutboxEmail(options: { dir: string; from: string }): EmailProvider {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' })
  return {
    name: 'outbox',
    async send(message: EmailMessage) {
      const info = await transport.sendMail({ from: options.from, to: message.to, replyTo: message.replyTo, subject: message.subject, text: message.text })
      await mkdir(options.dir, { recursive: true, mode: 0o700 })
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID().slice(0, 8)}.eml`
      // Written beside it under a hidden name, then renamed: whoever reads the outbox sees a whole message or none.
      // Reset links are in here: the server's user alone may read them.
      const partial = path.join(options.dir, `.${name}.partial`)
      await writeFile(partial, info.message as Buffer, { mode: 0o600 })
      await rename(partial, path.join(options.dir, name))
    },
  }
}
