import { lazy, Suspense, useEffect, useState } from 'react';
import { useI18n } from '../i18n';
import { Head } from '../lib/head';

// The back-office is its own chunk: a shopper's page never downloads it.
const AdminApp = lazy(() => import('./shell/admin-app'));

/** Client-only: the server sends a loading shell and the admin code loads after hydration. */
export function AdminEntry() {
  const { t } = useI18n();
  const [mounted, setMounted] = useState(false);
  useEffect(() => {
    setMounted(true);
  }, []);
  const loading = <p className="p-8 text-center text-stone-600">{t('admin.loading')}</p>;
  return (
    <>
      <Head title={t('meta.admin.title')} description={t('meta.admin.title')} noindex />
      {mounted ? <Suspense fallback={loading}>{<AdminApp />}</Suspense> : loading}
    </>
  );
}
