import { z } from "zod";
import { addMemberSchema } from "~/lib/auth/team-schemas";
import { designSettingsSchema } from "~/lib/design/design-schema";
import { checkUrl } from "~/lib/document/url";
import { revisionSchema } from "~/lib/structure/revisions.server";
import { settingsInputSchema, structureSchema } from "~/lib/structure/structure-schemas";
import { unsafeTextReason } from "~/lib/text/safe-text";
import { COMMENT_MAX } from "~/lib/comments/comment-schemas";

/**
 * The application's rules applied to an archive's rows before a restore touches anything (issue 24
 * finding 9). The seal proves an archive is whole, not that it is harmless: anyone who can reseal one
 * (an admin of another installation, a hand-edited file) could leave the site without an admin, or give
 * a page the address "//evil.com", which its old address's 301 then sent visitors to. Each value the
 * API takes is checked with the API's own rule or schema; the refusal names the table, the row and the
 * column, in French.
 */
type Check = (value: unknown) => string | null;

const text: Check = (v) => (typeof v === "string" ? unsafeTextReason(v) : v === null ? null : "texte attendu");

/** A page's or an old address's path: one of this site, lower-case words, digits and hyphens. */
const PAGE_PATH = /^\/(?:[a-z0-9]+(?:-[a-z0-9]+)*(?:\/[a-z0-9]+(?:-[a-z0-9]+)*)*)?$/;
const pagePath: Check = (v) => {
  if (typeof v !== "string") return "adresse attendue";
  const check = checkUrl(v, { external: false, fragment: false });
  if (!check.ok) return check.reason;
  return PAGE_PATH.test(v) ? null : "une adresse de page ne contient que des minuscules, des chiffres, des tirets et des « / »";
};

/** A link or a media address as the forms take it; `null` allowed where the column may be empty. */
const address =
  (options: { mail?: boolean } = {}): Check =>
  (v) => {
    if (v === null || v === "") return null;
    if (typeof v !== "string") return "adresse attendue";
    const check = checkUrl(v, { mail: options.mail ?? false, fragment: false });
    return check.ok ? null : check.reason;
  };

const oneOf =
  (...values: string[]): Check =>
  (v) =>
    typeof v === "string" && values.includes(v) ? null : `valeur attendue : ${values.join(" ou ")}`;

const email: Check = (v) => {
  const parsed = addMemberSchema.shape.email.safeParse(v);
  return parsed.success ? null : "adresse e-mail invalide";
};

/** A JSON text column read with the schema the application reads and writes it with. */
const json =
  (schema: z.ZodType): Check =>
  (v) => {
    if (typeof v !== "string") return "JSON attendu";
    let data: unknown;
    try {
      data = JSON.parse(v);
    } catch {
      return "JSON illisible";
    }
    const parsed = schema.safeParse(data);
    if (parsed.success) return null;
    const issue = parsed.error.issues[0];
    return `${issue.path.join(".") || "contenu"} — ${issue.message}`;
  };

const matches =
  (pattern: RegExp, what: string): Check =>
  (v) =>
    typeof v === "string" && pattern.test(v) ? null : what;

/** A passkey's transports as the browser reported them: a JSON array of short names. */
const transports: Check = (v) => {
  if (typeof v !== "string") return "liste JSON attendue";
  try {
    const list: unknown = JSON.parse(v);
    return Array.isArray(list) && list.length <= 8 && list.every((t) => typeof t === "string" && /^[a-z-]{1,20}$/.test(t))
      ? null
      : "liste de transports invalide";
  } catch {
    return "JSON illisible";
  }
};

const BASE64URL = /^[A-Za-z0-9_-]{1,2048}$/;

const RULES: Record<string, Record<string, Check>> = {
  accounts: { email },
  team_members: { email, role: oneOf("admin", "editor", "contributor") },
  page_translations: { lang: oneOf("fr", "en"), path: pagePath, title: text, description: text, excerpt: text, cover_alt: text, image: address() },
  slug_redirects: { from_path: pagePath, lang: oneOf("fr", "en") },
  media: { url: address(), thumbnail: address(), webp_url: address(), title: text, alt: text },
  site_settings: { data: json(settingsInputSchema) },
  site_structure: { id: oneOf("draft", "published"), data: json(structureSchema) },
  site_structure_revisions: { data: json(revisionSchema) },
  site_design: { id: oneOf("draft", "published"), data: json(designSettingsSchema) },
  activity_log: { outcome: oneOf("ok", "failure", "refused"), actor_email: text, target_label: text, detail: text, ip: text },
  two_factor_settings: { policy: oneOf("none", "admins", "everyone") },
  // Decision 047: a sealed secret (another installation's key travels apart), or one from before sealing.
  two_factor: { secret: matches(/^(?:s1\.[A-Za-z0-9_-]{11}\.[A-Za-z0-9_-]{40,400}|[A-Z2-7]{16,128})$/, "secret d'authentification illisible") },
  two_factor_passkeys: {
    credential_id: matches(BASE64URL, "identifiant de clé d'accès invalide"),
    public_key: matches(BASE64URL, "clé publique invalide"),
    transports,
    rp_id: matches(/^[a-z0-9.:[\]-]{1,253}$/i, "domaine de clé d'accès invalide"),
    name: text,
  },
  // Comments (decision 048): plain text within the API's limit, one of the two languages.
  comments: {
    lang: oneOf("fr", "en"),
    body: (v) => (typeof v === "string" && v.length > COMMENT_MAX ? `${COMMENT_MAX.toLocaleString("fr-FR")} caractères au plus` : text(v)),
    target_id: text,
  },
};

/** Reads an archive's rows one by one; `finish` checks what holds across rows (an admin remains). */
export class RowRules {
  private admins = 0;

  /** The refusal for one row (`values` in the order of `columns`), or null. `line` counts from 1. */
  check(table: string, columns: string[], values: unknown[], line: number): string | null {
    const rules = RULES[table];
    if (table === "team_members") {
      const role = values[columns.indexOf("role")];
      if (role === "admin") this.admins++;
    }
    if (!rules) return null;
    for (const [column, check] of Object.entries(rules)) {
      const at = columns.indexOf(column);
      if (at < 0) continue;
      const problem = check(values[at]);
      if (problem) return `Sauvegarde refusée : table ${table}, ligne ${line}, colonne ${column} : ${problem}. Rien n'a été modifié.`;
    }
    return null;
  }

  finish(): string | null {
    return this.admins > 0
      ? null
      : "Sauvegarde refusée : table team_members : aucun administrateur, le site n'aurait plus personne pour le gérer. Rien n'a été modifié.";
  }
}
