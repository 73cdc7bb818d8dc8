import type { ActivityChange } from '../../../shared/contracts/endpoints/admin-activity.schemas';

type Fields = Record<string, unknown>;

const isFields = (value: unknown): value is Fields =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The same JSON whatever the order of an object's keys (jsonb does not keep it). */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (isFields(value)) {
    const keys = Object.keys(value).sort();
    return `{${keys.map((k) => `${JSON.stringify(k)}:${canonical(value[k])}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

/**
 * The fields a change touched, in the order they first appear: for two objects, each key whose
 * value differs; a creation or a deletion (one side absent) lists every field of the other side;
 * two plain values are one change named "value".
 */
export function changedFields(before: unknown, after: unknown): ActivityChange[] {
  const absent = (v: unknown) => v === null || v === undefined;
  if ((isFields(before) || absent(before)) && (isFields(after) || absent(after))) {
    const b: Fields = isFields(before) ? before : {};
    const a: Fields = isFields(after) ? after : {};
    const keys = [...new Set([...Object.keys(b), ...Object.keys(a)])];
    return keys
      .filter((field) => canonical(b[field]) !== canonical(a[field]))
      .map((field) => ({ field, before: b[field] ?? null, after: a[field] ?? null }));
  }
  if (canonical(before) === canonical(after)) return [];
  return [{ field: 'value', before: before ?? null, after: after ?? null }];
}
