import { describe, expect, test } from 'vitest';
import { escapeHtml } from './escape-html';

describe('escapeHtml', () => {
  test('markup in a name is shown as typed, never read', () => {
    expect(escapeHtml('<script>alert("x")</script> & co')).toBe(
      '&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; co',
    );
  });

  test('an apostrophe, accents and a lone surrogate pass unchanged', () => {
    expect(escapeHtml("Côte d'Ivoire \ud800")).toBe("Côte d'Ivoire \ud800");
  });

  test('an escaped entity is escaped again, so it prints as typed', () => {
    expect(escapeHtml('&amp;')).toBe('&amp;amp;');
  });
});
