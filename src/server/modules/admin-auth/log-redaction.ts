// Query parameters whose values never reach the logs: a key pasted into a URL by mistake stays out.
const SECRET_PARAM = /key|token|secret|password/i;

/** The URL with the values of key-like query parameters replaced, for request logs. */
export function redactSecretQuery(url: string | undefined): string | undefined {
  if (!url) return url;
  const queryStart = url.indexOf('?');
  if (queryStart === -1) return url;
  const query = url
    .slice(queryStart + 1)
    .split('&')
    .map((pair) => {
      const nameEnd = pair.indexOf('=');
      const name = nameEnd === -1 ? pair : pair.slice(0, nameEnd);
      let decoded = name;
      try {
        decoded = decodeURIComponent(name);
      } catch {
        // A malformed name is logged as sent.
      }
      return nameEnd !== -1 && SECRET_PARAM.test(decoded) ? `${name}=[Redacted]` : pair;
    })
    .join('&');
  return `${url.slice(0, queryStart)}?${query}`;
}

/** Fastify's request log serializer, with the query string redacted; headers are never logged. */
export function serializeRequestForLog(request: {
  method?: string;
  url?: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number } | null;
}) {
  return {
    method: request.method,
    url: redactSecretQuery(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
