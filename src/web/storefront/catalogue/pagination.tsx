import { Link } from 'wouter';
import type { GuidePage } from '../../../shared/contracts/catalogue';
import { useI18n } from '../../i18n';

/** The pages near this one, the first and the last; `null` where some are left out. */
export function pageNumbers(page: number, count: number): (number | null)[] {
  const shown = [...new Set([1, page - 1, page, page + 1, count])]
    .filter((p) => p >= 1 && p <= count)
    .sort((a, b) => a - b);
  return shown.flatMap((p, i) => (i > 0 && p - shown[i - 1]! > 1 ? [null, p] : [p]));
}

const pageLinkClass =
  'inline-flex h-11 min-w-11 items-center justify-center gap-1 rounded-md border px-3 font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-700';

/** "Page 2 sur 42" and the links to the other pages: plain addresses, 44 px targets. */
export function Pagination(props: { data: GuidePage; href: (page: number) => string }) {
  const { t, locale } = useI18n();
  const { page, pageCount, pageSize, total } = props.data;
  const number = (n: number) => n.toLocaleString(locale === 'fr' ? 'fr-FR' : 'en-GB');
  const from = (page - 1) * pageSize + 1;
  const to = Math.min(page * pageSize, total);
  return (
    <nav aria-label={t('pagination.label')} className="mt-8 flex flex-col items-center gap-4">
      <p className="text-sm text-stone-600">
        {t('pagination.status', { page: number(page), count: number(pageCount) })}
        {' · '}
        {t('pagination.showing', { from: number(from), to: number(to), total: number(total) })}
      </p>
      <ul className="flex flex-wrap items-center justify-center gap-2">
        {page > 1 ? (
          <li>
            <Link
              href={props.href(page - 1)}
              rel="prev"
              className={`${pageLinkClass} border-teal-800 text-teal-900 hover:bg-teal-50`}
            >
              <span aria-hidden="true">‹</span>
              {t('pagination.previous')}
            </Link>
          </li>
        ) : null}
        {pageNumbers(page, pageCount).map((p, i) =>
          p === null ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: a gap has no identity of its own
            <li key={`gap-${i}`} aria-hidden="true" className="px-1 text-stone-500">
              …
            </li>
          ) : (
            <li key={p}>
              {p === page ? (
                <span
                  aria-current="page"
                  className={`${pageLinkClass} border-teal-800 bg-teal-800 text-white`}
                >
                  <span className="sr-only">{t('pagination.page', { page: '' })}</span>
                  {number(p)}
                </span>
              ) : (
                <Link
                  href={props.href(p)}
                  aria-label={t('pagination.page', { page: number(p) })}
                  className={`${pageLinkClass} border-stone-300 text-stone-800 hover:bg-stone-100`}
                >
                  {number(p)}
                </Link>
              )}
            </li>
          ),
        )}
        {page < pageCount ? (
          <li>
            <Link
              href={props.href(page + 1)}
              rel="next"
              className={`${pageLinkClass} border-teal-800 text-teal-900 hover:bg-teal-50`}
            >
              {t('pagination.next')}
              <span aria-hidden="true">›</span>
            </Link>
          </li>
        ) : null}
      </ul>
    </nav>
  );
}
