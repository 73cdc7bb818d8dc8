import type { SeedContentBlock } from './types';

export const homeAndAnnouncement: readonly SeedContentBlock[] = [
  {
    key: 'announcement',
    type: 'plain',
    fr: 'Nouveau : payez aussi par mobile money (Wave, Orange Money, MTN MoMo, Moov Money, Free Money). Vos guides arrivent dès que le paiement est vérifié, sous 24 h.',
    en: 'New: pay by mobile money too (Wave, Orange Money, MTN MoMo, Moov Money, Free Money). Your guides arrive as soon as the payment is checked, within 24 hours.',
  },
  {
    key: 'home.hero.title',
    type: 'plain',
    fr: 'Partez bien préparé en Côte d’Ivoire, au Sénégal et au Maroc',
    en: 'Arrive prepared in Côte d’Ivoire, Senegal and Morocco',
  },
  {
    key: 'home.hero.description',
    type: 'plain',
    fr: 'Des guides PDF écrits par des experts locaux pour voyager, s’installer ou revenir au pays : adresses vérifiées, budgets réalistes et conseils concrets, à télécharger immédiatement et à lire sur votre téléphone, même hors ligne.',
    en: 'PDF guides written by local experts for travelling, settling in or coming home: checked addresses, realistic budgets and down-to-earth advice, to download instantly and read on your phone, even offline.',
  },
];

export const countryBlocks: readonly SeedContentBlock[] = [
  // Côte d'Ivoire
  {
    key: 'country.cote-divoire.title',
    type: 'plain',
    fr: 'Côte d’Ivoire',
    en: 'Côte d’Ivoire',
  },
  {
    key: 'country.cote-divoire.intro',
    type: 'plain',
    fr: 'Moteur économique de l’Afrique de l’Ouest francophone, la Côte d’Ivoire conjugue l’énergie d’Abidjan, ses lagunes et ses tours, avec des plages bordées de cocotiers et des forêts parmi les plus riches du continent. Que vous veniez pour quelques jours ou pour vous y installer, nos guides vous aident à en saisir les codes. Akwaba !',
    en: 'The economic engine of French-speaking West Africa, Côte d’Ivoire pairs the energy of Abidjan, its lagoons and towers, with palm-fringed beaches and some of the richest forests on the continent. Whether you come for a few days or to settle, our guides help you learn its codes. Akwaba!',
  },
  {
    key: 'country.cote-divoire.attractions',
    type: 'markdown',
    fr: `- **Abidjan** : le Plateau et ses tours au bord de la lagune Ébrié, les maquis de Yopougon et les nuits de Marcory.
- **Grand-Bassam** : l’ancienne capitale coloniale, son quartier France classé par l’UNESCO et la fête de l’Abissa.
- **Assinie** : une langue de sable entre lagune et océan, l’escapade de week-end préférée des Abidjanais.
- **Yamoussoukro** : la capitale politique et sa basilique Notre-Dame-de-la-Paix, l’une des plus grandes églises du monde.
- **Parc national de Taï** : une des dernières grandes forêts primaires d’Afrique de l’Ouest, refuge des chimpanzés.
- **Man et l’Ouest montagneux** : cascades, ponts de lianes et la Dent de Man, au pays des masques.`,
    en: `- **Abidjan**: the Plateau’s towers on the Ébrié lagoon, the maquis of Yopougon and the nights of Marcory.
- **Grand-Bassam**: the former colonial capital, its UNESCO-listed Quartier France and the Abissa festival.
- **Assinie**: a strip of sand between lagoon and ocean, Abidjan’s favourite weekend escape.
- **Yamoussoukro**: the political capital and its Basilica of Our Lady of Peace, one of the largest churches in the world.
- **Taï National Park**: one of the last great primary forests of West Africa, home to chimpanzees.
- **Man and the mountainous west**: waterfalls, liana bridges and the Dent de Man, in the land of masks.`,
  },
  {
    key: 'country.cote-divoire.culture',
    type: 'markdown',
    fr: `Avec plus de soixante peuples, la Côte d’Ivoire est une mosaïque : Akan à l’est et au centre, Mandé et Sénoufo au nord, Krou à l’ouest. Cette diversité se lit dans les masques dan et baoulé, les pagnes, les fêtes de génération et une cuisine généreuse où l’attiéké, l’alloco et le kedjenou règnent en maîtres.

La musique est partout : le zouglou, né sur les campus dans les années 1990, raconte la vie quotidienne avec humour, et le coupé-décalé a fait danser tout le continent. Au maquis, on partage le poisson braisé, on commente l’actualité et l’on « s’enjaille » jusque tard dans la nuit.`,
    en: `With more than sixty peoples, Côte d’Ivoire is a mosaic: Akan in the east and centre, Mandé and Senufo in the north, Kru in the west. You see that diversity in Dan and Baoulé masks, in printed cloth, in age-group festivals and in a generous cuisine ruled by attiéké, alloco and kedjenou.

Music is everywhere: zouglou, born on university campuses in the 1990s, tells everyday life with humour, and coupé-décalé got the whole continent dancing. At the maquis, people share grilled fish, talk about the news and “s’enjailler”, have fun, late into the night.`,
  },
  {
    key: 'country.cote-divoire.tips',
    type: 'markdown',
    fr: `- La vaccination contre la fièvre jaune est **obligatoire** à l’entrée : gardez le certificat avec le passeport.
- La plupart des voyageurs ont besoin d’un visa, à demander en ligne avant le départ.
- Achetez une carte SIM (Orange, MTN ou Moov) en agence officielle, avec votre passeport.
- Commandez vos trajets par application le soir et fixez le prix des taxis avant de monter.
- Sur les plages, la barre et ses courants sont dangereux : ne vous baignez jamais seul.
- Prenez le temps de saluer et de demander des nouvelles : c’est la base de toute relation.`,
    en: `- Yellow fever vaccination is **compulsory** on entry: keep the certificate with your passport.
- Most travellers need a visa, applied for online before departure.
- Buy a SIM card (Orange, MTN or Moov) in an official shop, with your passport.
- Book rides through an app at night and agree taxi fares before getting in.
- On the beaches, the “barre” and its currents are dangerous: never swim alone.
- Take time to greet people and ask how they are: it is the basis of every relationship.`,
  },
  {
    key: 'country.cote-divoire.currency',
    type: 'plain',
    fr: 'Franc CFA (XOF) : 1 € = 655,957 FCFA, parité fixe. Gardez des petites coupures pour les taxis et les maquis ; le mobile money (Orange Money, MTN MoMo, Moov Money, Wave) est accepté presque partout.',
    en: 'CFA Franc (XOF): €1 = 655.957 FCFA at a fixed rate. Keep small notes for taxis and maquis; mobile money (Orange Money, MTN MoMo, Moov Money, Wave) is accepted almost everywhere.',
  },

  // Senegal
  {
    key: 'country.senegal.title',
    type: 'plain',
    fr: 'Sénégal',
    en: 'Senegal',
  },
  {
    key: 'country.senegal.intro',
    type: 'plain',
    fr: 'Du bouillonnement créatif de Dakar aux bolongs de Casamance, le Sénégal accueille ses visiteurs avec la teranga, cette hospitalité qui fait sa fierté. Plages de l’Atlantique, villes chargées d’histoire et musique à chaque coin de rue : le pays se vit autant qu’il se visite.',
    en: 'From the creative buzz of Dakar to the mangrove creeks of Casamance, Senegal welcomes visitors with teranga, the hospitality it is proud of. Atlantic beaches, towns steeped in history and music on every corner: this is a country you live as much as you visit.',
  },
  {
    key: 'country.senegal.attractions',
    type: 'markdown',
    fr: `- **Île de Gorée** : maisons ocre, ruelles sans voitures et la Maison des Esclaves, lieu de mémoire classé par l’UNESCO.
- **Dakar** : le monument de la Renaissance africaine, le musée des Civilisations noires, les marchés et le surf aux Almadies.
- **Saint-Louis** : l’ancienne capitale classée, le pont Faidherbe et les pirogues peintes de Guet Ndar.
- **Lac Rose** : ses eaux roses en saison sèche et les récolteurs de sel, à une heure de Dakar.
- **Delta du Saloum** : un labyrinthe de mangroves et d’îles à explorer en pirogue.
- **Casamance** : rizières, pays diola, cases à impluvium et plages de Cap Skirring.`,
    en: `- **Gorée Island**: ochre houses, car-free lanes and the House of Slaves, a UNESCO-listed place of remembrance.
- **Dakar**: the African Renaissance Monument, the Museum of Black Civilisations, the markets and surfing at the Almadies.
- **Saint-Louis**: the listed former capital, the Faidherbe bridge and the painted pirogues of Guet Ndar.
- **Lac Rose**: pink waters in the dry season and salt collectors, an hour from Dakar.
- **Saloum Delta**: a maze of mangroves and islands to explore by pirogue.
- **Casamance**: rice paddies, Jola country, impluvium houses and the beaches of Cap Skirring.`,
  },
  {
    key: 'country.senegal.culture',
    type: 'markdown',
    fr: `La teranga, l’hospitalité sénégalaise, se vit autour du plat commun et des trois tournées d’attaya, le thé à la menthe qu’on prend le temps de partager. Les confréries soufies, mouride et tidiane en tête, rythment la vie religieuse, du grand Magal de Touba aux prières du vendredi.

Le pays vibre au son du mbalax, popularisé dans le monde entier par Youssou N’Dour, et se passionne pour la lutte sénégalaise, sport national dont les grands combats paralysent Dakar. Le wolof est la langue de la rue, aux côtés du français, du pulaar, du sérère et du diola.`,
    en: `Teranga, Senegalese hospitality, is lived around the shared bowl and the three rounds of attaya, mint tea you take time to share. The Sufi brotherhoods, led by the Mourides and Tidjanes, shape religious life, from the great Magal of Touba to Friday prayers.

The country moves to mbalax, taken around the world by Youssou N’Dour, and is passionate about Senegalese wrestling, the national sport whose big bouts bring Dakar to a standstill. Wolof is the language of the street, alongside French, Pulaar, Serer and Jola.`,
  },
  {
    key: 'country.senegal.tips',
    type: 'markdown',
    fr: `- De nombreuses nationalités entrent sans visa pour moins de 90 jours : vérifiez votre cas avant de partir.
- Wave et Orange Money sont acceptés presque partout : ouvrez un portefeuille avec une SIM locale.
- Les taxis n’ont pas de compteur : fixez le prix avant de monter, ou utilisez Yango ou Heetch.
- Protégez-vous des moustiques, surtout pendant la saison des pluies, de juillet à octobre.
- Saluez toujours avant de demander quoi que ce soit, et mangez de la main droite.
- La meilleure saison va de novembre à mai, sèche et ensoleillée.`,
    en: `- Many nationalities enter visa-free for under 90 days: check your own case before leaving.
- Wave and Orange Money are accepted almost everywhere: open a wallet with a local SIM.
- Taxis have no meter: agree the fare before getting in, or use Yango or Heetch.
- Protect yourself from mosquitoes, especially in the rainy season, from July to October.
- Always greet people before asking anything, and eat with your right hand.
- The best season runs from November to May, dry and sunny.`,
  },
  {
    key: 'country.senegal.currency',
    type: 'plain',
    fr: 'Franc CFA (XOF) : 1 € = 655,957 FCFA, parité fixe. Les espèces restent indispensables hors des grandes villes ; Wave et Orange Money sont acceptés presque partout.',
    en: 'CFA Franc (XOF): €1 = 655.957 FCFA at a fixed rate. Cash is essential outside the big towns; Wave and Orange Money are accepted almost everywhere.',
  },

  // Morocco
  {
    key: 'country.maroc.title',
    type: 'plain',
    fr: 'Maroc',
    en: 'Morocco',
  },
  {
    key: 'country.maroc.intro',
    type: 'plain',
    fr: 'Entre Atlantique et Sahara, le Maroc déroule des médinas millénaires, les sommets de l’Atlas et les dunes dorées du désert. Ses villes impériales, ses souks et son art de recevoir en font une destination aussi facile d’accès que riche en découvertes.',
    en: 'Between the Atlantic and the Sahara, Morocco unfolds thousand-year-old medinas, the peaks of the Atlas and the golden dunes of the desert. Its imperial cities, souks and art of hospitality make it a destination as easy to reach as it is rich in discoveries.',
  },
  {
    key: 'country.maroc.attractions',
    type: 'markdown',
    fr: `- **Marrakech** : la place Jemaa el-Fna, les souks, les riads et le jardin Majorelle.
- **Fès** : la plus vaste médina du pays, ses médersas et ses tanneries millénaires.
- **Haut Atlas** : les villages berbères d’Imlil et l’ascension du Toubkal, plus haut sommet d’Afrique du Nord.
- **Chefchaouen** : la ville bleue du Rif, ses ruelles et ses randonnées.
- **Merzouga et l’erg Chebbi** : une nuit sous la tente au pied des grandes dunes.
- **Essaouira** : remparts face à l’océan, port de pêche et musique gnaoua.`,
    en: `- **Marrakech**: Jemaa el-Fna square, the souks, riads and the Majorelle Garden.
- **Fez**: the country’s largest medina, with its madrasas and age-old tanneries.
- **High Atlas**: the Berber villages of Imlil and the climb of Toubkal, North Africa’s highest peak.
- **Chefchaouen**: the blue town of the Rif, its lanes and its hiking trails.
- **Merzouga and Erg Chebbi**: a night under canvas at the foot of the great dunes.
- **Essaouira**: ramparts facing the ocean, a fishing port and Gnawa music.`,
  },
  {
    key: 'country.maroc.culture',
    type: 'markdown',
    fr: `La culture marocaine mêle racines amazighes, héritage arabe et andalou, influences juives et africaines. On la retrouve dans l’architecture des riads et des médersas, dans les zelliges et le cèdre sculpté, et dans une cuisine raffinée, du tajine au couscous du vendredi.

L’hospitalité passe par le thé à la menthe, servi de haut pour le faire mousser. Le hammam reste un rendez-vous hebdomadaire, et la musique gnaoua, née de la rencontre avec l’Afrique subsaharienne, fait vibrer Essaouira lors de son festival.`,
    en: `Moroccan culture blends Amazigh roots, Arab and Andalusian heritage, and Jewish and African influences. You find it in the architecture of riads and madrasas, in zellige tiles and carved cedar, and in a refined cuisine, from tagine to Friday couscous.

Hospitality comes with mint tea, poured from high to make it froth. The hammam is still a weekly ritual, and Gnawa music, born from encounters with sub-Saharan Africa, fills Essaouira during its festival.`,
  },
  {
    key: 'country.maroc.tips',
    type: 'markdown',
    fr: `- Les ressortissants de l’UE, du Royaume-Uni, des États-Unis et du Canada entrent sans visa pour 90 jours.
- Le dirham ne s’obtient que sur place : changez à l’arrivée et gardez vos bordereaux de change.
- Dans les médinas, déclinez poliment les faux guides d’un « la, shukran » souriant.
- Couvrez épaules et genoux dans les médinas et à la campagne.
- Pour le Toubkal, un guide de montagne agréé est exigé : réservez-le à Imlil.
- Meilleures saisons : mars à mai et septembre à novembre.`,
    en: `- Citizens of the EU, the UK, the US and Canada enter visa-free for 90 days.
- You can only get dirhams in the country: change money on arrival and keep your exchange slips.
- In the medinas, politely turn down fake guides with a smiling “la, shukran”.
- Cover shoulders and knees in the medinas and the countryside.
- For Toubkal, a licensed mountain guide is required: book one in Imlil.
- Best seasons: March to May and September to November.`,
  },
  {
    key: 'country.maroc.currency',
    type: 'plain',
    fr: 'Dirham marocain (MAD) : environ 10 à 11 dirhams pour 1 €. Monnaie non convertible, à obtenir sur place ; gardez des espèces pour les souks et les villages de l’Atlas.',
    en: 'Moroccan Dirham (MAD): roughly 10 to 11 dirhams to €1. A closed currency you get on arrival; keep cash for the souks and Atlas villages.',
  },
];
