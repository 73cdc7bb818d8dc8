import type { ActivityEntry } from '../../../shared/contracts/endpoints/admin-activity.schemas';
import { formatEuros, toCents } from '../../../shared/money';

/** Each recorded action in words; an action not listed reads as its key, spaced out. */
const ACTION_WORDS: Record<string, string> = {
  'guide.create': 'Created guide',
  'guide.update': 'Edited guide',
  'guide.unpublish': 'Unpublished guide',
  'guide.delete': 'Deleted guide',
  'guide.upload_pdf': 'Uploaded the PDF of guide',
  'guide.publish_edition': 'Published a new edition of guide',
  'content.create': 'Created text',
  'content.update': 'Edited text',
  'content.restore': 'Restored an earlier version of text',
  'media.upload': 'Uploaded image',
  'media.delete': 'Deleted image',
  'order.refund': 'Refunded order',
  'order.resend': 'Resent the guides of order',
  'order.email': 'Changed the buyer’s email of order',
  'order.note': 'Added a note to order',
  'order.revoke': 'Revoked the downloads of order',
  'order.restore': 'Restored the downloads of order',
  'order.validate': 'Validated the payment of order',
  'order.reject': 'Rejected the payment of order',
  'discount.create': 'Created discount code',
  'discount.update': 'Edited discount code',
  'discount.delete': 'Deleted discount code',
  'discount.pause': 'Paused discount code',
  'discount.resume': 'Resumed discount code',
};

export const actionWords = (action: string) =>
  ACTION_WORDS[action] ?? action.replace(/[._]/g, ' ').replace(/^./, (c) => c.toUpperCase());

const field = (value: unknown, key: string): unknown =>
  value && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined;
const textOf = (value: unknown) => (typeof value === 'string' && value.trim() ? value : null);

/**
 * What the subject is called: an order by its number, a guide by its title (both as they are now),
 * else what the record kept (a code, a key, a file name), else its kind.
 */
export function subjectWords(entry: ActivityEntry): string {
  const kept = [entry.before, entry.after].flatMap((side) =>
    ['orderNumber', 'title', 'code', 'key', 'originalName', 'filename', 'name'].map((key) =>
      textOf(field(side, key)),
    ),
  );
  return entry.subjectName ?? kept.find((name) => name !== null) ?? entry.subjectType;
}

/** The amount or the change that says the most, in one short line: "€12.50 refunded", "reason: …". */
export function activityDetail(entry: ActivityEntry): string | null {
  if (entry.action === 'order.refund') {
    const refund = field(entry.after, 'refund');
    const amount = textOf(field(refund, 'amount'));
    if (amount) {
      const note = textOf(field(refund, 'note'));
      const full = field(refund, 'full') === true;
      return `${formatEuros(toCents(amount), 'en')} refunded${full ? ' in full' : ''}${note ? ` · “${note}”` : ''}`;
    }
  }
  const reason = textOf(field(entry.after, 'reason'));
  if (reason) return `Reason: ${reason}`;
  return null;
}
