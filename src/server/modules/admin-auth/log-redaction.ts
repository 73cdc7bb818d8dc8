import { boundText } from '../../http/log-limits';

const LOGGED_PATH_MAX = 300;
const LOGGED_PARAMS_MAX = 20;

/**
 * The URL for request logs: the path, and the names of the query parameters with every value
 * replaced, so a key pasted into a URL, a search or an email address stays out.
 */
export function redactQueryValues(url: string | undefined): string | undefined {
  if (!url) return url;
  const queryStart = url.indexOf('?');
  const path = boundText(queryStart === -1 ? url : url.slice(0, queryStart), LOGGED_PATH_MAX);
  if (queryStart === -1) return path;
  const pairs = url.slice(queryStart + 1).split('&');
  const query = pairs
    .slice(0, LOGGED_PARAMS_MAX)
    .map((pair) => {
      const nameEnd = pair.indexOf('=');
      const name = boundText(nameEnd === -1 ? pair : pair.slice(0, nameEnd), 50);
      return nameEnd === -1 ? name : `${name}=[Redacted]`;
    })
    .join('&');
  return `${path}?${query}${pairs.length > LOGGED_PARAMS_MAX ? `&… (${pairs.length - LOGGED_PARAMS_MAX} more)` : ''}`;
}

/** Fastify's request log serializer, with the query values redacted; headers are never logged. */
export function serializeRequestForLog(request: {
  method?: string;
  url?: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number } | null;
}) {
  return {
    method: request.method,
    url: redactQueryValues(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
