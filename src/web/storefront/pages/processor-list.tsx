import * as privacy from '../../../shared/contracts/endpoints/privacy';
import type { Processor } from '../../../shared/contracts/processors';
import { useI18n } from '../../i18n';
import { defineMessages, useMessages } from '../../i18n/feature-messages';
import { type AppDeps, useApi } from '../../lib/deps';
import { endpointQuery } from '../../lib/queries';
import { useQuery } from '../../lib/use-query';

const messages = defineMessages({
  fr: {
    title: 'Nos prestataires',
    intro:
      'Les services extérieurs qui traitent des données personnelles pour la boutique, tels qu’elle est configurée aujourd’hui, et leurs pays\u00a0:',
    stripe: 'Stripe – paiements par carte',
    cinetpay: 'CinetPay – paiements par mobile money',
    wave: 'Wave – paiements Wave',
    whatsapp: 'WhatsApp (Meta) – messages de commande sur WhatsApp',
    email: 'Envoi des e-mails',
    files: 'Stockage des fichiers (guides, reçus)',
    unstated: 'pays non précisé',
  },
  en: {
    title: 'Our processors',
    intro:
      'The outside services that process personal data for the shop, as it is configured today, and their countries:',
    stripe: 'Stripe – card payments',
    cinetpay: 'CinetPay – mobile-money payments',
    wave: 'Wave – Wave payments',
    whatsapp: 'WhatsApp (Meta) – order messages on WhatsApp',
    email: 'Sending emails',
    files: 'File storage (guides, receipts)',
    unstated: 'country not stated',
  },
});

const processorsQuery = (api: AppDeps['api']) => endpointQuery(api, privacy.processors, {});

/** The server renders the list with the page (routes.tsx). */
export async function prefetchProcessors(deps: AppDeps): Promise<void> {
  await deps.queryClient.ensureQueryData(processorsQuery(deps.api));
}

function countryNames(codes: string[], locale: string): string {
  const names = new Intl.DisplayNames([locale], { type: 'region' });
  return codes.map((code) => names.of(code) ?? code).join(', ');
}

/** The privacy page's list of processors, from the shop's configuration (docs/features/consent.md). */
export function ProcessorList() {
  const t = useMessages(messages);
  const { locale } = useI18n();
  const list = useQuery(processorsQuery(useApi()));
  const processors: Processor[] = list.data?.processors ?? [];
  if (processors.length === 0) return null;
  return (
    <section className="mt-8" aria-labelledby="processors-title">
      <h2 id="processors-title" className="text-xl font-bold">
        {t('title')}
      </h2>
      <p className="mt-2 text-stone-700">{t('intro')}</p>
      <ul className="mt-3 list-disc space-y-1 pl-6" data-testid="processors">
        {processors.map((p) => (
          <li key={p.kind}>
            {t(p.kind)}
            {p.host ? ` (${p.host})` : ''} —{' '}
            {p.countries.length ? countryNames(p.countries, locale) : t('unstated')}
          </li>
        ))}
      </ul>
    </section>
  );
}
