import { countryOfMobile } from '../../../shared/calling-codes';
import type { TaxEvidence } from '../../../shared/tax-evidence';
import type { DbOrTx } from '../../db/client';
import { invalid } from '../../domain/errors';
import { readTaxSettings } from './tax-settings';

/** The tax an order is placed with: decided once, then kept with the order (and a card payment's metadata). */
export interface BuyerTax {
  country: string | null;
  rateBp: number;
  label: string | null;
  pricesIncludeTax: boolean;
  evidence: TaxEvidence;
}

/** No rate applies: what every order had before rates existed. */
export const NO_TAX: BuyerTax = {
  country: null,
  rateBp: 0,
  label: null,
  pricesIncludeTax: true,
  evidence: { ipCountry: null, phoneCountry: null, chosenCountry: null, decidedBy: 'none' },
};

export interface BuyerEvidence {
  /** Country of the client address (GeoIP), null when unknown. */
  ipCountry: string | null;
  mobile?: string;
  /** The country the buyer chose at checkout, when asked. */
  chosenCountry?: string;
}

export type BuyerTaxDecision =
  | { decided: true; tax: BuyerTax }
  /** The evidence disagrees or is missing and the buyer has not chosen: ask, prefilled with `suggested`. */
  | { decided: false; suggested: string | null; evidence: TaxEvidence };

/**
 * The buyer's country from two pieces of evidence that agree, the client address and the mobile
 * number's calling code; when they disagree or one is missing, the buyer's own choice. With no rate
 * set at all nothing is asked and no tax applies (docs/features/taxes.md).
 */
export async function decideBuyerTax(db: DbOrTx, input: BuyerEvidence): Promise<BuyerTaxDecision> {
  const settings = await readTaxSettings(db);
  const ipCountry = input.ipCountry?.toUpperCase() ?? null;
  const phoneCountry = input.mobile ? countryOfMobile(input.mobile) : null;
  const chosenCountry = input.chosenCountry?.toUpperCase() ?? null;
  const evidence = { ipCountry, phoneCountry, chosenCountry };
  let country: string | null;
  let decidedBy: TaxEvidence['decidedBy'];
  if (ipCountry && ipCountry === phoneCountry) {
    country = ipCountry;
    decidedBy = 'agreed';
  } else if (chosenCountry) {
    country = chosenCountry;
    decidedBy = 'chosen';
  } else if (settings.rates.length === 0) {
    return {
      decided: true,
      tax: {
        ...NO_TAX,
        pricesIncludeTax: settings.pricesIncludeTax,
        evidence: { ...evidence, decidedBy: 'none' },
      },
    };
  } else {
    return {
      decided: false,
      suggested: phoneCountry ?? ipCountry,
      evidence: { ...evidence, decidedBy: 'none' },
    };
  }
  const rate = settings.rates.find((r) => r.country === country);
  return {
    decided: true,
    tax: {
      country,
      rateBp: rate?.rateBp ?? 0,
      label: rate?.label ?? null,
      pricesIncludeTax: settings.pricesIncludeTax,
      evidence: { ...evidence, decidedBy },
    },
  };
}

export const COUNTRY_NEEDED = 'country_needed';

/** The decided tax, or a 400 naming `country` that the checkout answers by asking the buyer. */
export async function requireBuyerTax(db: DbOrTx, input: BuyerEvidence): Promise<BuyerTax> {
  const decision = await decideBuyerTax(db, input);
  if (decision.decided) return decision.tax;
  throw invalid('country: choose the country you live in; it decides the tax on this order', {
    field: 'country',
    code: COUNTRY_NEEDED,
  });
}

/** The tax of an order placed by this customer from a client address in `ipCountry`. */
export const taxOfCustomer = (
  db: DbOrTx,
  customer: { mobile: string; country?: string },
  ipCountry: string | null,
): Promise<BuyerTax> =>
  requireBuyerTax(db, { ipCountry, mobile: customer.mobile, chosenCountry: customer.country });
