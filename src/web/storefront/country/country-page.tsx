import { useEffect, useMemo, useState } from 'react';
import type { Guide } from '../../../shared/contracts/catalogue';
import type { PublicContentBlock } from '../../../shared/contracts/content';
import { type CountrySlug, guideMatchesCountry } from '../../../shared/countries';
import { toCents } from '../../../shared/money';
import { type MessageKey, useI18n } from '../../i18n';
import { useApi } from '../../lib/deps';
import { Head } from '../../lib/head';
import { paths } from '../../lib/paths';
import { queries } from '../../lib/queries';
import { useQuery } from '../../lib/use-query';
import { GuideGrid } from '../catalogue/guide-card';
import { ContentHtml } from '../pages/content-html';

export const PAGE_SIZE = 12;

export const SORT_ORDERS = {
  newest: { label: 'sort.newest', compare: (a: Guide, b: Guide) => b.createdAt.localeCompare(a.createdAt) },
  oldest: { label: 'sort.oldest', compare: (a: Guide, b: Guide) => a.createdAt.localeCompare(b.createdAt) },
  'price-asc': {
    label: 'sort.priceAsc',
    compare: (a: Guide, b: Guide) => toCents(a.price) - toCents(b.price),
  },
  'price-desc': {
    label: 'sort.priceDesc',
    compare: (a: Guide, b: Guide) => toCents(b.price) - toCents(a.price),
  },
  'title-asc': { label: 'sort.titleAsc', compare: (a: Guide, b: Guide) => a.title.localeCompare(b.title) },
  'title-desc': { label: 'sort.titleDesc', compare: (a: Guide, b: Guide) => b.title.localeCompare(a.title) },
} satisfies Record<string, { label: MessageKey; compare(a: Guide, b: Guide): number }>;
export type SortOrder = keyof typeof SORT_ORDERS;

export const countryContentKeys = (country: CountrySlug) => `country.${country}.*`;

export function CountryPage(props: { country: CountrySlug }) {
  const { country } = props;
  const api = useApi();
  const { t, locale } = useI18n();
  const [sort, setSort] = useState<SortOrder>('newest');
  const [visible, setVisible] = useState(PAGE_SIZE);
  const content = useQuery({
    ...queries.content(api, locale, countryContentKeys(country)),
    placeholderData: (p) => p,
  });
  const guides = useQuery({ ...queries.guides(api, locale), placeholderData: (p) => p });

  // Back to the first page whenever sort, country or language changes.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the dependencies are the triggers, not inputs
  useEffect(() => {
    setVisible(PAGE_SIZE);
  }, [sort, country, locale]);

  const matching = useMemo(
    () => (guides.data ?? []).filter((g) => guideMatchesCountry(g, country)).sort(SORT_ORDERS[sort].compare),
    [guides.data, country, sort],
  );
  const block = (name: string) => content.data?.[`country.${country}.${name}`];
  const countryName = t(`country.${country}`);

  return (
    <>
      <Head
        title={t('meta.country.title', { country: countryName })}
        description={t('meta.country.description', { country: countryName })}
        path={paths.country(country)}
      />
      <CountryContent block={block} countryName={countryName} />
      <section className="mx-auto max-w-6xl px-4 sm:px-6" aria-labelledby="country-guides-heading">
        <div className="mb-6 flex flex-wrap items-end justify-between gap-4">
          <h2 id="country-guides-heading" className="text-2xl font-bold">
            {t('countryPage.guides')}
          </h2>
          <SortSelect sort={sort} onChange={setSort} />
        </div>
        {matching.length === 0 && !guides.isPending ? (
          <p className="rounded-lg border border-dashed border-stone-300 p-8 text-center text-stone-600">
            {t('countryPage.empty', { country: countryName })}
          </p>
        ) : (
          <>
            <GuideGrid guides={matching.slice(0, visible)} />
            <p className="mt-6 text-center text-sm text-stone-600">
              {t('countryPage.showing', {
                shown: Math.min(visible, matching.length),
                total: matching.length,
              })}
            </p>
            {visible < matching.length ? (
              <p className="mt-4 text-center">
                <button
                  type="button"
                  onClick={() => setVisible((v) => v + PAGE_SIZE)}
                  className="rounded-md border border-teal-800 px-5 py-2.5 font-semibold text-teal-900 hover:bg-teal-50"
                >
                  {t('countryPage.loadMore')}
                </button>
              </p>
            ) : null}
          </>
        )}
      </section>
    </>
  );
}

/** The country's texts from the CMS: title and intro, attractions, culture, tips and currency. */
function CountryContent(props: {
  block: (name: string) => PublicContentBlock | undefined;
  countryName: string;
}) {
  const { block, countryName } = props;
  const { t } = useI18n();
  return (
    <>
      <section className="bg-gradient-to-br from-teal-800 to-teal-950 text-white">
        <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6 sm:py-16">
          <h1 className="text-3xl font-bold sm:text-4xl">{block('title')?.value ?? countryName}</h1>
          <p className="mt-4 max-w-3xl text-teal-50">{block('intro')?.value}</p>
        </div>
      </section>
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 sm:px-6 lg:grid-cols-3">
        <section className="lg:col-span-2" aria-labelledby="attractions-heading">
          <h2 id="attractions-heading" className="text-xl font-bold">
            {t('countryPage.attractions')}
          </h2>
          <ContentHtml html={block('attractions')?.html} />
          <h2 className="mt-8 text-xl font-bold">{t('countryPage.culture')}</h2>
          <ContentHtml html={block('culture')?.html} />
        </section>
        <aside className="rounded-xl border border-stone-200 bg-white p-5">
          <h2 className="text-xl font-bold">{t('countryPage.tips')}</h2>
          <ContentHtml html={block('tips')?.html} />
          <h2 className="mt-6 text-lg font-bold">{t('countryPage.currency')}</h2>
          <p className="mt-2 text-sm text-stone-700">{block('currency')?.value}</p>
        </aside>
      </div>
    </>
  );
}

function SortSelect(props: { sort: SortOrder; onChange: (sort: SortOrder) => void }) {
  const { t } = useI18n();
  return (
    <label className="flex items-center gap-2 text-sm">
      {t('countryPage.sort')}
      <select
        name="sort"
        value={props.sort}
        onChange={(event) => props.onChange(event.target.value as SortOrder)}
        className="h-10 rounded-md border border-stone-300 bg-white px-2"
      >
        {Object.entries(SORT_ORDERS).map(([value, order]) => (
          <option key={value} value={value}>
            {t(order.label)}
          </option>
        ))}
      </select>
    </label>
  );
}
