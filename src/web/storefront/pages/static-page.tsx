import { SHOP_CONTACT } from '../../../shared/shop';
import { type MessageKey, useI18n } from '../../i18n';
import { useApi } from '../../lib/deps';
import { Head } from '../../lib/head';
import { queries } from '../../lib/queries';
import { useQuery } from '../../lib/use-query';
import { ContentHtml } from './content-html';
import { ProcessorList } from './processor-list';
import { type StaticPageName, staticContentKeys } from './static-pages';

export default function StaticPage(props: { page: StaticPageName }) {
  const { page } = props;
  const api = useApi();
  const { t, locale } = useI18n();
  const content = useQuery({
    ...queries.content(api, locale, staticContentKeys(page)),
    placeholderData: (p) => p,
  });
  const body = content.data?.[`page.${page}.body`];
  const title = t(`page.${page}.title` as MessageKey);

  return (
    <article className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
      <Head
        title={`${title} — ${t('site.name')}`}
        description={t(`meta.${page}.description` as MessageKey)}
        path={`/${page}`}
      />
      <h1 className="text-3xl font-bold">{title}</h1>
      {(page === 'privacy' || page === 'terms') && body ? (
        <p className="mt-2 text-sm text-stone-500">
          {t('page.lastUpdated', {
            date: new Date(body.updatedAt).toLocaleDateString(locale === 'fr' ? 'fr-FR' : 'en-GB', {
              day: 'numeric',
              month: 'long',
              year: 'numeric',
              timeZone: 'UTC',
            }),
          })}
        </p>
      ) : null}
      {page === 'contact' ? <ContactFacts /> : null}
      {page === 'faq' && body ? <Faq html={body.html} /> : <ContentHtml html={body?.html} className="mt-6" />}
      {page === 'privacy' ? <ProcessorList /> : null}
    </article>
  );
}

function ContactFacts() {
  const { t } = useI18n();
  return (
    <dl className="mt-6 grid gap-4 rounded-xl border border-stone-200 bg-white p-5 sm:grid-cols-3">
      <div>
        <dt className="text-sm font-semibold text-stone-500">{t('contact.email')}</dt>
        <dd>
          <a href={`mailto:${SHOP_CONTACT.email}`} className="text-teal-800 underline">
            {SHOP_CONTACT.email}
          </a>
        </dd>
      </div>
      <div>
        <dt className="text-sm font-semibold text-stone-500">{t('contact.whatsapp')}</dt>
        <dd>
          <a href={SHOP_CONTACT.whatsappLink} className="text-teal-800 underline">
            {SHOP_CONTACT.whatsapp}
          </a>
        </dd>
      </div>
      <div>
        <dt className="text-sm font-semibold text-stone-500">{t('contact.address')}</dt>
        <dd>{t('contact.addressValue')}</dd>
      </div>
    </dl>
  );
}

/** Splits the FAQ's rendered HTML at each <h2> question into independent disclosure widgets. */
export function splitFaq(html: string): { question: string; answer: string }[] {
  return html
    .split(/<h2[^>]*>/)
    .slice(1)
    .map((part) => {
      const [question = '', answer = ''] = part.split('</h2>');
      return { question: question.trim(), answer: answer.trim() };
    });
}

function Faq(props: { html: string }) {
  return (
    <div className="mt-6 divide-y divide-stone-200 rounded-xl border border-stone-200 bg-white">
      {splitFaq(props.html).map((item) => (
        // Several questions can be open at once: each <details> is independent.
        <details key={item.question} className="group p-4">
          <summary className="flex cursor-pointer list-none items-start justify-between gap-3 font-semibold marker:hidden [&::-webkit-details-marker]:hidden">
            {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised on the server */}
            <span dangerouslySetInnerHTML={{ __html: item.question }} />
            {/* Open or closed at a glance: a chevron that turns when the answer is shown. */}
            <svg
              aria-hidden="true"
              data-testid="faq-indicator"
              viewBox="0 0 20 20"
              className="mt-0.5 size-5 shrink-0 text-teal-800 transition-transform group-open:rotate-180"
            >
              <path
                d="M5 7.5l5 5 5-5"
                fill="none"
                stroke="currentColor"
                strokeWidth="2"
                strokeLinecap="round"
              />
            </svg>
          </summary>
          <ContentHtml html={item.answer} className="text-stone-700" />
        </details>
      ))}
    </div>
  );
}
