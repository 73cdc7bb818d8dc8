/**
 * The privacy page's list of processors (docs/features/consent.md), in its own file so that only
 * the static pages' lazy chunk carries it; the schema is in ./storefront.schemas.ts.
 */
import { get } from './declare';

export const processors = get('/api/privacy/processors');
