// A catalogue of a thousand guides for the benches: the demo catalogue the shop seeds
// itself, then generated guides in French and English (translation pairs) about the three countries,
// sharing the demo guides' covers and PDFs so that pages show real images.
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { count, eq } from 'drizzle-orm';
import pg from 'pg';
import { type Db, openPglite, openPostgres } from '../src/server/db/client';
import { travelGuides } from '../src/server/db/schema';
import { type RunningShop, startShop, waitUntilQuiet } from './shop';

interface Place {
  name: string;
  country: { fr: string; en: string };
}

const COUNTRIES = {
  senegal: { fr: 'Sénégal', en: 'Senegal' },
  ivoire: { fr: "Côte d'Ivoire", en: 'Ivory Coast' },
  maroc: { fr: 'Maroc', en: 'Morocco' },
};
const PLACES: Place[] = [
  ...['Dakar', 'Saint-Louis', 'Ziguinchor', 'Saly', 'Touba', 'Kaolack', 'Cap Skirring', 'Gorée', 'Thiès'].map(
    (name) => ({ name, country: COUNTRIES.senegal }),
  ),
  ...['Abidjan', 'Yamoussoukro', 'Grand-Bassam', 'Assinie', 'San-Pédro', 'Bouaké', 'Man', 'Korhogo'].map(
    (name) => ({ name, country: COUNTRIES.ivoire }),
  ),
  ...[
    'Marrakech',
    'Fès',
    'Essaouira',
    'Chefchaouen',
    'Casablanca',
    'Rabat',
    'Tanger',
    'Agadir',
    'Ouarzazate',
  ].map((name) => ({ name, country: COUNTRIES.maroc })),
];
const THEMES = [
  { fr: 'Plages et îles', en: 'Beaches and islands' },
  { fr: 'Marchés, artisanat et souks', en: 'Markets, crafts and souks' },
  { fr: 'Cœur historique à pied', en: 'The historic heart on foot' },
  { fr: 'Cuisine de rue et restaurants', en: 'Street food and restaurants' },
  { fr: 'Randonnées et nature', en: 'Hiking and nature' },
  { fr: 'S’installer : logement et banques', en: 'Moving in: housing and banks' },
  { fr: 'Week-end en famille', en: 'A family weekend' },
  { fr: 'Musique, fêtes et nuits', en: 'Music, festivals and nights' },
  { fr: 'Budget serré', en: 'On a tight budget' },
  { fr: 'Transports et trajets', en: 'Transport and getting around' },
];
const EXTRAS = {
  fr: [
    'adresses sûres',
    'quartiers',
    'horaires',
    'prix en FCFA',
    'cartes hors ligne',
    'conseils de sécurité',
  ],
  en: [
    'safe addresses',
    'neighbourhoods',
    'opening hours',
    'prices in CFA francs',
    'offline maps',
    'safety tips',
  ],
};

/** The generated texts, pair by pair: `n` French and English guides about the same place and theme. */
export function guideTexts(n: number): Array<{ fr: Text; en: Text }> {
  return Array.from({ length: n }, (_, i) => {
    const place = PLACES[i % PLACES.length]!;
    const theme = THEMES[Math.floor(i / PLACES.length) % THEMES.length]!;
    const edition = Math.floor(i / (PLACES.length * THEMES.length)) + 1;
    const other = PLACES[(i * 7 + 3) % PLACES.length]!.name;
    const extra = (l: 'fr' | 'en') => EXTRAS[l][i % EXTRAS[l].length]!;
    return {
      fr: {
        title: `${place.name} : ${theme.fr}${edition > 1 ? ` (édition ${edition})` : ''}`,
        description: `Le guide pratique de ${place.name} (${place.country.fr}) : ${theme.fr.toLowerCase()}, ${extra('fr')}, et une journée à ${other}. Mis à jour par nos auteurs sur place.`,
      },
      en: {
        title: `${place.name}: ${theme.en}${edition > 1 ? ` (edition ${edition})` : ''}`,
        description: `A practical guide to ${place.name} (${place.country.en}): ${theme.en.toLowerCase()}, ${extra('en')}, and a day in ${other}. Updated by our writers on the ground.`,
      },
    };
  });
}
interface Text {
  title: string;
  description: string;
}

/** The words of the generated catalogue, as a shopper could type them (for search terms). */
export function catalogueWords(): string[] {
  const texts = guideTexts(PLACES.length * THEMES.length).flatMap((pair) => [pair.fr, pair.en]);
  const words = texts.flatMap((t) => `${t.title} ${t.description}`.split(/[\s:,.()'’]+/));
  return [...new Set(words.filter((w) => w.length >= 3))];
}

/**
 * Tops the catalogue up to `total` active guides (the shop must have seeded its demo catalogue
 * first, or a test a guide: the new guides reuse its files). Returns how many it added. Also the
 * tests' catalogue of a thousand guides (tests/helpers/catalogue.ts).
 */
export async function seedGuides(db: Db, total: number): Promise<number> {
  const [{ n } = { n: 0 }] = await db
    .select({ n: count() })
    .from(travelGuides)
    .where(eq(travelGuides.isActive, true));
  const missing = Math.max(0, total - n);
  if (missing === 0) return 0;
  const demo = await db.select().from(travelGuides);
  if (demo.length === 0) throw new Error('Start the shop once first: the generated guides reuse its files');
  const rows = guideTexts(Math.ceil(missing / 2)).flatMap((pair, i) => {
    const files = demo[i % demo.length]!;
    const group = randomUUID();
    return (['fr', 'en'] as const).map((locale) => ({
      slug: `bench-${i}-${locale}`,
      ...pair[locale],
      price: ((i % 15) + 3).toFixed(2),
      locale,
      isActive: true,
      translationGroup: group,
      coverFileId: files.coverFileId,
      pdfPrimaryFileId: files.pdfPrimaryFileId,
      previewFileId: files.previewFileId,
      pageCount: files.pageCount,
      // Older than the demo guides, a few minutes apart, so the demo's newest stay first.
      createdAt: new Date(Date.UTC(2025, 0, 1) - i * 5 * 60_000),
    }));
  });
  for (let i = 0; i < missing; i += 200)
    await db.insert(travelGuides).values(rows.slice(i, Math.min(i + 200, missing)));
  return missing;
}

/** Opens the shop's database (PGlite in DATA_DIR/db, or DATABASE_URL) and tops it up to `total` guides. */
export async function seedShopGuides(options: { dataDir: string; databaseUrl?: string; total: number }) {
  const database = options.databaseUrl
    ? await openPostgres(options.databaseUrl)
    : await openPglite({ dir: `${options.dataDir}/db` });
  try {
    return await seedGuides(database.db, options.total);
  } finally {
    await database.close();
  }
}

async function freshPostgresDatabase(serverUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `bench_catalogue_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    },
  };
}

/**
 * The built shop on a fresh data folder (PGlite), or a fresh database on the PostgreSQL server of
 * `databaseUrl`, with its demo catalogue topped up to `guides` guides when asked: started once to
 * seed the demo, stopped, topped up, started again. stop() removes the folder and the database.
 */
export async function startShopWithGuides(options: {
  guides?: number;
  databaseUrl?: string;
}): Promise<RunningShop> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'bench-catalogue-'));
  const postgres = options.databaseUrl ? await freshPostgresDatabase(options.databaseUrl) : undefined;
  const env: Record<string, string> = postgres ? { DATABASE_URL: postgres.url } : {};
  const cleanUp = async () => {
    await postgres?.drop();
    await rm(dataDir, { recursive: true, force: true });
  };
  try {
    if (options.guides) {
      const first = await startShop({ dataDir, env });
      await first.stop();
      const started = performance.now();
      const added = await seedShopGuides({ dataDir, databaseUrl: postgres?.url, total: options.guides });
      console.error(`seeded ${added} guides in ${Math.round(performance.now() - started)} ms`);
    }
    const shop = await startShop({ dataDir, env });
    console.error(`the shop was quiet (its start-up jobs done) after ${await waitUntilQuiet(shop.pid)} ms`);
    return {
      ...shop,
      stop: async () => {
        const code = await shop.stop();
        await cleanUp();
        return code;
      },
    };
  } catch (error) {
    await cleanUp();
    throw error;
  }
}
