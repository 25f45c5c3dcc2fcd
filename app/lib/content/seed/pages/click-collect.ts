import { row } from "~/lib/document/build";
import type { SeedPage } from "../types";
import { BG, checks, eyebrow, h2, ICONS, lead, section, slider, to } from "./kit";
import { solutionDoc } from "./solution";

export const clickCollectPage: SeedPage = {
  kind: "system",
  systemKey: "clickCollect",
  fr: {
    slug: to("clickCollect", "fr"),
    title: "Click & collect pour commerces indépendants",
    description:
      "Catalogue en ligne, paiement sécurisé, créneaux de retrait : avec le click & collect Archimed, vos clients commandent le matin et passent récupérer le soir.",
    image: "/media/seed/boutique-click-collect.jpg",
    doc: solutionDoc("fr", {
      kicker: "Solution click & collect",
      title: "Vos clients commandent en ligne, récupèrent en boutique",
      lead: "Un catalogue simple, le paiement en ligne et des créneaux de retrait que vous maîtrisez : vous préparez les commandes au calme et vos clients repartent sans attendre.",
      cta: "Voir les offres click & collect",
      reassurance: "Boutique en ligne ouverte en 2 semaines, catalogue importé par nos soins.",
      hero: {
        url: "/media/seed/boutique-click-collect.jpg",
        alt: "Comptoir de boutique avec des sacs de commandes prêts et un téléphone confirmant la commande",
      },
      problems: {
        kicker: "Ce que nous réglons",
        title: "Vendre plus sans allonger la file d'attente",
        items: [
          {
            title: "Des ventes perdues après la fermeture",
            text: "Le soir, vos clients font leurs courses sur leur téléphone. Si vous n'y êtes pas, ils commandent chez une grande enseigne.",
          },
          {
            title: "Les commandes par téléphone s'embrouillent",
            text: "Notes griffonnées, produits oubliés, clients qui ne viennent pas : chaque commande est une source de stress.",
          },
          {
            title: "Les marketplaces prennent leur part",
            text: "Entre 15 et 30 % de commission par vente, et des clients qui deviennent ceux de la plateforme, pas les vôtres.",
          },
        ],
      },
      features: {
        kicker: "Fonctionnalités",
        title: "Une boutique en ligne à votre mesure",
        lead: "Pas une usine à gaz : les fonctions qui comptent pour un commerce de proximité, reliées à votre site et à vos réseaux.",
        items: [
          {
            icon: ICONS.store,
            title: "Catalogue facile à tenir",
            text: "Produits, photos, prix, stocks et ruptures du jour, modifiables depuis votre téléphone en quelques secondes.",
          },
          {
            icon: ICONS.card,
            title: "Paiement en ligne sécurisé",
            text: "Carte bancaire, Apple Pay et Google Pay, sans commission Archimed. Les fonds arrivent sur votre compte sous 48 h.",
          },
          {
            icon: ICONS.clock,
            title: "Créneaux de retrait",
            text: "Vous fixez le nombre de commandes par créneau et le délai de préparation : jamais de rush ingérable.",
          },
          {
            icon: ICONS.bell,
            title: "Client prévenu automatiquement",
            text: "Un SMS quand la commande est prête, un rappel avant la fin du créneau : moins d'oublis au comptoir.",
          },
          {
            icon: ICONS.printer,
            title: "Préparation organisée",
            text: "Liste des commandes par créneau, bon de préparation imprimable et étiquette pour chaque sac.",
          },
          {
            icon: ICONS.repeat,
            title: "Clients fidélisés",
            text: "Historique d'achats, commande en un clic et code promotion pour les habitués : ils reviennent, chez vous.",
          },
        ],
      },
      showcase: section(
        BG.plain,
        row(
          [
            6,
            [
              slider([
                { url: "/media/seed/click-collect-commande.jpg", alt: "Étape 1 : le client choisit ses produits sur son téléphone et les ajoute au panier" },
                { url: "/media/seed/click-collect-retrait.jpg", alt: "Étape 2 : le client reçoit la confirmation que sa commande est prête" },
                { url: "/media/seed/boutique-click-collect.jpg", alt: "Étape 3 : le sac de commande attend le client au comptoir" },
              ]),
            ],
          ],
          [
            6,
            [
              eyebrow("Le parcours client"),
              h2("De la commande au retrait, sans friction"),
              lead("<p>Vos clients commandent en deux minutes et savent précisément quand passer. Vous, vous préparez au calme.</p>"),
              checks([
                "Commande possible 24 h/24, même boutique fermée",
                "Paiement à la commande : plus de sacs jamais retirés",
                "Retrait express au comptoir, sans faire la queue",
                "Option livraison locale à vélo dans un rayon de 3 km",
              ]),
            ],
          ],
        ),
      ),
      how: {
        kicker: "Comment ça marche",
        title: "Ouvert en deux semaines",
        items: [
          {
            title: "On importe votre catalogue",
            text: "Envoyez-nous votre liste de produits, même sur papier : nous la saisissons, avec photos et catégories.",
          },
          {
            title: "On règle vos créneaux",
            text: "Horaires de retrait, délai de préparation, capacité par créneau : nous calons tout sur votre organisation réelle.",
          },
          {
            title: "On lance et on fait savoir",
            text: "Bouton « Commander » sur votre site, votre fiche Google et vos réseaux, affichette en boutique pour vos habitués.",
          },
        ],
      },
      pricing: {
        kicker: "Tarifs",
        title: "À partir de 49 € HT par mois",
        text: "Le click & collect est disponible dès l'offre Essentiel, sans commission sur vos ventes. Seuls les frais bancaires du paiement en ligne s'appliquent, au tarif de notre partenaire de paiement.",
        points: [
          "Produits illimités et import du catalogue inclus",
          "Aucune commission Archimed sur les ventes",
          "Étiquettes et affichettes de lancement fournies",
        ],
        cta: "Comparer les offres",
      },
      faq: {
        kicker: "Questions fréquentes",
        title: "Avant d'ouvrir votre boutique en ligne",
        items: [
          {
            q: "Mon stock change tous les jours, est-ce gérable ?",
            a: "Oui : un produit se marque « épuisé » en un geste depuis le téléphone, et vous pouvez créer une offre du jour en moins d'une minute.",
          },
          {
            q: "Puis-je vendre des produits sur commande ?",
            a: "Tout à fait : gâteaux, bouquets, plateaux… Vous fixez un délai de préparation par produit, par exemple 48 h pour une pièce montée.",
          },
          {
            q: "Et si un client ne vient pas ?",
            a: "La commande étant payée, vous ne perdez rien. Un rappel automatique part avant la fin du créneau, et vous fixez votre règle de conservation.",
          },
          {
            q: "Faut-il un site web ?",
            a: "Non : la boutique en ligne peut fonctionner seule, avec sa propre adresse. Mais elle s'intègre naturellement à un site Archimed.",
          },
        ],
      },
      closing: {
        title: "Ouvrez votre comptoir en ligne",
        text: "Nous vous montrons une boutique de démonstration avec vos propres produits, pour juger sur pièce avant de vous lancer.",
        cta: "Choisir mon offre",
      },
    }),
  },
  en: {
    slug: to("clickCollect", "en"),
    title: "Click & collect for independent shops",
    description:
      "An online catalogue, secure payment and pickup slots: with Archimed click & collect, customers order in the morning and pop in to collect after work.",
    image: "/media/seed/boutique-click-collect.jpg",
    doc: solutionDoc("en", {
      kicker: "Click & collect",
      title: "Customers order online and collect in store",
      lead: "A simple catalogue, online payment and pickup slots you control: you prepare orders calmly, and customers are in and out without queuing.",
      cta: "See click & collect plans",
      reassurance: "Your online shop open in two weeks, with your catalogue uploaded for you.",
      hero: { url: "/media/seed/boutique-click-collect.jpg", alt: "Shop counter with order bags ready to collect and a phone confirming the order" },
      problems: {
        kicker: "What we fix",
        title: "Sell more without a longer queue",
        items: [
          {
            title: "Sales lost after closing time",
            text: "In the evening your customers shop on their phones. If you're not there, they order from a big chain instead.",
          },
          { title: "Phone orders get muddled", text: "Scribbled notes, forgotten items, customers who never turn up: every order becomes a headache." },
          {
            title: "Marketplaces take their cut",
            text: "15 to 30% commission on every sale, and customers who end up belonging to the platform rather than to you.",
          },
        ],
      },
      features: {
        kicker: "Features",
        title: "An online shop that fits the way you work",
        lead: "No bloated software: just the features a local business needs, linked to your website and social accounts.",
        items: [
          {
            icon: ICONS.store,
            title: "An easy-to-run catalogue",
            text: "Products, photos, prices, stock levels and today's sell-outs, all editable from your phone in seconds.",
          },
          {
            icon: ICONS.card,
            title: "Secure online payment",
            text: "Cards, Apple Pay and Google Pay with no Archimed commission. Money reaches your account within 48 hours.",
          },
          {
            icon: ICONS.clock,
            title: "Pickup slots",
            text: "Set how many orders each slot can take and how long you need to prepare: no more impossible rushes.",
          },
          {
            icon: ICONS.bell,
            title: "Automatic customer updates",
            text: "A text when the order is ready and a reminder before the slot ends, so fewer bags are left behind.",
          },
          { icon: ICONS.printer, title: "Organised preparation", text: "Orders listed by slot, a printable picking sheet and a label for every bag." },
          {
            icon: ICONS.repeat,
            title: "Customers who come back",
            text: "Order history, one-tap reordering and promo codes for regulars: they keep coming back to you.",
          },
        ],
      },
      showcase: section(
        BG.plain,
        row(
          [
            6,
            [
              slider([
                { url: "/media/seed/click-collect-commande.jpg", alt: "Step 1: the customer picks products on their phone and adds them to the basket" },
                { url: "/media/seed/click-collect-retrait.jpg", alt: "Step 2: the customer is told their order is ready" },
                { url: "/media/seed/boutique-click-collect.jpg", alt: "Step 3: the order bag waits for the customer at the counter" },
              ]),
            ],
          ],
          [
            6,
            [
              eyebrow("The customer journey"),
              h2("From order to pickup, without the friction"),
              lead("<p>Customers order in two minutes and know exactly when to drop by. You get to prepare in peace.</p>"),
              checks([
                "Orders taken 24/7, even when the shop is shut",
                "Paid upfront, so no more uncollected bags",
                "Express pickup at the counter, no queuing",
                "Optional local bike delivery within a two-mile radius",
              ]),
            ],
          ],
        ),
      ),
      how: {
        kicker: "How it works",
        title: "Open for orders in two weeks",
        items: [
          { title: "We upload your catalogue", text: "Send us your product list, even on paper, and we'll enter it with photos and categories." },
          { title: "We set up your slots", text: "Pickup hours, preparation time, orders per slot: we build it all around how your shop really runs." },
          {
            title: "We launch and spread the word",
            text: "An Order now button on your website, Google profile and social accounts, plus a counter card for your regulars.",
          },
        ],
      },
      pricing: {
        kicker: "Pricing",
        title: "From £45 a month, excluding VAT",
        text: "Click & collect is available from the Essentials plan, with no commission on your sales. Only the card processing fees of our payment partner apply.",
        points: ["Unlimited products, catalogue upload included", "No Archimed commission on sales", "Bag labels and launch posters supplied"],
        cta: "Compare plans",
      },
      faq: {
        kicker: "FAQ",
        title: "Before you open your online shop",
        items: [
          {
            q: "My stock changes daily. Can I keep up?",
            a: "Yes: mark a product as sold out with one tap on your phone, and create a daily special in under a minute.",
          },
          {
            q: "Can I sell made-to-order items?",
            a: "Absolutely: cakes, bouquets, platters… Set a preparation time per product, say 48 hours for a celebration cake.",
          },
          {
            q: "What if a customer doesn't turn up?",
            a: "The order is already paid, so you lose nothing. An automatic reminder goes out before the slot ends, and you set how long you hold orders.",
          },
          { q: "Do I need a website?", a: "No: the online shop works on its own, with its own address. It does slot neatly into an Archimed website, though." },
        ],
      },
      closing: {
        title: "Open your counter online",
        text: "We'll show you a demo shop stocked with your own products, so you can judge it for yourself before you start.",
        cta: "Choose a plan",
      },
    }),
  },
};
