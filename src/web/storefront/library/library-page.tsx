import { type ReactNode, useEffect, useState } from 'react';
import * as library from '../../../shared/contracts/endpoints/library';
import { LIBRARY_TOKEN_FRAGMENT } from '../../../shared/library-pages';
import { Button } from '../../components/ui/button';
import { toast } from '../../components/ui/toast';
import { useI18n } from '../../i18n';
import { useMessages } from '../../i18n/feature-messages';
import { ApiError } from '../../lib/api';
import { useApi } from '../../lib/deps';
import { Head } from '../../lib/head';
import { paths } from '../../lib/paths';
import { endpointQuery } from '../../lib/queries';
import { useQuery } from '../../lib/use-query';
import { OfflineOrder } from '../offline/offline-order';
import { registerOfflineApp } from '../offline/register-offline';
import { libraryMessages } from './library-messages';
import { LibraryView } from './library-view';
import { type LinkRefusal, OpenLink } from './open-link';
import { SignInForm } from './sign-in-form';

/** The sign-in token in the address's fragment (`#token=…`), taken out of the address once read. */
function takeTokenFromAddress(): string | null {
  const match = new RegExp(`^#${LIBRARY_TOKEN_FRAGMENT}=([A-Za-z0-9_-]+)$`).exec(window.location.hash);
  if (!match) return null;
  // Not left in the history or a bookmark: the link works once anyway.
  window.history.replaceState(window.history.state, '', window.location.pathname + window.location.search);
  return match[1]!;
}

/**
 * "My guides": the sign-in form, the emailed link's button, or the buyer's guides. Read
 * in the browser only (the session cookie never reaches the page render), and never cached.
 */
export default function LibraryPage() {
  const api = useApi();
  const { locale } = useI18n();
  const t = useMessages(libraryMessages);
  const [token, setToken] = useState<string | null>(null);
  const [notice, setNotice] = useState<LinkRefusal | null>(null);
  const [signingOut, setSigningOut] = useState(false);
  const [browser, setBrowser] = useState(false);
  useEffect(() => {
    setToken(takeTokenFromAddress());
    setBrowser(true);
  }, []);
  useEffect(() => {
    // Installable, and opened from the phone without a network: this language's address.
    registerOfflineApp({ scope: paths.library(locale), startUrl: paths.library(locale), locale });
  }, [locale]);
  const query = endpointQuery(api, library.library, {});
  // Asked again on every visit (staleTime 0): a personal answer is never served from memory.
  const shelf = useQuery({ ...query, enabled: browser && token === null, retry: false, staleTime: 0 });

  const signOut = async (everywhere: boolean) => {
    setSigningOut(true);
    try {
      await api.call(everywhere ? library.signOutEverywhere : library.signOut);
      toast({ title: t(everywhere ? 'signedOutEverywhere' : 'signedOut') });
    } catch {
      // Signed out already (an ended session): the form below is what the buyer needs either way.
    } finally {
      setSigningOut(false);
      await shelf.refetch();
    }
  };

  const signedOut = shelf.error instanceof ApiError && shelf.error.status === 401;
  let body: ReactNode = <div className="min-h-[40vh]" aria-busy="true" />;
  if (token) {
    body = (
      <OpenLink
        token={token}
        onSignedIn={() => setToken(null)}
        onRefused={(refusal) => {
          setNotice(refusal);
          setToken(null);
        }}
      />
    );
  } else if (signedOut) {
    // Before the data: the query keeps the last answer on an error, and a 401 (signed out here or
    // everywhere) must not leave the guides on screen.
    body = <SignInForm notice={notice ? t(notice) : undefined} />;
  } else if (shelf.data) {
    body = <LibraryView library={shelf.data} onSignOut={signOut} signingOut={signingOut} />;
  } else if (shelf.isError) {
    body = (
      <div role="alert" className="rounded-xl border border-red-200 bg-red-50 p-5 text-red-900">
        <p>{t('loadError')}</p>
        <Button variant="secondary" className="mt-3 h-10 px-4" onClick={() => shelf.refetch()}>
          {t('retry')}
        </Button>
      </div>
    );
  }
  if (!shelf.data && shelf.isNetworkError) {
    // No answer from the shop (no network; the service worker served the shell): the saved guides.
    return (
      <section className="mx-auto max-w-2xl px-4 py-8 sm:px-6 sm:py-10">
        <OfflineOrder onRetry={() => void shelf.refetch()} />
      </section>
    );
  }
  return (
    <section className="mx-auto max-w-2xl px-4 py-8 sm:px-6 sm:py-10">
      <Head title={t('title')} description={t('description')} noindex />
      <h1 className="text-3xl font-bold text-teal-900">{t('title')}</h1>
      <div className="mt-4">{body}</div>
    </section>
  );
}
