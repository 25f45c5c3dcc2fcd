/** Review requests as the API answers them (issue 25 §1). */
export interface ReviewView {
  id: string;
  pageId: string;
  lang: "fr" | "en";
  status: "pending" | "approved" | "changes_requested" | "withdrawn";
  requestedBy: string;
  requestedAt: string;
  message: string | null;
  answeredBy: string | null;
  answeredAt: string | null;
  answer: string | null;
  /** The page or article as the list names it. */
  title: string;
  kind: "system" | "custom" | "article";
  path: string;
  /** The draft's version now, what "Approuver et publier" sends. */
  version: number;
}
export interface ReviewsAnswer {
  reviews: ReviewView[];
}
export interface ReviewAnswer {
  review: ReviewView;
}
export interface ReviewCountAnswer {
  pending: number;
}
