import type { Guide } from '../../../shared/contracts/catalogue';

/** The most words of a search that count: a longer search costs no more than an eight-word one. */
export const SEARCH_WORDS_MAX = 8;
/** A word of this length or more also matches a word one typo away (a letter added, dropped or changed). */
const TYPO_MIN_LENGTH = 5;

/** Ligatures unaccent() spelled out in PostgreSQL; NFD keeps them whole. */
const LIGATURES: Record<string, string> = { œ: 'oe', Œ: 'oe', æ: 'ae', Æ: 'ae', ß: 'ss' };

/**
 * The shop's place names as shoppers also write them (English, French, short forms), each written
 * the one way the index keeps: a guide titled "Fez & Meknes" is found by "Fès", "fes" and "fez".
 */
const PLACE_SPELLINGS: readonly (readonly [string, string])[] = [
  ['fez', 'fes'],
  ['marrakesh', 'marrakech'],
  ['st louis', 'saint louis'],
  ['ivory coast', 'cote d ivoire'],
  ['cote divoire', 'cote d ivoire'],
  ['tangier', 'tanger'],
  ['tangiers', 'tanger'],
  ['morocco', 'maroc'],
  ['marruecos', 'maroc'],
  ['casamence', 'casamance'],
  ['abidjian', 'abidjan'],
];
const SPELLING_PATTERN = new RegExp(
  `(?<= |^)(${PLACE_SPELLINGS.map(([from]) => from).join('|')})(?= |$)`,
  'g',
);
const SPELLING_OF = new Map(PLACE_SPELLINGS);

/** Lower-case, unaccented words of letters a–z and digits: the same on both sides of a search. */
export function normalisedWords(text: string): string[] {
  const words = text
    .replace(/[œŒæÆß]/g, (c) => LIGATURES[c] ?? c)
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => w.length > 0);
  return words
    .join(' ')
    .replace(SPELLING_PATTERN, (name) => SPELLING_OF.get(name) ?? name)
    .split(' ')
    .filter((w) => w.length > 0);
}

export function searchWords(q: string): string[] {
  return normalisedWords(q).slice(0, SEARCH_WORDS_MAX);
}

/**
 * The active guides of one language, newest first, with every distinct word of their titles and
 * descriptions and, for each word, the guides whose title or text hold it. A search reads the
 * words (a few thousand for a thousand guides), never the guides' text.
 */
export interface SearchIndex {
  guides: Guide[];
  words: string[];
  /** word index → positions in `guides` whose title or description holds it, ascending. */
  inText: number[][];
  /** word index → positions in `guides` whose title holds it, ascending. */
  inTitle: number[][];
}

export function buildSearchIndex(guides: Guide[]): SearchIndex {
  const ids = new Map<string, number>();
  const index: SearchIndex = { guides, words: [], inText: [], inTitle: [] };
  const add = (word: string, position: number, list: 'inText' | 'inTitle') => {
    let id = ids.get(word);
    if (id === undefined) {
      id = index.words.push(word) - 1;
      ids.set(word, id);
      index.inText.push([]);
      index.inTitle.push([]);
    }
    const positions = index[list][id]!;
    if (positions[positions.length - 1] !== position) positions.push(position);
  };
  guides.forEach((guide, position) => {
    const title = normalisedWords(guide.title);
    for (const word of title) add(word, position, 'inTitle');
    for (const word of [...title, ...normalisedWords(guide.description)]) add(word, position, 'inText');
  });
  return index;
}

/** Whether `a` and `b` are at most one letter added, dropped or changed apart (Levenshtein ≤ 1). */
export function withinOneEdit(a: string, b: string): boolean {
  if (Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  if (a.length === b.length) return a.slice(i + 1) === b.slice(i + 1);
  return a.length > b.length ? a.slice(i + 1) === b.slice(i) : a.slice(i) === b.slice(i + 1);
}

/**
 * The word ids a search word matches: a word that contains it (a partial word, as `like '%w%'`
 * did) or, for a word of five letters or more, a word one typo away. Only words at least as long
 * (or one shorter) are read, so a long search word costs nothing.
 */
function matchingWords(index: SearchIndex, word: string): number[] {
  const typos = word.length >= TYPO_MIN_LENGTH;
  const found: number[] = [];
  index.words.forEach((candidate, id) => {
    if (candidate.length < word.length - 1) return;
    if (candidate.includes(word) || (typos && withinOneEdit(candidate, word))) found.push(id);
  });
  return found;
}

/** Marks each guide position of the listed words once in `seen`, calling `hit` on the first mark. */
function markPositions(lists: number[][], ids: number[], seen: Uint8Array, hit: (position: number) => void) {
  seen.fill(0);
  for (const id of ids)
    for (const position of lists[id]!) {
      if (seen[position]) continue;
      seen[position] = 1;
      hit(position);
    }
}

/**
 * The guides holding every word of the search (in the title or the description), those whose
 * title holds more of the words first, then newest first. No words: every guide.
 */
export function searchIndex(index: SearchIndex, words: string[]): Guide[] {
  if (words.length === 0) return index.guides;
  const size = index.guides.length;
  const textHits = new Uint8Array(size);
  const titleHits = new Uint8Array(size);
  const seen = new Uint8Array(size);
  const cache = new Map<string, number[]>();
  for (const word of words) {
    const ids = cache.get(word) ?? matchingWords(index, word);
    cache.set(word, ids);
    markPositions(index.inText, ids, seen, (p) => {
      textHits[p]! += 1;
    });
    markPositions(index.inTitle, ids, seen, (p) => {
      titleHits[p]! += 1;
    });
  }
  const found: number[] = [];
  for (let p = 0; p < size; p++) if (textHits[p] === words.length) found.push(p);
  found.sort((a, b) => titleHits[b]! - titleHits[a]! || a - b);
  return found.map((p) => index.guides[p]!);
}

/** A storefront search: every guide without one; none for a search of only punctuation (`%`, `_`). */
export function searchCatalogue(index: SearchIndex, q: string | undefined): Guide[] {
  const words = q ? searchWords(q) : [];
  if (q?.trim() && words.length === 0) return [];
  return searchIndex(index, words);
}
