import { defineMessages } from '../../i18n/feature-messages';
import { en } from './messages-en';
import { fr } from './messages-fr';

/** Texts of the checkout and order pages (lazy chunks), in French and English. */
export const purchaseMessages = defineMessages({ fr, en });
