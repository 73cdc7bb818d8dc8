import type { Chapter, CompanionSheet, GuideSeed } from '../seed-types';

const moneyFr: Chapter = {
  title: 'Argent, mobile money et carte SIM',
  blocks: [
    'La Côte d’Ivoire utilise le franc CFA d’Afrique de l’Ouest (XOF), la même monnaie qu’au Sénégal, arrimée à l’euro : 1 € vaut 655,957 FCFA. Comptez 650 FCFA pour un euro pour vos calculs rapides. Les petites coupures sont précieuses : les taxis, les woro-woro et les maquis rendent difficilement la monnaie sur un billet de 10 000 FCFA.',
    'Les distributeurs sont nombreux à Abidjan, au Plateau, à Cocody ou à Marcory, beaucoup plus rares à l’intérieur du pays : retirez avant de quitter la capitale. Les cartes Visa passent mieux que les Mastercard. Supermarchés, hôtels et restaurants de standing acceptent la carte ; le reste se paie en espèces ou par mobile money.',
    { heading: 'Le mobile money partout' },
    'Orange Money, MTN MoMo, Moov Money et Wave servent à tout : payer l’électricité (CIE) et l’eau (SODECI), régler un commerçant, envoyer de l’argent ou recharger son crédit. Un portefeuille s’ouvre en quelques minutes avec une carte SIM locale et une pièce d’identité ; les plafonds augmentent une fois le compte vérifié.',
    { heading: 'Acheter une carte SIM' },
    'Les trois opérateurs sont Orange, MTN et Moov Africa. L’identification est obligatoire : présentez votre passeport dans une agence officielle, car une puce mal enregistrée peut être coupée. La 4G est bonne dans tout Abidjan et sur les grands axes ; les forfaits internet s’achètent par code USSD ou dans l’application de l’opérateur.',
    {
      list: [
        'Retirez de l’argent à Abidjan avant de partir vers l’intérieur.',
        'Gardez des billets de 1 000 et 2 000 FCFA pour les transports.',
        'Notez le numéro du service client de votre opérateur de mobile money.',
        'Ne communiquez jamais votre code secret, même à un « agent » qui vous appelle.',
      ],
    },
  ],
};

const moneyEn: Chapter = {
  title: 'Money, mobile money and SIM cards',
  blocks: [
    'Côte d’Ivoire uses the West African CFA franc (XOF), the same currency as Senegal, pegged to the euro: €1 is 655.957 FCFA. Count 650 FCFA to the euro for quick sums. Small notes are precious: taxis, woro-woro and maquis struggle to break a 10,000 FCFA note.',
    'Cash machines are plentiful in Abidjan, in the Plateau, Cocody or Marcory, and much rarer upcountry, so withdraw before leaving the capital. Visa cards work better than Mastercard. Supermarkets, hotels and upmarket restaurants take cards; everything else is paid in cash or by mobile money.',
    { heading: 'Mobile money everywhere' },
    'Orange Money, MTN MoMo, Moov Money and Wave are used for everything: paying for electricity (CIE) and water (SODECI), paying shops, sending money or topping up airtime. A wallet takes minutes to open with a local SIM card and an ID; limits rise once the account is verified.',
    { heading: 'Getting a SIM card' },
    'The three operators are Orange, MTN and Moov Africa. Registration is compulsory: show your passport in an official shop, because a badly registered SIM can be cut off. 4G is good throughout Abidjan and along the main roads; data bundles are bought with a USSD code or in the operator’s app.',
    {
      list: [
        'Withdraw cash in Abidjan before heading upcountry.',
        'Keep 1,000 and 2,000 FCFA notes for transport.',
        'Save the customer-service number of your mobile-money provider.',
        'Never share your PIN, not even with an “agent” who calls you.',
      ],
    },
  ],
};

const healthFr: Chapter = {
  title: 'Santé, sécurité et savoir-vivre',
  blocks: [
    'La vaccination contre la fièvre jaune est obligatoire pour entrer en Côte d’Ivoire : gardez le carnet international avec votre passeport. Le paludisme est présent toute l’année ; demandez conseil à un médecin pour un traitement préventif, dormez sous moustiquaire ou dans une chambre climatisée et consultez sans attendre en cas de fièvre, même après le retour. Buvez de l’eau en bouteille.',
    'À Abidjan, le principal danger est la route : circulation dense, conduite vive, piétons peu protégés. Sur les plages de la côte, la barre, ces vagues puissantes et leurs courants, cause chaque année des noyades : ne vous baignez que là où les habitants se baignent, jamais seul. Dans les grands marchés comme Adjamé ou Treichville, surveillez sac et téléphone.',
    { heading: 'Les codes ivoiriens' },
    'On salue tout le monde et on prend des nouvelles avant d’entrer dans le vif du sujet. On vous souhaitera « bonne arrivée » : c’est le début d’une conversation, pas une formule. Les aînés sont appelés « le vieux », « la vieille », « tonton » ou « tantie » en signe de respect. Donnez et recevez de la main droite.',
    'Les Ivoiriens aiment l’élégance : une tenue soignée ouvre des portes, à l’administration comme au bureau. Ne photographiez pas les bâtiments officiels ni les militaires, et demandez avant de prendre quelqu’un en photo. Au marché, la négociation se fait avec humour ; au maquis, on partage volontiers la table.',
  ],
};

const healthEn: Chapter = {
  title: 'Health, safety and etiquette',
  blocks: [
    'Yellow fever vaccination is compulsory to enter Côte d’Ivoire: keep your international certificate with your passport. Malaria is present all year round; ask a doctor about preventive treatment, sleep under a net or in an air-conditioned room, and see a doctor straight away if you get a fever, even after you are home. Drink bottled water.',
    'In Abidjan the main danger is the road: heavy traffic, brisk driving, little protection for pedestrians. On the coast, the “barre”, powerful waves with strong currents, causes drownings every year: only swim where locals swim, and never alone. In big markets such as Adjamé or Treichville, keep an eye on your bag and phone.',
    { heading: 'Ivorian codes' },
    'People greet everyone and ask after each other before getting to the point. You will be wished “bonne arrivée”, welcome: it opens a conversation, it is not a formula. Elders are called “le vieux”, “la vieille”, “tonton” or “tantie” as a mark of respect. Give and receive with your right hand.',
    'Ivorians like to dress well: a smart outfit opens doors, at government offices as at work. Do not photograph official buildings or soldiers, and ask before taking someone’s picture. At the market, bargaining comes with humour; at the maquis, people happily share a table.',
  ],
};

const wordsFr: Chapter = {
  title: 'Parler ivoirien',
  blocks: [
    'Le français est la langue de tous les jours, mais le français d’Abidjan a ses mots à lui, souvent venus du nouchi, l’argot urbain, et des langues nationales comme le baoulé ou le dioula. En voici quelques-uns que vous entendrez dès le premier jour.',
    {
      list: [
        'Akwaba : bienvenue (baoulé), affiché partout',
        'On dit quoi ? : salut, quoi de neuf ?',
        'C’est comment ? : comment ça va ?',
        'Y a pas drap : pas de problème',
        'On est ensemble : merci, à bientôt, on se soutient',
        'Dêh : pour insister (« C’est bon dêh ! »)',
        'S’enjailler : s’amuser, faire la fête',
        'Le maquis : restaurant populaire, souvent en plein air',
        'Gbaka, woro-woro : minibus et taxi collectif',
        'I ni ce : bonjour, merci (dioula)',
      ],
    },
    { heading: 'À table' },
    'L’attiéké, semoule de manioc fermenté, accompagne le poisson braisé ; l’alloco, banane plantain frite, se mange à toute heure ; le garba, attiéké au thon frit, est le plat de midi des étudiants. Le kedjenou, poulet mijoté à l’étouffée, et la sauce graine au foutou sont les plats des grandes occasions. Côté boissons, le bissap et le gnamankoudji, jus de gingembre bien relevé.',
  ],
};

const wordsEn: Chapter = {
  title: 'Speaking Ivorian',
  blocks: [
    'French is the everyday language, but Abidjan’s French has words of its own, often from Nouchi, the city slang, and from national languages such as Baoulé and Dioula. Here are a few you will hear on day one.',
    {
      list: [
        'Akwaba: welcome (Baoulé), written everywhere',
        'On dit quoi ?: hi, what’s up?',
        'C’est comment ?: how are you?',
        'Y a pas drap: no problem',
        'On est ensemble: thanks, see you, we’ve got each other’s back',
        'Dêh: for emphasis (“C’est bon dêh!”, that’s great!)',
        'S’enjailler: to have fun, to party',
        'Maquis: a popular, often open-air restaurant',
        'Gbaka, woro-woro: minibus and shared taxi',
        'I ni ce: hello, thank you (Dioula)',
      ],
    },
    { heading: 'At the table' },
    'Attiéké, fermented cassava semolina, comes with grilled fish; alloco, fried plantain, is eaten at any hour; garba, attiéké with fried tuna, is the students’ lunch. Kedjenou, slow-cooked chicken, and palm-nut sauce with foutou are the dishes for special days. To drink: bissap and gnamankoudji, a fiery ginger juice.',
  ],
};

const abidjanFr: Chapter[] = [
  {
    title: 'Préparer son installation',
    blocks: [
      'La plupart des nationalités ont besoin d’un visa. Il se demande en ligne : une fois la demande acceptée, le visa biométrique est remis à l’arrivée à l’aéroport Félix-Houphouët-Boigny. Pour un séjour long, renseignez-vous sur la carte de résident exigée des étrangers qui s’installent : les démarches évoluent, votre employeur ou votre consulat vous indiquera la procédure en vigueur. Le certificat de vaccination contre la fièvre jaune est contrôlé à l’arrivée.',
      'Rassemblez avant le départ les documents qu’il est pénible de faire venir ensuite : actes de naissance, livret de famille, diplômes, certificats de travail, carnets de vaccination des enfants, dossiers scolaires et permis de conduire accompagné d’un permis international. Scannez tout et gardez une copie en ligne.',
      { heading: 'Déménager ses affaires' },
      'Un conteneur maritime met en général quatre à huit semaines depuis l’Europe jusqu’au port autonome d’Abidjan, dédouanement compris ; passez par un transitaire qui connaît les formalités. Pour un premier séjour, beaucoup préfèrent arriver avec des bagages supplémentaires et acheter sur place : meubles et électroménager se trouvent facilement, mais les produits importés coûtent cher.',
      {
        list: [
          'Arrivez si possible en saison sèche (décembre à mars) pour visiter les logements.',
          'La grande saison des pluies va de mai à juillet : repérez alors les rues inondables.',
          'Prévoyez un budget d’installation de trois à six mois de loyer.',
        ],
      },
    ],
  },
  {
    title: 'Choisir son quartier et se loger',
    blocks: [
      'Abidjan s’étire autour de la lagune Ébrié et les ponts sont ses goulets d’étranglement : choisissez votre quartier en fonction du bureau et de l’école, pas seulement du loyer. Une heure d’embouteillages matin et soir pèse vite sur le quotidien.',
      {
        list: [
          'Cocody (Riviera, Deux-Plateaux, Angré) : résidentiel, vert, proche des écoles internationales ; le choix des familles.',
          'Marcory, Zone 4 et Biétry : restaurants, commerces et vie nocturne, entre le Plateau et l’aéroport.',
          'Le Plateau : le quartier des affaires, animé en semaine, calme le soir ; peu de logements.',
          'Bingerville : plus loin mais plus paisible, avec de grandes maisons et des jardins.',
          'Yopougon : populaire et festif, loyers plus bas, mais éloigné des écoles internationales.',
        ],
      },
      { heading: 'Loyers et conditions' },
      'À titre indicatif, un appartement de deux chambres se loue de 350 000 à 700 000 FCFA par mois à Cocody, davantage en Zone 4 ; une villa de quatre chambres dépasse souvent le million. Le propriétaire demande une caution et des loyers d’avance, auxquels s’ajoutent les frais d’agence : la loi limite en principe la caution et l’avance à deux mois de loyer chacune. Exigez un bail écrit, un état des lieux et des reçus pour chaque paiement.',
      { heading: 'Ce qu’il faut vérifier à la visite' },
      {
        list: [
          'La réserve d’eau et le groupe électrogène, utiles lors des coupures.',
          'La climatisation, les moustiquaires et la ventilation des chambres.',
          'Le gardiennage et l’éclairage de la rue.',
          'Le compteur d’électricité (souvent prépayé) et le contrat d’eau au nom du bon titulaire.',
          'L’accès en saison des pluies : certaines rues se transforment en rivières.',
        ],
      },
    ],
  },
  {
    title: 'Banque, mobile money et budget mensuel',
    blocks: [
      'Ouvrir un compte dans une banque ivoirienne demande en général un passeport, un justificatif de domicile, un contrat ou une attestation de travail, et parfois la carte de résident ; comptez une à trois semaines. En attendant, gardez votre carte étrangère et un peu d’euros.',
      'Des banques digitales proposent désormais un compte ouvert depuis une application en quelques minutes, avec une carte Visa que l’on recharge depuis son portefeuille mobile money. C’est la solution la plus simple pour payer en ligne ou à l’étranger sans passer au guichet.',
      { heading: 'Le mobile money au quotidien' },
      'Orange Money, MTN MoMo, Moov Money et Wave règlent l’électricité, l’eau, internet, les frais de scolarité, le salaire de la nounou ou le plein d’essence. Ouvrez un portefeuille dès la première semaine avec votre SIM locale, et faites vérifier votre compte pour relever les plafonds.',
      { heading: 'Un budget mensuel indicatif pour un couple' },
      {
        list: [
          'Loyer d’un deux-chambres à Cocody : de 350 000 à 700 000 FCFA.',
          'Électricité avec climatisation : de 60 000 à 150 000 FCFA.',
          'Courses : de 250 000 à 450 000 FCFA, bien moins en privilégiant les marchés.',
          'Employé de maison : de 80 000 à 150 000 FCFA, avec déclaration à la CNPS.',
          'Internet par fibre : de 20 000 à 40 000 FCFA.',
          'Transport (VTC et taxis) : de 60 000 à 120 000 FCFA.',
        ],
      },
      'Les produits importés, fromages, vins ou céréales du petit-déjeuner, coûtent souvent deux fois leur prix européen : adopter les produits locaux est le meilleur moyen de tenir son budget.',
    ],
  },
  {
    title: 'Écoles, santé et vie de famille',
    blocks: [
      'Abidjan compte plusieurs établissements homologués par l’enseignement français, dont le lycée Blaise-Pascal et le lycée international Jean-Mermoz, une école internationale anglophone, l’International Community School of Abidjan, et de nombreuses écoles privées ivoiriennes. Les places sont limitées : inscrivez vos enfants dès que votre départ est décidé. L’année scolaire va de septembre à juin.',
      'Les cliniques privées de Cocody et du Plateau offrent des soins de bonne qualité, mais à des tarifs élevés : une assurance santé internationale avec rapatriement est indispensable. Les pharmacies sont nombreuses et une pharmacie de garde est ouverte chaque nuit dans chaque commune.',
      { heading: 'Numéros utiles' },
      {
        list: ['Police secours : 110, 111 ou 170', 'Sapeurs-pompiers : 180', 'SAMU : 185'],
      },
      { heading: 'Se sentir chez soi' },
      'Le week-end, Abidjan se vide vers la mer : Grand-Bassam est à moins d’une heure, Assinie à deux. Les associations d’accueil des nouveaux arrivants, les clubs sportifs et les groupes de quartier sur WhatsApp sont les meilleurs moyens de se faire un réseau. Prenez aussi le temps de sortir des quartiers d’expatriés : un dimanche au maquis à Yopougon en apprend plus qu’un mois de lectures.',
    ],
  },
];

const abidjanEn: Chapter[] = [
  {
    title: 'Preparing your move',
    blocks: [
      'Most nationalities need a visa. You apply online; once approved, the biometric visa is issued on arrival at Félix Houphouët-Boigny airport. For a long stay, ask about the residence card required of foreigners settling in the country: procedures change, so your employer or consulate will tell you the current one. Your yellow-fever certificate is checked on arrival.',
      'Before leaving, gather the papers that are painful to have sent later: birth and marriage certificates, diplomas, employment records, children’s vaccination booklets and school reports, and your driving licence with an international driving permit. Scan everything and keep a copy online.',
      { heading: 'Shipping your belongings' },
      'A sea container usually takes four to eight weeks from Europe to the port of Abidjan, customs clearance included; use a freight forwarder who knows the formalities. For a first posting, many people prefer extra luggage and buying locally: furniture and appliances are easy to find, but imported goods are expensive.',
      {
        list: [
          'If you can, arrive in the dry season (December to March) to visit homes.',
          'The long rainy season runs from May to July: that is when to spot streets that flood.',
          'Budget three to six months’ rent for setting up.',
        ],
      },
    ],
  },
  {
    title: 'Choosing a neighbourhood and a home',
    blocks: [
      'Abidjan spreads around the Ébrié lagoon and its bridges are the bottlenecks: choose your neighbourhood for the office and the school, not only for the rent. An hour of traffic each way soon weighs on daily life.',
      {
        list: [
          'Cocody (Riviera, Deux-Plateaux, Angré): residential, green, close to the international schools; the family choice.',
          'Marcory, Zone 4 and Biétry: restaurants, shops and nightlife, between the Plateau and the airport.',
          'Plateau: the business district, busy on weekdays and quiet at night; few homes.',
          'Bingerville: further out but peaceful, with big houses and gardens.',
          'Yopougon: lively and popular, lower rents, but far from the international schools.',
        ],
      },
      { heading: 'Rents and terms' },
      'As a guide, a two-bedroom flat rents for 350,000 to 700,000 FCFA a month in Cocody, more in Zone 4; a four-bedroom villa often exceeds a million. Landlords ask for a deposit and rent in advance, plus the agency fee; the law in principle caps both the deposit and the advance at two months’ rent each. Insist on a written lease, an inventory and a receipt for every payment.',
      { heading: 'What to check on a viewing' },
      {
        list: [
          'The water tank and the generator, useful during outages.',
          'Air conditioning, mosquito screens and ventilation in the bedrooms.',
          'Security guards and street lighting.',
          'The electricity meter (often prepaid) and the water contract in the right name.',
          'Access in the rainy season: some streets turn into rivers.',
        ],
      },
    ],
  },
  {
    title: 'Banking, mobile money and a monthly budget',
    blocks: [
      'Opening an account with an Ivorian bank usually takes a passport, proof of address, an employment contract or letter, and sometimes the residence card; allow one to three weeks. Meanwhile, keep your foreign card and some euros.',
      'Digital banks now offer an account opened in minutes from an app, with a Visa card you top up from your mobile-money wallet. It is the simplest way to pay online or abroad without queuing at a branch.',
      { heading: 'Mobile money day to day' },
      'Orange Money, MTN MoMo, Moov Money and Wave pay for electricity, water, internet, school fees, the nanny’s wages or a tank of fuel. Open a wallet in your first week with your local SIM, and have the account verified to raise the limits.',
      { heading: 'An indicative monthly budget for a couple' },
      {
        list: [
          'Rent for a two-bedroom flat in Cocody: 350,000 to 700,000 FCFA.',
          'Electricity with air conditioning: 60,000 to 150,000 FCFA.',
          'Groceries: 250,000 to 450,000 FCFA, far less if you favour the markets.',
          'Housekeeper: 80,000 to 150,000 FCFA, declared to the CNPS social-security fund.',
          'Fibre internet: 20,000 to 40,000 FCFA.',
          'Transport (ride-hailing and taxis): 60,000 to 120,000 FCFA.',
        ],
      },
      'Imported goods, cheese, wine or breakfast cereal, often cost twice their European price: switching to local products is the best way to stay on budget.',
    ],
  },
  {
    title: 'Schools, health and family life',
    blocks: [
      'Abidjan has several schools accredited by the French education system, including Lycée Blaise-Pascal and Lycée international Jean-Mermoz, an English-speaking international school, the International Community School of Abidjan, and many private Ivorian schools. Places are limited: enrol your children as soon as your move is decided. The school year runs from September to June.',
      'Private clinics in Cocody and the Plateau provide good care at high prices: international health insurance with repatriation cover is essential. Pharmacies are everywhere, and each district has an on-duty pharmacy open every night.',
      { heading: 'Useful numbers' },
      {
        list: ['Police: 110, 111 or 170', 'Fire brigade: 180', 'SAMU ambulance service: 185'],
      },
      { heading: 'Feeling at home' },
      'At weekends Abidjan heads for the sea: Grand-Bassam is under an hour away, Assinie two. Newcomers’ associations, sports clubs and neighbourhood WhatsApp groups are the best ways to build a network. Also make time to leave the expat districts: a Sunday at a maquis in Yopougon teaches you more than a month of reading.',
    ],
  },
];

const abidjanChecklistFr: CompanionSheet = {
  fileName: 'checklist-installation-abidjan-cote-divoire-fr.pdf',
  title: 'Check-list d’installation à Abidjan',
  intro:
    'À imprimer et à cocher : les étapes d’une installation réussie en Côte d’Ivoire, dans l’ordre où elles se présentent.',
  sections: [
    {
      heading: 'Avant le départ',
      items: [
        'Passeport valable au moins six mois, avec des pages libres',
        'Demande de visa en ligne acceptée, lettre imprimée',
        'Certificat international de vaccination contre la fièvre jaune',
        'Actes d’état civil, diplômes et dossiers scolaires scannés',
        'Permis de conduire et permis international',
        'Assurance santé internationale avec rapatriement',
        'Inscription scolaire des enfants confirmée',
      ],
    },
    {
      heading: 'La première semaine',
      items: [
        'Carte SIM locale enregistrée avec le passeport',
        'Portefeuille mobile money ouvert et vérifié',
        'Compte dans une banque digitale avec carte Visa',
        'Application de VTC installée, adresses du bureau et de l’école enregistrées',
        'Inscription auprès de votre consulat',
      ],
    },
    {
      heading: 'Visite d’un logement',
      items: [
        'Trajet vers le bureau et l’école testé aux heures de pointe',
        'Réserve d’eau, groupe électrogène et climatisation vérifiés',
        'Caution et avance conformes à la loi, frais d’agence écrits',
        'Bail écrit, état des lieux signé, reçus conservés',
      ],
    },
    {
      heading: 'Le premier mois',
      items: [
        'Démarches pour la carte de résident lancées',
        'Compteur d’électricité et contrat d’eau à votre nom',
        'Médecin traitant et pharmacie de garde repérés',
        'Employé de maison déclaré à la CNPS',
      ],
    },
  ],
};

const abidjanChecklistEn: CompanionSheet = {
  fileName: 'moving-checklist-abidjan-cote-divoire-en.pdf',
  title: 'Abidjan Moving Checklist',
  intro: 'Print it and tick it off: the steps of a smooth move to Côte d’Ivoire, in the order they come up.',
  sections: [
    {
      heading: 'Before you leave',
      items: [
        'Passport valid for at least six months, with blank pages',
        'Online visa application approved, letter printed',
        'International yellow-fever vaccination certificate',
        'Civil-status records, diplomas and school reports scanned',
        'Driving licence and international driving permit',
        'International health insurance with repatriation cover',
        'Children’s school places confirmed',
      ],
    },
    {
      heading: 'The first week',
      items: [
        'Local SIM card registered with your passport',
        'Mobile-money wallet opened and verified',
        'Digital bank account with a Visa card',
        'Ride-hailing app installed, office and school addresses saved',
        'Registered with your consulate',
      ],
    },
    {
      heading: 'Viewing a home',
      items: [
        'Commute to the office and school tested at rush hour',
        'Water tank, generator and air conditioning checked',
        'Deposit and advance within the legal limits, agency fee in writing',
        'Written lease, signed inventory, receipts kept',
      ],
    },
    {
      heading: 'The first month',
      items: [
        'Residence card application started',
        'Electricity meter and water contract in your name',
        'A doctor and the on-duty pharmacy located',
        'Housekeeper declared to the CNPS',
      ],
    },
  ],
};

const bassamFr: Chapter[] = [
  {
    title: 'Rejoindre la côte et circuler',
    blocks: [
      'Grand-Bassam est à une quarantaine de kilomètres à l’est d’Abidjan par l’autoroute, à une demi-heure de l’aéroport. Le plus simple est de commander une voiture par application ou de négocier un taxi pour la journée ; les gbaka et les taxis collectifs partent aussi de Treichville et de Koumassi pour beaucoup moins cher, mais avec plus de patience.',
      'Assinie se trouve à environ 80 km, soit une heure et demie à deux heures de route selon la circulation. À l’ouest, Jacqueville se rejoint désormais par un pont, en une heure environ depuis le Plateau. Le samedi matin, partez tôt : les sorties d’Abidjan sont embouteillées, et le dimanche en fin d’après-midi, tout le monde rentre en même temps.',
      {
        list: [
          'Taxi ou VTC Abidjan–Bassam : comptez de 10 000 à 15 000 FCFA l’aller.',
          'À Assinie, des navettes en bateau traversent la lagune vers certains hôtels.',
          'Sur place, les taxis de Bassam et les motos suffisent pour les petites distances.',
        ],
      },
    ],
  },
  {
    title: 'Grand-Bassam, ville historique',
    blocks: [
      'Première capitale de la colonie de Côte d’Ivoire à la fin du XIXe siècle, Grand-Bassam a perdu ce rôle après une épidémie de fièvre jaune. Son quartier France, avec ses maisons coloniales à galeries, parfois restaurées, parfois envahies par la végétation, est inscrit au patrimoine mondial de l’UNESCO depuis 2012.',
      'Le musée national du Costume, installé dans l’ancien palais du gouverneur, présente les tenues et parures des peuples du pays. Le long de la route principale, les artisans vendent masques, pagnes et objets en bois : comparez avant d’acheter et négociez avec le sourire.',
      { heading: 'La fête de l’Abissa' },
      'Chaque année, entre octobre et novembre, le peuple N’zima célèbre l’Abissa : une semaine de tambours, de danses et de défilés où la parole est libre et où chacun peut dire ses quatre vérités. C’est le meilleur moment pour découvrir Bassam, à condition de réserver son hébergement longtemps à l’avance.',
      'Attention à la plage : la barre y est très puissante et les courants emportent chaque année des baigneurs. Profitez du sable, de la lagune Ouladine et des cocotiers, mais ne vous baignez que dans les zones surveillées, si elles existent, et jamais après avoir bu.',
    ],
  },
  {
    title: 'Assinie, Jacqueville et la vie de plage',
    blocks: [
      'Assinie-Mafia est une longue bande de sable entre la lagune et l’océan, où Abidjan vient passer ses week-ends. Hôtels, lodges et résidences s’y succèdent ; la lagune, calme, se prête au kayak, au paddle et au ski nautique, tandis que l’océan reste dangereux pour la baignade.',
      'Jacqueville, plus tranquille, a gardé ses cocoteraies, ses maisons anciennes et ses plages presque désertes en semaine. C’est l’escapade idéale pour ceux qui cherchent le calme plutôt que l’ambiance.',
      { heading: 'Manger au bord de l’eau' },
      'Sur toute la côte, les maquis servent du poisson braisé avec de l’attiéké et de l’alloco, du crabe et des crevettes selon l’arrivage. Comptez de 3 000 à 8 000 FCFA pour un repas copieux dans un maquis, davantage dans les restaurants d’hôtel.',
      {
        list: [
          'Un week-end à Bassam : de 40 000 à 80 000 FCFA par personne, nuit comprise.',
          'Assinie coûte plus cher : réservez tôt pour les ponts et les fêtes de fin d’année.',
          'Emportez crème solaire, chapeau et répulsif : le soleil et les moustiques ne pardonnent pas.',
        ],
      },
    ],
  },
];

const bassamEn: Chapter[] = [
  {
    title: 'Getting to the coast and around',
    blocks: [
      'Grand-Bassam is about forty kilometres east of Abidjan by motorway, half an hour from the airport. The easiest way is to book a car through an app or agree a price with a taxi for the day; gbaka minibuses and shared taxis also leave from Treichville and Koumassi for far less, with more patience required.',
      'Assinie is about 80 km away, an hour and a half to two hours by road depending on traffic. To the west, Jacqueville is now reached by a bridge, about an hour from the Plateau. On Saturday mornings leave early, as the roads out of Abidjan are jammed, and on Sunday afternoons everyone drives back at once.',
      {
        list: [
          'Taxi or ride-hailing Abidjan–Bassam: about 10,000 to 15,000 FCFA one way.',
          'In Assinie, boat shuttles cross the lagoon to some hotels.',
          'Locally, Bassam’s taxis and motorbikes are fine for short hops.',
        ],
      },
    ],
  },
  {
    title: 'Grand-Bassam, the historic town',
    blocks: [
      'The first capital of the colony of Côte d’Ivoire at the end of the 19th century, Grand-Bassam lost that role after a yellow-fever epidemic. Its Quartier France, with colonial houses and their verandas, some restored, some overgrown, has been a UNESCO World Heritage site since 2012.',
      'The National Costume Museum, in the former governor’s palace, shows the clothing and ornaments of the country’s peoples. Along the main road, craftsmen sell masks, cloth and woodwork: compare before you buy and bargain with a smile.',
      { heading: 'The Abissa festival' },
      'Every year, between October and November, the N’zima people celebrate Abissa: a week of drums, dances and parades when speech is free and anyone may speak their mind. It is the best time to discover Bassam, as long as you book your room well ahead.',
      'Be careful on the beach: the “barre” is very powerful there and currents carry swimmers away every year. Enjoy the sand, the Ouladine lagoon and the coconut palms, but only swim in supervised areas, where there are any, and never after drinking.',
    ],
  },
  {
    title: 'Assinie, Jacqueville and beach life',
    blocks: [
      'Assinie-Mafia is a long strip of sand between the lagoon and the ocean where Abidjan spends its weekends. Hotels, lodges and villas follow one another; the calm lagoon is good for kayaking, paddleboarding and water-skiing, while the ocean remains dangerous for swimming.',
      'Jacqueville, quieter, has kept its coconut groves, old houses and beaches that are almost empty on weekdays. It is the ideal escape if you are after peace rather than a party.',
      { heading: 'Eating by the water' },
      'All along the coast, maquis serve grilled fish with attiéké and alloco, and crab or prawns depending on the catch. Expect 3,000 to 8,000 FCFA for a generous maquis meal, more in hotel restaurants.',
      {
        list: [
          'A weekend in Bassam: 40,000 to 80,000 FCFA per person, one night included.',
          'Assinie costs more: book early for long weekends and the end-of-year holidays.',
          'Pack sunscreen, a hat and repellent: the sun and the mosquitoes are merciless.',
        ],
      },
    ],
  },
];

export const coteDivoireGuides: GuideSeed[] = [
  {
    theme: 'cote-divoire',
    price: '25.00',
    isActive: true,
    editions: {
      fr: {
        slug: 'cote-divoire-sinstaller-a-abidjan-fr',
        title: 'S’installer à Abidjan : le guide de l’expatrié en Côte d’Ivoire',
        countryLabel: 'Côte d’Ivoire',
        description:
          'Visa, choix du quartier, logement, banque et mobile money, écoles et santé : le guide pour réussir son installation à Abidjan. Avec une check-list imprimable.',
        chapters: [...abidjanFr, healthFr, wordsFr],
        daysAgo: 21,
        companion: abidjanChecklistFr,
      },
      en: {
        slug: 'cote-divoire-moving-to-abidjan-en',
        title: 'Moving to Abidjan: The Expat Guide to Côte d’Ivoire',
        countryLabel: 'Côte d’Ivoire',
        description:
          'Visas, choosing a neighbourhood, housing, banking and mobile money, schools and healthcare: the guide to settling in Abidjan. Includes a printable moving checklist.',
        chapters: [...abidjanEn, healthEn, wordsEn],
        daysAgo: 16,
        companion: abidjanChecklistEn,
      },
    },
  },
  {
    theme: 'cote-divoire',
    price: '4.99',
    isActive: true,
    editions: {
      fr: {
        slug: 'cote-divoire-grand-bassam-et-la-cote-fr',
        title: 'Grand-Bassam et la côte ivoirienne',
        countryLabel: 'Côte d’Ivoire',
        description:
          'Les escapades balnéaires préférées d’Abidjan : la ville historique de Grand-Bassam, Assinie et Jacqueville, avec nos conseils pour profiter de la côte de Côte d’Ivoire en sécurité.',
        chapters: [...bassamFr, moneyFr, healthFr, wordsFr],
        daysAgo: 100,
      },
      en: {
        slug: 'cote-divoire-grand-bassam-and-the-coast-en',
        title: 'Grand-Bassam and the Coast of Côte d’Ivoire',
        countryLabel: 'Côte d’Ivoire',
        description:
          'Abidjan’s favourite seaside escapes: historic Grand-Bassam, Assinie and Jacqueville, with our advice for enjoying the coast safely.',
        chapters: [...bassamEn, moneyEn, healthEn, wordsEn],
        daysAgo: 90,
      },
    },
  },
];
