import { z } from 'zod';
import { binaryResponse } from './answers';

/** A signed link's token: at least the 128-bit signature and an address, base64url. */
const params = z.object({
  token: z
    .string()
    .regex(
      /^[A-Za-z0-9_-]{26,600}$/,
      'must be the token of an unsubscribe link (26 to 600 url-safe characters)',
    ),
});

export const consentSchemas = {
  unsubscribePage: {
    summary: 'The unsubscribe page of a link from an email: one button, in the buyer’s language, no script',
    mediaType: 'text/html',
    errors: [404, 429],
    params,
    response: binaryResponse('An HTML page with one button'),
  },
  unsubscribe: {
    summary: 'Stop the news and notices to the link’s address, at once (also RFC 8058’s one-click POST)',
    mediaType: 'text/html',
    errors: [404, 429],
    params,
    response: binaryResponse('An HTML page saying it is done'),
  },
};
