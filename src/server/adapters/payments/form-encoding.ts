/**
 * Stripe's wire format: `application/x-www-form-urlencoded` with bracket keys, as the official SDK
 * writes it (`metadata[order]=1`, `payment_method_types[0]=card`, `expand[]=latest_charge`).
 */
export type FormValue = string | FormValue[] | FormObject;
export interface FormObject {
  [key: string]: FormValue;
}

export class FormEncodingError extends Error {}

const KEY = /^([^[\]]+)((?:\[[^[\]]*\])*)$/;
const SEGMENT = /\[([^[\]]*)\]/g;
// Keys that would reach Object.prototype when assigned; a form has no business naming them.
const FORBIDDEN = new Set(['__proto__', 'constructor', 'prototype']);
const MAX_DEPTH = 5;

type Building = { [key: string]: Building | string };

function isBuilding(value: Building | string | undefined): value is Building {
  return typeof value === 'object';
}

/** Objects whose keys are all 0, 1, 2… (or were written with `[]`) become arrays, as Stripe reads them. */
function finish(node: Building | string): FormValue {
  if (typeof node === 'string') return node;
  const keys = Object.keys(node);
  if (keys.length > 0 && keys.every((k) => /^\d+$/.test(k))) {
    return keys
      .map(Number)
      .sort((a, b) => a - b)
      .map((k) => finish(node[String(k)]!));
  }
  return finishObject(node);
}

function finishObject(node: Building): FormObject {
  const out: FormObject = {};
  for (const [key, value] of Object.entries(node)) out[key] = finish(value);
  return out;
}

export function parseStripeForm(encoded: string): FormObject {
  const root: Building = {};
  for (const [rawKey, value] of new URLSearchParams(encoded)) {
    const match = KEY.exec(rawKey);
    if (!match) throw new FormEncodingError(`Invalid parameter name: ${rawKey}`);
    const path = [match[1]!, ...Array.from(match[2]!.matchAll(SEGMENT), (m) => m[1]!)];
    if (path.length > MAX_DEPTH) throw new FormEncodingError(`Parameter nested too deeply: ${rawKey}`);
    let node = root;
    for (let i = 0; i < path.length; i++) {
      let segment = path[i]!;
      if (FORBIDDEN.has(segment)) throw new FormEncodingError(`Invalid parameter name: ${rawKey}`);
      // `a[]=x&a[]=y` appends.
      if (segment === '') segment = String(Object.keys(node).length);
      const last = i === path.length - 1;
      const existing = node[segment];
      if (last) {
        if (isBuilding(existing)) throw new FormEncodingError(`Conflicting values for ${rawKey}`);
        node[segment] = value;
      } else {
        if (typeof existing === 'string') throw new FormEncodingError(`Conflicting values for ${rawKey}`);
        const child: Building = existing ?? {};
        node[segment] = child;
        node = child;
      }
    }
  }
  return finishObject(root);
}
