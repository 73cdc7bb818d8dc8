// `npm run seed:analytics -- --events 1000000 [--days 90] [--chunk 200000]`
// Fills the analytics tables with realistic visits: sessions spread over the last --days UTC days
// (more recent days busier), visitors coming back, sources, devices, countries and regions
// weighted like the shop's audience, page views with time_on_page, scrolls, and funnels
// (≈12 % add to cart, ≈6 % checkout, ≈3 % purchase, with downloads). Rows are generated inside
// the database (generate_series, a few statements per chunk), not sent one by one. Opens the
// database as the server does (DATABASE_URL, else PGlite in DATA_DIR) and migrates it first.
// Adds to what is there; the daily counts are kept consistent with the events.
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../src/server/config';
import { type Db, openDatabase } from '../src/server/db/client';

/** Events per session on average with the weights below (measured: ~6.4). */
const EVENTS_PER_SESSION = 6.4;

export interface SeedAnalyticsOptions {
  events: number;
  days?: number;
  /** Sessions generated per statement. */
  chunkSessions?: number;
  now?: Date;
  log?: (line: string) => void;
}

export async function seedAnalytics(
  db: Db,
  options: SeedAnalyticsOptions,
): Promise<{ sessions: number; events: number; ms: number }> {
  const started = performance.now();
  const days = options.days ?? 90;
  const now = options.now ?? new Date();
  const sessions = Math.max(1, Math.round(options.events / EVENTS_PER_SESSION));
  const chunk = options.chunkSessions ?? 25_000;
  const visitors = Math.max(1, Math.round(sessions * 0.65));
  const [before] = (
    (await db.execute(
      sql`select coalesce(max(id), 0)::bigint::text as id from analytics_events`,
    )) as unknown as {
      rows: Array<{ id: string }>;
    }
  ).rows;
  let done = 0;
  while (done < sessions) {
    const n = Math.min(chunk, sessions - done);
    await db.transaction(async (tx) => {
      await tx.execute(sql`create temporary table seed_sessions on commit drop as
        select gen_random_uuid() as id,
          'visitor_' || (1 + floor(random() * ${visitors}))::bigint || '_1767225600000' as visitor_id,
          -- sqrt skews the days towards today: a shop that grows.
          ${now.toISOString()}::timestamptz - interval '1 hour'
            - (1 - sqrt(random())) * (${`${days} days`}::interval - interval '1 hour') as started_at,
          random() as r_source, random() as r_device, random() as r_country, random() as r_funnel,
          1 + floor(random() * random() * 8)::int as page_views,
          floor(random() * 3)::int as scrolls
        from generate_series(1, ${n})`);
      await tx.execute(sql`alter table seed_sessions add column funnel_step smallint, add column downloads int,
        add column country text, add column region text, add column source text, add column device_type text`);
      await tx.execute(sql`update seed_sessions set
        funnel_step = case when r_funnel < 0.03 then 3 when r_funnel < 0.06 then 2 when r_funnel < 0.12 then 1 else 0 end,
        downloads = case when r_funnel < 0.03 then 1 + floor(r_funnel * 100)::int % 2 else 0 end,
        source = case when r_source < 0.35 then 'direct' when r_source < 0.65 then 'search'
          when r_source < 0.85 then 'social' when r_source < 0.92 then 'email' else 'referral' end,
        device_type = case when r_device < 0.62 then 'mobile' when r_device < 0.70 then 'tablet' else 'desktop' end,
        country = case when r_country < 0.30 then 'CI' when r_country < 0.52 then 'SN' when r_country < 0.66 then 'MA'
          when r_country < 0.80 then 'FR' when r_country < 0.85 then 'BE' when r_country < 0.90 then 'CA'
          when r_country < 0.94 then 'US' when r_country < 0.97 then 'ML' else null end,
        region = case when r_country < 0.30 then (array['AB','YM','BS','LG'])[1 + floor(r_device * 4)::int]
          when r_country < 0.52 then (array['DK','TH','SL','ZG'])[1 + floor(r_device * 4)::int]
          when r_country < 0.66 then (array['CAS','RAB','MAR'])[1 + floor(r_device * 3)::int]
          when r_country < 0.80 then (array['IDF','ARA','PAC','OCC'])[1 + floor(r_device * 4)::int]
          else null end`);
      // Per session: page views, a time_on_page after each, scrolls, then its funnel events and downloads.
      await tx.execute(sql`insert into analytics_events (session_id, visitor_id, type, action, page, guide_id,
          duration_ms, meta, source, device_type, country, region, created_at)
        select s.id, s.visitor_id, e.type, e.action, e.page, null, e.duration_ms,
          case when e.action is null then null else jsonb_build_object('action', e.action) end,
          s.source, s.device_type, s.country, s.region,
          s.started_at + (i * 40 + floor(random() * 30)) * interval '1 second'
        from seed_sessions s
        cross join lateral generate_series(1, 2 * s.page_views + s.scrolls + s.funnel_step + s.downloads) as i
        cross join lateral (select
          (array['/', '/guides', '/senegal', '/cote-d-ivoire', '/maroc', '/guides/dakar-essentiel',
            '/guides/abidjan-pratique', '/guides/marrakech-famille', '/faq', '/contact', '/checkout', '/about'])
            [1 + (abs(hashtext(s.id::text || ((i + 1) / 2)::text)) % 12)] as page_any) p
        cross join lateral (select
          case when i <= 2 * s.page_views then (case when i % 2 = 1 then 'page_view' else 'action' end)
            when i <= 2 * s.page_views + s.scrolls then 'action'
            when i <= 2 * s.page_views + s.scrolls + s.funnel_step then
              (array['add_to_cart', 'purchase_started', 'purchase_completed'])[i - 2 * s.page_views - s.scrolls]
            else 'download' end as type,
          case when i <= 2 * s.page_views then (case when i % 2 = 0 then 'time_on_page' end)
            when i <= 2 * s.page_views + s.scrolls then 'scroll' end as action,
          case when i <= 2 * s.page_views and i % 2 = 0 then (2000 + floor(random() * random() * 240000))::int end
            as duration_ms,
          case when i <= 2 * s.page_views + s.scrolls then p.page_any
            when i <= 2 * s.page_views + s.scrolls + s.funnel_step then '/checkout' else '/order' end as page
        ) e`);
      await tx.execute(sql`insert into analytics_sessions (id, visitor_id, started_at, last_seen_at, source,
          device_type, user_agent, country, region, page_views, event_count, funnel_step)
        select s.id, s.visitor_id, s.started_at,
          s.started_at + ((2 * s.page_views + s.scrolls + s.funnel_step + s.downloads) * 40 + 15) * interval '1 second',
          s.source, s.device_type, null, s.country, s.region, s.page_views,
          2 * s.page_views + s.scrolls + s.funnel_step + s.downloads, s.funnel_step
        from seed_sessions s`);
      await tx.execute(sql`insert into analytics_visitor_days (day, visitor_id)
        select distinct (started_at at time zone 'UTC')::date, visitor_id from seed_sessions on conflict do nothing`);
      await tx.execute(sql`insert into analytics_visitors as v (visitor_id, last_day)
        select visitor_id, max((started_at at time zone 'UTC')::date) from seed_sessions group by 1
        on conflict (visitor_id) do update set last_day = greatest(v.last_day, excluded.last_day)`);
    });
    done += n;
    options.log?.(`  ${done} / ${sessions} sessions`);
  }
  // The daily counts of exactly the events added above.
  await db.execute(sql`insert into analytics_daily_counts as d (day, type, action, count)
    select (created_at at time zone 'UTC')::date, type, coalesce(action, ''), count(*)::int
    from analytics_events where id > ${before?.id ?? '0'}::bigint group by 1, 2, 3
    on conflict (day, type, action) do update set count = d.count + excluded.count`);
  await db.execute(sql`insert into analytics_page_daily as p (day, page, views, time_total_ms, time_count)
    select (created_at at time zone 'UTC')::date, page, count(*) filter (where type = 'page_view')::int,
      coalesce(sum(duration_ms) filter (where action = 'time_on_page'), 0),
      count(*) filter (where action = 'time_on_page')::int
    from analytics_events
    where id > ${before?.id ?? '0'}::bigint and page is not null
      and (type = 'page_view' or (action = 'time_on_page' and duration_ms is not null))
    group by 1, 2
    on conflict (day, page) do update set views = p.views + excluded.views,
      time_total_ms = p.time_total_ms + excluded.time_total_ms, time_count = p.time_count + excluded.time_count`);
  await db.execute(sql`insert into analytics_page_visitors as v (page, visitor_id, last_day)
    select page, visitor_id, max((created_at at time zone 'UTC')::date) from analytics_events
    where id > ${before?.id ?? '0'}::bigint and type = 'page_view' and page is not null group by 1, 2
    on conflict (page, visitor_id) do update set last_day = greatest(v.last_day, excluded.last_day)`);
  // Fresh statistics and visibility map: the pages answer is an index-only scan.
  await db.execute(sql`vacuum analyze analytics_events`);
  await db.execute(sql`vacuum analyze analytics_sessions`);
  await db.execute(sql`vacuum analyze analytics_page_visitors`);
  await db.execute(sql`vacuum analyze analytics_visitor_days`);
  await db.execute(sql`vacuum analyze analytics_visitors`);
  await db.execute(sql`analyze analytics_daily_counts`);
  await db.execute(sql`analyze analytics_page_daily`);
  const [after] = (
    (await db.execute(
      sql`select count(*)::int as n from analytics_events where id > ${before?.id ?? '0'}::bigint`,
    )) as unknown as { rows: Array<{ n: number }> }
  ).rows;
  return { sessions, events: after?.n ?? 0, ms: performance.now() - started };
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      events: { type: 'string', default: '100000' },
      days: { type: 'string', default: '90' },
      chunk: { type: 'string', default: '25000' },
    },
  });
  const events = Number(values.events);
  const days = Number(values.days);
  if (!Number.isInteger(events) || events < 1 || events > 100_000_000)
    throw new Error('--events must be a whole number from 1 to 100000000');
  if (!Number.isInteger(days) || days < 1 || days > 3650)
    throw new Error('--days must be a whole number from 1 to 3650');
  const config = loadConfig();
  if (config.database.kind === 'pglite') await mkdir(path.dirname(config.database.dir), { recursive: true });
  const database = await openDatabase(config.database);
  try {
    await database.migrate();
    const where = config.database.kind === 'pglite' ? config.database.dir : 'PostgreSQL (DATABASE_URL)';
    console.log(`Seeding ~${events} analytics events over ${days} days into ${where}`);
    const result = await seedAnalytics(database.db, {
      events,
      days,
      chunkSessions: Number(values.chunk),
      log: console.log,
    });
    console.log(
      `Seeded ${result.sessions} sessions and ${result.events} events in ${(result.ms / 1000).toFixed(1)} s ` +
        `(${Math.round(result.events / (result.ms / 1000))} events/s)`,
    );
  } finally {
    await database.close();
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename ?? '')) {
  await main();
}
