import { inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { appSettings } from '../../db/schema';

/** The shop as its invoices name it (docs/features/invoices.md), from the Settings tab. */
export interface Seller {
  legalName: string;
  address: string;
  taxId: string | null;
}

const KEYS = { legalName: 'seller.legal_name', address: 'seller.address', taxId: 'seller.tax_id' } as const;

/** Before the operator fills them in: the demo shop's name and address, and no tax identifier. */
export const DEMO_SELLER: Seller = {
  legalName: 'Guides Afrique',
  address: 'Cocody Riviera 2, Abidjan, Côte d’Ivoire',
  taxId: null,
};

export async function readSeller(db: DbOrTx): Promise<Seller> {
  const rows = await db
    .select()
    .from(appSettings)
    .where(inArray(appSettings.key, Object.values(KEYS)));
  const value = (key: string) => rows.find((row) => row.key === key)?.value.trim() || null;
  return {
    legalName: value(KEYS.legalName) ?? DEMO_SELLER.legalName,
    address: value(KEYS.address) ?? DEMO_SELLER.address,
    taxId: value(KEYS.taxId),
  };
}

export async function saveSeller(db: DbOrTx, seller: Seller): Promise<void> {
  for (const [field, key] of Object.entries(KEYS) as [keyof Seller, string][]) {
    const value = seller[field] ?? '';
    await db
      .insert(appSettings)
      .values({ key, value })
      .onConflictDoUpdate({ target: appSettings.key, set: { value } });
  }
}
