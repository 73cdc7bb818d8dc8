import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseSync } from 'vite';
import { describe, expect, test } from 'vitest';

/**
 * The specification's quoted texts (every '…' in ../shared/seeds/*.txt) stay in the shop word for
 * word: each is found among the texts the source writes (string literals, template literals and JSX
 * text of src/, tests left out). `{term}`, N, X, Y and numbers in a quote stand for a value, so they
 * also match a placeholder (`{count}`, `${MAX}`); a quote written 'Title - Description' is a toast's
 * two texts. A text a documented deviation replaces is listed below with its row; a listed text the
 * shop has again fails the check, so the list cannot linger.
 */
const REPLACED_BY_DEVIATION: Readonly<Record<string, string>> = {};

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
/**
 * The specification lives beside the repository (../shared/seeds from the main checkout, one level
 * further from a worktree); SPEC_DIR names another place. Not found is a failure, not a skip.
 */
function specDirectory(): string {
  const candidates = [
    process.env.SPEC_DIR,
    path.resolve(ROOT, '..', 'shared', 'seeds'),
    path.resolve(ROOT, '..', '..', 'shared', 'seeds'),
  ].filter((dir): dir is string => Boolean(dir));
  const found = candidates.find((dir) => existsSync(dir));
  if (!found) throw new Error(`The specification is not in ${candidates.join(' nor ')}: set SPEC_DIR`);
  return found;
}

/** Each quoted text of the specification, from both documents. */
function specQuotes(text: string): string[] {
  // An apostrophe inside a word (couldn't, you're) neither opens nor closes a quote.
  return [...text.matchAll(/(?<![\w'])'(.+?)'(?![\w])/g)].map((m) => m[1]!);
}

const apostrophes = (text: string) => text.replace(/[’‘]/g, "'");

/** Every text a source file writes: string and template literals (values as `{…}`) and JSX text. */
function sourceTexts(file: string, source: string): string[] {
  const { program, errors } = parseSync(file, source);
  if (errors.length > 0) throw new Error(`${file}: ${errors[0]?.message}`);
  const texts: string[] = [];
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) {
      for (const child of node) visit(child);
      return;
    }
    if (!node || typeof node !== 'object') return;
    const current = node as { type?: string; value?: unknown; quasis?: { value: { cooked?: string } }[] };
    if (current.type === 'Literal' && typeof current.value === 'string') texts.push(current.value);
    if (current.type === 'JSXText' && typeof current.value === 'string') texts.push(current.value.trim());
    if (current.type === 'TemplateLiteral' && current.quasis)
      texts.push(current.quasis.map((q) => q.value.cooked ?? '').join('{…}'));
    for (const [key, child] of Object.entries(current)) if (key !== 'parent') visit(child);
  };
  visit(program);
  return texts.map(apostrophes);
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const PLACEHOLDER = String.raw`\{[^{}]*\}`;

/** The pattern a quote's text is found by: its words exact, its values a value or a placeholder. */
function quotePattern(quote: string): RegExp {
  const source = apostrophes(quote)
    .split(/(\{\w+\}|\b[NXY]\b|\d+(?:\.\d+)?)/)
    .map((piece, i) => {
      if (i % 2 === 0) return escapeRegExp(piece);
      return piece.startsWith('{') ? PLACEHOLDER : `(?:${escapeRegExp(piece)}|${PLACEHOLDER})`;
    })
    .join('');
  return new RegExp(source);
}

/** The quotes no source text holds (a 'Title - Description' quote needs both parts). */
function missingQuotes(quotes: string[], texts: string[]): string[] {
  const all = texts.join('\n');
  return quotes.filter((quote) => quote.split(' - ').some((part) => !quotePattern(part).test(all)));
}

function shopTexts(): string[] {
  return readdirSync(path.join(ROOT, 'src'), { recursive: true, encoding: 'utf8' })
    .map((file) => path.join('src', file))
    .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file))
    .flatMap((file) => sourceTexts(file, readFileSync(path.join(ROOT, file), 'utf8')));
}

function allSpecQuotes(): string[] {
  const dir = specDirectory();
  const files = readdirSync(dir).filter((file) => file.endsWith('.txt'));
  return [...new Set(files.flatMap((file) => specQuotes(readFileSync(path.join(dir, file), 'utf8'))))];
}

describe("the specification's texts", () => {
  const quotes = allSpecQuotes();
  const missing = missingQuotes(quotes, shopTexts());

  test('every quoted text of both documents is one of the shop’s texts, apart from documented deviations', () => {
    expect(quotes.length).toBeGreaterThan(100);
    expect(missing.filter((quote) => !(quote in REPLACED_BY_DEVIATION))).toEqual([]);
  });

  test('every text listed as replaced is still missing (else remove it from the list)', () => {
    expect(Object.keys(REPLACED_BY_DEVIATION).filter((quote) => !missing.includes(quote))).toEqual([]);
  });
});

describe('the check itself', () => {
  test('finds quotes, not apostrophes inside words', () => {
    expect(
      specQuotes(`A 'Load More' button; 'Order Not Found - We couldn't find the order you're looking for.'`),
    ).toEqual(['Load More', "Order Not Found - We couldn't find the order you're looking for."]);
  });

  test('a quote is found through placeholders, and reported when its words are missing', () => {
    const texts = sourceTexts(
      'sample.tsx',
      [
        // biome-ignore lint/suspicious/noTemplateCurlyInString: the sample source holds a template literal
        "const en = { showing: 'Showing {shown} of {total} guides', found: `Found ${n} guides matching your search` };",
        'const note = <p>Industry avg: {rate}%</p>;',
        "const toast = { title: 'Order Not Found', text: 'We couldn’t find the order you’re looking for.' };",
      ].join('\n'),
    );
    expect(
      missingQuotes(
        [
          'Showing X of Y guides',
          'Found N guides matching your search',
          "Order Not Found - We couldn't find the order you're looking for.",
          'Tax 0.00',
          'Load More',
        ],
        texts,
      ),
    ).toEqual(['Tax 0.00', 'Load More']);
  });
});
