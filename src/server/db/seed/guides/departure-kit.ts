import type { Chapter, GuideSeed } from '../seed-types';

const kitFr: Chapter[] = [
  {
    title: 'Papiers, visas et assurance',
    blocks: [
      'Votre passeport doit être valable au moins six mois après la date de retour et comporter des pages vierges pour les tampons. Les règles de visa dépendent de votre nationalité et changent régulièrement : vérifiez-les sur le site officiel du pays de destination quelques semaines avant le départ.',
      {
        list: [
          'Sénégal : de nombreuses nationalités, dont les ressortissants de l’Union européenne, entrent sans visa pour un séjour touristique de moins de 90 jours.',
          'Côte d’Ivoire : la plupart des voyageurs hors CEDEAO ont besoin d’un visa, demandé en ligne puis remis à l’arrivée à l’aéroport d’Abidjan.',
          'Maroc : les ressortissants de l’Union européenne, du Royaume-Uni, des États-Unis et du Canada entrent sans visa pour 90 jours au plus.',
          'Citoyens de la CEDEAO : libre circulation au Sénégal et en Côte d’Ivoire avec une pièce d’identité valide.',
        ],
      },
      'Souscrivez une assurance voyage couvrant les frais médicaux et le rapatriement : une hospitalisation en clinique privée ou une évacuation coûte très cher. Gardez une copie papier et une copie numérique du passeport, du visa, de l’assurance et des réservations, séparées des originaux.',
    ],
  },
  {
    title: 'Santé et vaccins',
    blocks: [
      'Prenez rendez-vous dans un centre de vaccinations internationales quatre à six semaines avant le départ : certains vaccins demandent plusieurs injections. Vérifiez aussi vos vaccins courants, et parlez des vaccins contre l’hépatite A et la fièvre typhoïde, souvent conseillés.',
      {
        list: [
          'Fièvre jaune : obligatoire pour la Côte d’Ivoire, recommandée pour le Sénégal, inutile pour le Maroc.',
          'Paludisme : présent au Sénégal et en Côte d’Ivoire ; un traitement préventif se discute avec un médecin. Absent du Maroc.',
          'Moustiques : répulsif adapté aux tropiques, vêtements longs le soir, moustiquaire si la chambre n’est pas climatisée.',
        ],
      },
      { heading: 'La trousse à pharmacie' },
      'Emportez vos traitements habituels en quantité suffisante avec l’ordonnance, un antidiarrhéique, des sels de réhydratation, un antalgique, un désinfectant, des pansements, une crème solaire haute protection et un thermomètre. Toute fièvre au retour d’Afrique de l’Ouest doit faire consulter rapidement, en signalant votre voyage.',
    ],
  },
  {
    title: 'Argent et paiements',
    blocks: [
      'Le Sénégal et la Côte d’Ivoire partagent la même monnaie, le franc CFA d’Afrique de l’Ouest (XOF), arrimé à l’euro : 1 € vaut 655,957 FCFA. Vos billets restent donc valables d’un pays à l’autre. Le Maroc utilise le dirham (MAD), une monnaie qui ne s’obtient en principe qu’une fois sur place.',
      'Prévenez votre banque de votre voyage, vérifiez vos plafonds de paiement et de retrait, et emportez deux cartes de réseaux différents si possible, Visa étant la plus largement acceptée en Afrique de l’Ouest. Gardez une petite réserve d’euros en espèces pour les imprévus.',
      { heading: 'Le mobile money' },
      'Au Sénégal et en Côte d’Ivoire, le paiement par téléphone est partout : Wave, Orange Money, MTN MoMo et leurs concurrents servent à payer un taxi, un repas ou une facture. Si vous y vivez ou y séjournez longtemps, une astuce : transférez l’argent de votre portefeuille mobile vers un compte de banque digitale avec carte Visa, et vous pourrez payer par carte en ligne, y compris sur notre boutique.',
    ],
  },
  {
    title: 'Téléphone, internet et électricité',
    blocks: [
      'Faites débloquer votre téléphone avant de partir : une carte SIM locale coûte bien moins cher que l’itinérance. Dans les trois pays, la carte SIM s’achète en agence avec votre passeport, et les forfaits internet sont bon marché. Certains opérateurs proposent aussi des eSIM, pratiques pour être connecté dès l’atterrissage.',
      'WhatsApp est l’outil de communication de tout le monde, des chauffeurs aux hôtels et aux administrations : enregistrez les numéros utiles dès votre arrivée. Téléchargez des cartes hors ligne et vos guides PDF sur le téléphone pour les consulter sans réseau.',
      {
        list: [
          'Prises électriques de type européen (C et E), 220 volts, dans les trois pays.',
          'Les coupures de courant existent : une batterie externe et une lampe frontale sont utiles.',
          'Le wifi des hôtels est souvent lent aux heures de pointe : gardez un forfait de données.',
        ],
      },
    ],
  },
  {
    title: 'La valise idéale',
    blocks: [
      'Au Sénégal et en Côte d’Ivoire, il fait chaud toute l’année : privilégiez le coton et le lin, avec des manches longues légères pour le soir et les moustiques. Au Maroc, le climat varie beaucoup : chaud l’été, frais l’hiver, et froid la nuit dans l’Atlas et le désert. Partout, une tenue couvrant épaules et genoux est bienvenue hors des plages et indispensable dans les lieux religieux.',
      {
        list: [
          'Vêtements légers et une tenue plus habillée pour les dîners ou les rendez-vous.',
          'Un pull ou une polaire, même pour l’Afrique de l’Ouest : la climatisation est glaciale.',
          'Sandales et chaussures fermées pour marcher.',
          'Chapeau, lunettes de soleil et crème solaire.',
          'Répulsif anti-moustiques et trousse à pharmacie.',
          'Batterie externe, adaptateur et lampe frontale.',
          'Copies des documents et quelques photos d’identité.',
          'Un sac en tissu : les sacs plastiques sont interdits ou limités dans plusieurs pays.',
        ],
      },
    ],
  },
  {
    title: 'Les premières 48 heures',
    blocks: [
      'À l’arrivée, ne changez qu’une petite somme à l’aéroport, le temps de rejoindre un distributeur en ville. Fixez le prix du taxi avant de monter, ou mieux, réservez un transfert auprès de votre hébergement. Achetez votre carte SIM dans une agence officielle, passeport en main.',
      'Les deux premiers jours, ralentissez : la chaleur, le décalage et l’agitation des grandes villes fatiguent. Buvez beaucoup, mangez léger, et prenez le temps de saluer et d’observer. Trois mots de la langue locale font souvent plus que tous les guides du monde.',
      { heading: 'Numéros d’urgence' },
      {
        list: [
          'Sénégal : police 17, pompiers 18, SAMU 1515.',
          'Côte d’Ivoire : police 110, 111 ou 170, pompiers 180, SAMU 185.',
          'Maroc : police 19, gendarmerie 177, pompiers et ambulances 15.',
        ],
      },
      'Signalez votre voyage au service d’inscription des voyageurs de votre pays, s’il en existe un : en cas de crise, votre ambassade pourra vous contacter.',
    ],
  },
];

const kitEn: Chapter[] = [
  {
    title: 'Papers, visas and insurance',
    blocks: [
      'Your passport must be valid for at least six months after your return date and have blank pages for stamps. Visa rules depend on your nationality and change regularly: check the destination country’s official website a few weeks before you leave.',
      {
        list: [
          'Senegal: many nationalities, including EU citizens, enter without a visa for tourist stays under 90 days.',
          'Côte d’Ivoire: most travellers from outside ECOWAS need a visa, applied for online and issued on arrival at Abidjan airport.',
          'Morocco: citizens of the EU, the UK, the US and Canada enter without a visa for up to 90 days.',
          'ECOWAS citizens: free movement in Senegal and Côte d’Ivoire with a valid ID.',
        ],
      },
      'Take out travel insurance covering medical costs and repatriation: a stay in a private clinic or an evacuation is very expensive. Keep a paper copy and a digital copy of your passport, visa, insurance and bookings, apart from the originals.',
    ],
  },
  {
    title: 'Health and vaccinations',
    blocks: [
      'Book a travel clinic four to six weeks before you leave, as some vaccines need several doses. Check your routine vaccinations too, and ask about hepatitis A and typhoid, which are often advised.',
      {
        list: [
          'Yellow fever: compulsory for Côte d’Ivoire, recommended for Senegal, not needed for Morocco.',
          'Malaria: present in Senegal and Côte d’Ivoire; discuss preventive treatment with a doctor. Not present in Morocco.',
          'Mosquitoes: a repellent suited to the tropics, long sleeves in the evening, a net if the room has no air conditioning.',
        ],
      },
      { heading: 'The first-aid kit' },
      'Bring enough of your usual medicines with the prescription, an anti-diarrhoeal, rehydration salts, a painkiller, antiseptic, plasters, high-factor sunscreen and a thermometer. Any fever after a trip to West Africa calls for a doctor quickly; mention where you have been.',
    ],
  },
  {
    title: 'Money and payments',
    blocks: [
      'Senegal and Côte d’Ivoire share the same currency, the West African CFA franc (XOF), pegged to the euro: €1 is 655.957 FCFA. Your notes work in both countries. Morocco uses the dirham (MAD), which in principle you can only get once you are there.',
      'Tell your bank you are travelling, check your payment and withdrawal limits, and bring two cards on different networks if you can, Visa being the most widely accepted in West Africa. Keep a small reserve of euros in cash for emergencies.',
      { heading: 'Mobile money' },
      'In Senegal and Côte d’Ivoire, paying by phone is everywhere: Wave, Orange Money, MTN MoMo and their rivals pay for a taxi, a meal or a bill. If you live there or stay a while, here is a tip: move money from your mobile wallet to a digital bank account with a Visa card, and you can pay by card online, including in our shop.',
    ],
  },
  {
    title: 'Phone, internet and power',
    blocks: [
      'Get your phone unlocked before you go: a local SIM card costs far less than roaming. In all three countries you buy a SIM in an operator’s shop with your passport, and data bundles are cheap. Some operators also offer eSIMs, handy for being online as soon as you land.',
      'WhatsApp is how everyone communicates, from drivers to hotels and government offices: save useful numbers as soon as you arrive. Download offline maps and your PDF guides to your phone so you can read them without a signal.',
      {
        list: [
          'European-style sockets (types C and E), 220 volts, in all three countries.',
          'Power cuts happen: a power bank and a head torch come in handy.',
          'Hotel wifi is often slow at peak times: keep a data bundle.',
        ],
      },
    ],
  },
  {
    title: 'The ideal suitcase',
    blocks: [
      'Senegal and Côte d’Ivoire are hot all year round: choose cotton and linen, with light long sleeves for the evening and the mosquitoes. Morocco’s climate varies a lot: hot in summer, cool in winter, and cold at night in the Atlas and the desert. Everywhere, clothes covering shoulders and knees are welcome away from the beach and essential at religious sites.',
      {
        list: [
          'Light clothes and one smarter outfit for dinners or meetings.',
          'A jumper or fleece, even for West Africa: the air conditioning is icy.',
          'Sandals and closed shoes for walking.',
          'Hat, sunglasses and sunscreen.',
          'Mosquito repellent and a first-aid kit.',
          'Power bank, plug adapter and head torch.',
          'Copies of your documents and a few passport photos.',
          'A cloth bag: plastic bags are banned or restricted in several countries.',
        ],
      },
    ],
  },
  {
    title: 'The first 48 hours',
    blocks: [
      'On arrival, change only a small amount at the airport, enough to reach a cash machine in town. Agree the taxi fare before getting in, or better, book a transfer through your accommodation. Buy your SIM card in an official shop, passport in hand.',
      'For the first two days, slow down: heat, travel fatigue and the bustle of big cities wear you out. Drink plenty, eat light, and take time to greet people and watch. Three words of the local language often do more than every guidebook in the world.',
      { heading: 'Emergency numbers' },
      {
        list: [
          'Senegal: police 17, fire brigade 18, SAMU ambulance 1515.',
          'Côte d’Ivoire: police 110, 111 or 170, fire brigade 180, SAMU ambulance 185.',
          'Morocco: police 19, gendarmerie 177, fire brigade and ambulance 15.',
        ],
      },
      'Register your trip with your country’s traveller registration service, if it has one: in a crisis, your embassy will be able to reach you.',
    ],
  },
];

export const departureKitGuides: GuideSeed[] = [
  {
    theme: 'multi',
    price: '0.00',
    isActive: true,
    editions: {
      fr: {
        slug: 'kit-de-depart-senegal-cote-divoire-maroc-fr',
        title: 'Kit de départ : Sénégal, Côte d’Ivoire, Maroc',
        countryLabel: 'Sénégal · Côte d’Ivoire · Maroc',
        description:
          'Notre guide gratuit pour préparer le voyage : visas, vaccins, argent et mobile money, carte SIM, valise et premières 48 heures au Sénégal, en Côte d’Ivoire et au Maroc.',
        chapters: kitFr,
        daysAgo: 35,
      },
      en: {
        slug: 'departure-kit-senegal-cote-divoire-morocco-en',
        title: 'Departure Kit: Senegal, Côte d’Ivoire & Morocco',
        countryLabel: 'Senegal · Côte d’Ivoire · Morocco',
        description:
          'Our free guide to getting ready: visas, vaccinations, money and mobile money, SIM cards, packing and your first 48 hours in Senegal, Côte d’Ivoire and Morocco.',
        chapters: kitEn,
        daysAgo: 33,
      },
    },
  },
];
