/** Comments as the API answers them (issue 25 §2, decision 048). */
export interface CommentMember {
  id: string;
  /** What "@…" shows: the first word of the address ("camille@…" → "Camille"). */
  name: string;
  email: string;
}
export interface CommentView {
  id: string;
  pageId: string;
  lang: "fr" | "en";
  targetId: string;
  /** The thread's first comment for a reply, null for the first comment. */
  parentId: string | null;
  /** Null when the author has left the team since. */
  author: CommentMember | null;
  /** Plain text: shown escaped, never as HTML. */
  body: string;
  mentions: CommentMember[];
  createdAt: string;
  updatedAt: string;
  /** A thread's state is its first comment's. */
  resolvedAt: string | null;
  resolvedBy: CommentMember | null;
}
export interface CommentsAnswer {
  comments: CommentView[];
}
export interface CommentAnswer {
  comment: CommentView;
}
export interface CommentMembersAnswer {
  members: CommentMember[];
}
/** A mention of the signed-in member, with where to open it. */
export interface MentionView {
  comment: CommentView;
  title: string;
  kind: "system" | "custom" | "article";
  /** The builder or the article editor, with the comment's target selected. */
  href: string;
  readAt: string | null;
}
export interface MentionsAnswer {
  mentions: MentionView[];
  unread: number;
}
export interface MentionCountAnswer {
  unread: number;
}
