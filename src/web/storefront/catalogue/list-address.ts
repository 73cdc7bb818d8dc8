import { GUIDE_PAGE_MAX, GUIDE_SORTS, type GuideSort } from '../../../shared/guide-pages';

/**
 * The page a list address asks for (`?page=`): a whole number from 1. Anything else (`abc`, `-1`,
 * `1e308`, `2.5`, empty, 10,000 characters) is the first page; a number past any catalogue stays a
 * number past the last page (the page says 404), capped at what the API takes.
 */
export function pageFrom(params: URLSearchParams): number {
  const value = params.get('page') ?? '';
  if (!/^[0-9]{1,20}$/.test(value)) return 1;
  const page = Number(value);
  return page < 1 ? 1 : Math.min(page, GUIDE_PAGE_MAX);
}

export function sortFrom(params: URLSearchParams): GuideSort | undefined {
  const value = params.get('sort');
  return (GUIDE_SORTS as readonly string[]).includes(value ?? '') ? (value as GuideSort) : undefined;
}

/** What a list page's links keep of its address: the search it shows, the order, the language. */
export interface ListFilters {
  search?: string;
  sort?: GuideSort;
  lang?: string;
}

/**
 * The address of a page of a list: its filters kept, `page` set, and left out for the first page
 * (the list's canonical address). A link that changes a filter passes no page: it starts again at 1.
 */
export function listHref(pathname: string, filters: ListFilters, page = 1): string {
  const next = new URLSearchParams();
  for (const [name, value] of Object.entries(filters)) if (value) next.set(name, value);
  if (page > 1) next.set('page', String(page));
  const search = next.toString();
  return search ? `${pathname}?${search}` : pathname;
}
