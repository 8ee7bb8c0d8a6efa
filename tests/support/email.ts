import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'

/** Every whole message in an outbox folder (its .eml files, oldest first), or none while the folder is missing. */
export function readOutboxFolder(dir: string): string[] {
  try {
    return readdirSync(dir)
      .filter((file) => file.endsWith('.eml'))
      .sort()
      .map((file) => readFileSync(path.join(dir, file), 'utf8'))
  } catch {
    return []
  }
}

/** The plain-text body of an .eml file, with quoted-printable or base64 transfer encoding undone. */
export function emailText(eml: string): string {
  const split = eml.search(/\r?\n\r?\n/)
  const headers = eml.slice(0, split)
  const body = eml.slice(split).replace(/^\r?\n\r?\n/, '')
  const encoding = headers.match(/^Content-Transfer-Encoding:\s*(\S+)/im)?.[1]?.toLowerCase()
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
  if (encoding === 'quoted-printable') {
    const joined = body.replace(/=\r?\n/g, '')
    const bytes: number[] = []
    for (let index = 0; index < joined.length; index += 1) {
      const hex = joined.slice(index + 1, index + 3)
      if (joined[index] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
        bytes.push(parseInt(hex, 16))
        index += 2
      } else bytes.push(...Buffer.from(joined[index]!, 'utf8'))
    }
    return Buffer.from(bytes).toString('utf8')
  }
  return body
}

/** The token of the password-reset link in an email. */
export function resetTokenFrom(eml: string): string {
  const match = emailText(eml).match(/\/reset-password\?token=([\w%-]+)/)
  if (!match) throw new Error('no reset link in the email')
  return decodeURIComponent(match[1]!)
}

/** The full reset link in an email. */
export function resetLinkFrom(eml: string): string {
  const match = emailText(eml).match(/https?:\/\/\S+\/reset-password\?token=[\w%-]+/)
  if (!match) throw new Error('no reset link in the email')
  return match[0]
}
