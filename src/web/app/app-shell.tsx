import { type ReactNode, StrictMode } from 'react';
import type { Locale } from '../../shared/locale';
import { Toaster } from '../components/ui/toast';
import { I18nProvider, translator } from '../i18n';
import { type AppDeps, AppDepsContext } from '../lib/deps';
import { CartProvider } from '../storefront/cart/cart-context';

/** Providers shared by the server render and the browser. */
export function AppShell(props: {
  deps: AppDeps;
  locale: Locale;
  setLocale(locale: Locale): void;
  children: ReactNode;
}) {
  const t = translator(props.locale);
  return (
    <StrictMode>
      <AppDepsContext.Provider value={props.deps}>
        <I18nProvider locale={props.locale} setLocale={props.setLocale}>
          <CartProvider>
            {props.children}
            <Toaster regionLabel={t('toast.region')} closeLabel={t('toast.close')} />
          </CartProvider>
        </I18nProvider>
      </AppDepsContext.Provider>
    </StrictMode>
  );
}
