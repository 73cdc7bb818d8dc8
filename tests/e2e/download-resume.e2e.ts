import { readFile } from 'node:fs/promises';
import type { Route } from 'playwright-core';
import { expect, test } from 'vitest';
import { keepScreenshot, trackPageErrors } from './harness';
import { keptDownloads, stampedCopy } from './network-support';
import { setNetwork, withShopBehindNetwork } from './offline-support';

// a download cut in the middle of the file, whose link expires while the network is away,
// continues by itself from the byte where it stopped once the network is back, and the buyer gets
// the stamped copy byte for byte. Links live 3 seconds here (DOWNLOAD_LINK_TTL_SECONDS) so that one
// really expires during the cut.

const LINK_SECONDS = 3;
const CUT_AT = 400_000;
const e2e = withShopBehindNetwork({
  env: { DOWNLOAD_LINK_TTL_SECONDS: String(LINK_SECONDS) },
  guide: { title: 'Casamance en photos', locale: 'fr' },
});

test('a download cut mid-file, its link expired meanwhile, resumes at the cut and ends byte-identical', async () => {
  const context = await e2e.browser.newContext({
    viewport: { width: 390, height: 844 },
    acceptDownloads: true,
  });
  const page = await context.newPage();
  const errors = trackPageErrors(page);
  await page.goto(`${e2e.network.url}/order-confirmation/${e2e.order.publicId}`);
  await page.getByRole('heading', { name: 'Commande terminée !' }).waitFor();

  // The network drops after CUT_AT bytes of the file, and stays away longer than the link lives.
  const cut = e2e.network.cutNextFileAfter(CUT_AT);
  const download = page.waitForEvent('download', { timeout: 60_000 });
  const mintedAt = Date.now();
  await page.getByRole('button', { name: 'Télécharger', exact: true }).click();
  await cut;
  await setNetwork(context, e2e.network, false);
  await page.getByText(/Connexion perdue\s:\sle téléchargement reprendra tout seul/).waitFor();
  await keepScreenshot(page, 'download-resume-waiting-390');
  // What the phone holds at the cut: every byte that crossed before it.
  const atCut = await keptDownloads(page);
  expect(atCut.received).toEqual([CUT_AT]);
  // The network stays away until the link has expired: its expiry is in its token (Unix seconds at
  // bytes 17–20, src/server/modules/downloads/download-token.ts), so a slow machine that minted it
  // late still sees it expire.
  const token = e2e.network.transfers[0]!.path.split('/').at(-1)!;
  const expiresAt = Buffer.from(token, 'base64url').readUInt32BE(17) * 1000;
  await page.waitForTimeout(Math.max(0, expiresAt + 1000 - Date.now()));

  // The network comes back: nothing to click.
  await setNetwork(context, e2e.network, true);
  const file = await readFile(await (await download).path());
  await page.getByText(/repris à .*, rien n’a été téléchargé deux fois/).waitFor();
  await keepScreenshot(page, 'download-resume-done-390');

  const stamped = await stampedCopy(e2e.shop.url, e2e.order.publicId, e2e.order.guideId);
  expect(stamped.length).toBeGreaterThan(1_000_000);
  expect(file.equals(stamped)).toBe(true);
  expect((await download).suggestedFilename()).toMatch(/^casamance-en-photos-GA-[A-Z0-9]+\.pdf$/);

  // What crossed the buyer's network: the first CUT_AT bytes, a refusal of the expired link, then
  // the rest from the byte after the cut with a fresh link; not one byte of the file twice.
  const files = e2e.network.transfers;
  console.log(
    mintedAt,
    JSON.stringify(files.map(({ path, ...rest }) => ({ path: path.slice(-6), ...rest }))),
  );
  expect(files[0]).toMatchObject({ status: 200, range: undefined, bytes: CUT_AT });
  const expired = files.find((transfer) => transfer.status === 410);
  expect(expired).toMatchObject({ path: files[0]!.path, range: `bytes=${CUT_AT}-` });
  const rest = files.at(-1)!;
  expect(rest).toMatchObject({ status: 206, range: `bytes=${CUT_AT}-`, bytes: stamped.length - CUT_AT });
  expect(rest.ifRange).toMatch(/^"[0-9a-f]{32}"$/);
  expect(rest.path).not.toBe(files[0]!.path);
  const bodyBytes = files
    .filter((t) => t.status === 200 || t.status === 206)
    .reduce((sum, t) => sum + t.bytes, 0);
  expect(bodyBytes).toBe(stamped.length);
  console.log(
    `resume: file ${stamped.length} bytes, cut at ${CUT_AT}, sent after the cut ${rest.bytes}, saved by resuming ${CUT_AT} bytes (${((CUT_AT / stamped.length) * 100).toFixed(1)} % of the file)`,
  );

  // Nothing kept half-way once the file is handed over.
  expect(await keptDownloads(page)).toEqual({ received: [], parts: 0 });
  expect(
    errors.filter((error) => !/ERR_INTERNET_DISCONNECTED|Failed to load resource|net::/.test(error)),
  ).toEqual([]);
  await context.close();
}, 120_000);

test('two taps on Download before the app is ready start one download once it is, of the stamped copy', async () => {
  const context = await e2e.browser.newContext({
    viewport: { width: 1280, height: 800 },
    acceptDownloads: true,
  });
  const page = await context.newPage();
  // The page's scripts wait until the taps are made (a slow phone: the page drawn, the app not run).
  const held: Route[] = [];
  let released = false;
  await page.route(/\/assets\/.*\.js$/, (route) => (released ? route.continue() : void held.push(route)));
  await page.goto(`${e2e.network.url}/order-confirmation/${e2e.order.publicId}?lang=en`, {
    waitUntil: 'commit',
  });
  await page.getByRole('heading', { name: 'Order Complete!' }).waitFor();
  const before = e2e.network.transfers.length;
  const button = page.getByRole('button', { name: 'Download', exact: true });
  const download = page.waitForEvent('download');
  await button.click();
  await button.click();
  expect(await button.getAttribute('data-tapped')).toBe('');
  released = true;
  for (const route of held.splice(0)) await route.continue();
  const file = await readFile(await (await download).path());
  expect(file.equals(await stampedCopy(e2e.shop.url, e2e.order.publicId, e2e.order.guideId))).toBe(true);
  await page.getByText(/is in your downloads/).waitFor();
  await keepScreenshot(page, 'download-resume-done-1280');
  expect(e2e.network.transfers.length - before).toBe(1);
  await context.close();
});
