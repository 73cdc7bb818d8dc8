import * as admin from '../../../shared/contracts/endpoints/admin';
import type { AdminContentBlock } from '../../../shared/contracts/endpoints/content.schemas';
import { adminCall } from '../auth/admin-session';

export type Locale = AdminContentBlock['locale'];
export type ContentType = AdminContentBlock['type'];

/** Saves a block; `createOnly` refuses (409) a key that already exists instead of saving over it. */
export async function saveContent(
  key: string,
  body: { value: string; type: ContentType; locale: Locale },
  createOnly = false,
) {
  return adminCall(admin.saveContent, {
    params: { key },
    body,
    headers: createOnly ? { 'if-none-match': '*' } : {},
  });
}

export function formatDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleString('en-GB');
}
