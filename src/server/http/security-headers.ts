import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';

/** Stripe.js and the frames and API it talks to (docs.stripe.com/security/guide#content-security-policy). */
const STRIPE = {
  script: ['https://js.stripe.com'],
  frame: ['https://js.stripe.com', 'https://hooks.stripe.com'],
  connect: ['https://api.stripe.com'],
};

/** Pages that load Stripe.js; every other page refuses Stripe's origins too. */
export const STRIPE_PAGES = ['/checkout'];

const usesStripe = (url: string): boolean => {
  const pathname = url.split('?')[0] ?? '';
  return STRIPE_PAGES.some((page) => pathname === page || pathname.startsWith(`${page}/`));
};

/** The hash source of an inline script's text, as CSP expects it. */
export function scriptHash(source: string): string {
  return `'sha256-${createHash('sha256').update(source, 'utf8').digest('base64')}'`;
}

/**
 * The Content-Security-Policy of an HTML page. Scripts: our own files and the exact inline scripts
 * the server wrote (by hash); styles may be inline (the critical CSS is); no plugin, no framing,
 * forms post only here.
 */
export function pageContentSecurityPolicy(options: { url: string; inlineScripts: string[] }): string {
  const stripe = usesStripe(options.url);
  const list = (...sources: (string | false)[]) => sources.filter(Boolean).join(' ');
  return [
    "default-src 'self'",
    "base-uri 'none'",
    "object-src 'none'",
    "frame-ancestors 'none'",
    "form-action 'self'",
    list("script-src 'self'", ...options.inlineScripts.map(scriptHash), stripe && STRIPE.script.join(' ')),
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    list("connect-src 'self'", stripe && STRIPE.connect.join(' ')),
    stripe ? `frame-src ${STRIPE.frame.join(' ')}` : "frame-src 'self'",
    "worker-src 'self' blob:",
    "manifest-src 'self'",
  ].join('; ');
}

/** What an API answer or a file may do when opened as a document: nothing. */
const NON_PAGE_POLICY = "default-src 'none'; frame-ancestors 'none'; sandbox";

/**
 * Headers on every answer: the request id (the same as in the log lines), no MIME sniffing, no framing, HTTPS remembered for a year, and a
 * same-origin referrer policy because order pages and download links carry their tokens in the
 * URL. Pages set their own CSP (render/pages.ts); anything else gets the closed policy unless a
 * route chose one.
 */
export function registerSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    reply.header('x-request-id', request.id);
    reply.header('x-content-type-options', 'nosniff');
    reply.header('x-frame-options', 'DENY');
    reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
    if (!reply.hasHeader('referrer-policy')) reply.header('referrer-policy', 'same-origin');
    reply.header('cross-origin-opener-policy', 'same-origin');
    reply.header(
      'permissions-policy',
      'camera=(), microphone=(), geolocation=(), payment=(self "https://js.stripe.com")',
    );
    const type = String(reply.getHeader('content-type') ?? '');
    if (!reply.hasHeader('content-security-policy') && !type.startsWith('text/html')) {
      reply.header('content-security-policy', NON_PAGE_POLICY);
    }
    return payload;
  });
}
