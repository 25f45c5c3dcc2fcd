import type { SeedPage } from "../../types";
import { articleDoc, to } from "../kit";

const SLUG = "instagram-commerce-de-proximite";
const COVER = "/media/seed/blog-instagram-local.jpg";

export const instagramArticle: SeedPage = {
  kind: "article",
  publishAt: "2026-09-22T07:00:00.000Z",
  fr: {
    slug: SLUG,
    title: "Instagram pour les commerces de proximité",
    description:
      "Profil, rythme de publication, stories et publicité locale : une méthode simple en six étapes pour qu'Instagram fasse venir des clients dans votre boutique.",
    excerpt:
      "Pas besoin d'y passer des heures : six étapes simples pour qu'Instagram devienne une vraie vitrine de quartier et fasse venir des clients en boutique.",
    image: COVER,
    doc: articleDoc([
      "Instagram n'est pas réservé aux marques nationales ni aux influenceurs. Pour un commerce de proximité, c'est d'abord une vitrine supplémentaire, consultée par les habitants du quartier avant de pousser la porte. Un compte actif rassure, donne envie et rappelle que vous existez. Un compte abandonné, à l'inverse, laisse penser que la boutique ne bouge plus.",
      "Bonne nouvelle : il n'est pas nécessaire d'y passer des heures. Voici la méthode que nous appliquons, en six étapes, avec les commerces que nous accompagnons.",
      "## 1. Soignez votre profil avant de publier",
      "Votre profil est la première chose que voit un visiteur. Il doit répondre en trois secondes à trois questions : qui êtes-vous, où êtes-vous, et comment venir ou réserver ?",
      [
        "Un nom d'utilisateur simple, proche du nom de votre boutique.",
        "Une biographie courte qui mentionne votre quartier ou votre ville.",
        "Votre adresse, vos horaires et un bouton d'action : réserver, commander ou appeler.",
        "Un lien vers votre site ou votre page de réservation.",
      ],
      "Passez votre compte en profil professionnel : c'est gratuit et vous accédez aux statistiques de vos publications.",
      "## 2. Publiez régulièrement, pas forcément beaucoup",
      "La régularité compte davantage que la quantité. Deux à trois publications par semaine suffisent largement pour un commerce de quartier, à condition de s'y tenir. Bloquez un créneau fixe, par exemple le lundi en fin de matinée, pour préparer les publications de la semaine, puis programmez-les à l'avance.",
      "## 3. Montrez les coulisses et les visages",
      "Ce qui fonctionne le mieux pour un commerce de proximité, ce ne sont pas les visuels parfaits mais l'authenticité. Les publications qui suscitent le plus de réactions chez nos clients montrent presque toujours des personnes : l'équipe, le geste du boulanger au petit matin, la composition d'un bouquet, un client fidèle qui accepte de poser.",
      "Alternez trois types de contenus : les produits et nouveautés, les coulisses et l'équipe, et la vie du quartier, qu'il s'agisse d'un marché, d'un événement ou d'un commerçant voisin que vous recommandez.",
      "## 4. Utilisez les stories au quotidien",
      "Les stories disparaissent au bout de 24 heures, ce qui les rend idéales pour l'actualité du jour : l'arrivage du matin, la dernière fournée, un créneau qui se libère cet après-midi. Elles demandent peu de préparation : une photo ou une courte vidéo prise au téléphone suffit. Ajoutez un sticker de localisation et, quand c'est pertinent, un lien vers votre page de réservation ou de commande.",
      "## 5. Misez sur le local",
      "Votre clientèle habite ou travaille à quelques rues de chez vous : adressez-vous à elle. Indiquez votre localisation dans chaque publication, utilisez des hashtags de quartier ou de ville plutôt que des hashtags génériques, et interagissez avec les comptes des commerçants voisins. Une collaboration avec le caviste d'à côté ou le fleuriste du coin vous fait découvrir par une clientèle qui vous ressemble.",
      "Pour aller plus loin, une petite campagne publicitaire ciblée dans un rayon de deux ou trois kilomètres, avec 5 à 10 euros par jour, permet de toucher rapidement les habitants qui ne vous connaissent pas encore.",
      "## 6. Répondez, puis mesurez",
      "Chaque commentaire et chaque message est un client potentiel : répondez dans la journée, même brièvement. Puis, une fois par mois, regardez vos statistiques : quelles publications ont été les plus vues et partagées, combien de personnes ont cliqué sur votre lien ou demandé l'itinéraire. Gardez ce qui marche, abandonnez le reste.",
      "## Et si vous n'avez pas le temps ?",
      "C'est la situation de la plupart des commerçants, et c'est normal : votre priorité, c'est votre boutique. Dans ce cas, mieux vaut déléguer que laisser le compte à l'abandon. Un community manager qui connaît votre commerce peut prendre en charge la création, la publication et les réponses, pendant que vous gardez la main sur la validation.",
      {
        note: `<strong>Envie d'un compte Instagram vivant, sans y passer vos soirées ?</strong> Notre Marketing 360 s'occupe de tout, de la séance photo au rapport mensuel. <a href="${to("social", "fr")}">Découvrir le Marketing 360&nbsp;→</a>`,
      },
    ]),
  },
  en: {
    slug: SLUG,
    title: "Instagram for local businesses: a simple method",
    description:
      "Profile, posting rhythm, stories, local reach and replies: a simple six-step method to make Instagram bring real customers through your shop door every week.",
    excerpt: "No need to spend hours on it: six simple steps to turn Instagram into a real neighbourhood shop window that brings customers through your door.",
    image: COVER,
    doc: articleDoc([
      "Instagram isn't just for national brands and influencers. For a local business, it's first and foremost an extra shop window, one that people in your area check before they walk in. An active account reassures them, tempts them and reminds them you're there. A neglected one suggests the shop has stopped trying.",
      "The good news: you don't need to spend hours on it. Here's the six-step method we use with the businesses we support.",
      "## 1. Sort out your profile before you post",
      "Your profile is the first thing a visitor sees. In three seconds it should answer three questions: who you are, where you are, and how to visit or book.",
      [
        "A simple username, close to your shop's name.",
        "A short bio that mentions your neighbourhood or town.",
        "Your address, opening hours and an action button: book, order or call.",
        "A link to your website or booking page.",
      ],
      "Switch to a professional account: it's free and gives you access to statistics for every post.",
      "## 2. Post regularly, not necessarily often",
      "Consistency matters more than volume. Two or three posts a week is plenty for a neighbourhood business, as long as you stick to it. Block out a regular slot, say late on Monday morning, to prepare the week's posts, then schedule them in advance.",
      "## 3. Show what happens behind the counter",
      "What works best for a local business isn't perfect imagery, it's authenticity. The posts that get the most engagement for our clients almost always feature people: the team, the baker at work at dawn, a bouquet taking shape, a loyal customer happy to pose.",
      "Rotate between three types of content: products and new arrivals, behind the scenes and the team, and local life, whether that's a market, an event or a neighbouring business you'd recommend.",
      "## 4. Use stories every day",
      "Stories vanish after 24 hours, which makes them perfect for today's news: the morning delivery, the latest batch out of the oven, a slot that's just opened up this afternoon. They take very little preparation: one photo or a short phone video is enough. Add a location sticker and, where it makes sense, a link to your booking or ordering page.",
      "## 5. Think local",
      "Your customers live or work a few streets away, so talk to them. Tag your location on every post, use neighbourhood or town hashtags rather than generic ones, and engage with the accounts of nearby businesses. Teaming up with the wine shop next door or the florist on the corner puts you in front of people just like your customers.",
      "To go further, a small ad campaign targeted within a mile or two of your shop, at £5 to £10 a day, quickly reaches local people who don't know you yet.",
      "## 6. Reply, then measure",
      "Every comment and message is a potential customer, so reply the same day, even briefly. Then once a month, look at your statistics: which posts were seen and shared most, and how many people tapped your link or asked for directions. Keep what works and drop the rest.",
      "## What if you simply don't have the time?",
      "That's the situation most shopkeepers are in, and it's perfectly normal: your shop comes first. In that case, it's better to hand it over than to let the account go quiet. A social media manager who knows your business can take care of content, posting and replies, while you keep the final say.",
      {
        note: `<strong>Want an Instagram account that stays lively without eating your evenings?</strong> Our 360 Marketing service handles everything, from the photo shoot to the monthly report. <a href="${to("social", "en")}">Explore 360 Marketing&nbsp;→</a>`,
      },
    ]),
  },
};
