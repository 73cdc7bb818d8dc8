/** The Settings tab's calls (docs/features/taxes.md), behind the admin key; schemas in ./admin-settings.schemas.ts. */
import { ADMIN, get, put } from './declare';
export const readTaxSettings = get('/api/admin/settings/taxes', ADMIN);
export const saveTaxSettings = put('/api/admin/settings/taxes', ADMIN);
