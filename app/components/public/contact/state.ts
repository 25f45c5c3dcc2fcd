/** What the contact page's form starts from, computed by the server and carried to the island. */
export interface ContactState {
  /** Server time the form was shown (ms): the minimum fill time is measured from it. */
  startedAt: number;
  /** The page was reached after a form post without JavaScript that was accepted (?envoye=1). */
  sent: boolean;
  /** Offer preselected by a "Souscrire" link (?offre=…). */
  offer: string | null;
  /** Values typed, after a refused post without JavaScript. */
  values: Record<string, string>;
  error: { message: string; fields: Partial<Record<string, string>> } | null;
}
