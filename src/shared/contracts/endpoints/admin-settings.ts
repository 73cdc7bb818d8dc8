/** The Settings tab's calls (docs/features/taxes.md, data-rights.md), behind the admin key; schemas in ./admin-settings.schemas.ts. */
import { ADMIN, get, put } from './declare';
export const readTaxSettings = get('/api/admin/settings/taxes', ADMIN);
export const saveTaxSettings = put('/api/admin/settings/taxes', ADMIN);
export const readRetentionSettings = get('/api/admin/settings/retention', ADMIN);
export const saveRetentionSettings = put('/api/admin/settings/retention', ADMIN);
