import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, rmSync, symlinkSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import type { GeoLocation } from './ingest-rows';

/**
 * Country (and region) of a client address from geoip-lite's offline database, loaded on the first
 * lookup, not at start. 'country' (the default) loads only its country files: +17.5 MB RSS, where
 * 'city' (regions too) costs +143.5 MB (measured on Node 20, docs/BENCHMARKS.md, Analytics).
 * The address itself is never returned or kept.
 */
export type GeoMode = 'city' | 'country' | 'off';

interface GeoipLite {
  lookup(ip: string): { country: string; region: string } | null;
}

const require = createRequire(import.meta.url);
let loaded: { mode: GeoMode; geoip: GeoipLite } | undefined;

/** geoip-lite falls back to its country files when the city files are missing from its data folder. */
function countryOnlyDataDir(): string {
  const source = path.join(path.dirname(require.resolve('geoip-lite/package.json')), 'data');
  // One folder per installed copy: checkouts on one machine must not share links into each other.
  const copy = createHash('sha256').update(source).digest('hex').slice(0, 12);
  const dir = path.join(os.tmpdir(), `shop-geoip-country-${process.getuid?.() ?? 'user'}-${copy}`);
  mkdirSync(dir, { recursive: true });
  for (const file of ['geoip-country.dat', 'geoip-country6.dat']) {
    const target = path.join(dir, file);
    if (existsSync(target)) continue;
    // existsSync follows the link: a link left pointing at a removed install is replaced.
    rmSync(target, { force: true });
    try {
      symlinkSync(path.join(source, file), target);
    } catch {
      copyFileSync(path.join(source, file), target);
    }
  }
  return dir;
}

function load(mode: Exclude<GeoMode, 'off'>): GeoipLite {
  if (loaded) return loaded.geoip;
  const globals = globalThis as { geodatadir?: string };
  const previous = globals.geodatadir;
  if (mode === 'country') globals.geodatadir = countryOnlyDataDir();
  try {
    const geoip = require('geoip-lite') as GeoipLite;
    loaded = { mode, geoip };
    return geoip;
  } finally {
    globals.geodatadir = previous;
  }
}

const UNKNOWN: GeoLocation = { country: null, region: null };

export function createGeoLookup(mode: GeoMode): (ip: string) => GeoLocation {
  if (mode === 'off') return () => UNKNOWN;
  return (ip) => {
    const found = load(mode).lookup(ip);
    if (!found?.country) return UNKNOWN;
    return { country: found.country, region: found.region || null };
  };
}
