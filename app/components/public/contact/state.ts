import type { ContactWordKey } from "~/lib/contact/words";

/** What the contact page's form starts from, computed by the server and carried to the island. */
export interface ContactState {
  /**
   * The form's labels in the page's language, carried in the page's data rather than the form's script:
   * the island's JavaScript then holds neither language's words (the page's JavaScript budget).
   */
  words: Record<ContactWordKey, string>;
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
