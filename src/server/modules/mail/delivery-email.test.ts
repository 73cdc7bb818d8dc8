import { describe, expect, test } from 'vitest';
import { composeDeliveryEmail } from './delivery-email';

const input = {
  firstName: 'Awa',
  orderNumber: 'GA-7K3M9Q',
  orderPageUrl: 'https://guides.example/order-confirmation/abc?lang=fr',
  libraryUrl: 'https://guides.example/mes-guides?lang=fr',
  guides: [
    { title: 'Dakar essentiel', withCompanion: false },
    { title: 'Marrakech', withCompanion: true },
  ],
  resend: false,
};

describe('delivery email', () => {
  test('in French: subject, guides, and the order page link in text and HTML', () => {
    const email = composeDeliveryEmail({ ...input, locale: 'fr' });
    expect(email.subject).toBe('Guides Afrique : vos guides de la commande GA-7K3M9Q');
    expect(email.text).toContain('Bonjour Awa,');
    expect(email.text).toContain('- Dakar essentiel\n- Marrakech (avec son PDF complémentaire)');
    expect(email.text).toContain(input.orderPageUrl);
    expect(email.html).toContain(`<a href="${input.orderPageUrl}"`);
    expect(email.html).toContain('<html lang="fr">');
    // The order number never breaks across lines, nor leaves its colon alone on one.
    expect(email.html).toContain(
      'Numéro de commande\u00a0: <span style="white-space:nowrap">GA-7K3M9Q</span>',
    );
    expect(composeDeliveryEmail({ ...input, locale: 'en' }).subject).toBe(
      'Guides Afrique: your guides from order GA-7K3M9Q',
    );
  });

  test('links to "My guides", in text and HTML, in the order\'s language', () => {
    const fr = composeDeliveryEmail({ ...input, locale: 'fr' });
    expect(fr.text).toContain('« Mes guides » :\nhttps://guides.example/mes-guides?lang=fr');
    expect(fr.html).toContain('<a href="https://guides.example/mes-guides?lang=fr"');
    const en = composeDeliveryEmail({
      ...input,
      locale: 'en',
      libraryUrl: 'https://guides.example/my-guides?lang=en',
    });
    expect(en.text).toContain('"My guides":\nhttps://guides.example/my-guides?lang=en');
  });

  test('in English, and as a resend', () => {
    const email = composeDeliveryEmail({ ...input, locale: 'en', resend: true });
    expect(email.subject).toBe('Your download links – order GA-7K3M9Q');
    expect(email.text).toContain('Hello Awa,');
    expect(email.text).toContain('Marrakech (with its companion PDF)');
  });

  test('names and titles are escaped in the HTML, left as typed in the text', () => {
    const email = composeDeliveryEmail({
      ...input,
      locale: 'fr',
      firstName: '<b onclick="x">Awa</b>',
      guides: [{ title: 'Tom & "Jerry"', withCompanion: false }],
    });
    expect(email.html).toContain('Bonjour &lt;b onclick=&quot;x&quot;&gt;Awa&lt;/b&gt;,');
    expect(email.html).toContain('<li>Tom &amp; &quot;Jerry&quot;</li>');
    expect(email.html).not.toContain('<b onclick');
    expect(email.text).toContain('Bonjour <b onclick="x">Awa</b>,');
  });
});
