import type { z } from "zod";
import { apiFetch } from "~/lib/admin/api-client";
import type { addMemberSchema } from "~/lib/auth/team-schemas";
import type { Block, PageDocument } from "~/lib/document/schema";
import type { Lang } from "~/lib/i18n/routes";
import type { createPageSchema } from "~/lib/pages/page-schemas";
import type { createArticleSchema, moveArticleSchema, updateArticleSchema } from "~/lib/blog/article-schemas";
import type { generateSchema } from "~/lib/blog/generator-schemas";
import type { ActivityPageAnswer } from "./activity";
import type { ReviewAnswer, ReviewCountAnswer, ReviewsAnswer } from "./reviews";
import type { CommentAnswer, CommentMembersAnswer, CommentsAnswer, MentionCountAnswer, MentionsAnswer } from "./comments";
import type { AiStatus, GeneratedBlockAnswer } from "./ai";
import type { ArticleAnswer, ArticleListAnswer, ArticleMoveAnswer, ArticleOptionsAnswer, ArticleTranslateAnswer, GenerateAnswer } from "./articles";
import type { ContactRequestAnswer, ContactRequestsAnswer, ContactRequestView } from "./contact";
import type { scheduleSchema } from "~/lib/backup/backup-schemas";
import type { DesignView } from "~/lib/design/view";
import type { DesignSettings } from "~/lib/design/tokens";
import type { mediaEditSchema } from "~/lib/media/edit-math";
import type { mediaUpdateSchema } from "~/lib/media/media-schemas";
import type { SiteStructure } from "~/lib/structure/structure-schemas";
import type { StructureView } from "~/lib/structure/view";
import type { BackupsAnswer, ScheduleAnswer, StartedAnswer } from "./backups";
import type { OkAnswer } from "./common";
import type {
  EnrolledSignInAnswer,
  EnrolmentAnswer,
  LoginAnswer,
  PasskeyAddedAnswer,
  PasskeyAnswer,
  PasskeysAnswer,
  RecoveryCodesAnswer,
  SecondFactorProofBody,
  TwoFactorStatusAnswer,
  TwoFactorTeamAnswer,
} from "./two-factor";
import type { PublicKeyCredentialCreationOptionsJSON, PublicKeyCredentialRequestOptionsJSON, RegistrationResponseJSON } from "@simplewebauthn/browser";
import type { TwoFactorPolicy } from "~/lib/db/schema";
import type { MediaDetailAnswer, MediaItemAnswer, MediaListAnswer, StockProvider, StockSearchAnswer } from "./media";
import type { RedirectsAnswer } from "./redirects";
import type { AnalyticsData, ConsentsData, VisitorData } from "./analytics";
import type { DraftAnswer, PageAnswer, PagesAnswer, PublishedAnswer, ResolvedPathAnswer, RevisionAnswer, RevisionsAnswer, SavedAnswer } from "./pages";
import type { SavedSectionAnswer, SavedSectionsAnswer } from "./saved-sections";
import type { PresenceAction } from "~/lib/presence/presence-schemas";
import type { PresenceAnswer } from "./presence";
import type { CreatedMemberAnswer, MemberAnswer, MembersAnswer, PasswordResetAnswer, SessionAnswer } from "./team";

/**
 * The back-office's typed client: each call names its URL and the answer the server gives (the same
 * types the handlers are checked against), so a change on one side is a compile error on the other.
 * Errors are ApiClientError with the server's French message (see ~/lib/admin/api-client).
 */
const seg = encodeURIComponent;
const translation = (pageId: string, lang: Lang) => `/api/pages/${seg(pageId)}/${lang}`;
type Signal = { signal?: AbortSignal };

export const pagesApi = {
  list: () => apiFetch<PagesAnswer>("/api/pages"),
  /** One page as the list shows it (each language's state): the builder's preview says it. */
  one: (pageId: string) => apiFetch<PageAnswer>(`/api/pages/${seg(pageId)}`),
  create: (input: z.input<typeof createPageSchema>) => apiFetch<PageAnswer>("/api/pages", { method: "POST", body: input }),
  remove: (pageId: string) => apiFetch<OkAnswer>(`/api/pages/${seg(pageId)}`, { method: "DELETE" }),
  resolve: (path: string) => apiFetch<ResolvedPathAnswer>(`/api/pages/resolve?path=${seg(path)}`),
  draft: (pageId: string, lang: Lang) => apiFetch<DraftAnswer>(translation(pageId, lang)),
  saveDraft: (pageId: string, lang: Lang, body: { doc: PageDocument; version: number; force?: true }) =>
    apiFetch<SavedAnswer>(`${translation(pageId, lang)}/draft`, { method: "PUT", body }),
  publish: (pageId: string, lang: Lang, version: number) =>
    apiFetch<PublishedAnswer>(`${translation(pageId, lang)}/publish`, { method: "POST", body: { version } }),
  revisions: (pageId: string, lang: Lang) => apiFetch<RevisionsAnswer>(`${translation(pageId, lang)}/revisions`),
  revision: (pageId: string, lang: Lang, revisionId: string) => apiFetch<RevisionAnswer>(`${translation(pageId, lang)}/revisions/${seg(revisionId)}`),
  restore: (pageId: string, lang: Lang, revisionId: string, version: number) =>
    apiFetch<SavedAnswer>(`${translation(pageId, lang)}/revisions/${seg(revisionId)}`, { method: "POST", body: { version } }),
};

export const savedSectionsApi = {
  list: () => apiFetch<SavedSectionsAnswer>("/api/saved-sections"),
  save: (name: string, block: Block) => apiFetch<SavedSectionAnswer>("/api/saved-sections", { method: "POST", body: { name, block } }),
  remove: (id: string) => apiFetch<OkAnswer>(`/api/saved-sections/${seg(id)}`, { method: "DELETE" }),
};

export const teamApi = {
  list: () => apiFetch<MembersAnswer>("/api/team"),
  add: (input: z.input<typeof addMemberSchema>) => apiFetch<CreatedMemberAnswer>("/api/team", { method: "POST", body: input }),
  changeRole: (memberId: string, role: MemberAnswer["member"]["role"]) =>
    apiFetch<MemberAnswer>(`/api/team/${seg(memberId)}`, { method: "PATCH", body: { role } }),
  remove: (memberId: string) => apiFetch<OkAnswer>(`/api/team/${seg(memberId)}`, { method: "DELETE" }),
  resetPassword: (memberId: string) => apiFetch<PasswordResetAnswer>(`/api/team/${seg(memberId)}/password`, { method: "POST", body: {} }),
  twoFactor: () => apiFetch<TwoFactorTeamAnswer>("/api/team/two-factor"),
  setTwoFactorPolicy: (policy: TwoFactorPolicy) => apiFetch<TwoFactorTeamAnswer>("/api/team/two-factor", { method: "PUT", body: { policy } }),
  resetTwoFactor: (memberId: string) => apiFetch<OkAnswer>(`/api/team/${seg(memberId)}/two-factor`, { method: "DELETE" }),
};

/** The signed-in member's own second factor ("Sécurité du compte"). */
export const accountApi = {
  twoFactor: () => apiFetch<TwoFactorStatusAnswer>("/api/account/two-factor"),
  startTwoFactor: () => apiFetch<EnrolmentAnswer>("/api/account/two-factor", { method: "POST", body: {} }),
  confirmTwoFactor: (code: string) => apiFetch<RecoveryCodesAnswer>("/api/account/two-factor", { method: "PUT", body: { code } }),
  turnOffTwoFactor: (proof: SecondFactorProofBody) => apiFetch<OkAnswer>("/api/account/two-factor/off", { method: "POST", body: proof }),
  renewRecoveryCodes: (proof: SecondFactorProofBody) => apiFetch<RecoveryCodesAnswer>("/api/account/recovery-codes", { method: "POST", body: proof }),
  passkeys: () => apiFetch<PasskeysAnswer>("/api/account/passkeys"),
  passkeyOptions: () => apiFetch<PublicKeyCredentialCreationOptionsJSON>("/api/account/passkeys/options", { method: "POST", body: {} }),
  addPasskey: (name: string, response: RegistrationResponseJSON) =>
    apiFetch<PasskeyAddedAnswer>("/api/account/passkeys", { method: "POST", body: { name, response } }),
  renamePasskey: (id: string, name: string) => apiFetch<PasskeyAnswer>(`/api/account/passkeys/${seg(id)}`, { method: "PATCH", body: { name } }),
  removePasskey: (id: string) => apiFetch<OkAnswer>(`/api/account/passkeys/${seg(id)}`, { method: "DELETE" }),
  /** A challenge for a passkey to confirm turning the factor off or renewing the codes. */
  confirmChallenge: () => apiFetch<PublicKeyCredentialRequestOptionsJSON>("/api/account/passkeys/challenge", { method: "POST", body: {} }),
};

export const authApi = {
  session: () => apiFetch<SessionAnswer>("/api/auth/session"),
  login: (email: string, password: string) => apiFetch<LoginAnswer>("/api/auth/login", { method: "POST", body: { email, password } }),
  secondStep: (proof: SecondFactorProofBody) => apiFetch<SessionAnswer>("/api/auth/second-step", { method: "POST", body: proof }),
  passkeyChallenge: () => apiFetch<PublicKeyCredentialRequestOptionsJSON>("/api/auth/passkey-challenge", { method: "POST", body: {} }),
  startEnrolStep: () => apiFetch<EnrolmentAnswer>("/api/auth/enrol-step", { method: "POST", body: {} }),
  confirmEnrolStep: (code: string) => apiFetch<EnrolledSignInAnswer>("/api/auth/enrol-step", { method: "PUT", body: { code } }),
  logout: () => apiFetch<OkAnswer>("/api/auth/logout", { method: "POST", body: {} }),
};

export const statsApi = {
  analytics: (days: number, o: Signal = {}) => apiFetch<AnalyticsData>(`/api/analytics?days=${days}`, o),
  visitor: (o: Signal = {}) => apiFetch<VisitorData>("/api/visitor-info", o),
  consents: (limit: number, o: Signal = {}) => apiFetch<ConsentsData>(`/api/consents?limit=${limit}`, o),
};

type ArticleVersionRef = { lang: Lang; version: number };
const article = (id: string) => `/api/articles/${seg(id)}`;

export const articlesApi = {
  /** `query` is the list's search string (status, lang, tag, q, page, month), already encoded. */
  list: (query: string) => apiFetch<ArticleListAnswer>(`/api/articles${query}`),
  options: () => apiFetch<ArticleOptionsAnswer>("/api/articles/options"),
  get: (id: string) => apiFetch<ArticleAnswer>(article(id)),
  create: (input: z.input<typeof createArticleSchema>) => apiFetch<ArticleAnswer>("/api/articles", { method: "POST", body: input }),
  /** "Nouvel article": both languages with provisional titles, written in place at once (this member's untouched one if any). */
  blank: () => apiFetch<ArticleAnswer>("/api/articles/blank", { method: "POST", body: {} }),
  save: (id: string, input: z.input<typeof updateArticleSchema>) => apiFetch<ArticleAnswer>(article(id), { method: "PUT", body: input }),
  remove: (id: string, versions: Partial<Record<Lang, number>>) => apiFetch<OkAnswer>(article(id), { method: "DELETE", body: { versions } }),
  /** publish, unpublish or remove one language version (with the version the screen read), or schedule it at `at`. */
  act: (id: string, v: ArticleVersionRef, action: "publish" | "unpublish" | "schedule" | "remove" | "synced", at?: string, overlap?: "earlier" | "later") =>
    apiFetch<ArticleAnswer>(`${article(id)}/${v.lang}/${action}`, {
      method: "POST",
      body: action === "schedule" ? { version: v.version, at, ...(overlap ? { overlap } : {}) } : { version: v.version },
    }),
  generate: (input: z.input<typeof generateSchema>) => apiFetch<GenerateAnswer>("/api/articles/generate", { method: "POST", body: input }),
  /** Fills this language's draft from the other one ("Traduire depuis…"): translated by the AI service, or its structure copied. */
  translate: (id: string, v: ArticleVersionRef) =>
    apiFetch<ArticleTranslateAnswer>(`${article(id)}/${v.lang}/translate`, { method: "POST", body: { version: v.version } }),
  /** The calendar's move of the article's languages to a day (or, with `restore`, back to where they were). */
  move: (id: string, input: z.input<typeof moveArticleSchema>) => apiFetch<ArticleMoveAnswer>(`${article(id)}/move`, { method: "POST", body: input }),
};

export const contactApi = {
  /** `query` is the list's search string (q, status) without "?", already encoded. */
  list: (query: string, o: Signal = {}) => apiFetch<ContactRequestsAnswer>(`/api/contact-requests${query ? `?${query}` : ""}`, o),
  setStatus: (id: string, status: ContactRequestView["status"]) =>
    apiFetch<ContactRequestAnswer>(`/api/contact-requests/${seg(id)}`, { method: "PATCH", body: { status } }),
};

export const aiApi = {
  status: () => apiFetch<AiStatus>("/api/ai/generate-block"),
  generateBlock: (prompt: string) => apiFetch<GeneratedBlockAnswer>("/api/ai/generate-block", { method: "POST", body: { prompt } }),
};

const mediaItem = (id: string) => `/api/media/${seg(id)}`;
type MediaAnswer = MediaItemAnswer;

export const mediaApi = {
  /** `params` is the list's search string (q, category, type, page), already encoded. */
  list: (params: string, o: Signal = {}) => apiFetch<MediaListAnswer>(`/api/media?${params}`, o),
  usage: (id: string, o: Signal = {}) => apiFetch<MediaDetailAnswer>(mediaItem(id), o),
  update: (id: string, fields: z.input<typeof mediaUpdateSchema>) => apiFetch<MediaAnswer>(mediaItem(id), { method: "PATCH", body: fields }),
  remove: (id: string) => apiFetch<OkAnswer>(mediaItem(id), { method: "DELETE" }),
  /** The image editor's Enregistrer: a new version made on the server, the original kept. */
  edit: (id: string, edit: z.input<typeof mediaEditSchema>) => apiFetch<MediaAnswer>(`${mediaItem(id)}/edit`, { method: "POST", body: edit }),
  revert: (id: string) => apiFetch<MediaAnswer>(`${mediaItem(id)}/revert`, { method: "POST" }),
  /** `params` is the stock search string (provider, q, page), already encoded. */
  stock: (params: string, o: Signal = {}) => apiFetch<StockSearchAnswer>(`/api/media/stock?${params}`, o),
  importStock: (provider: StockProvider, id: string) => apiFetch<MediaAnswer>("/api/media/stock", { method: "POST", body: { provider, id, category: "" } }),
};

export const structureApi = {
  get: () => apiFetch<StructureView>("/api/site-structure"),
  save: (version: number, structure: SiteStructure) => apiFetch<StructureView>("/api/site-structure", { method: "PUT", body: { version, structure } }),
  publish: (version: number) => apiFetch<StructureView>("/api/site-structure/publish", { method: "POST", body: { version } }),
  restoreRevision: (revisionId: string, version: number) =>
    apiFetch<StructureView>(`/api/site-structure/revisions/${seg(revisionId)}/restore`, { method: "POST", body: { version } }),
};

export const designApi = {
  get: () => apiFetch<DesignView>("/api/design"),
  save: (version: number, design: DesignSettings) => apiFetch<DesignView>("/api/design", { method: "PUT", body: { version, design } }),
  publish: (version: number) => apiFetch<DesignView>("/api/design/publish", { method: "POST", body: { version } }),
};

/** Creating and restoring run in the background (202): the screen follows them through status(). */
export const backupsApi = {
  status: () => apiFetch<BackupsAnswer>("/api/backups"),
  create: () => apiFetch<StartedAnswer>("/api/backups", { method: "POST", body: {} }),
  schedule: (input: z.input<typeof scheduleSchema>) => apiFetch<ScheduleAnswer>("/api/backups/schedule", { method: "PUT", body: input }),
  restore: (id: string) => apiFetch<StartedAnswer>(`/api/backups/${seg(id)}/restore`, { method: "POST", body: { confirm: true } }),
  remove: (id: string) => apiFetch<OkAnswer>(`/api/backups/${seg(id)}`, { method: "DELETE" }),
};

/** Former addresses (301) of pages and articles; removing one frees its address for another page or article. */
export const redirectsApi = {
  list: () => apiFetch<RedirectsAnswer>("/api/redirects"),
  remove: (fromPath: string) => apiFetch<OkAnswer>("/api/redirects", { method: "DELETE", body: { fromPath } }),
};

/** The activity log ("Journal d'activité", admins): pages of 50 lines; the CSV is a plain link. */
export const activityApi = {
  /** `query` holds the filters and the cursor (`before`), without "?", already encoded. */
  list: (query: string, o: Signal = {}) => apiFetch<ActivityPageAnswer>(`/api/activity${query ? `?${query}` : ""}`, o),
};

/** Review before publishing: contributors ask, editors and admins answer (issue 25 §1). */
export const commentsApi = {
  list: (pageId: string, lang: Lang, o: Signal = {}) => apiFetch<CommentsAnswer>(`/api/comments?pageId=${seg(pageId)}&lang=${lang}`, o),
  members: (o: Signal = {}) => apiFetch<CommentMembersAnswer>("/api/comments/members", o),
  create: (input: { pageId: string; lang: Lang; targetId?: string; parentId?: string; body: string; mentions: string[] }) =>
    apiFetch<CommentAnswer>("/api/comments", { method: "POST", body: input }),
  edit: (id: string, body: string, mentions: string[]) => apiFetch<CommentAnswer>(`/api/comments/${seg(id)}`, { method: "PATCH", body: { body, mentions } }),
  remove: (id: string) => apiFetch<OkAnswer>(`/api/comments/${seg(id)}`, { method: "DELETE" }),
  resolve: (id: string, resolved: boolean) => apiFetch<CommentAnswer>(`/api/comments/${seg(id)}/resolve`, { method: "POST", body: { resolved } }),
  mentions: (o: Signal = {}) => apiFetch<MentionsAnswer>("/api/comments/mentions", o),
  unread: (o: Signal = {}) => apiFetch<MentionCountAnswer>("/api/comments/mentions?count=1", o),
  markRead: (commentIds: string[]) => apiFetch<MentionCountAnswer>("/api/comments/mentions", { method: "POST", body: { commentIds } }),
};

export const reviewsApi = {
  pending: (o: Signal = {}) => apiFetch<ReviewsAnswer>("/api/reviews", o),
  count: (o: Signal = {}) => apiFetch<ReviewCountAnswer>("/api/reviews/count", o),
  ofPage: (pageId: string, o: Signal = {}) => apiFetch<ReviewsAnswer>(`/api/reviews/page/${seg(pageId)}`, o),
  request: (pageId: string, lang: Lang, message: string) => apiFetch<ReviewAnswer>("/api/reviews", { method: "POST", body: { pageId, lang, message } }),
  approve: (id: string, version: number) => apiFetch<ReviewAnswer>(`/api/reviews/${seg(id)}/approve`, { method: "POST", body: { version } }),
  askChanges: (id: string, message: string) => apiFetch<ReviewAnswer>(`/api/reviews/${seg(id)}/changes`, { method: "POST", body: { message } }),
};

/** Who is editing a page or an article, read-only and take-over (issue 25 §3, decision 049). */
export const presenceApi = {
  path: (pageId: string) => `/api/presence/${seg(pageId)}`,
  /** open, beat, read, or take (from the holder the member saw); leave is sent with keepalive by the hook. */
  act: (pageId: string, body: Exclude<PresenceAction, { action: "leave" }>) =>
    apiFetch<PresenceAnswer>(`/api/presence/${seg(pageId)}`, { method: "POST", body }),
};
