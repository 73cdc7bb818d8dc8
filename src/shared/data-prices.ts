import type { CountrySlug } from './countries';

/**
 * What a gigabyte of mobile data costs the shop's buyers, by country, in the currency they pay it
 * in: the figures behind "≈ 6 FCFA de données". Configuration, changed here when
 * operators' prices move.
 *
 * Source: ITU, "ICT Price Baskets 2023" (data-only mobile broadband basket, 2 GB a month, as a share
 * of monthly GNI per capita: Côte d'Ivoire 2 %, Senegal 2.5 %, Morocco about 0.9 %), with the World
 * Bank's GNI per capita (Atlas method, 2022: Côte d'Ivoire US$ 2,620, Senegal US$ 1,640, Morocco
 * US$ 3,710) and 2023 average exchange rates (about 606 FCFA and 10.1 MAD to the dollar):
 *   Côte d'Ivoire 2,620 / 12 × 2 % / 2 GB ≈ US$ 2.18 ≈ 1,300 FCFA a GB;
 *   Senegal       1,640 / 12 × 2.5 % / 2 GB ≈ US$ 1.71 ≈ 1,000 FCFA a GB;
 *   Morocco       3,710 / 12 × 0.9 % / 2 GB ≈ US$ 1.39 ≈ 14 MAD a GB.
 * Worked out offline from figures as remembered, not re-read at the source (docs/DEVIATIONS.md).
 */
export interface DataPrice {
  /** As printed after the amount. */
  currency: 'FCFA' | 'MAD';
  perGb: number;
  /** Decimals shown: a franc is small enough to round to, a dirham is not. */
  digits: number;
}

export type DataPriceRegion = CountrySlug | 'default';

export const DATA_PRICES: Record<DataPriceRegion, DataPrice> = {
  'cote-divoire': { currency: 'FCFA', perGb: 1300, digits: 0 },
  senegal: { currency: 'FCFA', perGb: 1000, digits: 0 },
  maroc: { currency: 'MAD', perGb: 14, digits: 1 },
  /** Anyone else: the shop's home market, Côte d'Ivoire, in the currency its prices are shown in. */
  default: { currency: 'FCFA', perGb: 1300, digits: 0 },
};
