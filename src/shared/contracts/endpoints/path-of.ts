import type { Route } from './define';

/**
 * A declared endpoint's path with its `:name` segments filled (encoded): `pathOf(order, { id })`.
 * The browser's client and the server's own links (download links, provider callbacks) build their
 * URLs from the catalogue, so a path is written once.
 */
export function pathOf(endpoint: Route, params: object = {}): string {
  const values = params as Record<string, string>;
  return endpoint.path.replace(/:([A-Za-z]+)/g, (_, name: string) => encodeURIComponent(values[name]!));
}
