import type { Generated } from "kysely";

/**
 * Database tables. Timestamps are ISO-8601 UTC text in both engines, so they sort and compare the same
 * way on SQLite and PostgreSQL. Documents and settings are JSON text, validated by zod when read.
 */
interface SiteSettingsTable {
  id: string;
  data: string;
  updated_at: string;
}

export type PageKind = "system" | "custom" | "article";

interface PagesTable {
  id: string;
  kind: PageKind;
  /** For system pages, the route key of the public route table (home, offers, …). */
  system_key: string | null;
  created_at: string;
  updated_at: string;
}

interface PageTranslationsTable {
  page_id: string;
  lang: "fr" | "en";
  /** The public path, unique across the site: "/offres", "/en/blog/some-slug", "/page/x". */
  path: string;
  slug: string;
  title: string;
  description: string;
  /** Share image and article cover. */
  image: string | null;
  /** Articles: the teaser shown in the blog list. */
  excerpt: string | null;
  draft: string;
  published: string | null;
  version: Generated<number>;
  /** Articles: visible from this instant (scheduled publication is computed at read time). */
  publish_at: string | null;
  published_at: string | null;
  updated_at: string;
  updated_by: string | null;
  /** Articles (migration 0010): the cover's alt text, the author (team_members.id), tags as JSON text. */
  cover_alt: string | null;
  author_id: string | null;
  tags: string | null;
  /** Migration 0017: when the body or title last changed, and up to when it is in step with the other language. */
  content_changed_at: string | null;
  synced_at: string | null;
  /** 1: filled by "Traduire depuis…", to be read again ("à relire") until a member edits or marks it. */
  needs_review: Generated<number>;
}

/** Articles: one row per tag of a language version, for the blog's tag filter. */
interface ArticleTagsTable {
  page_id: string;
  lang: "fr" | "en";
  tag_slug: string;
  tag: string;
}

/** Old public paths of articles whose slug changed: answered with a 301 to the current path. */
interface SlugRedirectsTable {
  from_path: string;
  page_id: string;
  lang: "fr" | "en";
  created_at: string;
}

/** The site structure (migration 0011): rows 'draft' and 'published', JSON checked by structureSchema on read. */
interface SiteStructureTable {
  id: "draft" | "published";
  data: string;
  version: number;
  updated_at: string;
  updated_by: string | null;
}

/** Publications of the site structure (migration 0014), the last 50: JSON checked by revisionSchema on read. */
interface SiteStructureRevisionsTable {
  id: string;
  data: string;
  created_at: string;
  created_by: string | null;
}

/** The site's design settings (issue 11), same shape as the structure: 'draft' and 'published'. */
interface SiteDesignTable {
  id: "draft" | "published";
  data: string;
  version: number;
  updated_at: string;
  updated_by: string | null;
}

interface MediaTable {
  id: string;
  type: "image" | "video" | "pdf";
  url: string;
  thumbnail: string | null;
  webp_url: string | null;
  webp_srcset: string | null;
  title: string;
  alt: string;
  category: string;
  width: number;
  height: number;
  file_type: string;
  size: number;
  source: "local" | "unsplash" | "pexels";
  author: string | null;
  /** When the photo was taken, as its metadata said ("2023-06-14T15:32:10", no zone). */
  taken_at: string | null;
  created_at: string;
  /** JSON list of the storage keys of the file and its variants (uploaded media only). */
  storage_keys: string | null;
  uploaded_by: string | null;
  /** Lower-cased title, alt and category (app/lib/media/media-schemas.ts searchTextOf). */
  search_text: Generated<string>;
}

interface AccountsTable {
  id: string;
  email: string;
  password_hash: string;
  created_at: string;
  updated_at: string;
}

export type Role = "admin" | "editor" | "contributor";

interface TeamMembersTable {
  id: string;
  email: string;
  role: Role;
  created_at: string;
  last_login: string | null;
}

/** Decision 045: a secret without `confirmed_at` is an enrolment under way, not a second factor. */
interface TwoFactorTable {
  account_id: string;
  secret: string;
  confirmed_at: string | null;
  last_time_step: number | null;
  created_at: string;
}

interface TwoFactorRecoveryCodesTable {
  id: string;
  account_id: string;
  code_hash: string;
  used_at: string | null;
}

export type SecondStepPurpose = "verify" | "enrol";

interface TwoFactorChallengesTable {
  id_hash: string;
  account_id: string;
  purpose: SecondStepPurpose;
  expires_at: string;
}

/** Decision 047: a member's WebAuthn credential (base64url id and COSE public key). */
interface TwoFactorPasskeysTable {
  id: string;
  account_id: string;
  credential_id: string;
  public_key: string;
  /** bigint: PostgreSQL hands it over as text (read it through Number()). */
  counter: number | string;
  /** JSON array of the transports the browser reported ("internal", "usb", "hybrid"…). */
  transports: string;
  rp_id: string;
  name: string;
  created_at: string;
  last_used_at: string | null;
}

export type PasskeyChallengePurpose = "register" | "sign-in" | "confirm";

/** A WebAuthn challenge: single use, bound to the session (register, confirm) or second step (sign-in) that asked. */
interface TwoFactorPasskeyChallengesTable {
  challenge: string;
  account_id: string;
  purpose: PasskeyChallengePurpose;
  bound_to: string;
  expires_at: string;
}

export type TwoFactorPolicy = "none" | "admins" | "everyone";

interface TwoFactorSettingsTable {
  id: string;
  policy: TwoFactorPolicy;
  updated_at: string;
}

interface SessionsTable {
  /** SHA-256 of the session token: a stolen database does not yield usable cookies. */
  id_hash: string;
  account_id: string;
  created_at: string;
  last_seen_at: string;
  expires_at: string;
}

interface ThrottleTable {
  key: string;
  window_start: string;
  count: number;
}

interface PageRevisionsTable {
  id: string;
  page_id: string;
  lang: "fr" | "en";
  title: string;
  doc: string;
  created_at: string;
  created_by: string | null;
}

interface SiteStateTable {
  key: string;
  value: number;
}

/** Seed 000 §3 gdpr_consent; accepted is 0 or 1 (portable across SQLite and PostgreSQL). */
interface GdprConsentsTable {
  id: string;
  ip_address: string;
  accepted: number;
  created_at: string;
}

/** One consented, non-crawler page view (first-party analytics). */
interface PageViewsTable {
  visitor_id: string;
  path: string;
  lang: "fr" | "en";
  referrer_host: string | null;
  created_at: string;
}

/** Views per UTC day and path, maintained on each insert into page_views. */
interface PageViewDailyTable {
  day: string;
  path: string;
  views: number;
}

export interface ContactRequestsTable {
  id: string;
  created_at: string;
  lang: "fr" | "en";
  name: string;
  email: string;
  phone: string | null;
  business: string;
  message: string;
  offer: string | null;
  status: "new" | "done";
  handled_at: string | null;
  handled_by: string | null;
  emailed_at: string | null;
}

/** One row ("operation"): who creates or restores a backup now, and how far along (migration 0012). */
interface BackupLeasesTable {
  name: string;
  holder: string;
  operation: "create" | "restore";
  started_by: string | null;
  started_at: string;
  expires_at: string;
  phase: string;
  done: Generated<number>;
  total: Generated<number>;
  outcome: "running" | "done" | "failed";
  message: string | null;
  finished_at: string | null;
}

/** The schedule, the last scheduled day, the restore marker (migration 0012). */
interface BackupSettingsTable {
  key: string;
  value: string;
}

/** A block kept under a name by "Enregistrer comme modèle" (issue 11 §6); `block` is its JSON. */
interface SavedSectionsTable {
  id: string;
  name: string;
  block: string;
  created_at: string;
  created_by: string | null;
}

/** One line of the activity log (migration 0017); append-only, see app/lib/activity/. */
export interface ActivityLogTable {
  id: string;
  at: string;
  actor_id: string | null;
  /** Kept as text: the line still names who acted after the member is removed. */
  actor_email: string | null;
  action: string;
  outcome: "ok" | "failure" | "refused";
  target_type: string | null;
  target_id: string | null;
  target_label: string | null;
  lang: string | null;
  detail: string | null;
  ip: string | null;
}

/** A contributor's request for a review of one language of a page or article (migration 0018). */
export interface ReviewRequestsTable {
  id: string;
  page_id: string;
  lang: "fr" | "en";
  status: "pending" | "approved" | "changes_requested" | "withdrawn";
  /** E-mail of the member who asked. */
  requested_by: string;
  requested_at: string;
  message: string | null;
  answered_by: string | null;
  answered_at: string | null;
  answer: string | null;
}

/** A comment pinned to a block or an element of one language of a page or article (migration 0023). */
export interface CommentsTable {
  id: string;
  page_id: string;
  lang: "fr" | "en";
  /** The id of the block, section, column or element in the document: moves keep it. */
  target_id: string;
  /** The thread's first comment, for a reply; null for the first comment itself. */
  parent_id: string | null;
  /** Team member id of the author (only they edit or delete it). */
  author_id: string;
  /** Plain text, never HTML: shown escaped. */
  body: string;
  created_at: string;
  updated_at: string;
  resolved_at: string | null;
  resolved_by: string | null;
}

/** One member mentioned in one comment, and when they read it (null: unread, counted in the admin bar). */
export interface CommentMentionsTable {
  comment_id: string;
  member_id: string;
  read_at: string | null;
}

/** Who has a page or an article open in an editor, per browser tab (migration 0024, decision 049); never backed up. */
export interface EditingSessionsTable {
  id: string;
  page_id: string;
  member_id: string;
  /** Chosen by the browser tab (random, kept for the tab's life): its saves carry it. */
  tab_id: string;
  /** "editing": the one tab that holds the page; "reading": open read-only, or waiting for the member's choice. */
  mode: "editing" | "reading";
  /** When the current mode began (the hold's start for the holder). */
  started_at: string;
  last_seen_at: string;
}

export interface Database {
  comments: CommentsTable;
  comment_mentions: CommentMentionsTable;
  editing_sessions: EditingSessionsTable;
  activity_log: ActivityLogTable;
  review_requests: ReviewRequestsTable;
  saved_sections: SavedSectionsTable;
  backup_leases: BackupLeasesTable;
  backup_settings: BackupSettingsTable;
  contact_requests: ContactRequestsTable;
  page_revisions: PageRevisionsTable;
  site_state: SiteStateTable;
  accounts: AccountsTable;
  team_members: TeamMembersTable;
  sessions: SessionsTable;
  two_factor: TwoFactorTable;
  two_factor_recovery_codes: TwoFactorRecoveryCodesTable;
  two_factor_challenges: TwoFactorChallengesTable;
  two_factor_settings: TwoFactorSettingsTable;
  two_factor_passkeys: TwoFactorPasskeysTable;
  two_factor_passkey_challenges: TwoFactorPasskeyChallengesTable;
  throttle: ThrottleTable;
  site_settings: SiteSettingsTable;
  pages: PagesTable;
  page_translations: PageTranslationsTable;
  media: MediaTable;
  gdpr_consents: GdprConsentsTable;
  page_views: PageViewsTable;
  page_view_daily: PageViewDailyTable;
  article_tags: ArticleTagsTable;
  slug_redirects: SlugRedirectsTable;
  site_structure: SiteStructureTable;
  site_structure_revisions: SiteStructureRevisionsTable;
  site_design: SiteDesignTable;
}
