import { asc, eq } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { appSettings, taxRates } from '../../db/schema';

const PRICES_INCLUDE_TAX = 'tax.prices_include_tax';

export interface TaxRate {
  country: string;
  rateBp: number;
  label: string | null;
}

export interface TaxSettings {
  /** Catalogue prices are what the buyer pays, tax included (the default, as consumer prices). */
  pricesIncludeTax: boolean;
  rates: TaxRate[];
}

/** The rates and the prices-include-tax switch as they stand now (read inside the order's transaction). */
export async function readTaxSettings(db: DbOrTx): Promise<TaxSettings> {
  const [setting] = await db.select().from(appSettings).where(eq(appSettings.key, PRICES_INCLUDE_TAX));
  const rates = await db
    .select({ country: taxRates.country, rateBp: taxRates.rateBp, label: taxRates.label })
    .from(taxRates)
    .orderBy(asc(taxRates.country));
  return { pricesIncludeTax: setting?.value !== 'false', rates };
}

/** Replaces the rates and the switch in one transaction; orders already placed keep what they were taxed with. */
export async function saveTaxSettings(db: Db, settings: TaxSettings): Promise<TaxSettings> {
  await db.transaction(async (tx) => {
    await tx.delete(taxRates);
    if (settings.rates.length > 0) {
      await tx.insert(taxRates).values(settings.rates.map((rate) => ({ ...rate, updatedAt: new Date() })));
    }
    const value = settings.pricesIncludeTax ? 'true' : 'false';
    await tx
      .insert(appSettings)
      .values({ key: PRICES_INCLUDE_TAX, value })
      .onConflictDoUpdate({ target: appSettings.key, set: { value } });
  });
  return readTaxSettings(db);
}
