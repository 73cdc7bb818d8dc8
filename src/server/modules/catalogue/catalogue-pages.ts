import type {
  Guide,
  GuideCard,
  GuidePage,
  GuidePageQuery,
  GuideSort,
} from '../../../shared/contracts/catalogue';
import { type CountrySlug, guideMatchesCountry } from '../../../shared/countries';
import { toCents } from '../../../shared/money';
import { type SearchIndex, searchCatalogue } from './search-index';

const SORTS: Record<GuideSort, (a: Guide, b: Guide) => number> = {
  newest: (a, b) => b.createdAt.localeCompare(a.createdAt),
  oldest: (a, b) => a.createdAt.localeCompare(b.createdAt),
  'price-asc': (a, b) => toCents(a.price) - toCents(b.price),
  'price-desc': (a, b) => toCents(b.price) - toCents(a.price),
  'title-asc': (a, b) => a.title.localeCompare(b.title),
  'title-desc': (a, b) => b.title.localeCompare(a.title),
};

/**
 * Each index's lists (a country's guides, in one order), worked out once per index (a new index on
 * every change): a list page reads a slice, never the guides' text, and sorts nothing.
 */
const lists = new WeakMap<SearchIndex, Map<string, Guide[]>>();

function memoList(index: SearchIndex, key: string, make: () => Guide[]): Guide[] {
  const kept = lists.get(index) ?? new Map<string, Guide[]>();
  lists.set(index, kept);
  const list = kept.get(key) ?? make();
  kept.set(key, list);
  return list;
}

const countryGuides = (index: SearchIndex, country: CountrySlug) =>
  memoList(index, country, () => index.guides.filter((g) => guideMatchesCountry(g, country)));

/** The whole language's (or a country's) guides in `sort` order; the index's own order is newest first. */
function listed(index: SearchIndex, country: CountrySlug | undefined, sort: GuideSort): Guide[] {
  const all = () => (country ? countryGuides(index, country) : index.guides);
  if (sort === 'newest') return all();
  return memoList(index, `${country ?? ''}:${sort}`, () => [...all()].sort(SORTS[sort]));
}

const toCard = (g: Guide): GuideCard => ({
  id: g.id,
  slug: g.slug,
  title: g.title,
  description: g.description,
  price: g.price,
  imageUrl: g.imageUrl,
  hasPreview: g.hasPreview,
  locale: g.locale,
  rating: g.rating,
});

/**
 * One page of the guides a list shows: the search's (best matches first) or the whole language's
 * (newest first), of one country if asked, in the order asked. Past the last page: no guides, the
 * same totals, so that a page can say which is the last.
 */
export function guidePage(index: SearchIndex, query: GuidePageQuery): GuidePage {
  const { country, sort } = query;
  let found: Guide[];
  if (query.q?.trim()) {
    found = searchCatalogue(index, query.q);
    if (country) {
      const inCountry = new Set(countryGuides(index, country));
      found = found.filter((g) => inCountry.has(g));
    }
    // A stable sort: among equals, the best matches (then the newest) first.
    if (sort) found = [...found].sort(SORTS[sort]);
  } else found = listed(index, country, sort ?? 'newest');
  const pageSize = query.size;
  const start = (query.page - 1) * pageSize;
  return {
    guides: found.slice(start, start + pageSize).map(toCard),
    total: found.length,
    page: query.page,
    pageCount: Math.max(1, Math.ceil(found.length / pageSize)),
    pageSize,
  };
}
