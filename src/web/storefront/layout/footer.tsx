import { Link } from 'wouter';
import { COUNTRY_SLUGS } from '../../../shared/countries';
import { SHOP_CONTACT, SOCIAL_LINKS } from '../../../shared/shop';
import { MailIcon, PhoneIcon } from '../../components/ui/icons';
import { useI18n } from '../../i18n';
import { paths } from '../../lib/paths';

const linkClass = 'text-stone-300 hover:text-white';

export function Footer() {
  const { t } = useI18n();
  return (
    <footer className="mt-16 bg-stone-900 text-sm text-stone-300">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 sm:grid-cols-2 sm:px-6 lg:grid-cols-4">
        <div>
          <p className="text-base font-bold text-white">{t('site.name')}</p>
          <p className="mt-2 leading-relaxed">{t('footer.about')}</p>
          <ul className="mt-4 space-y-2">
            <li>
              <a href={SHOP_CONTACT.whatsappLink} className={`inline-flex items-center gap-2 ${linkClass}`}>
                <PhoneIcon width={16} height={16} /> {SHOP_CONTACT.whatsapp}
              </a>
            </li>
            <li>
              <a
                href={`mailto:${SHOP_CONTACT.email}`}
                className={`inline-flex items-center gap-2 ${linkClass}`}
              >
                <MailIcon width={16} height={16} /> {SHOP_CONTACT.email}
              </a>
            </li>
          </ul>
        </div>
        <FooterColumn title={t('footer.destinations')}>
          {COUNTRY_SLUGS.map((slug) => (
            <li key={slug}>
              <Link href={paths.country(slug)} className={linkClass}>
                {t(`country.${slug}`)}
              </Link>
            </li>
          ))}
        </FooterColumn>
        <FooterColumn title={t('footer.help')}>
          <li>
            <Link href={paths.contact()} className={linkClass}>
              {t('nav.contact')}
            </Link>
          </li>
          <li>
            <Link href={paths.faq()} className={linkClass}>
              {t('nav.faq')}
            </Link>
          </li>
          <li>
            <Link href={paths.about()} className={linkClass}>
              {t('nav.about')}
            </Link>
          </li>
        </FooterColumn>
        <FooterColumn title={t('footer.legal')}>
          <li>
            <Link href={paths.privacy()} className={linkClass}>
              {t('nav.privacy')}
            </Link>
          </li>
          <li>
            <Link href={paths.terms()} className={linkClass}>
              {t('nav.terms')}
            </Link>
          </li>
          <li className="pt-2">
            <span className="sr-only">{t('footer.follow')}: </span>
            {SOCIAL_LINKS.map((s) => (
              <a key={s.name} href={s.href} rel="noopener" className={`mr-3 ${linkClass}`}>
                {s.name}
              </a>
            ))}
          </li>
        </FooterColumn>
      </div>
      <p className="border-t border-stone-800 px-4 py-4 text-center text-xs text-stone-400">
        {t('footer.copyright', { year: new Date().getFullYear() })}
      </p>
    </footer>
  );
}

function FooterColumn(props: { title: string; children: React.ReactNode }) {
  return (
    <div>
      <p className="font-semibold text-white">{props.title}</p>
      <ul className="mt-3 space-y-2">{props.children}</ul>
    </div>
  );
}
