import type { SeedPage } from "../../types";
import { articleDoc, to } from "../kit";

const SLUG = "click-and-collect-commerces-independants";
const COVER = "/media/seed/blog-click-collect.jpg";

export const clickCollectArticle: SeedPage = {
  kind: "article",
  publishAt: "2026-06-09T07:30:00.000Z",
  fr: {
    slug: SLUG,
    title: "Le click & collect pour commerces indépendants",
    description:
      "Catalogue, créneaux de retrait, paiement, communication : comment lancer un click & collect rentable dans une boutique indépendante, sans y passer vos soirées.",
    excerpt:
      "Catalogue, créneaux, paiement, préparation : notre méthode, testée chez une cinquantaine de commerçants, pour lancer un click & collect qui rapporte vraiment.",
    image: COVER,
    doc: articleDoc([
      "Le click & collect s'est imposé pendant les confinements comme une solution de secours. Quelques années plus tard, il est devenu une habitude : vos clients commandent sur leur téléphone pendant la pause déjeuner et passent récupérer leurs achats en rentrant du travail. Pour un commerce indépendant, c'est une façon simple de vendre en ligne sans se lancer dans la livraison ni dans une boutique e-commerce complexe.",
      "Encore faut-il qu'il soit bien pensé. Voici ce que nous avons appris en lançant le click & collect chez une cinquantaine de commerçants : boulangers, cavistes, fleuristes et épiceries fines.",
      "## Pourquoi le click & collect fonctionne si bien en proximité",
      "Le premier avantage est évident : vous vendez même quand la boutique est fermée. Les commandes arrivent le soir et le week-end, à des heures où vous ne serviez personne. Mais le bénéfice le plus sous-estimé se joue au comptoir : un client qui vient chercher sa commande achète souvent autre chose sur place. Chez nos clients, près d'un retrait sur trois s'accompagne d'un achat complémentaire.",
      "Enfin, contrairement aux plateformes de livraison, vous ne payez pas de commission de 15 à 30 % et le client reste le vôtre : vous connaissez son nom, ses habitudes, et vous pouvez le recontacter.",
      "## Commencez petit : le catalogue",
      "L'erreur la plus fréquente consiste à vouloir mettre tout son stock en ligne dès le premier jour. Résultat : des semaines de saisie, des fiches incomplètes et des ruptures non signalées. Mieux vaut démarrer avec 20 à 40 produits qui se vendent bien et se préparent facilement :",
      [
        "vos meilleures ventes, celles que les clients demandent déjà par téléphone ;",
        "les produits sur commande : gâteaux, bouquets, plateaux, paniers garnis ;",
        "une ou deux offres saisonnières, mises en avant en haut de la page.",
      ],
      "Soignez les photos : une image nette, prise à la lumière du jour sur un fond simple, vend mieux qu'un long texte. Et indiquez clairement les prix, les poids ou les quantités.",
      "## Des créneaux de retrait réalistes",
      "C'est le cœur du dispositif. Définissez des créneaux qui correspondent à votre organisation réelle, pas à celle dont vous rêvez. Une boulangerie peut proposer des retraits toutes les 15 minutes le samedi matin ; un caviste préférera des créneaux d'une heure en fin de journée.",
      "Deux réglages font toute la différence : le délai de préparation minimal (par exemple deux heures, ou 48 heures pour une pièce montée) et le nombre maximal de commandes par créneau. Ils vous évitent le rush ingérable du vendredi soir.",
      "## Faire payer en ligne, vraiment",
      "Le paiement à la commande est la meilleure garantie contre les commandes jamais retirées. Il simplifie aussi le passage au comptoir : le client donne son nom, récupère son sac et repart. Les frais bancaires d'un paiement en ligne sont comparables à ceux d'un terminal de carte, et l'argent arrive sur votre compte sous quelques jours.",
      "Vous pouvez conserver le paiement sur place pour vos habitués, mais faites du paiement en ligne l'option par défaut.",
      "## Organiser la préparation et le retrait",
      "Préparez les commandes par créneau, pendant les heures creuses, et étiquetez chaque sac au nom du client. Prévoyez un espace dédié près de la caisse, bien visible, pour que chacun sache où se présenter. Un SMS automatique « votre commande est prête » réduit considérablement les oublis, ainsi que les appels pour savoir où en est la commande.",
      "## Faire savoir que vous le proposez",
      "Un click & collect que personne ne connaît ne vend rien. Ajoutez un bouton « Commander » sur votre fiche Google et sur vos réseaux sociaux, affichez un QR code en vitrine et sur le comptoir, et glissez un petit mot dans les sacs de vos clients habituels. Les premières semaines, publiez une ou deux fois par semaine sur les nouveautés disponibles à la commande.",
      "## Ce qu'il faut en attendre",
      "Chez les commerces que nous accompagnons, le click & collect représente en général entre 8 et 15 % du chiffre d'affaires au bout de six mois, avec des pics bien plus élevés pendant les fêtes. C'est surtout une manière de lisser le travail : ce qui est commandé à l'avance se prépare au calme, et la file d'attente du samedi raccourcit d'autant.",
      {
        note: `<strong>Prêt à ouvrir votre comptoir en ligne ?</strong> Nous importons votre catalogue et réglons vos créneaux de retrait en deux semaines. <a href="${to("clickCollect", "fr")}">Découvrir le click & collect&nbsp;→</a>`,
      },
    ]),
  },
  en: {
    slug: SLUG,
    title: "Click & collect for independent shops",
    description:
      "Catalogue, pickup slots, payment and promotion: how to launch a click & collect service that pays its way in an independent shop, without losing your evenings.",
    excerpt:
      "Catalogue, slots, payment and preparation: our method, tested with around fifty independents, for launching a click & collect service that genuinely pays.",
    image: COVER,
    doc: articleDoc([
      "Click & collect took off during lockdown as a stopgap. A few years on, it has become a habit: customers order on their phones over lunch and pick up their shopping on the way home. For an independent shop, it's a simple way to sell online without taking on deliveries or a complicated e-commerce site.",
      "It does need thinking through, though. Here's what we've learned launching click & collect with around fifty independents: bakers, wine merchants, florists and delis.",
      "## Why click & collect works so well for local shops",
      "The first advantage is obvious: you make sales while the shop is closed. Orders come in during evenings and weekends, when you weren't serving anyone. The most underrated benefit happens at the counter, though: customers who come in to collect often pick up something else while they're there. Across our clients, nearly one collection in three comes with an extra purchase.",
      "And unlike delivery platforms, there's no 15 to 30% commission, and the customer stays yours: you know their name and their habits, and you can get back in touch.",
      "## Start small with your catalogue",
      "The most common mistake is trying to put the entire stock online on day one. The result: weeks of data entry, half-finished product pages and sell-outs nobody flags. You're far better off starting with 20 to 40 products that sell well and are easy to prepare:",
      [
        "your best sellers, the ones people already phone up to order;",
        "made-to-order items: cakes, bouquets, platters, hampers;",
        "one or two seasonal specials, pinned to the top of the page.",
      ],
      "Take care over the photos: a sharp shot in daylight against a plain background sells better than a long description. And be clear about prices, weights and quantities.",
      "## Pickup slots you can actually keep",
      "This is the heart of the whole thing. Set slots that fit the way your shop really runs, not the way you wish it did. A bakery might offer pickups every 15 minutes on a Saturday morning; a wine shop may prefer one-hour slots at the end of the day.",
      "Two settings make all the difference: a minimum preparation time (say two hours, or 48 hours for a celebration cake) and a maximum number of orders per slot. Together they save you from the Friday-evening crush.",
      "## Take payment online, properly",
      "Paying when ordering is the best protection against bags that are never collected. It also speeds things up at the counter: the customer gives their name, takes their bag and goes. Card fees on online payments are comparable to those on your card machine, and the money lands in your account within a few days.",
      "You can still let regulars pay in store, but make online payment the default.",
      "## Organise preparation and pickup",
      "Prepare orders slot by slot during quiet spells, and label each bag with the customer's name. Set aside a visible spot near the till so people know where to go. An automatic “your order is ready” text cuts down on forgotten bags, and on calls asking how the order is coming along.",
      "## Let people know you offer it",
      "A click & collect service nobody knows about won't sell a thing. Add an Order now button to your Google profile and social accounts, put a QR code in the window and on the counter, and slip a note into your regulars' bags. For the first few weeks, post once or twice a week about what's available to order.",
      "## What to expect",
      "Among the shops we work with, click & collect usually accounts for 8 to 15% of turnover after six months, with much higher peaks around Christmas and other holidays. Above all, it smooths out the workload: what's ordered in advance gets prepared calmly, and the Saturday queue gets shorter as a result.",
      {
        note: `<strong>Ready to open your counter online?</strong> We'll upload your catalogue and set up your pickup slots within two weeks. <a href="${to("clickCollect", "en")}">Explore click & collect&nbsp;→</a>`,
      },
    ]),
  },
};
