import type { AdminContentBlock } from '../../../shared/contracts/admin/content';
import { adminFetch } from '../auth/admin-session';

export type Locale = AdminContentBlock['locale'];
export type ContentType = AdminContentBlock['type'];

/** Saves a block; `createOnly` refuses (409) a key that already exists instead of saving over it. */
export async function saveContent(
  key: string,
  body: { value: string; type: ContentType; locale: Locale },
  createOnly = false,
) {
  const response = await adminFetch(`/api/admin/content/${encodeURIComponent(key)}`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', ...(createOnly ? { 'if-none-match': '*' } : {}) },
    body: JSON.stringify(body),
  });
  return (await response.json()) as AdminContentBlock;
}

export function formatDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleString('en-GB');
}
