import type { SeedContentBlock } from './types';

const aboutFr = `## Notre mission

Guides Afrique aide les voyageurs, les expatriés, les « repats » et tous ceux qui s’installent en Côte d’Ivoire, au Sénégal et au Maroc à arriver préparés. Nous écrivons des guides pratiques, précis et à jour, qui répondent aux vraies questions : comment payer un taxi, où ouvrir un compte, quel quartier choisir, combien prévoir pour un mois sur place.

## Nos valeurs

### Authenticité

Nos auteurs vivent dans les pays dont ils parlent. Chaque adresse est visitée, chaque conseil vient de l’expérience, et nous disons aussi ce qui ne fonctionne pas.

### Communauté

Nos guides s’enrichissent des retours de nos lecteurs et de nos réseaux locaux : chauffeurs, hôtes, commerçants, associations. Nous privilégions les adresses qui font vivre les habitants.

### Qualité

Des textes relus, des prix vérifiés, des mises en page lisibles sur téléphone. Chaque guide est mis à jour au moins une fois par an.

### Durabilité

Un guide numérique ne s’imprime pas à des milliers d’exemplaires. Nous encourageons un tourisme respectueux : campements villageois, guides locaux, coopératives et artisans.

## Notre histoire

Tout a commencé à Abidjan, en 2019, avec un document partagé entre amis pour accueillir les nouveaux arrivants : où trouver une carte SIM, comment négocier un loyer, quels maquis essayer en premier. Le document a circulé bien au-delà du cercle d’amis. Nous en avons fait un premier guide, puis un deuxième pour Dakar, et le Maroc a suivi. Aujourd’hui, nos guides en français et en anglais accompagnent des milliers de lecteurs chaque année.

## L’équipe

- **Awa Koné**, fondatrice et rédactrice en chef, à Abidjan. Ancienne journaliste économique, elle relit chaque guide avant publication.
- **Moussa Ndiaye**, auteur pour le Sénégal, à Dakar. Guide-conférencier, il connaît la Casamance village par village.
- **Salma Benali**, autrice pour le Maroc, à Fès. Architecte de formation, elle sillonne les médinas et l’Atlas depuis quinze ans.
- **Yannick Kouassi**, service client et paiements mobile money, à Abidjan.
- **Grace Mensah**, traductrice et éditrice des éditions anglaises.`;

const aboutEn = `## Our mission

Guides Afrique helps travellers, expats, returning diaspora and everyone settling in Côte d’Ivoire, Senegal and Morocco arrive prepared. We write practical, accurate, up-to-date guides that answer the real questions: how to pay for a taxi, where to open an account, which neighbourhood to choose, how much to budget for a month there.

## Our values

### Authenticity

Our authors live in the countries they write about. Every address is visited, every tip comes from experience, and we also tell you what does not work.

### Community

Our guides grow with feedback from our readers and our local networks: drivers, hosts, shopkeepers, associations. We favour places that support local people.

### Quality

Proofread texts, checked prices, layouts that read well on a phone. Every guide is updated at least once a year.

### Sustainability

A digital guide is not printed in thousands of copies. We encourage respectful travel: village guesthouses, local guides, cooperatives and craftspeople.

## Our story

It all began in Abidjan in 2019, with a document shared among friends to welcome newcomers: where to get a SIM card, how to negotiate a lease, which maquis to try first. The document travelled far beyond our circle of friends. We turned it into a first guide, then a second one for Dakar, and Morocco followed. Today our guides, in French and English, accompany thousands of readers every year.

## The team

- **Awa Koné**, founder and editor-in-chief, in Abidjan. A former business journalist, she reads every guide before it is published.
- **Moussa Ndiaye**, author for Senegal, in Dakar. A licensed tour guide, he knows Casamance village by village.
- **Salma Benali**, author for Morocco, in Fez. An architect by training, she has been exploring the medinas and the Atlas for fifteen years.
- **Yannick Kouassi**, customer service and mobile-money payments, in Abidjan.
- **Grace Mensah**, translator and editor of the English editions.`;

const contactFr = `Une question sur une commande, un paiement par mobile money ou le contenu d’un guide ? Écrivez-nous par e-mail ou sur WhatsApp : une vraie personne de l’équipe vous répond, en général sous 24 heures, en français ou en anglais.

Pour aller plus vite, indiquez votre numéro de commande et, pour un paiement par mobile money, la référence de la transaction. Vous avez repéré une adresse fermée ou un prix qui a changé ? Dites-le-nous aussi : chaque remarque améliore l’édition suivante.

Partenariats, hébergeurs, guides locaux ou associations : nous serons ravis d’échanger avec vous.`;

const contactEn = `A question about an order, a mobile-money payment or what’s in a guide? Write to us by email or on WhatsApp: a real person from the team will answer, typically within 24 hours, in English or French.

To speed things up, include your order number and, for a mobile-money payment, the transaction reference. Spotted a place that has closed or a price that has changed? Tell us too: every note makes the next edition better.

Partnerships, hosts, local guides or associations: we would be glad to hear from you.`;

const faqFr = `## Comment vais-je recevoir mon guide ?

Dès que votre paiement est confirmé, vos liens de téléchargement apparaissent sur la page de confirmation de commande, et vous recevez un e-mail avec le lien vers cette page. Les guides gratuits se téléchargent immédiatement après avoir saisi votre adresse e-mail.

## Puis-je lire les guides sur mon téléphone ?

Oui. Nos guides sont des fichiers PDF légers, mis en page pour rester lisibles sur mobile comme sur tablette ou ordinateur. Téléchargez-les une fois et consultez-les ensuite hors ligne, même sans réseau.

## Combien de temps les liens de téléchargement sont-ils valables ?

Pour protéger vos fichiers, chaque lien de téléchargement est valable 15 minutes. Pas d’inquiétude : vous pouvez en générer de nouveaux à tout moment depuis votre page de commande, dont le lien figure dans votre e-mail de confirmation.

## Quels moyens de paiement acceptez-vous ?

La carte bancaire, via notre prestataire de paiement sécurisé Stripe (nous ne voyons jamais votre numéro de carte), et le mobile money. Une commande dont le total est nul, composée de guides gratuits, ne demande aucun paiement.

## Comment fonctionne le paiement par mobile money ?

Vous payez depuis votre portefeuille mobile en suivant les instructions affichées, puis vous envoyez le reçu de la transaction depuis la fenêtre de commande. Nous vérifions le paiement sous 24 heures et vous envoyons vos liens de téléchargement par e-mail dès la validation.

## Puis-je être remboursé ?

Non. Nos guides sont des produits numériques livrés immédiatement : ils ne peuvent pas être retournés ni remboursés. En revanche, si un fichier est endommagé, ne s’ouvre pas ou ne correspond pas à la description, contactez-nous : nous vous enverrons un fichier qui fonctionne ou trouverons une solution avec vous.

## Les guides sont-ils à jour ?

Chaque guide est mis à jour au moins une fois par an, et l’année de l’édition figure sur sa couverture. Nos auteurs vivent sur place et nos lecteurs nous signalent les changements tout au long de l’année.

## Sous quel délai le service client répond-il ?

Notre équipe répond en général sous 24 heures, par e-mail ou sur WhatsApp, du lundi au samedi.

## Les guides existent-ils en anglais ?

La plupart de nos guides existent en français et en anglais. Changez de langue avec le bouton EN / FR en haut de la page pour voir les éditions disponibles.

## Qui écrit les guides ?

Des auteurs qui vivent dans les pays dont ils parlent : journalistes, guides-conférenciers, expatriés installés de longue date. Chaque guide est relu par notre rédaction avant publication.`;

const faqEn = `## How will I receive my guide?

As soon as your payment is confirmed, your download links appear on the order confirmation page, and you receive an email with a link to that page. Free guides download straight away once you have entered your email address.

## Can I read the guides on my phone?

Yes. Our guides are lightweight PDF files laid out to stay readable on a phone as well as on a tablet or computer. Download them once, then read them offline, even with no signal.

## How long are download links valid?

To protect your files, each download link is valid for 15 minutes. Don’t worry: you can generate new ones at any time from your order page, linked in your confirmation email.

## Which payment methods do you accept?

Card payments, through our secure payment provider Stripe (we never see your card number), and mobile money. An order with a total of zero, made up of free guides, needs no payment at all.

## How does mobile-money payment work?

You pay from your mobile wallet following the instructions shown, then send the transaction receipt from the order window. We verify the payment within 24 hours and email your download links as soon as it is approved.

## Can I get a refund?

No. Our guides are digital products delivered instantly, so they cannot be returned or refunded. However, if a file is damaged, will not open or does not match its description, contact us: we will send you a working file or find a solution with you.

## Are the guides up to date?

Every guide is updated at least once a year, and the edition year is shown on its cover. Our authors live locally and our readers tell us about changes throughout the year.

## How quickly does customer support reply?

Our team typically replies within 24 hours, by email or WhatsApp, Monday to Saturday.

## Are the guides available in English?

Most of our guides come in French and English. Switch language with the EN / FR button at the top of the page to see the editions available.

## Who writes the guides?

Authors who live in the countries they cover: journalists, licensed tour guides, long-settled expats. Every guide is reviewed by our editorial team before publication.`;

const privacyFr = `## Qui sommes-nous

Le site est édité par Guides Afrique, Cocody Riviera 2, Abidjan, Côte d’Ivoire, responsable du traitement des données décrites ici. Pour toute question sur vos données, écrivez-nous depuis la page Contact.

## Les données que nous collectons

- **Lors d’une commande** : votre adresse e-mail, vos nom et prénom, votre numéro de téléphone et les guides achetés.
- **Pour un paiement par mobile money** : le reçu que vous nous envoyez et la référence de la transaction.
- **Mesure d’audience** : un identifiant de visiteur aléatoire conservé dans votre navigateur, les pages consultées et le temps passé, le type d’appareil, la source de la visite et un pays ou une région approximatifs. Votre adresse IP sert seulement à déduire ce pays au moment de la visite : elle n’est jamais enregistrée.

Nous ne vendons ni ne louons vos données, et nous n’utilisons aucun cookie publicitaire.

## Paiements

Les paiements par carte sont traités par Stripe, prestataire certifié PCI-DSS : votre numéro de carte ne nous est jamais transmis. Les reçus de mobile money ne sont consultés que par l’équipe chargée de vérifier les paiements.

## Pourquoi nous utilisons vos données

- Exécuter votre commande : vous livrer vos guides et vous écrire à leur sujet.
- Respecter nos obligations légales, notamment comptables.
- Améliorer le site grâce à des statistiques de fréquentation anonymes.

## Durée de conservation

Les données de commande et les reçus sont conservés pendant la durée exigée par nos obligations comptables. Les données de mesure d’audience sont conservées au plus 13 mois.

## Cookies et stockage local

Nous utilisons un cookie pour retenir votre langue, et le stockage local de votre navigateur pour votre panier et l’identifiant de mesure d’audience. Vous pouvez les effacer à tout moment depuis les réglages de votre navigateur.

## Vos droits

Conformément à la loi ivoirienne relative à la protection des données à caractère personnel, vous pouvez accéder à vos données, les faire rectifier ou supprimer, et vous opposer à leur traitement. Écrivez-nous depuis la page Contact ; vous pouvez aussi saisir l’autorité de protection compétente, l’ARTCI.

## Sécurité

Les échanges avec le site sont chiffrés (HTTPS), les fichiers sont servis par des liens temporaires et l’accès à l’administration est protégé. Seules les personnes qui en ont besoin accèdent à vos données.

## Modifications

Nous pouvons faire évoluer cette politique ; la date de dernière mise à jour figure en haut de la page.`;

const privacyEn = `## Who we are

This website is published by Guides Afrique, Cocody Riviera 2, Abidjan, Côte d’Ivoire, the controller of the data described here. For any question about your data, write to us from the Contact page.

## The data we collect

- **When you order**: your email address, first and last name, phone number and the guides you buy.
- **For a mobile-money payment**: the receipt you send us and the transaction reference.
- **Audience measurement**: a random visitor identifier kept in your browser, the pages you view and time spent, your device type, where the visit came from and an approximate country or region. Your IP address is only used to work out that country at the time of the visit: it is never stored.

We do not sell or rent your data, and we use no advertising cookies.

## Payments

Card payments are processed by Stripe, a PCI-DSS certified provider: your card number is never passed to us. Mobile-money receipts are only seen by the team that verifies payments.

## Why we use your data

- To fulfil your order: deliver your guides and write to you about them.
- To meet our legal obligations, including accounting.
- To improve the website with anonymous visitor statistics.

## How long we keep it

Order data and receipts are kept for as long as our accounting obligations require. Audience-measurement data is kept for at most 13 months.

## Cookies and local storage

We use one cookie to remember your language, and your browser’s local storage for your cart and the audience-measurement identifier. You can clear them at any time in your browser settings.

## Your rights

Under Ivorian law on the protection of personal data, you may access your data, have it corrected or deleted, and object to its processing. Write to us from the Contact page; you may also contact the competent data-protection authority, ARTCI.

## Security

Traffic to the website is encrypted (HTTPS), files are served through temporary links and access to the back-office is protected. Only the people who need your data can access it.

## Changes

We may update this policy; the date of the last update is shown at the top of the page.`;

const termsFr = `## Objet

Les présentes conditions régissent la vente des guides de voyage numériques proposés par Guides Afrique, Cocody Riviera 2, Abidjan, Côte d’Ivoire. Passer commande implique leur acceptation.

## Les produits

Nos guides sont des fichiers PDF à télécharger. Leur description, leur langue et leur nombre de pages sont indiqués sur le site. L’achat vous donne un droit d’usage personnel et non transférable.

## Prix et paiement

Les prix sont indiqués en euros, avec leur équivalent en francs CFA à titre d’information, toutes taxes comprises. Le paiement se fait par carte bancaire via Stripe, ou par mobile money ; dans ce cas, la commande est validée après vérification du paiement, sous 24 heures. Les guides gratuits ne demandent aucun paiement.

## Livraison

Les guides sont livrés par des liens de téléchargement affichés sur la page de commande et envoyés par e-mail. Chaque lien est valable 15 minutes et peut être régénéré à tout moment depuis la page de commande.

## Rétractation et remboursement

Les guides étant des contenus numériques fournis immédiatement, vous acceptez, en passant commande, leur livraison immédiate et renoncez à votre droit de rétractation dans la mesure permise par la loi. Aucun remboursement n’est possible. Si un fichier est défectueux, contactez-nous : nous le remplacerons.

## Propriété intellectuelle

Les textes, cartes et images des guides sont protégés par le droit d’auteur. Toute copie, revente ou diffusion, même gratuite, est interdite. Les fichiers peuvent porter le nom et l’adresse e-mail de l’acheteur.

## Responsabilité

Nos informations sont vérifiées avec soin, mais les horaires, les prix et les règles, notamment de visa et de santé, évoluent : vérifiez les informations importantes auprès des sources officielles avant de partir. Guides Afrique ne saurait être tenu responsable d’un changement survenu après la publication.

## Données personnelles

Le traitement de vos données est décrit dans notre politique de confidentialité.

## Droit applicable

Les présentes conditions sont soumises au droit ivoirien. En cas de litige, nous rechercherons d’abord une solution amiable ; à défaut, les tribunaux d’Abidjan seront compétents.`;

const termsEn = `## Purpose

These terms govern the sale of the digital travel guides offered by Guides Afrique, Cocody Riviera 2, Abidjan, Côte d’Ivoire. Placing an order means you accept them.

## The products

Our guides are PDF files to download. Their description, language and page count are shown on the website. Buying a guide gives you a personal, non-transferable right to use it.

## Prices and payment

Prices are shown in euros, with their CFA franc equivalent for information, all taxes included. You pay by card through Stripe, or by mobile money, in which case the order is confirmed once the payment has been verified, within 24 hours. Free guides need no payment.

## Delivery

Guides are delivered through download links shown on the order page and sent by email. Each link is valid for 15 minutes and can be regenerated at any time from the order page.

## Withdrawal and refunds

As the guides are digital content supplied immediately, by placing your order you agree to immediate delivery and waive your right of withdrawal to the extent the law allows. No refunds are given. If a file is faulty, contact us and we will replace it.

## Intellectual property

The texts, maps and images in the guides are protected by copyright. Copying, reselling or sharing them, even free of charge, is forbidden. Files may carry the buyer’s name and email address.

## Liability

We check our information carefully, but opening hours, prices and rules, especially on visas and health, change: check important information with official sources before you travel. Guides Afrique cannot be held responsible for changes after publication.

## Personal data

How we handle your data is described in our privacy policy.

## Governing law

These terms are governed by Ivorian law. In the event of a dispute we will first seek an amicable solution; failing that, the courts of Abidjan will have jurisdiction.`;

export const pageBlocks: readonly SeedContentBlock[] = [
  { key: 'page.about.body', type: 'markdown', fr: aboutFr, en: aboutEn },
  { key: 'page.contact.body', type: 'markdown', fr: contactFr, en: contactEn },
  { key: 'page.faq.body', type: 'markdown', fr: faqFr, en: faqEn },
  { key: 'page.privacy.body', type: 'markdown', fr: privacyFr, en: privacyEn },
  { key: 'page.terms.body', type: 'markdown', fr: termsFr, en: termsEn },
];
