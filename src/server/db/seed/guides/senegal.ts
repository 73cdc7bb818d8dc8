import type { Chapter, GuideSeed } from '../seed-types';

const moneyFr: Chapter = {
  title: 'Argent, mobile money et carte SIM',
  blocks: [
    'Le Sénégal utilise le franc CFA d’Afrique de l’Ouest (XOF), arrimé à l’euro : 1 € vaut exactement 655,957 FCFA. Pour calculer de tête, comptez 650 FCFA pour un euro ; un billet de 10 000 FCFA vaut donc un peu plus de 15 €. Gardez toujours des petites coupures et des pièces de 100 et 200 FCFA : la monnaie manque souvent chez les chauffeurs de taxi et sur les marchés.',
    'Les distributeurs sont nombreux à Dakar et dans les villes régionales, plus rares en brousse. Les cartes Visa y sont mieux acceptées que les Mastercard. Les hôtels, les supermarchés et une partie des restaurants prennent la carte ; les taxis, les gargotes et les marchés ne fonctionnent qu’en espèces. Prévenez votre banque avant le départ et renseignez-vous sur ses frais de retrait à l’étranger.',
    { heading: 'Le mobile money, réflexe du quotidien' },
    'Au Sénégal, on paie couramment avec son téléphone. Wave, Orange Money et le portefeuille de l’opérateur Yas (ex-Free Money) permettent de régler un taxi, un repas ou une facture en scannant un QR code, et d’envoyer de l’argent à un proche en quelques secondes. Wave s’est imposé grâce à ses frais bas. Pour ouvrir un portefeuille, il faut une carte SIM locale enregistrée à votre nom.',
    { heading: 'Acheter une carte SIM' },
    'Orange, Yas (ex-Free) et Expresso vendent des cartes SIM dans leurs agences et chez de nombreux revendeurs. La puce coûte peu, mais elle doit être enregistrée avec votre passeport : passez par une agence officielle pour que tout soit fait correctement. Les forfaits internet s’achètent par code USSD ou dans l’application de l’opérateur ; la 4G couvre bien Dakar et les grands axes.',
    {
      list: [
        'Retirez des montants moyens plusieurs fois plutôt qu’une grosse somme d’un coup.',
        'Photographiez votre passeport : l’agent en aura besoin pour la SIM.',
        'Gardez un peu d’euros en réserve, faciles à changer en bureau de change.',
        'Demandez « Wave ? » avant de sortir des espèces : beaucoup de commerçants l’acceptent.',
      ],
    },
  ],
};

const moneyEn: Chapter = {
  title: 'Money, mobile money and SIM cards',
  blocks: [
    'Senegal uses the West African CFA franc (XOF), pegged to the euro: €1 is exactly 655.957 FCFA. For quick sums, count 650 FCFA to the euro, so a 10,000 FCFA note is worth a little over €15. Always keep small notes and 100 and 200 FCFA coins: taxi drivers and market stalls are often short of change.',
    'Cash machines are plentiful in Dakar and the regional towns, scarcer in the countryside. Visa cards are more widely accepted than Mastercard. Hotels, supermarkets and some restaurants take cards; taxis, street eateries and markets are cash only. Tell your bank you are travelling and check what it charges for withdrawals abroad.',
    { heading: 'Mobile money, an everyday habit' },
    'Paying by phone is normal in Senegal. Wave, Orange Money and the wallet of the Yas network (formerly Free Money) let you pay a taxi, a meal or a bill by scanning a QR code, and send money to a friend in seconds. Wave won the market with its low fees. To open a wallet you need a local SIM card registered in your name.',
    { heading: 'Getting a SIM card' },
    'Orange, Yas (formerly Free) and Expresso sell SIM cards in their shops and through countless resellers. The card is cheap but must be registered with your passport, so go to an official branch to have it done properly. Data bundles are bought with a USSD code or in the operator’s app; 4G coverage is good in Dakar and along the main roads.',
    {
      list: [
        'Withdraw medium amounts several times rather than one large sum.',
        'Keep a photo of your passport: the shop will need it for the SIM.',
        'Carry a few euros as a reserve; they are easy to change at a bureau de change.',
        'Ask “Wave?” before reaching for cash: many shops take it.',
      ],
    },
  ],
};

const healthFr: Chapter = {
  title: 'Santé, sécurité et savoir-vivre',
  blocks: [
    'Consultez un centre de vaccinations internationales quatre à six semaines avant le départ. La vaccination contre la fièvre jaune est recommandée et son certificat peut être exigé selon le pays d’où vous arrivez. Le paludisme est présent, surtout pendant la saison des pluies (juillet à octobre) et dans le sud : demandez conseil pour un traitement préventif et protégez-vous des moustiques dès le coucher du soleil. Buvez de l’eau en bouteille ou filtrée.',
    'Dakar est une ville plutôt sûre, mais les vols à l’arraché de téléphones et les pickpockets existent dans les marchés bondés et le soir. Le soir, préférez un taxi commandé par application. Sur la côte, les courants sont puissants : ne vous baignez que sur les plages surveillées et écoutez les conseils des pêcheurs.',
    { heading: 'La teranga et les usages' },
    'La teranga, l’hospitalité sénégalaise, n’est pas un slogan : on vous invitera à partager le plat ou le thé. Prenez le temps de saluer avant toute demande, même pour acheter un ticket ; une question posée sans « bonjour » passe pour brusque. Mangez, donnez et recevez de la main droite. Dans le plat commun, on mange la part qui se trouve devant soi.',
    'Hors des plages, une tenue couvrant les épaules et les genoux est appréciée, et elle est indispensable pour entrer dans une mosquée, chaussures retirées. Demandez toujours avant de photographier quelqu’un. Pendant le ramadan, évitez de manger ou de fumer ostensiblement en pleine rue, et renseignez-vous sur les grandes fêtes comme la Tabaski, pendant lesquelles la ville se vide et les transports sont saturés.',
  ],
};

const healthEn: Chapter = {
  title: 'Health, safety and etiquette',
  blocks: [
    'See a travel clinic four to six weeks before you leave. Yellow fever vaccination is recommended, and the certificate may be required depending on where you arrive from. Malaria is present, especially in the rainy season (July to October) and in the south: ask about preventive treatment and protect yourself from mosquitoes from dusk onwards. Drink bottled or filtered water.',
    'Dakar is a fairly safe city, but phone snatching and pickpockets exist in crowded markets and after dark. In the evening, book your taxi through an app. On the coast the currents are strong: only swim at supervised beaches and listen to what the fishermen tell you.',
    { heading: 'Teranga and good manners' },
    'Teranga, Senegalese hospitality, is not a slogan: you will be invited to share the dish or the tea. Take time to greet people before asking anything, even when buying a ticket; a question without a “hello” comes across as rude. Eat, give and receive with your right hand. From the shared bowl, eat the portion in front of you.',
    'Away from the beach, clothes covering shoulders and knees are appreciated, and they are essential to enter a mosque, shoes off. Always ask before photographing someone. During Ramadan, avoid eating or smoking openly in the street, and check the dates of big festivals such as Tabaski, when the city empties and transport is packed.',
  ],
};

const wordsFr: Chapter = {
  title: 'Quelques mots de wolof',
  blocks: [
    'Le français est la langue officielle et vous suffira partout, mais le wolof est la langue que tout le monde partage dans la rue. Quelques mots suffisent à faire naître un sourire, et souvent un meilleur prix.',
    {
      list: [
        'Salaam aleekum : bonjour (réponse : Maleekum salaam)',
        'Na nga def ? : comment vas-tu ? (réponse : Maa ngi fi rekk, « je suis là, ça va »)',
        'Jërëjëf : merci',
        'Waaw / Déedéet : oui / non',
        'Ñaata la ? : combien ça coûte ?',
        'Dafa seer : c’est cher',
        'Baal ma : pardon, excusez-moi',
        'Ana… ? : où est… ?',
        'Ndox : eau',
        'Ba beneen yoon : à la prochaine',
      ],
    },
    { heading: 'Attention aux prix en dërëm' },
    'En wolof, les prix se comptent souvent en dërëm, une ancienne unité qui vaut 5 FCFA. « Téeméer », cent dërëm, signifie donc 500 FCFA et non 100. Si un chiffre vous surprend, faites-le répéter en français ou montrez la somme en billets : personne ne s’en offusquera.',
  ],
};

const wordsEn: Chapter = {
  title: 'A few words of Wolof',
  blocks: [
    'French is the official language and will get you everywhere, but Wolof is what everyone shares in the street. A handful of words earns a smile, and often a better price.',
    {
      list: [
        'Salaam aleekum: hello (reply: Maleekum salaam)',
        'Na nga def?: how are you? (reply: Maa ngi fi rekk, “I’m here, all good”)',
        'Jërëjëf: thank you',
        'Waaw / Déedéet: yes / no',
        'Ñaata la?: how much is it?',
        'Dafa seer: it’s expensive',
        'Baal ma: sorry, excuse me',
        'Ana…?: where is…?',
        'Ndox: water',
        'Ba beneen yoon: see you next time',
      ],
    },
    { heading: 'Watch out for prices in dërëm' },
    'In Wolof, prices are often counted in dërëm, an old unit worth 5 FCFA. “Téeméer”, a hundred dërëm, therefore means 500 FCFA, not 100. If a figure surprises you, ask for it again in French or show the amount in notes: nobody will mind.',
  ],
};

const dakarFr: Chapter[] = [
  {
    title: 'Arriver et se déplacer à Dakar',
    blocks: [
      'L’aéroport international Blaise-Diagne (AIBD) se trouve à Diass, à une cinquantaine de kilomètres du centre. L’autoroute à péage met le Plateau à 45 minutes hors heures de pointe. Les taxis de l’aéroport demandent en général entre 20 000 et 30 000 FCFA selon le quartier : mettez-vous d’accord sur le prix avant de charger les bagages, ou réservez un transfert auprès de votre hébergement. Des navettes en bus relient aussi l’aéroport à la ville.',
      'Le TER, train express régional, relie la gare de Dakar à Diamniadio en quarante-cinq minutes environ, avec des rames fréquentes et climatisées. Son prolongement jusqu’à l’aéroport était en chantier lors de notre dernière mise à jour : vérifiez s’il est ouvert avant de partir.',
      { heading: 'Taxis, applications et BRT' },
      'Les taxis jaune et noir n’ont pas de compteur : annoncez votre destination, écoutez le prix, puis proposez un peu moins en souriant. Une course courte dans le centre coûte de 1 500 à 3 000 FCFA. Les applications Yango et Heetch affichent le prix à l’avance et évitent la négociation, ce qui est précieux le soir. Le BRT, bus rapide sur voie réservée, relie depuis 2024 la banlieue de Guédiawaye au centre-ville.',
      'Évitez si possible de circuler entre 7 h et 10 h puis entre 17 h et 20 h : les embouteillages sur la corniche et la VDN peuvent doubler les temps de trajet.',
      { heading: 'Où poser ses valises' },
      {
        list: [
          'Le Plateau : le centre administratif, le marché Kermel et les ferries pour Gorée à pied.',
          'Almadies et Ngor : l’océan, les restaurants de poisson, le surf et l’île de Ngor.',
          'Mermoz, Ouakam et Point E : des quartiers résidentiels calmes, bien placés et moins chers.',
          'Yoff : un village de pêcheurs devenu quartier, avec une longue plage vivante.',
        ],
      },
    ],
  },
  {
    title: 'Que voir, que faire',
    blocks: [
      'L’île de Gorée, inscrite au patrimoine mondial de l’UNESCO, est à vingt minutes de chaloupe de l’embarcadère du port. Sans voitures, avec ses maisons ocre et ses bougainvillées, elle est aussi un lieu de mémoire : la Maison des Esclaves rappelle la traite atlantique. Partez tôt le matin, avant les groupes, et restez pour déjeuner sur la petite plage.',
      'Sur la colline des Mamelles, le monument de la Renaissance africaine domine la ville ; l’ascension jusqu’au belvédère offre une vue sur toute la presqu’île. À deux pas, le phare des Mamelles se visite au coucher du soleil. Côté musées, ne manquez pas le musée des Civilisations noires, ouvert en 2018, et le musée Théodore-Monod d’art africain, près de la place Soweto.',
      { heading: 'Marchés et bord de mer' },
      'Le marché Kermel, sous sa halle restaurée, est idéal pour les fruits et l’artisanat ; le marché HLM est le royaume des tissus, où l’on peut faire coudre une tenue en quelques jours. En fin d’après-midi, allez voir les pirogues rentrer à Soumbédioune, puis flânez au village artisanal voisin.',
      'La pointe des Almadies est l’extrémité ouest de l’Afrique continentale. Juste à côté, une pirogue vous dépose en cinq minutes sur l’île de Ngor, ses criques et ses spots de surf. Pour une excursion à la journée, le lac Rose, à environ 35 km, prend sa couleur la plus vive en saison sèche vers midi ; les récolteurs de sel y travaillent depuis des pirogues.',
      {
        list: [
          'Gorée : chaloupe environ toutes les heures, billet aller-retour d’environ 5 000 FCFA pour les non-résidents.',
          'Village des Arts : ateliers d’artistes ouverts, pour acheter directement aux créateurs.',
          'Lutte sénégalaise : les grands combats du dimanche valent le spectacle, dans l’arène comme dans les rues.',
        ],
      },
    ],
  },
  {
    title: 'Se loger, manger et sortir',
    blocks: [
      'Dakar offre de tout, mais pas toujours bon marché. Comptez de 15 000 à 30 000 FCFA la nuit en auberge ou chambre d’hôtes simple, de 40 000 à 80 000 FCFA dans un hôtel de milieu de gamme, et plus de 100 000 FCFA pour les adresses de standing des Almadies ou du Plateau. Pour un séjour d’un mois, un appartement meublé à Mermoz ou Ngor revient souvent moins cher qu’un hôtel.',
      { heading: 'À table' },
      'Le thiéboudienne, riz au poisson et aux légumes, est le plat national, servi à midi. Goûtez aussi le yassa (poulet ou poisson aux oignons et au citron), le mafé à la sauce d’arachide et le thiéré, couscous de mil. Le soir, les dibiteries grillent l’agneau au feu de bois. Dans une gargote, une assiette coûte de 1 500 à 3 000 FCFA ; dans un restaurant, de 6 000 à 15 000 FCFA.',
      'Côté boissons, le bissap (fleurs d’hibiscus), le bouye (fruit du baobab) et le jus de gingembre sont partout. Le café Touba, parfumé au poivre de Guinée, se boit dans la rue pour quelques pièces, et l’attaya, le thé à la menthe servi en trois tournées, se partage lentement.',
      { heading: 'La nuit dakaroise' },
      'La nuit commence tard : les concerts de mbalax démarrent rarement avant minuit, le week-end surtout. Les Almadies concentrent bars et clubs, le Plateau quelques salles de concert. Pour rentrer, commandez une voiture par application plutôt que de héler un taxi dans la rue.',
      {
        list: [
          'Budget serré : environ 25 000 FCFA par jour, hébergement compris.',
          'Budget confortable : de 60 000 à 90 000 FCFA par jour.',
          'Pourboire : arrondir ou laisser 5 à 10 % au restaurant est apprécié, sans obligation.',
        ],
      },
    ],
  },
];

const dakarEn: Chapter[] = [
  {
    title: 'Arriving in and getting around Dakar',
    blocks: [
      'Blaise Diagne International Airport (AIBD) is in Diass, about fifty kilometres from the city centre. The toll motorway gets you to the Plateau in 45 minutes outside rush hour. Airport taxis usually ask between 20,000 and 30,000 FCFA depending on the district: agree on the fare before your bags go in the boot, or book a transfer through your accommodation. Shuttle buses also link the airport to the city.',
      'The TER, the regional express train, runs from Dakar station to Diamniadio in about forty-five minutes, with frequent air-conditioned trains. Its extension to the airport was under construction at our last update: check whether it has opened before you go.',
      { heading: 'Taxis, apps and the BRT' },
      'The yellow-and-black taxis have no meter: state your destination, hear the price, then offer a little less with a smile. A short ride in the centre costs 1,500 to 3,000 FCFA. The Yango and Heetch apps show the price up front and spare you the haggling, which is welcome at night. Since 2024 the BRT, a rapid bus on its own lane, has linked the suburb of Guédiawaye to the city centre.',
      'If you can, avoid travelling between 7 and 10 am and between 5 and 8 pm: traffic on the Corniche and the VDN can double journey times.',
      { heading: 'Where to stay' },
      {
        list: [
          'Plateau: the administrative centre, Kermel market and the Gorée ferries within walking distance.',
          'Almadies and Ngor: the ocean, fish restaurants, surfing and Ngor island.',
          'Mermoz, Ouakam and Point E: quiet, well-placed residential areas, and cheaper.',
          'Yoff: a fishing village turned neighbourhood, with a long, lively beach.',
        ],
      },
    ],
  },
  {
    title: 'What to see and do',
    blocks: [
      'Gorée Island, a UNESCO World Heritage site, is a twenty-minute ferry ride from the port terminal. Car-free, with ochre houses and bougainvillea, it is also a place of remembrance: the House of Slaves recalls the Atlantic slave trade. Go early in the morning, before the groups, and stay for lunch by the little beach.',
      'On the Mamelles hill, the African Renaissance Monument towers over the city; the climb to its viewing platform shows you the whole peninsula. Nearby, the Mamelles lighthouse is a fine sunset spot. For museums, do not miss the Museum of Black Civilisations, opened in 2018, and the Théodore Monod Museum of African Art near Place Soweto.',
      { heading: 'Markets and the seafront' },
      'Kermel market, in its restored hall, is ideal for fruit and crafts; HLM market is the kingdom of fabric, where a tailor can make you an outfit in a few days. In the late afternoon, watch the pirogues come home at Soumbédioune, then stroll through the craft village next door.',
      'Pointe des Almadies is the westernmost tip of mainland Africa. Close by, a pirogue takes you in five minutes to Ngor Island, with its coves and surf breaks. For a day trip, Lac Rose, about 35 km away, is at its pinkest in the dry season around midday; salt collectors work the lake from their boats.',
      {
        list: [
          'Gorée: a ferry roughly every hour; a return ticket costs about 5,000 FCFA for non-residents.',
          'Village des Arts: open artists’ studios, to buy straight from the makers.',
          'Senegalese wrestling: the big Sunday bouts are a show, in the arena and in the streets.',
        ],
      },
    ],
  },
  {
    title: 'Sleeping, eating and going out',
    blocks: [
      'Dakar has everything, though not always cheaply. Expect 15,000 to 30,000 FCFA a night in a hostel or simple guesthouse, 40,000 to 80,000 FCFA in a mid-range hotel, and over 100,000 FCFA at the upmarket addresses of the Almadies or the Plateau. For a month-long stay, a furnished flat in Mermoz or Ngor often costs less than a hotel.',
      { heading: 'At the table' },
      'Thiéboudienne, rice with fish and vegetables, is the national dish, served at lunchtime. Also try yassa (chicken or fish with onions and lemon), mafé in peanut sauce and thiéré, a millet couscous. In the evening, dibiteries grill lamb over wood fires. A plate in a street eatery costs 1,500 to 3,000 FCFA; in a restaurant, 6,000 to 15,000 FCFA.',
      'For drinks, bissap (hibiscus), bouye (baobab fruit) and ginger juice are everywhere. Café Touba, spiced with Guinea pepper, is sold on street corners for a few coins, and attaya, mint tea served in three rounds, is meant to be shared slowly.',
      { heading: 'Dakar by night' },
      'Nights start late: mbalax concerts rarely begin before midnight, especially at weekends. The Almadies have most of the bars and clubs, the Plateau a few music venues. To get home, book a car through an app rather than hailing a taxi in the street.',
      {
        list: [
          'Tight budget: about 25,000 FCFA a day, accommodation included.',
          'Comfortable budget: 60,000 to 90,000 FCFA a day.',
          'Tipping: rounding up or leaving 5 to 10% in restaurants is appreciated, never required.',
        ],
      },
    ],
  },
];

const casamanceFr: Chapter[] = [
  {
    title: 'Rejoindre la Casamance et y circuler',
    blocks: [
      'Le moyen le plus agréable reste le bateau : le ferry de la COSAMA relie le port de Dakar à Ziguinchor plusieurs fois par semaine, en une quinzaine d’heures de nuit. On choisit entre fauteuil et cabine de deux ou quatre couchettes ; réservez à l’avance, surtout pendant les vacances et les fêtes, car les cabines partent vite.',
      'En avion, Dakar–Ziguinchor prend environ une heure, et des vols saisonniers desservent directement Cap Skirring en hiver. Par la route, le pont de la Transgambienne, ouvert en 2019, a raccourci le trajet : comptez sept à neuf heures en voiture ou en sept-places depuis la gare routière des Baux Maraîchers, avec la traversée de la Gambie et ses deux postes-frontières, passeport en main.',
      { heading: 'Sur place' },
      'Les sept-places et les minibus relient Ziguinchor, Oussouye, Cap Skirring et Kafountine. Pour les petites distances, les motos-taxis, appelées jakartas, sont partout ; exigez un casque. Vers les îles et les villages du fleuve, tout se fait en pirogue : négociez le prix de l’aller et du retour avant d’embarquer et vérifiez qu’il y a des gilets de sauvetage.',
      'La région est calme depuis de nombreuses années et le tourisme y reprend vie. Consultez tout de même les conseils aux voyageurs de votre pays avant de partir et évitez de vous aventurer seul hors des pistes près des frontières.',
    ],
  },
  {
    title: 'Les incontournables de Casamance',
    blocks: [
      'Ziguinchor, capitale régionale au bord du fleuve, a gardé ses maisons coloniales à arcades et un marché très animé. Depuis le port, des pirogues partent explorer les bolongs, ces bras de mer bordés de mangrove où l’on croise pélicans, hérons et parfois des dauphins.',
      'Au cœur du pays diola, Oussouye est le siège d’un royaume dont le roi, autorité spirituelle, reçoit parfois les visiteurs ; on s’y présente avec respect et par l’intermédiaire d’un guide local. Les environs comptent de belles cases à impluvium, comme à Enampore, et les cases à étages en banco de Mlomp, rares en Afrique de l’Ouest.',
      { heading: 'Côté mer' },
      'Cap Skirring aligne de longues plages de sable blanc et la plupart des hôtels de la région. Plus au sud, Diembering et ses dunes, veillées par d’immenses fromagers, sont un but de promenade idéal. Au nord, Kafountine et Abéné vivent au rythme de la pêche et des percussions ; le festival d’Abéné anime la fin décembre.',
      {
        list: [
          'L’île de Carabane, ancien comptoir, se rejoint en pirogue depuis Elinkine : nuit au calme garantie.',
          'Les rizières, vertes en saison des pluies, se récoltent en novembre et décembre.',
          'Le port de pêche de Kafountine, à voir au retour des pirogues en fin de journée.',
        ],
      },
    ],
  },
  {
    title: 'Se loger, manger et composer son itinéraire',
    blocks: [
      'Les campements villageois, gérés par les habitants, sont une manière simple et juste de séjourner : chambres modestes, repas pris ensemble, et des recettes qui restent au village. À Ziguinchor, on trouve des hôtels de charme au bord du fleuve ; à Cap Skirring, du simple campement au complexe balnéaire.',
      { heading: 'Spécialités à goûter' },
      'Ici, tout tourne autour du riz, cultivé depuis des siècles dans les rizières inondées. Goûtez le caldou, poisson au citron et à l’huile de palme, les huîtres de palétuviers grillées sur la braise et les fruits selon la saison : mangues de mai à juillet, noix de cajou, dont la région est grande productrice. Le vin de palme se partage au village, avec modération.',
      { heading: 'Un itinéraire de dix jours' },
      {
        list: [
          'Jour 1 : ferry de nuit depuis Dakar.',
          'Jours 2 et 3 : Ziguinchor et une journée en pirogue dans les bolongs.',
          'Jour 4 : Oussouye, Enampore et Mlomp.',
          'Jours 5 à 7 : Cap Skirring, Diembering et la plage.',
          'Jour 8 : Elinkine puis nuit sur l’île de Carabane.',
          'Jours 9 et 10 : Kafountine et Abéné, puis retour vers Dakar.',
        ],
      },
      'La meilleure saison va de novembre à mai, sèche et ensoleillée. De juin à octobre, la saison des pluies rend la campagne magnifique mais certaines pistes deviennent difficiles.',
    ],
  },
];

const saintLouisFr: Chapter[] = [
  {
    title: 'Rejoindre Saint-Louis et circuler',
    blocks: [
      'Saint-Louis se trouve à environ 260 km au nord de Dakar, soit quatre à cinq heures de route par Thiès et Louga. Les sept-places partent de la gare routière des Baux Maraîchers dès l’aube ; des bus climatisés et des voitures avec chauffeur font aussi le trajet.',
      'Le pont Faidherbe, long pont métallique inauguré à la fin du XIXe siècle, relie le continent à l’île, cœur historique de la ville. Celle-ci se parcourt à pied ou à vélo ; les calèches proposent des tours commentés et les taxis sont bon marché pour rejoindre la Langue de Barbarie et le quartier des pêcheurs de Guet Ndar.',
    ],
  },
  {
    title: 'Que voir à Saint-Louis',
    blocks: [
      'L’île de Saint-Louis, ancienne capitale de l’Afrique occidentale française, est inscrite au patrimoine mondial de l’UNESCO. Ses maisons à balcons de fer forgé et ses façades ocre se découvrent au fil des rues quadrillées, du quai Roume à la place Faidherbe.',
      'À Guet Ndar, sur la Langue de Barbarie, des centaines de pirogues peintes reviennent chaque après-midi de la pêche ; c’est l’un des spectacles les plus saisissants du pays. Le parc national de la Langue de Barbarie accueille oiseaux marins et tortues.',
      'À une soixantaine de kilomètres au nord, le parc national des oiseaux du Djoudj est l’un des grands sanctuaires ornithologiques du monde : de novembre à avril, pélicans et flamants roses y hivernent par milliers. Chaque printemps, le festival de jazz de Saint-Louis attire musiciens et mélomanes.',
    ],
  },
  {
    title: 'Se loger et manger',
    blocks: [
      'Plusieurs hôtels occupent des demeures anciennes de l’île, avec patios et terrasses sur le fleuve ; des campements simples s’alignent sur la Langue de Barbarie. Réservez longtemps à l’avance pendant le festival de jazz.',
      'La tradition veut que le thiéboudienne soit né à Saint-Louis. Goûtez-le dans une gargote de l’île, puis le poisson grillé des pêcheurs de Guet Ndar. Le soir, les terrasses du quai offrent la plus belle vue sur le pont illuminé.',
    ],
  },
];

export const senegalGuides: GuideSeed[] = [
  {
    theme: 'senegal',
    price: '12.50',
    isActive: true,
    editions: {
      fr: {
        slug: 'senegal-dakar-essentiel-fr',
        title: 'Dakar essentiel : le guide pratique du Sénégal',
        countryLabel: 'Sénégal',
        description:
          'Tout pour réussir vos premiers jours à Dakar : transports, quartiers, Gorée, bonnes tables et budget. Avec un chapitre sur le mobile money et la carte SIM au Sénégal.',
        chapters: [...dakarFr, moneyFr, healthFr, wordsFr],
        daysAgo: 14,
        photos: ['Dakar, la corniche ouest au coucher du soleil', 'L’île de Gorée vue de la chaloupe'],
      },
      en: {
        slug: 'senegal-dakar-essentials-en',
        title: 'Dakar Essentials: A Practical Guide to Senegal',
        countryLabel: 'Senegal',
        description:
          'Everything you need for your first days in Dakar: transport, neighbourhoods, Gorée Island, good food and budgets. Includes a chapter on mobile money and SIM cards in Senegal.',
        chapters: [...dakarEn, moneyEn, healthEn, wordsEn],
        daysAgo: 9,
        photos: ['Dakar, the western Corniche at sunset', 'Gorée Island from the ferry'],
      },
    },
  },
  {
    theme: 'senegal',
    price: '19.90',
    isActive: true,
    editions: {
      fr: {
        slug: 'senegal-casamance-fr',
        title: 'Casamance : fleuve, rizières et plages du sud du Sénégal',
        countryLabel: 'Sénégal',
        description:
          'Le guide complet de la Casamance : ferry depuis Dakar, Ziguinchor, pays diola, Cap Skirring et campements villageois, avec un itinéraire de dix jours.',
        chapters: [...casamanceFr, moneyFr, healthFr, wordsFr],
        daysAgo: 50,
      },
    },
  },
  {
    theme: 'senegal',
    price: '9.00',
    // Off the storefront while the 2026 edition is being checked on the ground.
    isActive: false,
    editions: {
      fr: {
        slug: 'senegal-saint-louis-et-le-fleuve-fr',
        title: 'Saint-Louis et le fleuve Sénégal',
        countryLabel: 'Sénégal',
        description:
          'L’île classée de Saint-Louis, les pirogues de Guet Ndar et les oiseaux du Djoudj. Édition en cours de mise à jour.',
        chapters: [...saintLouisFr, moneyFr, healthFr, wordsFr],
        daysAgo: 160,
      },
    },
  },
];
