import type { Announcements, ScreenReaderInstructions, UniqueIdentifier } from "@dnd-kit/core";

/**
 * What a screen reader hears while one entry of a flat list is dragged (the site's menus and footer links,
 * a gallery's images): dnd-kit speaks English by default and names entries by their ids; the back-office
 * speaks French and names them by their label and their position. The wording is feminine: the lists it
 * serves hold "entrées" and "images".
 */
export function listAccessibility(
  ids: readonly UniqueIdentifier[],
  /** "« Accueil »": the entry's name, quoted, as read aloud. */
  nameOf: (id: UniqueIdentifier) => string | undefined,
  /** "cette entrée", "cette image": what the instructions call one entry. */
  thisOne: string,
): { announcements: Announcements; screenReaderInstructions: ScreenReaderInstructions } {
  const count = ids.length;
  const position = (id: UniqueIdentifier) => ids.indexOf(id) + 1;
  const name = (id: UniqueIdentifier) => nameOf(id) ?? "L'entrée";
  return {
    announcements: {
      onDragStart: ({ active }) =>
        `${name(active.id)} saisie, position ${position(active.id)} sur ${count}. Flèches pour déplacer, Espace pour déposer, Échap pour annuler.`,
      onDragOver: ({ active, over }) =>
        over ? `${name(active.id)} au-dessus de la position ${position(over.id)} sur ${count}.` : `${name(active.id)} hors de la liste.`,
      onDragEnd: ({ active, over }) =>
        over ? `${name(active.id)} déposée en position ${position(over.id)} sur ${count}.` : `${name(active.id)} déposée à sa place.`,
      onDragCancel: ({ active }) => `Déplacement annulé : ${name(active.id)} reste en position ${position(active.id)}.`,
    },
    screenReaderInstructions: {
      draggable: `Pour déplacer ${thisOne}, appuyez sur Espace, puis sur les flèches ; Espace pour déposer, Échap pour annuler.`,
    },
  };
}
