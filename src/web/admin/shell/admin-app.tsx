import { useEffect, useSyncExternalStore } from 'react';
import { Link, useRoute } from 'wouter';
import * as admin from '../../../shared/contracts/endpoints/admin';
import * as adminNeedsYou from '../../../shared/contracts/endpoints/admin-needs-you';
import { ADMIN_TABS, type AdminTab, paths } from '../../lib/paths';
import { ActivityTab } from '../activity/activity-tab';
import { AnalyticsTab } from '../analytics/analytics-tab';
import { AdminGate } from '../auth/admin-gate';
import { adminCall, adminSession } from '../auth/admin-session';
import { ContentTab } from '../content/content-tab';
import { CustomersTab } from '../customers/customers-tab';
import { DiscountsTab } from '../discounts/discounts-tab';
import { EmailsTab } from '../emails/emails-tab';
import { GuidesTab } from '../guides/guides-tab';
import { MediaTab } from '../media/media-tab';
import { MobileMoneyTab } from '../mobile-money/mobile-money-tab';
import { OrdersTab } from '../orders/orders-tab';
import { ReviewsTab } from '../reviews/reviews-tab';
import { SettingsTab } from '../settings/settings-tab';
import { countsByTab, NeedsYouContext, TabCount } from './needs-you';
import { useAdminData } from './use-admin-data';

const TAB_VIEWS: Record<AdminTab, () => React.JSX.Element> = {
  analytics: AnalyticsTab,
  orders: OrdersTab,
  guides: GuidesTab,
  'mobile-money': MobileMoneyTab,
  emails: EmailsTab,
  customers: CustomersTab,
  content: ContentTab,
  media: MediaTab,
  activity: ActivityTab,
  discounts: DiscountsTab,
  reviews: ReviewsTab,
  settings: SettingsTab,
};

const TAB_LABELS: Record<AdminTab, string> = {
  analytics: 'Analytics',
  orders: 'Orders',
  guides: 'Guides',
  'mobile-money': 'Mobile Money',
  /** Emails and WhatsApp messages; the address stays /admin/emails. */
  emails: 'Messages',
  customers: 'Customers',
  content: 'Content',
  media: 'Media',
  activity: 'Activity',
  discounts: 'Discount Codes',
  reviews: 'Reviews',
  settings: 'Settings',
};

/** The admin dashboard frame: its tabs, the active one taken from the path. */
export default function AdminApp() {
  // Each tab has its own route (routes.tsx), so the tab is read from the path here.
  const [, params] = useRoute<{ tab: string }>('/admin/:tab');
  const tab = params?.tab;
  const active = (ADMIN_TABS as readonly string[]).includes(tab ?? '') ? (tab as AdminTab) : 'analytics';
  const key = useSyncExternalStore(adminSession.subscribe, adminSession.key, () => null);

  // Each tab change checks the key again: a key revoked meanwhile logs every admin tab out.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the active tab is the trigger
  useEffect(() => {
    if (key) adminCall(admin.session).catch(() => {});
  }, [key, active]);

  if (!key) return <AdminGate />;
  return <Dashboard active={active} />;
}

/** The signed-in frame: the tabs with what waits in each, and the active tab. */
function Dashboard({ active }: { active: AdminTab }) {
  const needs = useAdminData(adminNeedsYou.needsYou);
  // Counted again on every tab change, so an action taken in a tab shows in the counts at once.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the active tab is the trigger
  useEffect(() => {
    void needs.reload();
  }, [active]);
  const counts = countsByTab(needs.data?.needs);
  const ActiveTab = TAB_VIEWS[active];
  return (
    <NeedsYouContext.Provider value={needs.data?.needs}>
      <div className="mx-auto max-w-7xl px-4 py-6">
        <div className="flex items-center justify-between gap-4">
          <h1 className="text-2xl font-bold">Admin Dashboard</h1>
          <button
            type="button"
            onClick={() => adminSession.signOut()}
            className="rounded-md border border-stone-300 px-4 py-2 text-sm font-semibold hover:bg-stone-50"
          >
            Logout
          </button>
        </div>
        {/* On a phone the tabs stay one row that scrolls sideways, not four wrapped rows; each keeps its address. */}
        <nav
          className="mt-4 flex max-w-full gap-1 overflow-x-auto border-b border-stone-200 whitespace-nowrap sm:flex-wrap sm:overflow-visible"
          aria-label="Admin sections"
        >
          {ADMIN_TABS.map((t) => (
            <Link
              key={t}
              href={paths.admin(t)}
              aria-current={t === active ? 'page' : undefined}
              // The active tab in view when the row scrolls (a phone opening /admin/activity).
              ref={
                t === active
                  ? (link: HTMLAnchorElement | null) =>
                      link?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' })
                  : undefined
              }
              className={`relative shrink-0 rounded-t-md px-4 py-2 text-sm font-medium ${t === active ? 'bg-teal-800 text-white' : 'text-stone-700 hover:bg-stone-100'}`}
            >
              {TAB_LABELS[t]}
              <TabCount count={counts[t]} active={t === active} />
            </Link>
          ))}
        </nav>
        <section className="py-6" data-testid="admin-tab" data-tab={active}>
          <h2 className="text-xl font-semibold">{TAB_LABELS[active]}</h2>
          <div className="mt-4">
            <ActiveTab />
          </div>
        </section>
      </div>
    </NeedsYouContext.Provider>
  );
}
