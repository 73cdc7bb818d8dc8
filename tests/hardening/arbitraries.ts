import fc from 'fast-check';

/** The subset of JSON Schema that z.toJSONSchema produces for the shop's contracts. */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  pattern?: string;
  format?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  minItems?: number;
  maxItems?: number;
  default?: unknown;
}

/** Strings that have broken parsers, databases, HTML and logs elsewhere. */
export const NASTY_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\uD800',
  '\uDFFF\uD800',
  '\uFEFF',
  '\u202Eevil',
  'e\u0301\u0301\u0301',
  '🇸🇳🇨🇮🇲🇦',
  '𝕏𝔂𝔃',
  '\u200B\u200C\u200D',
  'İıß',
  '\r\n\r\nX-Injected: 1',
  '%00',
  '%2e%2e%2f%2e%2e%2f',
  '../../../../etc/passwd',
  '..\\..\\windows\\win.ini',
  "'; drop table orders; --",
  '" or 1=1 --',
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  'javascript:alert(1)',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template-injection probe, sent as text
  '${7*7}{{7*7}}',
  '=HYPERLINK("http://x")',
  '__proto__',
  'constructor',
  'NaN',
  'Infinity',
  '-0',
  '1e309',
  '0x10',
  'null',
  'true',
  '[]',
  '{}',
  'a'.repeat(10_000),
  '€'.repeat(3_000),
];

export const nastyString = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...NASTY_STRINGS) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary-ascii', minLength: 300, maxLength: 2_000 }) },
);

/** Any JSON value of the wrong kind for a field: wrong types, extremes, prototype keys. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: nastyString },
  {
    weight: 2,
    arbitrary: fc.constantFrom<unknown>(
      null,
      true,
      false,
      0,
      -1,
      1.5,
      -0.000001,
      1e21,
      -1e21,
      Number.MAX_SAFE_INTEGER + 2,
      [],
      {},
      [null],
      { __proto__: { admin: true } },
      JSON.parse('{"__proto__":{"polluted":true}}'),
      { constructor: { prototype: { polluted: true } } },
    ),
  },
  { weight: 1, arbitrary: fc.double() },
  { weight: 1, arbitrary: fc.integer() },
  { weight: 1, arbitrary: fc.array(fc.string({ maxLength: 5 }), { maxLength: 5 }) },
  {
    weight: 1,
    arbitrary: fc.dictionary(fc.string({ maxLength: 6 }), fc.string({ maxLength: 6 }), { maxKeys: 4 }),
  },
);

const EMAILS = ['awa.diop@example.com', 'o@x.sn', "o'neil+tag@mail.example.ci"];

/** A value the contract accepts (when the schema says enough to make one). */
export function validValue(schema: JsonSchema | undefined): fc.Arbitrary<unknown> {
  if (!schema) return fc.constant(undefined);
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives?.length) return fc.oneof(...alternatives.map(validValue));
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'object': {
      const properties = schema.properties ?? {};
      const model: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [key, value] of Object.entries(properties)) model[key] = validValue(value);
      return fc.record(model, { requiredKeys: schema.required ?? [] });
    }
    case 'array':
      return fc.array(validValue(schema.items), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.max(schema.minItems ?? 0, Math.min(schema.maxItems ?? 3, 3)),
      });
    case 'string': {
      if (schema.format === 'uuid') return fc.uuid();
      if (schema.format === 'email') return fc.constantFrom(...EMAILS);
      if (schema.format === 'date-time') return fc.date({ noInvalidDate: true }).map((d) => d.toISOString());
      if (schema.format === 'date') return fc.constantFrom('2026-01-01', '2026-11-22');
      if (schema.pattern) return fc.stringMatching(new RegExp(schema.pattern));
      const min = schema.minLength ?? 0;
      return fc.string({ minLength: min, maxLength: Math.max(min, Math.min(schema.maxLength ?? 20, 20)) });
    }
    case 'integer': {
      const min = Math.max(schema.minimum ?? (schema.exclusiveMinimum ?? -1000) + 1, -1000);
      return fc.integer({ min, max: Math.max(min, Math.min(schema.maximum ?? 1000, 1000)) });
    }
    case 'number':
      return fc.double({ min: schema.minimum ?? -1000, max: schema.maximum ?? 1000, noNaN: true });
    case 'boolean':
      return fc.boolean();
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

type Path = (string | number)[];

function pathsOf(value: unknown, prefix: Path = []): Path[] {
  if (value === null || typeof value !== 'object') return prefix.length ? [prefix] : [];
  const children = Array.isArray(value)
    ? value.flatMap((v, i) => pathsOf(v, [...prefix, i]))
    : Object.entries(value).flatMap(([k, v]) => pathsOf(v, [...prefix, k]));
  return prefix.length ? [prefix, ...children] : children;
}

function edit(
  value: unknown,
  path: Path,
  change: (parent: Record<string | number, unknown>, key: string | number) => void,
) {
  const copy = structuredClone(value) as Record<string | number, unknown>;
  let parent = copy;
  for (const key of path.slice(0, -1)) parent = parent[key] as Record<string | number, unknown>;
  change(parent, path[path.length - 1]!);
  return copy;
}

export type Mutation = 'valid' | 'wrong-type' | 'missing' | 'extra-fields' | 'not-an-object';

/**
 * A request body derived from a contract: a valid one, or one with a single field given a wrong
 * type or a nasty string, a field left out, unknown fields added, or not an object at all.
 */
export function contractBody(
  schema: JsonSchema | undefined,
): fc.Arbitrary<{ mutation: Mutation; body: unknown }> {
  const valid = validValue(schema);
  return fc.oneof(
    valid.map((body) => ({ mutation: 'valid' as const, body })),
    fc.tuple(valid, fc.nat(), hostileValue).map(([body, n, bad]) => {
      const paths = pathsOf(body);
      if (paths.length === 0) return { mutation: 'not-an-object' as const, body: bad };
      return {
        mutation: 'wrong-type' as const,
        body: edit(body, paths[n % paths.length]!, (p, k) => {
          p[k] = bad;
        }),
      };
    }),
    fc.tuple(valid, fc.nat()).map(([body, n]) => {
      const paths = pathsOf(body);
      if (paths.length === 0) return { mutation: 'missing' as const, body: undefined };
      return {
        mutation: 'missing' as const,
        body: edit(body, paths[n % paths.length]!, (p, k) => {
          if (Array.isArray(p)) p.splice(Number(k), 1);
          else delete p[k];
        }),
      };
    }),
    fc
      .tuple(
        valid,
        fc.dictionary(
          fc.constantFrom(
            'price',
            'amount',
            'total',
            'status',
            'unitPrice',
            'isAdmin',
            '__proto__',
            'id',
            'paymentMethod',
            'completedAt',
          ),
          hostileValue,
          { minKeys: 1, maxKeys: 3 },
        ),
      )
      .map(([body, extra]) => ({
        mutation: 'extra-fields' as const,
        body: body && typeof body === 'object' && !Array.isArray(body) ? { ...body, ...extra } : extra,
      })),
    hostileValue.map((body) => ({ mutation: 'not-an-object' as const, body })),
  );
}

/** Lone surrogates cannot be percent-encoded: a client would send U+FFFD. */
const wellFormed = (s: string) => s.replace(/[\uD800-\uDFFF]/g, '\uFFFD');

/** A query string from a contract, with the same mutations, flattened the way a browser sends one. */
export function toQueryString(value: unknown): string {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    return value === undefined ? '' : `?${encodeURIComponent(wellFormed(String(value)))}`;
  }
  const params = new URLSearchParams();
  for (const [key, v] of Object.entries(value)) {
    if (Array.isArray(v))
      for (const item of v)
        params.append(key, typeof item === 'object' ? JSON.stringify(item) : String(item));
    else params.append(key, typeof v === 'object' && v !== null ? JSON.stringify(v) : String(v));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** A path segment: a known id, a random UUID, or something no router should trip on. */
export function pathSegment(known: string[]): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 2, arbitrary: fc.constantFrom(...known) },
    { weight: 2, arbitrary: fc.uuid() },
    { weight: 1, arbitrary: fc.constantFrom(...known).map((k) => k.slice(0, Math.max(1, k.length - 3))) },
    { weight: 1, arbitrary: fc.integer({ min: -5, max: 100_000 }).map(String) },
    {
      weight: 4,
      arbitrary: nastyString
        .filter((s) => s.length > 0)
        .map((s) => encodeURIComponent(s.replace(/[\uD800-\uDFFF]/g, '?'))),
    },
    {
      weight: 1,
      arbitrary: fc.constantFrom('%', '%zz', '%c0%ae%c0%ae', '..', '.', '%2F', '%00', '%E2%80%AE', '%FF%FE'),
    },
  );
}
