/**
 * French searches of the icon library (issue 22, item 3) and the icon each must find among its first
 * results: the unit test runs them over the search, the browser test types them in the dialog.
 */
export const FRENCH_ICON_SEARCHES: readonly (readonly [query: string, icon: string])[] = [
  ["cadeau", "gift"],
  ["calendrier", "calendar"],
  ["panier", "shopping-basket"],
  ["étoile", "star"],
  ["ciseaux", "scissors"],
  ["coiffure", "scissors"],
  ["boulangerie", "croissant"],
  ["livraison", "truck"],
  ["Téléphone", "phone"],
  ["horloge", "clock"],
  ["réveil", "alarm-clock"],
  ["cœur", "heart"],
  ["coeur", "heart"],
  ["accueil", "house"],
  ["poubelle", "trash"],
  ["loupe", "search"],
  ["courriel", "mail"],
  ["appareil photo", "camera"],
  ["vidéo", "video"],
  ["équipe", "users"],
  ["carte bancaire", "credit-card"],
  ["tirelire", "piggy-bank"],
  ["fusée", "rocket"],
  ["trophée", "trophy"],
  ["café", "coffee"],
  ["gâteau", "cake"],
  ["bière", "beer"],
  ["glace", "ice-cream-cone"],
  ["couverts", "utensils"],
  ["sablier", "hourglass"],
  ["minuteur", "timer"],
  ["adresse", "map-pin"],
  ["réglages", "settings"],
  ["partager", "share"],
  ["fleur", "rose"],
  ["chariot", "shopping-cart"],
  ["promotion", "badge-percent"],
  ["ampoule", "lightbulb"],
  ["CALENDRIER", "calendar"],
  ["etoile", "star"],
];

/** How far down the results the expected icon may sit (the first row of the dialog's grid). */
export const FIRST_RESULTS = 5;
