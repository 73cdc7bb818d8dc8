import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Locale } from '../../../shared/locale';
import { makeCoverWebp, renderTocPreview } from '../../modules/catalogue/guide-assets';
import { makeLightPdf } from '../../modules/light/light-pdf';
import { COVER_WIDTH, coverSvg } from './cover-art';
import { buildCompanionPdf, buildGuidePdf } from './guide-pdf';
import { DEMO_GUIDES } from './guides';
import { appendPhotoPages } from './photo-pages';
import type { GuideEdition, GuideSeed } from './seed-types';

/**
 * The demo catalogue's files: covers, PDFs with their photo pages, page counts, TOC
 * previews, companions, and the light copies of the PDFs that have photographs. All of it follows
 * from the sources alone (no date, no buyer, no random id), so `scripts/build.mjs` makes it once
 * into `dist/server/demo-assets/` and a new shop's seed reads it instead of spending seconds of
 * pdf-lib, sharp and mupdf on every first start. Without that folder (tests, `--dev`) the seed
 * builds the same bytes in memory.
 */

/** Bumped when the layout of the folder changes. */
const FORMAT = 1;
const MANIFEST = 'manifest.json';

export interface DemoEdition {
  seed: GuideSeed;
  locale: Locale;
  edition: GuideEdition;
}

export interface DemoAssets {
  cover: Buffer;
  pdf: Buffer;
  pageCount: number;
  preview: Buffer;
  companion?: Buffer;
  /** The PDF's light edition, made only for a PDF with photographs (a text-only PDF has nothing to shed). */
  light?: Buffer;
}

type FilePart = 'cover' | 'pdf' | 'preview' | 'companion' | 'light';
const PARTS: readonly FilePart[] = ['cover', 'pdf', 'preview', 'companion', 'light'];

interface Manifest {
  format: number;
  fingerprint: string;
  editions: { slug: string; pageCount: number; sizes: Partial<Record<FilePart, number>> }[];
}

/** Every edition of the demo catalogue, in the order the seed writes them. */
export function demoEditions(): DemoEdition[] {
  return DEMO_GUIDES.flatMap((seed) =>
    (['fr', 'en'] as const)
      .filter((locale) => seed.editions[locale] !== undefined)
      .map((locale) => ({ seed, locale, edition: seed.editions[locale]! })),
  );
}

/** What the files are made from: a folder made from other guides is not used. */
function fingerprint(): string {
  return createHash('sha256').update(JSON.stringify({ FORMAT, DEMO_GUIDES })).digest('hex');
}

async function buildEditionFiles({ seed, locale, edition }: DemoEdition): Promise<Omit<DemoAssets, 'cover'>> {
  const built = await buildGuidePdf({
    locale,
    theme: seed.theme,
    title: edition.title,
    countryLabel: edition.countryLabel,
    description: edition.description,
    chapters: edition.chapters,
  });
  const pdf = edition.photos
    ? await appendPhotoPages(built.bytes, {
        captions: edition.photos,
        // A 6 MP camera's frame: the full edition weighs what a guide with photos does.
        width: 3000,
        link: 'https://guides-afrique.com/',
      })
    : built.bytes;
  const light = edition.photos ? Buffer.from((await makeLightPdf(pdf)).pdf) : undefined;
  return {
    pdf,
    pageCount: built.pageCount + (edition.photos?.length ?? 0),
    preview: await renderTocPreview(pdf, { width: 600 }),
    companion: edition.companion ? await buildCompanionPdf(edition.companion, seed.theme, locale) : undefined,
    light,
  };
}

/** All the demo files, built in memory (what the build writes to the folder). */
export async function buildDemoAssets(editions = demoEditions()): Promise<DemoAssets[]> {
  // sharp works on its own threads: let the covers render (two at a time, see image-work.ts) while this thread lays out PDFs.
  const variants = new Map<string, number>();
  const covers = Promise.all(
    editions.map(({ seed, locale, edition }) => {
      const variant = variants.get(seed.theme) ?? 0;
      variants.set(seed.theme, variant + 1);
      const svg = coverSvg(
        seed.theme,
        {
          title: edition.title,
          countryLabel: edition.countryLabel,
          edition: locale === 'fr' ? 'Guide pratique · Édition 2026' : 'Practical guide · 2026 edition',
          languageBadge: locale.toUpperCase(),
        },
        variant,
      );
      return makeCoverWebp(Buffer.from(svg), COVER_WIDTH, { whenBusy: 'wait' });
    }),
  );
  // Keep a failed PDF build from leaving this promise rejected and unobserved.
  covers.catch(() => {});
  const files: Omit<DemoAssets, 'cover'>[] = [];
  for (const edition of editions) files.push(await buildEditionFiles(edition));
  const coverImages = await covers;
  return files.map((f, i) => ({ ...f, cover: coverImages[i]! }));
}

const fileName = (slug: string, part: FilePart) =>
  `${slug}.${part}.${part === 'cover' || part === 'preview' ? 'webp' : 'pdf'}`;

/** Writes the files and, last, their manifest (into a new folder renamed into place: never half a folder). */
export async function writeDemoAssets(dir: string, assets: DemoAssets[], editions = demoEditions()) {
  const partial = `${dir}.partial`;
  await rm(partial, { recursive: true, force: true });
  await mkdir(partial, { recursive: true });
  const manifest: Manifest = { format: FORMAT, fingerprint: fingerprint(), editions: [] };
  for (const [i, asset] of assets.entries()) {
    const slug = editions[i]!.edition.slug;
    const sizes: Manifest['editions'][number]['sizes'] = {};
    for (const part of PARTS) {
      const data = asset[part];
      if (!data) continue;
      await writeFile(path.join(partial, fileName(slug, part)), data);
      sizes[part] = data.length;
    }
    manifest.editions.push({ slug, pageCount: asset.pageCount, sizes });
  }
  await writeFile(path.join(partial, MANIFEST), JSON.stringify(manifest, null, 1));
  await rm(dir, { recursive: true, force: true });
  await rename(partial, dir);
}

/**
 * The prebuilt files, or undefined when the folder is missing, made from other demo guides, or has a
 * file missing or of the wrong size (the seed then builds them in memory).
 */
export async function readDemoAssets(
  dir: string,
  editions = demoEditions(),
): Promise<DemoAssets[] | undefined> {
  const manifest = await readFile(path.join(dir, MANIFEST), 'utf8')
    .then((text) => JSON.parse(text) as Manifest)
    .catch(() => undefined);
  if (manifest?.format !== FORMAT || manifest.fingerprint !== fingerprint()) return undefined;
  if (manifest.editions.length !== editions.length) return undefined;
  const assets: DemoAssets[] = [];
  for (const [i, entry] of manifest.editions.entries()) {
    if (entry.slug !== editions[i]!.edition.slug) return undefined;
    const parts: Partial<Record<FilePart, Buffer>> = {};
    for (const part of PARTS) {
      const size = entry.sizes[part];
      if (size === undefined) continue;
      const file = path.join(dir, fileName(entry.slug, part));
      if ((await stat(file).catch(() => undefined))?.size !== size) return undefined;
      parts[part] = await readFile(file);
    }
    const { cover, pdf, preview, companion, light } = parts;
    if (!cover || !pdf || !preview) return undefined;
    assets.push({ cover, pdf, preview, companion, light, pageCount: entry.pageCount });
  }
  return assets;
}
