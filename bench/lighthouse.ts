// Lighthouse 12 against the production build: the mobile preset, then "regular 3G" devtools throttling.
//   npx tsx bench/lighthouse.ts [--url http://127.0.0.1:3000] [--runs 3] [--profile mobile|3g|all] [--pages bench|public]
// --pages public: `/`, a country, a guide and `/guides`, each in French and in English.
// Without --url it starts the built shop (a copy of dist/, see bench/shop.ts) on a fresh PGlite
// data folder. Each page is run --runs times in a fresh Chromium; scores and metrics are the
// medians. Raw reports are saved under bench/results/lighthouse-<date>/. Exit code 1 if a target
// is missed (any category under 100, performance under 95) in the median of a profile.
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Config, type Flags, type Result } from 'lighthouse';
import { CHROMIUM_ARGS } from '../tests/e2e/harness';
import {
  benchPages,
  isMain,
  loadAverage,
  median,
  printTable,
  type RunningShop,
  resultsDir,
  stamp,
  startShop,
} from './shop';

const CHROME_PATH = '/usr/bin/chromium';
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
type Category = (typeof CATEGORIES)[number];
const TARGET: Record<Category, number> = {
  performance: 95,
  accessibility: 100,
  'best-practices': 100,
  seo: 100,
};

/**
 * "Regular 3G": 300 ms RTT, 750 kbit/s down, 250 kbit/s up, applied by Chromium's request-level
 * network emulation (throttlingMethod 'devtools'). As Lighthouse does for its own devtools presets
 * (mobileSlow4G, mobileRegular3G in lantern's Constants.js), the RTT is multiplied by 3.75 to get a
 * per-request latency and the throughputs by 0.9. Lighthouse's "kbps" are kibibits (x 1024 / 8 bytes/s).
 * CPU: 4x slowdown, the mobile preset's figure, applied for real by Chromium on this machine.
 */
export const REGULAR_3G = {
  rttMs: 300,
  throughputKbps: 750,
  requestLatencyMs: 300 * 3.75, // 1125 ms
  downloadThroughputKbps: 750 * 0.9, // 675
  uploadThroughputKbps: 250 * 0.9, // 225
  cpuSlowdownMultiplier: 4,
};

interface Profile {
  name: 'mobile' | '3g';
  label: string;
  config: Config | undefined;
}

const PROFILES: Profile[] = [
  {
    name: 'mobile',
    label: 'Lighthouse default (mobile: Moto G Power emulation, simulated Slow 4G, 4x CPU)',
    config: undefined,
  },
  {
    name: '3g',
    label: 'mobile emulation + devtools throttling "regular 3G" (1125 ms latency, 675/225 kbps, 4x CPU)',
    config: {
      extends: 'lighthouse:default',
      settings: { throttlingMethod: 'devtools', throttling: REGULAR_3G },
    },
  },
];

interface FailingAudit {
  id: string;
  title: string;
  category: Category;
  score: number | null;
  displayValue?: string;
  explanation?: string;
  /** Elements, URLs or source locations named in the audit's details. */
  items: string[];
}

interface RunSummary {
  scores: Record<Category, number>;
  lcp: number;
  tbt: number;
  cls: number;
  fcp: number;
  benchmarkIndex: number | undefined;
  warnings: string[];
  failing: FailingAudit[];
  report: string;
}

/**
 * What a reader needs to find the culprit: the element (selector, snippet, text), else the URL,
 * source location, failed check or the longest request chain named in the audit's details.
 */
function describeItems(details: unknown): string[] {
  const found: string[] = [];
  const str = (v: unknown) => (typeof v === 'string' ? v : '');
  const location = (v: unknown) => {
    const r = (v ?? {}) as Record<string, unknown>;
    if (r.type === 'source-location') return `${str(r.url)}:${Number(r.line) + 1}:${Number(r.column) + 1}`;
    if (r.type === 'text') return str(r.value);
    return str(r.url);
  };
  const visit = (value: unknown, depth: number) => {
    if (!value || typeof value !== 'object' || depth > 8 || found.length >= 12) return;
    if (Array.isArray(value)) {
      for (const v of value) visit(v, depth + 1);
      return;
    }
    const r = value as Record<string, unknown>;
    if (r.type === 'node') {
      const label = str(r.nodeLabel);
      found.push(`${str(r.selector)} ${str(r.snippet)}${label ? ` ("${label.slice(0, 70)}")` : ''}`.trim());
      return;
    }
    if (r.type === 'checklist' && r.items && typeof r.items === 'object') {
      for (const check of Object.values(r.items as Record<string, { label?: string; value?: boolean }>)) {
        if (check.value === false) found.push(`check failed: ${check.label ?? '?'}`);
      }
      return;
    }
    if (r.type === 'network-tree' && r.chains && typeof r.chains === 'object') {
      // The longest chain of requests, each with the time it finished.
      const chain: string[] = [];
      let level = r.chains as Record<
        string,
        { url: string; navStartToEndTime: number; isLongest?: boolean; children?: unknown }
      >;
      for (;;) {
        const next = Object.values(level).find((n) => n.isLongest) ?? Object.values(level)[0];
        if (!next) break;
        chain.push(`${next.url} (${Math.round(next.navStartToEndTime)} ms)`);
        level = (next.children ?? {}) as typeof level;
      }
      found.push(`longest chain: ${chain.join(' -> ')}`);
      return;
    }
    if (typeof r.phase === 'string' && typeof r.timing === 'number') {
      found.push(`${r.phase}: ${Math.round(r.timing)} ms`);
      return;
    }
    if (typeof r.description === 'string' && (r.sourceLocation || r.source)) {
      found.push(`${r.description} @ ${location(r.sourceLocation)}`);
      return;
    }
    if (typeof r.reflowTime === 'number') {
      found.push(`reflow ${Math.round(r.reflowTime)} ms at ${location(r.source) || '?'}`);
      return;
    }
    if (typeof r.url === 'string' && r.url) {
      const wasted = typeof r.wastedBytes === 'number' ? `, ${Math.round(r.wastedBytes)} B to save` : '';
      const ms = typeof r.wastedMs === 'number' ? `, ${Math.round(r.wastedMs)} ms` : '';
      const sub = (r.subItems as { items?: Array<{ reason?: string }> } | undefined)?.items?.[0]?.reason;
      found.push(`${r.url}${wasted}${ms}${sub ? ` — ${sub}` : ''}`);
      if (r.node) visit(r.node, depth + 1);
      return;
    }
    for (const key of ['items', 'node', 'value']) visit(r[key], depth + 1);
  };
  visit(details, 0);
  return [...new Set(found)];
}

function summarise(lhr: Result, report: string): RunSummary {
  const scores = Object.fromEntries(
    CATEGORIES.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)]),
  ) as Record<Category, number>;
  const failing: FailingAudit[] = [];
  for (const category of CATEGORIES) {
    if (scores[category] >= TARGET[category]) continue;
    for (const ref of lhr.categories[category]?.auditRefs ?? []) {
      const audit = lhr.audits[ref.id];
      if (!audit || audit.score === null) continue;
      if (['informative', 'manual', 'notApplicable', 'error'].includes(audit.scoreDisplayMode)) continue;
      if (audit.score >= 0.9) continue;
      failing.push({
        id: audit.id,
        title: audit.title,
        category,
        score: audit.score,
        displayValue: audit.displayValue,
        explanation: audit.explanation,
        items: describeItems(audit.details),
      });
    }
  }
  const metric = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
  return {
    scores,
    lcp: metric('largest-contentful-paint'),
    tbt: metric('total-blocking-time'),
    cls: metric('cumulative-layout-shift'),
    fcp: metric('first-contentful-paint'),
    benchmarkIndex: lhr.environment.benchmarkIndex,
    warnings: [...lhr.runWarnings, ...(lhr.runtimeError ? [lhr.runtimeError.message] : [])],
    failing,
    report,
  };
}

async function runOnce(url: string, profile: Profile, reportFile: string): Promise<RunSummary> {
  const chrome = await chromeLauncher.launch({ chromePath: CHROME_PATH, chromeFlags: CHROMIUM_ARGS });
  try {
    const flags: Flags = { port: chrome.port, output: 'json', logLevel: 'error' };
    const result = await lighthouse(url, flags, profile.config);
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const json = typeof result.report === 'string' ? result.report : JSON.stringify(result.lhr);
    await writeFile(reportFile, json);
    return summarise(result.lhr, reportFile);
  } finally {
    await chrome.kill();
  }
}

export interface PageResult {
  profile: Profile['name'];
  page: string;
  path: string;
  runs: RunSummary[];
  median: { scores: Record<Category, number>; lcp: number; tbt: number; cls: number; fcp: number };
  /** Audits failing in at least one run, with how many runs they failed in. */
  failing: Array<FailingAudit & { runs: number }>;
  missed: Category[];
}

/** Every public page of the bench's three, `/guides`, and each in English too. */
async function publicPages(baseUrl: string): Promise<Array<{ name: string; path: string }>> {
  const french = [...(await benchPages(baseUrl)), { name: 'all-guides', path: '/guides' }];
  return [...french, ...french.map((p) => ({ name: `${p.name}-en`, path: `${p.path}?lang=en` }))];
}

export async function runLighthouse(
  options: {
    url?: string;
    runs?: number;
    profiles?: Array<Profile['name']>;
    pages?: 'bench' | 'public';
  } = {},
): Promise<{ results: PageResult[]; ok: boolean; dir: string }> {
  process.env.CHROME_PATH = CHROME_PATH;
  const runs = options.runs ?? 3;
  const profiles = PROFILES.filter((p) => !options.profiles || options.profiles.includes(p.name));
  const dir = await resultsDir(`lighthouse-${stamp()}`);
  const loadBefore = loadAverage();
  let shop: RunningShop | undefined;
  const results: PageResult[] = [];
  try {
    let baseUrl = options.url;
    if (!baseUrl) {
      shop = await startShop();
      baseUrl = shop.url;
    }
    const pages = options.pages === 'public' ? await publicPages(baseUrl) : await benchPages(baseUrl);
    // One unmeasured request per page so the first measured run does not pay for cold code paths.
    for (const page of pages) await (await fetch(baseUrl + page.path)).arrayBuffer();
    for (const profile of profiles) {
      console.log(
        `\n== ${profile.name}: ${profile.label}; ${runs} runs per page, medians; load average ${loadAverage()}\n`,
      );
      for (const page of pages) {
        const summaries: RunSummary[] = [];
        for (let i = 1; i <= runs; i++) {
          const file = path.join(dir, `${profile.name}-${page.name}-${i}.json`);
          const started = performance.now();
          const summary = await runOnce(baseUrl + page.path, profile, file);
          summaries.push(summary);
          console.log(
            `  ${page.path} run ${i}: ${CATEGORIES.map((c) => summary.scores[c]).join('/')} ` +
              `LCP ${Math.round(summary.lcp)} ms TBT ${Math.round(summary.tbt)} ms CLS ${summary.cls.toFixed(3)} ` +
              `(benchmarkIndex ${summary.benchmarkIndex ?? '?'}, ${((performance.now() - started) / 1000).toFixed(0)} s)`,
          );
          for (const w of summary.warnings) console.log(`    warning: ${w.slice(0, 300)}`);
        }
        const med = {
          scores: Object.fromEntries(
            CATEGORIES.map((c) => [c, median(summaries.map((s) => s.scores[c]))]),
          ) as Record<Category, number>,
          lcp: median(summaries.map((s) => s.lcp)),
          tbt: median(summaries.map((s) => s.tbt)),
          cls: median(summaries.map((s) => s.cls)),
          fcp: median(summaries.map((s) => s.fcp)),
        };
        const byId = new Map<string, FailingAudit & { runs: number }>();
        for (const s of summaries) {
          for (const f of s.failing) {
            const seen = byId.get(`${f.category}/${f.id}`);
            if (seen) seen.runs += 1;
            else byId.set(`${f.category}/${f.id}`, { ...f, runs: 1 });
          }
        }
        const missed = CATEGORIES.filter((c) => med.scores[c] < TARGET[c]);
        results.push({
          profile: profile.name,
          page: page.name,
          path: page.path,
          runs: summaries,
          median: med,
          failing: [...byId.values()],
          missed,
        });
      }
    }
  } finally {
    await shop?.stop();
  }

  for (const profile of profiles) {
    const rows = results.filter((r) => r.profile === profile.name);
    if (!rows.length) continue;
    console.log(`\n${profile.name}: ${profile.label} (median of ${runs})`);
    printTable(
      ['page', 'perf', 'a11y', 'best-pr.', 'seo', 'FCP ms', 'LCP ms', 'TBT ms', 'CLS', 'targets'],
      rows.map((r) => [
        r.path,
        r.median.scores.performance,
        r.median.scores.accessibility,
        r.median.scores['best-practices'],
        r.median.scores.seo,
        Math.round(r.median.fcp),
        Math.round(r.median.lcp),
        Math.round(r.median.tbt),
        Number(r.median.cls.toFixed(3)),
        r.missed.length ? `missed: ${r.missed.join(', ')}` : 'met',
      ]),
    );
  }
  const failingPages = results.filter((r) => r.failing.length > 0);
  if (failingPages.length) {
    console.log('\nFailing audits (score < 0.9) in categories under target; (n/runs) = runs it failed in');
    for (const r of failingPages) {
      console.log(`\n[${r.profile}] ${r.path}`);
      for (const f of r.failing) {
        console.log(
          `  - ${f.category} / ${f.id} (${f.runs}/${runs}): ${f.title}` +
            `${f.displayValue ? ` — ${f.displayValue}` : ''}${f.explanation ? ` — ${f.explanation}` : ''}`,
        );
        for (const item of f.items.slice(0, 6))
          console.log(`      ${item.replace(/\s+/g, ' ').slice(0, 240)}`);
      }
    }
  }
  const summaryFile = path.join(dir, 'summary.json');
  await mkdir(dir, { recursive: true });
  await writeFile(
    summaryFile,
    JSON.stringify(
      {
        date: new Date().toISOString(),
        loadAverage: { before: loadBefore, after: loadAverage() },
        runs,
        regular3G: REGULAR_3G,
        results: results.map(({ runs: all, ...r }) => ({ ...r, reports: all.map((s) => s.report) })),
      },
      null,
      2,
    ),
  );
  console.log(`\nRaw reports and summary.json: ${path.relative(process.cwd(), dir)}/`);
  const ok = results.every((r) => r.missed.length === 0);
  console.log(ok ? 'OK: every target met.' : 'FAILED: targets missed (see above).');
  return { results, ok, dir };
}

if (isMain(import.meta.url)) {
  const { values } = parseArgs({
    options: {
      url: { type: 'string' },
      runs: { type: 'string', default: '3' },
      profile: { type: 'string', default: 'all' },
      pages: { type: 'string', default: 'bench' },
    },
  });
  const profiles =
    values.profile === 'all' ? undefined : (values.profile.split(',') as Array<Profile['name']>);
  const { ok } = await runLighthouse({
    url: values.url,
    runs: Number(values.runs),
    profiles,
    pages: values.pages === 'public' ? 'public' : 'bench',
  });
  process.exitCode = ok ? 0 : 1;
}
