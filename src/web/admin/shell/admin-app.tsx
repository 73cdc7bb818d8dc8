import { Link, useParams } from 'wouter';
import { ADMIN_TABS, type AdminTab, paths } from '../../app/paths';

const TAB_LABELS: Record<AdminTab, string> = {
  analytics: 'Analytics',
  guides: 'Guides',
  'mobile-money': 'Mobile Money',
  emails: 'Emails',
  content: 'Content',
  media: 'Media',
};

/** The admin dashboard frame: six tabs, the active one taken from the path. */
export default function AdminApp() {
  const { tab } = useParams<{ tab: string }>();
  const active = (ADMIN_TABS as readonly string[]).includes(tab ?? '') ? (tab as AdminTab) : 'analytics';
  return (
    <div className="mx-auto max-w-7xl px-4 py-6">
      <h1 className="text-2xl font-bold">Admin Dashboard</h1>
      <nav className="mt-4 flex flex-wrap gap-1 border-b border-stone-200" aria-label="Admin sections">
        {ADMIN_TABS.map((t) => (
          <Link
            key={t}
            href={paths.admin(t)}
            aria-current={t === active ? 'page' : undefined}
            className={`rounded-t-md px-4 py-2 text-sm font-medium ${t === active ? 'bg-teal-800 text-white' : 'text-stone-700 hover:bg-stone-100'}`}
          >
            {TAB_LABELS[t]}
          </Link>
        ))}
      </nav>
      <section className="py-6" data-testid="admin-tab" data-tab={active}>
        <h2 className="text-xl font-semibold">{TAB_LABELS[active]}</h2>
      </section>
    </div>
  );
}
