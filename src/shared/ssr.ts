import type { Locale } from './locale';

/** What the server hands the web app's server entry for one page request. */
export interface SsrRequest {
  /** Path and query, e.g. "/senegal?sort=price-asc". */
  url: string;
  origin: string;
  locale: Locale;
  /** A fetch that reaches the shop's own API in-process (no network hop on the server). */
  fetch: typeof fetch;
}

export type SsrResult =
  | { kind: 'redirect'; status: number; location: string }
  | {
      kind: 'page';
      status: number;
      /** A buyer's or the operator's page: sent `private, no-store` and never kept in the page cache. */
      personal: boolean;
      /** Title, meta description, canonical and alternates, ready for <head>. */
      head: string;
      /** The app's markup for the root element. */
      html: string;
      /** Inline script that hands the server's data to the client for hydration. */
      stateScript: string;
    };

export type RenderPage = (request: SsrRequest) => Promise<SsrResult>;

/** Where the server's state for hydration is put on window. */
export const SSR_STATE_KEY = '__SHOP_STATE__';
