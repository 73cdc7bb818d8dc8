/**
 * Bounds on what one log line may carry: a failed statement's error once held its whole
 * 5 MB parameter list, in the message and again in the stack. Strings, arrays and errors are cut to
 * a few hundred characters each, so a line stays within a few KB whatever is logged.
 */

/** Longest string kept in a log field; the message and an error's message get the same. */
export const LOG_TEXT_MAX = 1000;
const LOG_STACK_MAX = 1500;
const LOG_ARRAY_MAX = 20;
const LOG_DEPTH_MAX = 3;

export function boundText(text: string, max = LOG_TEXT_MAX): string {
  return text.length <= max ? text : `${text.slice(0, max)}… (${text.length - max} more characters)`;
}

/** Strings cut, arrays shortened, nesting limited: for fields no serializer knows. */
function boundValue(value: unknown, depth: number): unknown {
  if (typeof value === 'string') return boundText(value);
  if (value === null || typeof value !== 'object' || value instanceof Error) return value;
  if (ArrayBuffer.isView(value)) return `[${value.byteLength} bytes]`;
  if (depth >= LOG_DEPTH_MAX) return Array.isArray(value) ? `[${value.length} items]` : '[object]';
  if (Array.isArray(value)) {
    const kept = value.slice(0, LOG_ARRAY_MAX).map((item) => boundValue(item, depth + 1));
    return value.length > LOG_ARRAY_MAX ? [...kept, `… (${value.length - LOG_ARRAY_MAX} more items)`] : kept;
  }
  if (Object.getPrototypeOf(value) !== Object.prototype && Object.getPrototypeOf(value) !== null)
    return value;
  const entries = Object.entries(value);
  const bounded = entries
    .slice(0, LOG_ARRAY_MAX * 2)
    .map(([key, child]) => [key, boundValue(child, depth + 1)]);
  return Object.fromEntries(bounded);
}

/** pino's formatters.log: every field of a line bounded (err, req and res go to their serializers). */
export function boundLogFields(fields: Record<string, unknown>): Record<string, unknown> {
  const bounded: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(fields)) {
    bounded[key] = key === 'err' || key === 'req' || key === 'res' ? value : boundValue(value, 1);
  }
  return bounded;
}

interface LoggedError {
  type: string;
  message: string;
  stack: string;
  code?: string | number;
  statusCode?: number;
  cause?: LoggedError;
  [key: string]: unknown;
}

/**
 * pino's err serializer, bounded: the type, message, code and status, the stack without its first
 * line (the message again), and the causes (drizzle wraps the driver's error), two deep. A failed
 * query's own `query` and `params` are never logged: they hold the rows.
 */
export function serializeErrorForLog(error: unknown, depth = 0): LoggedError {
  if (!(error instanceof Error))
    return { type: typeof error, message: boundText(String(error), 500), stack: '' };
  const { code, statusCode, cause, query } = error as {
    code?: unknown;
    statusCode?: unknown;
    cause?: unknown;
    query?: unknown;
  };
  // drizzle's message repeats the parameters after the statement: keep the statement only.
  const message = typeof query === 'string' && 'params' in error ? `Failed query: ${query}` : error.message;
  const frames = depth === 0 ? (error.stack ?? '').split('\n    at ').slice(1) : [];
  const logged: LoggedError = {
    type: error.constructor?.name ?? 'Error',
    message: boundText(message, 500),
    stack: frames.length > 0 ? boundText(`at ${frames.join('\n    at ')}`, LOG_STACK_MAX) : '',
  };
  if (typeof code === 'string' || typeof code === 'number') logged.code = code;
  if (typeof statusCode === 'number') logged.statusCode = statusCode;
  if (cause !== undefined && depth < 2) logged.cause = serializeErrorForLog(cause, depth + 1);
  return logged;
}
