import { z } from "zod";
import { addMemberSchema } from "~/lib/auth/team-schemas";
import { designSettingsSchema } from "~/lib/design/design-schema";
import { checkUrl } from "~/lib/document/url";
import { revisionSchema } from "~/lib/structure/revisions.server";
import { settingsInputSchema, structureSchema } from "~/lib/structure/structure-schemas";
import { unsafeTextReason } from "~/lib/text/safe-text";

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
  return PAGE_PATH.test(v) ? null : "une adresse de page ne contient que des minuscules, des chiffres, des tirets et des « / »";
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
    typeof v === "string" && values.includes(v) ? null : `valeur attendue : ${values.join(" ou ")}`;

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

const RULES: Record<string, Record<string, Check>> = {
  accounts: { email },
  team_members: { email, role: oneOf("admin", "editor") },
  page_translations: { lang: oneOf("fr", "en"), path: pagePath, title: text, description: text, excerpt: text, cover_alt: text, image: address() },
  slug_redirects: { from_path: pagePath, lang: oneOf("fr", "en") },
  media: { url: address(), thumbnail: address(), webp_url: address(), title: text, alt: text },
  site_settings: { data: json(settingsInputSchema) },
  site_structure: { id: oneOf("draft", "published"), data: json(structureSchema) },
  site_structure_revisions: { data: json(revisionSchema) },
  site_design: { id: oneOf("draft", "published"), data: json(designSettingsSchema) },
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
      if (problem) return `Sauvegarde refusée : table ${table}, ligne ${line}, colonne ${column} : ${problem}. Rien n'a été modifié.`;
    }
    return null;
  }

  finish(): string | null {
    return this.admins > 0
      ? null
      : "Sauvegarde refusée : table team_members : aucun administrateur, le site n'aurait plus personne pour le gérer. Rien n'a été modifié.";
  }
}
