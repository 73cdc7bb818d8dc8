import { sql } from 'drizzle-orm';
import type { Db } from '../src/server/db/client';

/**
 * A million orders (the order desk's benchmark), written by PostgreSQL itself in set-based statements
 * (insert … select generate_series), a chunk at a time so progress shows: every method, status and
 * language, customers who come back, a year of dates, one or two guides each.
 */
const FIRST = [
  'Awa',
  'Moussa',
  'Fatou',
  'Ousmane',
  'Aminata',
  'Kofi',
  'Mariama',
  'Ibrahima',
  'Aïssatou',
  'Cheikh',
  'Ndeye',
  'Mamadou',
  'Khady',
  'Abdoulaye',
  'Rokhaya',
  'Seydou',
  'Binta',
  'Lamine',
  'Coumba',
  'Yacine',
];
const LAST = [
  'Diop',
  'Sow',
  'Ndiaye',
  'Fall',
  'Ba',
  'Diallo',
  'Traoré',
  'Keita',
  'Touré',
  'Mensah',
  'Camara',
  'Cissé',
  'Sarr',
  'Gueye',
  'Mbaye',
  'Koné',
  'Ouattara',
  'Kouassi',
  'Bamba',
  'Sy',
];
const ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
const GUIDES = 12;

const textArray = (values: string[]) => sql.raw(`(array[${values.map((v) => `'${v}'`).join(',')}])`);

/** The order number of order n: six letters of the support alphabet, unique for n < 31^6. */
const orderNumberOf = (n: string) =>
  sql.raw(
    `'GA-' || ${[5, 4, 3, 2, 1, 0].map((k) => `substr('${ALPHABET}', ((${n} / ${31 ** k}) % 31)::int + 1, 1)`).join(' || ')}`,
  );

export async function seedOrders(db: Db, total: number, log: (line: string) => void): Promise<void> {
  await db.execute(sql`
    insert into travel_guides (slug, title, description, price, locale)
    select 'bench-guide-' || g, 'Guide ' || g, 'Bench guide', 5 + g, case when g % 3 = 0 then 'en' else 'fr' end::locale
    from generate_series(1, ${GUIDES}) g
    on conflict (slug) do nothing`);
  const chunk = 100_000;
  for (let start = 1; start <= total; start += chunk) {
    const end = Math.min(total, start + chunk - 1);
    const t0 = performance.now();
    await db.execute(sql`
      insert into orders (public_id, order_number, status, payment_method, payment_provider, payment_intent_id,
        djamo_reference, provider_transaction_id, email, first_name, last_name, phone_number, locale, total,
        discount_code, discount_amount, created_at, completed_at)
      select 'bench-public-id-' || lpad(n::text, 10, '0'),
        ${orderNumberOf('n')},
        (case when n % 50 = 0 then 'pending_verification' when n % 50 = 1 then 'rejected'
              when n % 50 = 2 then 'expired' when n % 50 = 3 then 'pending' else 'completed' end)::order_status,
        (case when n % 10 < 6 then 'stripe' when n % 10 = 9 then 'free' else 'djamo' end)::payment_method,
        case when n % 10 < 6 then 'stripe' when n % 10 = 8 then 'cinetpay' when n % 10 = 7 then 'Wave' end,
        case when n % 10 < 6 then 'pi_bench' || lpad(n::text, 16, '0') end,
        case when n % 10 in (7, 8) then 'MM' || lpad(n::text, 8, '0') end,
        case when n % 10 = 8 then 'GA' || upper(md5(n::text)) end,
        lower(${textArray(FIRST)}[(n / 3) % 20 + 1] || '.' || ${textArray(LAST)}[(n / 60) % 20 + 1]) || (n / 3) || '@example.com',
        ${textArray(FIRST)}[(n / 3) % 20 + 1],
        ${textArray(LAST)}[(n / 60) % 20 + 1],
        '+221 77 ' || lpad(((n / 3) % 10000000)::text, 7, '0'),
        (case when n % 3 = 0 then 'en' else 'fr' end)::locale,
        case when n % 10 = 9 then 0 else 9 + n % 7 end,
        case when n % 17 = 0 then 'BIENVENUE' end,
        case when n % 17 = 0 and n % 10 <> 9 then 2 else 0 end,
        now() - n * interval '30 seconds',
        case when n % 50 >= 4 then now() - n * interval '30 seconds' + interval '1 minute' end
      from generate_series(${start}::int, ${end}::int) n`);
    await db.execute(sql`
      insert into order_items (order_id, guide_id, quantity, unit_price, title)
      select o.id, g.id, 1, g.price, g.title
      from orders o
      cross join lateral (select n from (values (1), (2)) k(n)) k
      join lateral (
        select id, price, title from travel_guides where slug = 'bench-guide-' ||
          ((abs(hashtext(o.public_id)) + k.n * 5) % ${GUIDES} + 1)
      ) g on true
      where o.public_id between 'bench-public-id-' || lpad(${start}::text, 10, '0')
                            and 'bench-public-id-' || lpad(${end}::text, 10, '0')
        and (k.n = 1 or abs(hashtext(o.public_id)) % 4 = 0)`);
    log(`  orders ${start}–${end} in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  }
  // As autovacuum would leave a live database: statistics and the visibility map (index-only scans).
  await db.execute(sql`vacuum analyze orders`);
  await db.execute(sql`vacuum analyze order_items`);
}
