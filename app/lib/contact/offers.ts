/** The offers' names, the same in both languages (the form's select, the back-office's list). */
export const OFFER_LABELS: Record<string, string> = { essentiel: "Essentiel", croissance: "Croissance", "360": "360" };
