import { describe, expect, it } from 'vitest'
import { createLogger } from './logger'

describe('createLogger', () => {
  it('writes one JSON object a line with the bound context, and drops lines below its level', () => {
    const lines: string[] = []
    const logger = createLogger('info', { role: 'api' }, (line) => lines.push(line)).child({ requestId: 'r1' })
    logger.debug('hidden')
    logger.info('shown', { userId: 'u1' })
    expect(lines).toHaveLength(1)
    expect(JSON.parse(lines[0]!)).toMatchObject({ level: 'info', msg: 'shown', role: 'api', requestId: 'r1', userId: 'u1' })
  })

  it('logs an error with its code and the chain of causes a wrapped database error carries', () => {
    const lines: string[] = []
    const driverError = Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' })
    const wrapped = new Error('Failed query: select 1', { cause: driverError })
    createLogger('error', {}, (line) => lines.push(line)).error('unhandled error', { error: wrapped })
    const { error } = JSON.parse(lines[0]!) as { error: { message: string; cause: { message: string; code: string } } }
    expect(error.message).toBe('Failed query: select 1')
    expect(error.cause).toMatchObject({ message: 'terminating connection due to administrator command', code: '57P01' })
  })
})
