import type { GuideDetail } from '../../../shared/contracts/catalogue';
import { displayPrice } from '../../../shared/money';
import { useI18n } from '../../i18n';
import { useAppDeps } from '../../lib/deps';
import { localisedPath, paths } from '../../lib/paths';

/** `wa.me` with a text; a lone surrogate (which `encodeURIComponent` refuses) becomes U+FFFD. */
export function whatsAppShareUrl(text: string): string {
  let encoded: string;
  try {
    encoded = encodeURIComponent(text);
  } catch {
    encoded = encodeURIComponent(text.replace(/[\uD800-\uDFFF]/g, '\uFFFD'));
  }
  return `https://wa.me/?text=${encoded}`;
}

/**
 * "Partager sur WhatsApp": a plain link, no script, whose message is the guide's title,
 * its price as this page shows it and this page's address in this page's language.
 */
export function WhatsAppShareLink(props: { guide: GuideDetail }) {
  const { t, locale } = useI18n();
  const { origin } = useAppDeps();
  const g = props.guide;
  const text = t('guide.shareText', {
    title: g.title,
    price: displayPrice(g.price, locale),
    url: `${origin}${localisedPath(paths.guide(g.slug), locale)}`,
  });
  return (
    <a
      href={whatsAppShareUrl(text)}
      target="_blank"
      rel="noopener noreferrer"
      className="mt-4 inline-flex h-11 items-center rounded-md border border-green-700 px-4 text-sm font-semibold text-green-800 hover:bg-green-50"
    >
      {t('guide.shareWhatsApp')}
    </a>
  );
}
