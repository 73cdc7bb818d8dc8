/** One content key with its French and English values; both are seeded as version 1. */
export interface SeedContentBlock {
  key: string;
  type: 'plain' | 'markdown' | 'html';
  fr: string;
  en: string;
}
