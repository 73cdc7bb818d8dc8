import type { FastifyInstance } from 'fastify';
import { api } from '../../../shared/contracts/endpoints/bound';
import type { Locale } from '../../../shared/locale';
import { route } from '../../http/endpoint';
import { sendCompressedOnce, sendPrecompressed } from '../../http/precompressed';
import { listActiveGuides } from './catalogue.service';
import { guidePage } from './catalogue-pages';
import { buildSearchIndex, searchCatalogue } from './search-index';

/** The storefront's lists and searches, read from the search index of each language. */
export function registerListRoutes(app: FastifyInstance): void {
  const { db } = app.services;
  const cache = app.services.catalogueCache;
  const index = (locale: Locale) =>
    cache.index(locale, async () => buildSearchIndex(await listActiveGuides(db, locale)));
  const contentType = 'application/json; charset=utf-8';

  route(
    app,
    api.storefront.listGuides,
    {
      // Served pre-compressed from the cache below.
      compress: false,
    },
    async (request, typedReply) => {
      const { locale, q } = request.query;
      // A search is read from the index for each request: with a new term each time, keeping its
      // answer compressed at the highest settings cost ten times the search itself.
      if (q?.trim()) {
        const text = JSON.stringify(searchCatalogue(await index(locale), q));
        return sendCompressedOnce(request, typedReply, text, { contentType });
      }
      const body = await cache.get(`${locale}:${q ?? ''}`, async () =>
        searchCatalogue(await index(locale), q),
      );
      // The body is already serialised (from data the contract typed): send the bytes as they are.
      return sendPrecompressed(request, typedReply, body, { contentType });
    },
  );

  // One page of a list or a search, with only what a card shows.
  route(app, api.storefront.guidePage, { compress: false }, async (request, typedReply) => {
    const query = request.query;
    const page = guidePage(await index(query.locale), query);
    // Searches and addresses past the last page are made up by the client: compressed for each
    // request, never kept. The list pages (a few hundred at most) are kept compressed.
    if (query.q?.trim() || (page.guides.length === 0 && page.page > 1)) {
      return sendCompressedOnce(request, typedReply, JSON.stringify(page), { contentType });
    }
    const key = ['page', query.locale, query.country, query.sort, query.page, query.size].join(':');
    const body = await cache.get(key, async () => page);
    return sendPrecompressed(request, typedReply, body, { contentType });
  });
}
