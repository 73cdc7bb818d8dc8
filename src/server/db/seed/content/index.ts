import type { Locale } from '../../../../shared/locale';
import { countryBlocks, homeAndAnnouncement } from './home-and-countries';
import { pageBlocks } from './pages';
import { receiptBlocks } from './receipt';
import type { SeedContentBlock } from './types';

export const DEMO_CONTENT: readonly SeedContentBlock[] = [
  ...homeAndAnnouncement,
  ...countryBlocks,
  ...pageBlocks,
  ...receiptBlocks,
];

/** One row per key and locale, as stored in content_blocks. */
export function contentRows(): {
  key: string;
  locale: Locale;
  type: SeedContentBlock['type'];
  value: string;
}[] {
  return DEMO_CONTENT.flatMap((block) =>
    (['fr', 'en'] as const).map((locale) => ({
      key: block.key,
      locale,
      type: block.type,
      value: block[locale],
    })),
  );
}
