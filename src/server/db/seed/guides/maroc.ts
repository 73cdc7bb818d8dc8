import type { Chapter, GuideSeed } from '../seed-types';

const moneyFr: Chapter = {
  title: 'Argent, cartes et téléphone',
  blocks: [
    'La monnaie du Maroc est le dirham (MAD). Comptez environ 10 à 11 dirhams pour un euro. Le dirham est une monnaie non convertible : on ne l’obtient en principe qu’au Maroc. Changez à l’arrivée dans un bureau de change ou une banque de l’aéroport, ou retirez au distributeur ; gardez vos bordereaux de change, ils permettent de reconvertir les dirhams restants au départ.',
    'Les distributeurs sont partout en ville, rares dans les villages de l’Atlas : prévoyez des espèces avant de partir en montagne. Hôtels, grandes surfaces et restaurants modernes acceptent la carte ; dans les souks, les taxis et les petites échoppes, on paie en liquide.',
    { heading: 'Dirhams, rials et marchandage' },
    'Sur les marchés, il arrive qu’on vous annonce un prix en rials, une unité de compte traditionnelle : 20 rials font 1 dirham. Un prix qui paraît énorme est donc souvent à diviser par vingt. Le marchandage fait partie du jeu dans les souks, pas dans les épiceries ni les pharmacies : fixez-vous un prix avant de commencer, restez courtois et n’hésitez pas à partir.',
    { heading: 'Carte SIM et internet' },
    'Maroc Telecom, Orange et inwi vendent des cartes SIM prépayées, parfois offertes à l’aéroport ; l’enregistrement se fait avec le passeport. Les recharges s’achètent dans n’importe quelle épicerie, et la 4G couvre bien les villes et les grandes routes. Les paiements par mobile existent, mais les espèces restent reines dans les médinas.',
    {
      list: [
        'Gardez des pièces de 1, 5 et 10 dirhams pour les pourboires et les petits achats.',
        'Au restaurant, laissez environ 10 % si le service n’est pas compris.',
        'Un gardien de voiture attend quelques dirhams ; fixez le montant à l’avance.',
      ],
    },
  ],
};

const moneyEn: Chapter = {
  title: 'Money, cards and phones',
  blocks: [
    'Morocco’s currency is the dirham (MAD). Count roughly 10 to 11 dirhams to the euro. The dirham is a closed currency, in principle only available inside Morocco. Change money on arrival at an airport bureau de change or bank, or use a cash machine; keep your exchange slips, which let you change leftover dirhams back when you leave.',
    'Cash machines are everywhere in towns but rare in Atlas villages, so take cash before heading into the mountains. Hotels, supermarkets and modern restaurants take cards; in the souks, taxis and small shops you pay cash.',
    { heading: 'Dirhams, rials and haggling' },
    'In markets you may hear a price in rials, a traditional unit of account: 20 rials make 1 dirham. A price that sounds huge often needs dividing by twenty. Haggling is part of the game in the souks, not in grocery shops or pharmacies: decide on your price before you start, stay polite and feel free to walk away.',
    { heading: 'SIM cards and internet' },
    'Maroc Telecom, Orange and inwi sell prepaid SIM cards, sometimes handed out free at the airport; registration uses your passport. Top-ups are sold in any corner shop, and 4G covers towns and main roads well. Mobile payments exist, but cash is still king in the medinas.',
    {
      list: [
        'Keep 1, 5 and 10 dirham coins for tips and small purchases.',
        'In restaurants, leave about 10% if service is not included.',
        'A car-park attendant expects a few dirhams; agree the amount up front.',
      ],
    },
  ],
};

const healthFr: Chapter = {
  title: 'Santé, sécurité et savoir-vivre',
  blocks: [
    'Aucun vaccin n’est exigé pour entrer au Maroc ; vérifiez simplement que vos vaccins courants sont à jour. L’eau du robinet est potable dans les grandes villes, mais l’eau en bouteille évite bien des tracas aux estomacs sensibles. Le soleil tape fort, même en hiver, et les nuits sont froides en montagne et dans le désert. Les pharmacies, repérables à leur croix verte, sont bien approvisionnées.',
    'Le Maroc est un pays sûr pour les voyageurs. Les désagréments viennent surtout des faux guides et des rabatteurs dans les médinas : un « la, shukran » (non merci) souriant et un pas décidé suffisent en général. Surveillez vos poches dans la foule de Jemaa el-Fna et des souks.',
    {
      list: [
        'Police (en ville) : 19',
        'Gendarmerie royale (hors des villes) : 177',
        'Pompiers et ambulances : 15',
      ],
    },
    { heading: 'Les usages' },
    'Dans les médinas et à la campagne, une tenue couvrant les épaules et les genoux est la norme, pour les hommes comme pour les femmes. La plupart des mosquées sont fermées aux non-musulmans, à l’exception notable de la mosquée Hassan-II à Casablanca, qui se visite. Demandez toujours avant de photographier quelqu’un ; certains demanderont une pièce.',
    'Pendant le ramadan, les horaires changent et la vie s’anime après la rupture du jeûne : évitez de manger, boire ou fumer en public dans la journée. Le thé à la menthe offert est un geste d’hospitalité ; accepter au moins un verre fait plaisir. Au hammam, on garde un sous-vêtement et on apporte sa serviette.',
  ],
};

const healthEn: Chapter = {
  title: 'Health, safety and etiquette',
  blocks: [
    'No vaccination is required to enter Morocco; just check your routine vaccines are up to date. Tap water is safe in the big cities, but bottled water spares sensitive stomachs a lot of trouble. The sun is strong even in winter, and nights are cold in the mountains and the desert. Pharmacies, marked by a green cross, are well stocked.',
    'Morocco is a safe country for travellers. The hassle comes mostly from fake guides and touts in the medinas: a smiling “la, shukran” (no thank you) and a purposeful stride usually do the trick. Watch your pockets in the crowds of Jemaa el-Fna and the souks.',
    {
      list: [
        'Police (in towns): 19',
        'Royal Gendarmerie (outside towns): 177',
        'Fire brigade and ambulance: 15',
      ],
    },
    { heading: 'Customs and manners' },
    'In the medinas and the countryside, clothes covering shoulders and knees are the norm, for men and women alike. Most mosques are closed to non-Muslims, the notable exception being the Hassan II Mosque in Casablanca, which offers tours. Always ask before photographing someone; some will ask for a coin.',
    'During Ramadan, opening hours change and life comes alive after the fast is broken at sunset: avoid eating, drinking or smoking in public during the day. Mint tea offered to you is a gesture of hospitality; accepting at least one glass is appreciated. In the hammam, keep your underwear on and bring your own towel.',
  ],
};

const wordsFr: Chapter = {
  title: 'Quelques mots de darija',
  blocks: [
    'L’arabe et l’amazighe sont les langues officielles ; dans la rue, on parle la darija, l’arabe marocain, et le français est largement compris. Quelques mots de darija ou d’amazighe changent l’accueil du tout au tout.',
    {
      list: [
        'Salam alaykoum : bonjour',
        'Shukran : merci ; la, shukran : non merci',
        'Afak : s’il vous plaît',
        'Smehli : pardon, excusez-moi',
        'Bshhal ? : combien ?',
        'Ghali bzaf : c’est trop cher',
        'Wakha : d’accord',
        'Mezyan : bien, bon',
        'Bslama : au revoir',
        'Azul / Tanmirt : bonjour / merci (amazighe, dans l’Atlas)',
      ],
    },
    { heading: 'À table' },
    'Le tajine mijote dans son plat de terre cuite, le couscous se partage traditionnellement le vendredi, et la harira, soupe de tomates, lentilles et pois chiches, rompt le jeûne pendant le ramadan. Au petit-déjeuner, goûtez les msemen, crêpes feuilletées, avec du miel, et partout, le jus d’orange pressé et le thé à la menthe.',
  ],
};

const wordsEn: Chapter = {
  title: 'A few words of Darija',
  blocks: [
    'Arabic and Amazigh are the official languages; in the street people speak Darija, Moroccan Arabic, and French is widely understood. A few words of Darija or Amazigh completely change the welcome you get.',
    {
      list: [
        'Salam alaykoum: hello',
        'Shukran: thank you; la, shukran: no thank you',
        'Afak: please',
        'Smehli: sorry, excuse me',
        'Bshhal?: how much?',
        'Ghali bzaf: it’s too expensive',
        'Wakha: OK',
        'Mezyan: good',
        'Bslama: goodbye',
        'Azul / Tanmirt: hello / thank you (Amazigh, in the Atlas)',
      ],
    },
    { heading: 'At the table' },
    'Tagine simmers in its clay pot, couscous is traditionally shared on Fridays, and harira, a soup of tomatoes, lentils and chickpeas, breaks the fast during Ramadan. For breakfast, try msemen, flaky pancakes, with honey, and everywhere, freshly squeezed orange juice and mint tea.',
  ],
};

const marrakechFr: Chapter[] = [
  {
    title: 'Arriver, circuler et se loger',
    blocks: [
      'L’aéroport de Marrakech-Ménara est à une vingtaine de minutes de la médina. Un bus relie l’aéroport au centre, et les taxis pratiquent des tarifs affichés ou à négocier : mettez-vous d’accord avant de monter. Depuis Casablanca, le train met un peu moins de trois heures ; les autocars CTM et Supratours desservent tout le pays.',
      'En ville, les petits taxis beiges prennent jusqu’à trois passagers : demandez le compteur, ou fixez le prix avant de partir. Les voitures n’entrent pas dans la médina ; votre riad enverra quelqu’un vous chercher au point de dépose le plus proche, ce qui évite de se perdre avec ses valises. Téléchargez une carte hors ligne : les ruelles déroutent même les habitués.',
      { heading: 'Riad ou hôtel ?' },
      'Dormir dans un riad, maison traditionnelle organisée autour d’un patio, est l’expérience marrakchie par excellence : comptez de 500 à 1 500 MAD la nuit pour une chambre double de bon niveau, moins dans les maisons d’hôtes simples. Guéliz et l’Hivernage, la ville nouvelle, offrent des hôtels modernes, des piscines et un accès facile en voiture, au prix d’un peu de charme.',
      {
        list: [
          'Meilleures saisons : mars à mai et septembre à novembre.',
          'En juillet et août, il fait souvent plus de 40 °C l’après-midi.',
          'Les nuits d’hiver sont fraîches : prévoyez un pull, les riads sont peu chauffés.',
        ],
      },
    ],
  },
  {
    title: 'Marrakech, de Jemaa el-Fna aux jardins',
    blocks: [
      'La place Jemaa el-Fna est le cœur battant de la ville, reconnue par l’UNESCO comme chef-d’œuvre du patrimoine oral de l’humanité. Le jour, vendeurs de jus et charmeurs de serpents ; au coucher du soleil, les stands de cuisine s’installent, les conteurs et les musiciens prennent place. Le minaret de la Koutoubia, du XIIe siècle, veille juste à côté.',
      'Au nord de la place s’étendent les souks, organisés par métiers : teinturiers, dinandiers, maroquiniers. La médersa Ben Youssef, ancienne école coranique restaurée, déploie zelliges, stucs et cèdre sculpté. Au sud, le palais de la Bahia, les tombeaux saadiens et les ruines du palais El Badi racontent les dynasties successives, tandis que le Mellah garde la mémoire de la communauté juive.',
      { heading: 'Les jardins' },
      'Le jardin Majorelle, avec son bleu éclatant, et le musée Yves Saint Laurent voisin comptent parmi les sites les plus visités du pays : achetez vos billets en ligne pour un créneau horaire. Le Jardin secret, au cœur de la médina, offre une pause au calme et une vue sur les toits depuis sa tour.',
      {
        list: [
          'Goûtez la tanjia, viande cuite lentement dans une jarre, spécialité de la ville.',
          'Évitez les « guides » qui proposent de vous montrer les tanneries : c’est un classique des arnaques.',
          'Un hammam traditionnel de quartier coûte quelques dizaines de dirhams ; un spa, bien davantage.',
        ],
      },
    ],
  },
  {
    title: 'L’Atlas : Imlil, l’Ourika et le Toubkal',
    blocks: [
      'À une heure et demie de Marrakech, le village d’Imlil est la porte du Haut Atlas. Les sentiers qui relient les villages berbères se parcourent à la journée, avec déjeuner chez l’habitant. Le djebel Toubkal, point culminant de l’Afrique du Nord à 4 167 m, se gravit en deux jours avec une nuit au refuge ; les autorités exigent d’être accompagné d’un guide de montagne agréé, à réserver à Imlil ou par votre hébergement.',
      'La vallée de l’Ourika, à une heure de route, est l’excursion la plus populaire : on y grimpe jusqu’aux cascades de Setti Fatma, et l’on déjeune au bord de l’oued. Évitez le week-end, quand les Marrakchis s’y rendent en nombre. Plus au sud, le col du Tizi n’Tichka, à plus de 2 200 m, ouvre la route d’Ouarzazate et du ksar d’Aït-Ben-Haddou : mieux vaut y consacrer deux jours qu’un aller-retour épuisant.',
      { heading: 'Voyager après le séisme' },
      'Le tremblement de terre de septembre 2023 a durement frappé les villages de la région d’Al Haouz. La reconstruction se poursuit, et le tourisme fait partie de la solution : dormir dans les gîtes, engager des guides et des muletiers locaux et acheter aux coopératives fait vivre les vallées.',
      {
        list: [
          'Meilleure période pour randonner : avril à juin et septembre à octobre.',
          'En hiver, le Toubkal est enneigé : crampons et expérience indispensables.',
          'Emportez des couches chaudes : il peut faire 30 °C à Marrakech et geler au refuge.',
        ],
      },
    ],
  },
];

const marrakechEn: Chapter[] = [
  {
    title: 'Arriving, getting around and where to stay',
    blocks: [
      'Marrakech Menara airport is about twenty minutes from the medina. A bus links the airport to the centre, and taxis charge posted or negotiated fares: agree before you get in. From Casablanca the train takes a little under three hours; CTM and Supratours coaches serve the whole country.',
      'In town, the beige petits taxis take up to three passengers: ask for the meter, or fix the price before setting off. Cars cannot enter the medina; your riad will send someone to meet you at the nearest drop-off point, which saves getting lost with your luggage. Download an offline map: the alleys baffle even regulars.',
      { heading: 'Riad or hotel?' },
      'Staying in a riad, a traditional house built around a courtyard, is the quintessential Marrakech experience: expect 500 to 1,500 MAD a night for a good double room, less in simple guesthouses. Gueliz and Hivernage, the new town, have modern hotels, pools and easy car access, at the cost of some charm.',
      {
        list: [
          'Best seasons: March to May and September to November.',
          'In July and August, afternoons often pass 40 °C.',
          'Winter nights are chilly: bring a jumper, riads are barely heated.',
        ],
      },
    ],
  },
  {
    title: 'Marrakech, from Jemaa el-Fna to the gardens',
    blocks: [
      'Jemaa el-Fna square is the city’s beating heart, recognised by UNESCO as a masterpiece of the oral heritage of humanity. By day, juice sellers and snake charmers; at sunset the food stalls go up and the storytellers and musicians take their places. The 12th-century Koutoubia minaret stands watch nearby.',
      'North of the square lie the souks, arranged by trade: dyers, coppersmiths, leatherworkers. The Ben Youssef Madrasa, a restored Koranic school, is a feast of zellige tiles, stucco and carved cedar. To the south, the Bahia Palace, the Saadian Tombs and the ruins of the El Badi Palace tell of successive dynasties, while the Mellah keeps the memory of the Jewish community.',
      { heading: 'The gardens' },
      'The Majorelle Garden, with its vivid blue, and the neighbouring Yves Saint Laurent Museum are among the most visited sites in the country: buy timed tickets online. Le Jardin Secret, in the middle of the medina, offers a quiet break and a rooftop view from its tower.',
      {
        list: [
          'Try tanjia, meat slow-cooked in a clay jar, the city’s own speciality.',
          'Avoid “guides” offering to show you the tanneries: it is a classic scam.',
          'A traditional neighbourhood hammam costs a few dozen dirhams; a spa, far more.',
        ],
      },
    ],
  },
  {
    title: 'The Atlas: Imlil, Ourika and Toubkal',
    blocks: [
      'An hour and a half from Marrakech, the village of Imlil is the gateway to the High Atlas. Trails between Berber villages make fine day hikes, with lunch in a family home. Jebel Toubkal, North Africa’s highest peak at 4,167 m, is climbed in two days with a night at the refuge; the authorities require trekkers to be accompanied by a licensed mountain guide, to be booked in Imlil or through your accommodation.',
      'The Ourika valley, an hour’s drive away, is the most popular excursion: you climb to the Setti Fatma waterfalls and lunch beside the river. Avoid weekends, when half of Marrakech goes there. Further south, the Tizi n’Tichka pass, over 2,200 m high, opens the road to Ouarzazate and the ksar of Aït Ben Haddou: give it two days rather than an exhausting round trip.',
      { heading: 'Travelling after the earthquake' },
      'The September 2023 earthquake hit the villages of the Al Haouz region hard. Rebuilding goes on, and tourism is part of the answer: staying in village guesthouses, hiring local guides and muleteers and buying from cooperatives keeps the valleys alive.',
      {
        list: [
          'Best time for hiking: April to June and September to October.',
          'In winter Toubkal is under snow: crampons and experience are essential.',
          'Pack warm layers: it can be 30 °C in Marrakech and freezing at the refuge.',
        ],
      },
    ],
  },
];

const fesFr: Chapter[] = [
  {
    title: 'Arriver, se repérer et se loger',
    blocks: [
      'Fès est reliée par le train à Casablanca, Rabat, Tanger et Meknès ; comptez trois à quatre heures depuis Casablanca selon les correspondances. L’aéroport de Fès-Saïss, à une quinzaine de kilomètres, reçoit des vols d’Europe. Meknès n’est qu’à une soixantaine de kilomètres : trois quarts d’heure de train, idéal pour une excursion.',
      'Fès el-Bali, la vieille médina, est l’un des plus grands ensembles urbains sans voitures au monde, avec des milliers de ruelles. Prenez Bab Boujloud, la porte bleue, comme point de repère, suivez les deux artères principales, Talaa Kebira et Talaa Seghira, et acceptez de vous perdre un peu. Un guide officiel, muni d’un badge, se réserve auprès de votre riad ou de l’office du tourisme ; déclinez poliment les guides improvisés.',
      { heading: 'Où dormir' },
      'Les riads et dars de la médina, souvent magnifiquement restaurés, coûtent de 400 à 1 200 MAD la nuit ; leurs terrasses offrent des vues saisissantes sur les toits et les minarets. La ville nouvelle compte des hôtels modernes, plus pratiques si vous êtes en voiture.',
    ],
  },
  {
    title: 'Fès, la médina millénaire',
    blocks: [
      'Fondée il y a plus de douze siècles, Fès el-Bali est inscrite au patrimoine mondial de l’UNESCO depuis 1981. La mosquée Al Quaraouiyine, fondée au IXe siècle par Fatima al-Fihri et souvent présentée comme la plus ancienne université encore en activité, n’est pas ouverte aux non-musulmans, mais on aperçoit sa cour depuis les portes.',
      'Les médersas Bou Inania et Al-Attarine, chefs-d’œuvre mérinides de bois sculpté, de stuc et de zellige, se visitent. La tannerie Chouara s’observe depuis les terrasses des maroquineries voisines ; on vous tendra un brin de menthe contre l’odeur. Place Seffarine, les dinandiers martèlent le cuivre comme depuis des siècles, et le musée Nejjarine présente les arts du bois.',
      { heading: 'Points de vue et quartiers' },
      'En fin de journée, montez au Borj Nord ou aux tombeaux mérinides pour voir la médina s’embraser au coucher du soleil. Fès el-Jdid, la ville « nouvelle » du XIIIe siècle, abrite les portes monumentales du palais royal et le Mellah, ancien quartier juif aux balcons ouvragés.',
      {
        list: [
          'Goûtez la bessara, soupe de fèves du petit-déjeuner, et la pastilla, sucrée-salée.',
          'Les potiers d’Aïn Nokbi fabriquent les zelliges et la céramique bleue de Fès.',
          'Le vendredi, beaucoup d’échoppes ferment : c’est le bon jour pour l’excursion à Meknès.',
        ],
      },
    ],
  },
  {
    title: 'Meknès, Volubilis et Moulay Idriss',
    blocks: [
      'Meknès fut la capitale du sultan Moulay Ismaïl à la fin du XVIIe siècle, qui la dota de remparts et de portes monumentales. Bab Mansour, l’une des plus belles portes du Maroc, ouvre sur la place el-Hedim, plus calme que Jemaa el-Fna mais tout aussi vivante le soir. Les greniers et écuries royaux de Heri es-Souani donnent la mesure de l’ambition du sultan.',
      'À une trentaine de kilomètres, le site romain de Volubilis, inscrit au patrimoine mondial, conserve des mosaïques remarquables, un arc de triomphe et les colonnes de sa basilique, posés dans la campagne. Arrivez tôt : l’ombre y est rare. Juste à côté, la ville sainte de Moulay Idriss Zerhoun s’étage sur deux collines ; montez jusqu’aux terrasses pour la vue.',
      { heading: 'Organiser la journée' },
      'Depuis Fès, prenez le train pour Meknès puis un grand taxi vers Volubilis et Moulay Idriss, ou louez une voiture avec chauffeur pour enchaîner les trois sites en une journée. Le soir, un dîner sur une terrasse de la place el-Hedim conclut parfaitement l’excursion.',
      {
        list: [
          'Grand taxi Meknès–Volubilis : négociez l’aller-retour avec le temps d’attente.',
          'Chapeau, eau et chaussures fermées pour Volubilis.',
          'Les vignobles de la région de Meknès produisent une bonne partie des vins du pays.',
        ],
      },
    ],
  },
];

const fesEn: Chapter[] = [
  {
    title: 'Arriving, finding your way and where to stay',
    blocks: [
      'Fez is linked by train to Casablanca, Rabat, Tangier and Meknes; allow three to four hours from Casablanca depending on connections. Fès-Saïss airport, about fifteen kilometres away, has flights from Europe. Meknes is only some sixty kilometres away: forty-five minutes by train, perfect for a day trip.',
      'Fès el-Bali, the old medina, is one of the largest car-free urban areas in the world, with thousands of alleys. Use Bab Boujloud, the blue gate, as your landmark, follow the two main streets, Talaa Kebira and Talaa Seghira, and accept getting a little lost. An official guide with a badge can be booked through your riad or the tourist office; politely turn down self-appointed ones.',
      { heading: 'Where to sleep' },
      'Riads and dars in the medina, often beautifully restored, cost 400 to 1,200 MAD a night; their roof terraces give stunning views over the rooftops and minarets. The new town has modern hotels, more practical if you are driving.',
    ],
  },
  {
    title: 'Fez, the thousand-year-old medina',
    blocks: [
      'Founded over twelve centuries ago, Fès el-Bali has been a UNESCO World Heritage site since 1981. The Al Quaraouiyine mosque, founded in the 9th century by Fatima al-Fihri and often described as the oldest university still operating, is closed to non-Muslims, but you can glimpse its courtyard from the doorways.',
      'The Bou Inania and Al-Attarine madrasas, Marinid masterpieces of carved wood, stucco and zellige, are open to visitors. The Chouara tannery is seen from the terraces of the leather shops around it; you will be handed a sprig of mint against the smell. On Place Seffarine, coppersmiths hammer metal as they have for centuries, and the Nejjarine museum shows the arts of woodwork.',
      { heading: 'Viewpoints and districts' },
      'At the end of the day, climb to the Borj Nord or the Marinid tombs to watch the medina glow at sunset. Fès el-Jdid, the 13th-century “new” town, holds the monumental gates of the royal palace and the Mellah, the old Jewish quarter with its carved balconies.',
      {
        list: [
          'Try bessara, the breakfast fava-bean soup, and pastilla, sweet and savoury.',
          'The potters of Aïn Nokbi make the zellige tiles and blue ceramics of Fez.',
          'On Fridays many souk shops close: a good day for the trip to Meknes.',
        ],
      },
    ],
  },
  {
    title: 'Meknes, Volubilis and Moulay Idriss',
    blocks: [
      'Meknes was the capital of Sultan Moulay Ismail in the late 17th century, and he gave it ramparts and monumental gates. Bab Mansour, one of the finest gates in Morocco, opens onto Place el-Hedim, calmer than Jemaa el-Fna but just as lively in the evening. The royal granaries and stables of Heri es-Souani show the scale of the sultan’s ambition.',
      'Some thirty kilometres away, the Roman site of Volubilis, a World Heritage site, keeps remarkable mosaics, a triumphal arch and the columns of its basilica, set in open countryside. Arrive early: shade is scarce. Right next to it, the holy town of Moulay Idriss Zerhoun spreads over two hills; climb to the terraces for the view.',
      { heading: 'Planning the day' },
      'From Fez, take the train to Meknes and then a grand taxi to Volubilis and Moulay Idriss, or hire a car with a driver to do all three in a day. In the evening, dinner on a terrace over Place el-Hedim rounds off the trip perfectly.',
      {
        list: [
          'Grand taxi Meknes–Volubilis: negotiate the return trip including waiting time.',
          'Hat, water and closed shoes for Volubilis.',
          'The vineyards around Meknes produce a good share of the country’s wine.',
        ],
      },
    ],
  },
];

export const marocGuides: GuideSeed[] = [
  {
    theme: 'maroc',
    price: '15.00',
    isActive: true,
    editions: {
      fr: {
        slug: 'maroc-marrakech-et-atlas-fr',
        title: 'Marrakech et l’Atlas',
        countryLabel: 'Maroc',
        description:
          'La médina, les souks et les jardins de Marrakech, puis les vallées et les sommets du Haut Atlas marocain, du Toubkal à l’Ourika. Riads, budget et conseils pratiques inclus.',
        chapters: [...marrakechFr, moneyFr, healthFr, wordsFr],
        daysAgo: 6,
      },
      en: {
        slug: 'morocco-marrakech-and-the-atlas-en',
        title: 'Marrakech and the Atlas Mountains',
        countryLabel: 'Morocco',
        description:
          'The medina, souks and gardens of Marrakech, then the valleys and peaks of Morocco’s High Atlas, from Toubkal to the Ourika valley. Riads, budgets and practical tips included.',
        chapters: [...marrakechEn, moneyEn, healthEn, wordsEn],
        daysAgo: 24,
      },
    },
  },
  {
    theme: 'maroc',
    price: '9.00',
    isActive: true,
    editions: {
      fr: {
        slug: 'maroc-fes-et-meknes-fr',
        title: 'Fès & Meknès, cités impériales du Maroc',
        countryLabel: 'Maroc',
        description:
          'Se repérer dans la médina de Fès, visiter ses médersas et ses tanneries, puis rejoindre Meknès, Volubilis et Moulay Idriss en une journée.',
        chapters: [...fesFr, moneyFr, healthFr, wordsFr],
        daysAgo: 70,
      },
      en: {
        slug: 'morocco-fez-and-meknes-en',
        title: 'Fez & Meknes: Morocco’s Imperial Cities',
        countryLabel: 'Morocco',
        description:
          'Find your way through the Fez medina, its madrasas and tanneries, then see Meknes, Volubilis and Moulay Idriss in a single day.',
        chapters: [...fesEn, moneyEn, healthEn, wordsEn],
        daysAgo: 62,
      },
    },
  },
];
