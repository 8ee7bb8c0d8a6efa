// Structured JSON logs, one object a line, with whatever context (request id, user id) the caller binds.
export type LogLevel = 'debug' | 'info' | 'warn' | 'error' | 'silent'
export type Logger = {
  debug: (msg: string, context?: Record<string, unknown>) => void
  info: (msg: string, context?: Record<string, unknown>) => void
  warn: (msg: string, context?: Record<string, unknown>) => void
  error: (msg: string, context?: Record<string, unknown>) => void
  child: (context: Record<string, unknown>) => Logger
}

const ORDER: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 }

type SerializedError = { name: string; message: string; code?: unknown; stack?: string; cause?: SerializedError | unknown }

/** An error as JSON, with its database code and the chain of causes (drizzle wraps the driver's error as its cause). */
function serializeError(error: Error, depth = 0): SerializedError {
  const code = (error as { code?: unknown }).code
  const cause = error.cause
  return {
    name: error.name,
    message: error.message,
    ...(code === undefined ? {} : { code }),
    stack: error.stack,
    ...(cause === undefined ? {} : { cause: cause instanceof Error && depth < 4 ? serializeError(cause, depth + 1) : cause }),
  }
}

export function createLogger(level: LogLevel, bound: Record<string, unknown> = {}, write: (line: string) => void = (line) => process.stdout.write(line + '\n')): Logger {
  const log = (at: Exclude<LogLevel, 'silent'>) => (msg: string, context: Record<string, unknown> = {}) => {
    if (ORDER[at] < ORDER[level]) return
    const entry: Record<string, unknown> = { time: new Date().toISOString(), level: at, msg, ...bound, ...context }
    for (const [key, value] of Object.entries(entry)) {
      if (value instanceof Error) entry[key] = serializeError(value)
    }
    write(JSON.stringify(entry))
  }
  return {
    debug: log('debug'),
    info: log('info'),
    warn: log('warn'),
    error: log('error'),
    child: (context) => createLogger(level, { ...bound, ...context }, write),
  }
}
