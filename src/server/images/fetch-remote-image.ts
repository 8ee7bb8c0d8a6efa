import { lookup as dnsLookup } from 'node:dns/promises'
import http, { type IncomingMessage } from 'node:http'
import https from 'node:https'
import { isIP, type LookupFunction } from 'node:net'
import { MAX_UPLOAD_BYTES } from '../../shared/upload-rules'
import { isPublicAddress } from './address-policy'

export type ResolvedAddress = { address: string; family: 4 | 6 }
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>

export type RemoteFetchOptions = {
  resolver?: Resolver
  /** host:port pairs a test may reach although private; production passes none. */
  allowHosts?: ReadonlySet<string>
  maxBytes?: number
  timeoutMs?: number
  maxRedirects?: number
}

export type RemoteFetchFailure = 'invalid_url' | 'blocked' | 'unreachable' | 'http_error' | 'too_large' | 'timeout' | 'too_many_redirects'

export class RemoteFetchError extends Error {
  constructor(
    readonly reason: RemoteFetchFailure,
    message: string,
    readonly detail?: { bytes?: number },
  ) {
    super(message)
    this.name = 'RemoteFetchError'
  }
}

const defaultResolver: Resolver = async (hostname) => (await dnsLookup(hostname, { all: true, verbatim: true })).map((entry) => ({ address: entry.address, family: entry.family === 6 ? 6 : 4 }))

/**
 * Fetches an image URL for a user without letting them reach our network: http(s) only; every address
 * the name resolves to must be public, and the connection is pinned to the checked address (no DNS
 * rebinding); redirects are followed by hand (at most 3), each hop checked again; the body stops at
 * maxBytes and the whole exchange at timeoutMs.
 */
export async function fetchRemoteImage(rawUrl: string, options: RemoteFetchOptions = {}): Promise<Buffer> {
  const maxBytes = options.maxBytes ?? MAX_UPLOAD_BYTES
  const maxRedirects = options.maxRedirects ?? 3
  const deadline = AbortSignal.timeout(options.timeoutMs ?? 15_000)
  let url = parseHttpUrl(rawUrl)
  for (let hop = 0; ; hop += 1) {
    const target = await checkTarget(url, options)
    const response = await request(url, target, deadline)
    const status = response.statusCode ?? 0
    if (status >= 300 && status < 400 && response.headers.location) {
      response.resume()
      if (hop >= maxRedirects) throw new RemoteFetchError('too_many_redirects', `more than ${maxRedirects} redirects`)
      url = parseHttpUrl(new URL(response.headers.location, url).toString())
      continue
    }
    if (status < 200 || status >= 300) {
      response.resume()
      throw new RemoteFetchError('http_error', `remote answered ${status}`)
    }
    return readBody(response, maxBytes, deadline)
  }
}

function parseHttpUrl(raw: string): URL {
  let url: URL
  try {
    url = new URL(raw)
  } catch {
    throw new RemoteFetchError('invalid_url', 'not a URL')
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new RemoteFetchError('invalid_url', `protocol ${url.protocol} is not allowed`)
  if (url.username || url.password) throw new RemoteFetchError('invalid_url', 'credentials in URLs are not allowed')
  return url
}

async function checkTarget(url: URL, options: RemoteFetchOptions): Promise<ResolvedAddress> {
  // The WHATWG parser already turns 0x7f000001 and 2130706433 into 127.0.0.1; IPv6 comes bracketed.
  const host = url.hostname.replace(/^\[|\]$/g, '')
  const port = url.port || (url.protocol === 'https:' ? '443' : '80')
  const allowed = options.allowHosts?.has(`${host}:${port}`) ?? false
  let addresses: ResolvedAddress[]
  const literal = isIP(host)
  if (literal) addresses = [{ address: host, family: literal === 6 ? 6 : 4 }]
  else {
    try {
      addresses = await (options.resolver ?? defaultResolver)(host)
    } catch {
      throw new RemoteFetchError('unreachable', `cannot resolve ${host}`)
    }
  }
  if (addresses.length === 0) throw new RemoteFetchError('unreachable', `no address for ${host}`)
  if (!allowed && addresses.some((entry) => !isPublicAddress(entry.address))) throw new RemoteFetchError('blocked', `${host} resolves to a private address`)
  return addresses[0]!
}

function request(url: URL, target: ResolvedAddress, signal: AbortSignal): Promise<IncomingMessage> {
  // Connect to the address we checked, whatever a second DNS answer would say.
  const pinned: LookupFunction = (_hostname, options, callback) => {
    if (options.all) callback(null, [{ address: target.address, family: target.family }])
    else callback(null, target.address, target.family)
  }
  const client = url.protocol === 'https:' ? https : http
  return new Promise((resolve, reject) => {
    const outgoing = client.request(url, { method: 'GET', lookup: pinned, signal, headers: { accept: 'image/*', 'user-agent': 'LavoImageImport/1.0' }, agent: false }, resolve)
    outgoing.on('error', (error) => reject(signal.aborted ? new RemoteFetchError('timeout', 'timed out') : new RemoteFetchError('unreachable', error.message)))
    outgoing.end()
  })
}

function readBody(response: IncomingMessage, maxBytes: number, signal: AbortSignal): Promise<Buffer> {
  const declared = Number(response.headers['content-length'])
  if (Number.isFinite(declared) && declared > maxBytes) {
    response.destroy()
    return Promise.reject(new RemoteFetchError('too_large', 'declared body too large', { bytes: declared }))
  }
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    let received = 0
    const onAbort = () => {
      response.destroy()
      reject(new RemoteFetchError('timeout', 'timed out'))
    }
    signal.addEventListener('abort', onAbort, { once: true })
    response.on('data', (chunk: Buffer) => {
      received += chunk.length
      if (received > maxBytes) {
        signal.removeEventListener('abort', onAbort)
        response.destroy()
        reject(new RemoteFetchError('too_large', 'body too large', { bytes: received }))
        return
      }
      chunks.push(chunk)
    })
    response.on('end', () => {
      signal.removeEventListener('abort', onAbort)
      resolve(Buffer.concat(chunks))
    })
    response.on('error', (error) => {
      signal.removeEventListener('abort', onAbort)
      reject(signal.aborted ? new RemoteFetchError('timeout', 'timed out') : new RemoteFetchError('unreachable', error.message))
    })
  })
}
