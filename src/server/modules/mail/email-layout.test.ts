import { describe, expect, test } from 'vitest';
import { composeProofReceivedEmail } from '../mobile-money/mobile-money-emails';
import { composeDeliveryEmail } from './delivery-email';
import { emailLayout } from './email-layout';

describe('emailLayout', () => {
  test('a subject with markup is shown as text in the title, and the body is placed inside the card', () => {
    const html = emailLayout('fr', 'Commande <b>1</b>', '<p>corps</p>');
    expect(html).toContain('<title>Commande &lt;b&gt;1&lt;/b&gt;</title>');
    expect(html).toMatch(/<div style="max-width:560px[^"]*">\n<p>corps<\/p>\n<\/div>/);
    expect(html.startsWith('<!doctype html>\n<html lang="fr">')).toBe(true);
  });

  test('the delivery email and the mobile-money emails wear the same shell', () => {
    const shell = (html: string) =>
      html
        .replace(/<title>.*<\/title>/, '')
        .split(/\n/)
        .slice(0, 5);
    const delivery = composeDeliveryEmail({
      locale: 'en',
      firstName: 'Ada',
      orderNumber: 'GA-1',
      orderPageUrl: 'https://shop.test/o/1',
      libraryUrl: 'https://shop.test/my-guides?lang=en',
      guides: [{ title: 'Dakar', withCompanion: false }],
      resend: false,
    });
    const receipt = composeProofReceivedEmail(
      {
        locale: 'en',
        firstName: 'Ada',
        lastName: 'L',
        email: 'a@b.c',
        phoneNumber: '+221',
        orderNumber: 'GA-1',
        reference: 'R1',
        total: '10.00',
        paymentProvider: null,
        guides: ['Dakar'],
      },
      'https://shop.test/o/1',
    );
    expect(shell(receipt.html)).toEqual(shell(delivery.html));
    expect(receipt.html.endsWith('</div>\n</body>\n</html>\n')).toBe(true);
  });
});
