/**
 * A review's words as kept: plain text (the page shows them as text, so markup and links read as
 * typed), control characters other than line breaks removed, a title on one line, at most one
 * blank line in a row, trimmed; an empty text is no text. Malformed Unicode (lone surrogates, NUL)
 * never gets here: the shop's text-input rule (http/text-input.ts) has handled it.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;

export function reviewTitle(value: string | null | undefined): string | null | undefined {
  if (value === undefined) return undefined;
  const title = (value ?? '').replace(CONTROL, '').replace(/\s+/g, ' ').trim();
  return title === '' ? null : title;
}

export function reviewText(value: string | null | undefined): string | null | undefined {
  if (value === undefined) return undefined;
  const text = (value ?? '')
    .replace(/\r\n?/g, '\n')
    .replace(CONTROL, '')
    .replace(/[^\S\n]+/g, ' ')
    .replace(/ ?\n ?/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  return text === '' ? null : text;
}

/** "Aïssatou D.": the first name and the initial of the last, as a review is signed. */
export function reviewerName(firstName: string, lastName: string): string {
  const first = firstName.replace(CONTROL, '').replace(/\s+/g, ' ').trim().slice(0, 40);
  const initial = [...lastName.replace(CONTROL, '').trim()][0]?.toLocaleUpperCase();
  return initial ? `${first} ${initial}.` : first;
}
