import type { Locale } from './locale';

/** The two ways the shop may send news, each consented to on its own (docs/features/consent.md). */
export const CONSENT_CHANNELS = ['email', 'whatsapp'] as const;
export type ConsentChannel = (typeof CONSENT_CHANNELS)[number];

/**
 * The exact words beside each checkbox at checkout. The checkout shows them from here and the server
 * stores the same text with each consent, so the record says what the buyer ticked, word for word.
 */
export const CONSENT_WORDING: Record<ConsentChannel, Record<Locale, string>> = {
  email: {
    fr: 'Recevoir par e-mail les nouveautés de Guides Afrique (nouveaux guides, nouvelles éditions). Désinscription en un clic dans chaque message.',
    en: 'Send me Guides Afrique news by email (new guides, new editions). Unsubscribe in one click from any message.',
  },
  whatsapp: {
    fr: 'Recevoir les nouveautés de Guides Afrique sur WhatsApp, à ce numéro mobile. Répondez STOP ou suivez le lien pour arrêter.',
    en: 'Send me Guides Afrique news on WhatsApp, at this mobile number. Reply STOP or follow the link to stop.',
  },
};
