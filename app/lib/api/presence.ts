/** Who has a page or an article open in an editor, as the presence API answers it (decision 049). */
export interface PresentMember {
  /** The row's id: what "Prendre la main" names as the holder it saw. */
  sessionId: string;
  memberId: string;
  /** "Camille Durand" from camille.durand@…, and its initials for the avatar. */
  name: string;
  initials: string;
  email: string;
  mode: "editing" | "reading";
  /** When this mode began (for the holder: since when it edits). */
  since: string;
  /** The signed-in member in another tab. */
  isMe: boolean;
}

export interface PresenceView {
  pageId: string;
  /** This tab: does it hold the page? null when it is not (or no longer) present. */
  you: { sessionId: string; holding: boolean } | null;
  /** The tab that holds the page, when it is another one. */
  holder: PresentMember | null;
  /** Every other tab with the page open (the holder included), oldest first. */
  others: PresentMember[];
  /** The server's clock, for "depuis 10 min" computed in the browser. */
  now: string;
}

export interface PresenceAnswer {
  presence: PresenceView;
}
