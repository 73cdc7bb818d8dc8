import { defineMessages } from '../../i18n/feature-messages';

/** The guide page's reviews (docs/features/reviews.md): only their lazy chunk carries these. */
export const guideReviewMessages = defineMessages({
  fr: {
    title: 'Avis des voyageurs',
    average: '{average} sur 5',
    count: '{count} avis',
    countOne: '1 avis',
    rating: 'Note\u00a0: {count} sur 5',
    verified: 'Achat vérifié',
    reply: 'Réponse de Guides Afrique',
    more: 'Voir plus d’avis',
  },
  en: {
    title: 'Travellers’ reviews',
    average: '{average} out of 5',
    count: '{count} reviews',
    countOne: '1 review',
    rating: 'Rating: {count} out of 5',
    verified: 'Verified buyer',
    reply: 'Reply from Guides Afrique',
    more: 'More reviews',
  },
});
