import { z } from "zod";

/**
 * The one rule for text that comes from outside: no control characters (tab, line feed and carriage
 * return excepted: pasted text carries them), no lone UTF-16 surrogates and no Unicode non-characters.
 * PostgreSQL refuses NUL in text (a 500 before this rule) while SQLite stores it; a lone surrogate is
 * stored as U+FFFD on one engine and as garbage on the other; U+FFFE and U+FFFF are forbidden in XML
 * 1.0, and one in an article title made the RSS feed unreadable (issue 24 finding 6). No one types a
 * non-character on purpose: refusing them at the boundary keeps what is stored printable everywhere.
 */

const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** U+FDD0–U+FDEF and the last two code points of every plane (U+FFFE, U+FFFF, U+1FFFE … U+10FFFF). */
const NON_CHARACTER =
  /[\uFDD0-\uFDEF\uFFFE\uFFFF]|[\u{1FFFE}\u{1FFFF}\u{2FFFE}\u{2FFFF}\u{3FFFE}\u{3FFFF}\u{4FFFE}\u{4FFFF}\u{5FFFE}\u{5FFFF}\u{6FFFE}\u{6FFFF}\u{7FFFE}\u{7FFFF}\u{8FFFE}\u{8FFFF}\u{9FFFE}\u{9FFFF}\u{AFFFE}\u{AFFFF}\u{BFFFE}\u{BFFFF}\u{CFFFE}\u{CFFFF}\u{DFFFE}\u{DFFFF}\u{EFFFE}\u{EFFFF}\u{FFFFE}\u{FFFFF}\u{10FFFE}\u{10FFFF}]/u;

/** Keys that would reach an object's prototype if any code ever merged the input into an object. */
const PROTOTYPE_KEYS = new Set(["__proto__", "constructor", "prototype"]);

export function unsafeTextReason(s: string): string | null {
  if (CONTROL.test(s)) return "caractère de contrôle interdit";
  if (LONE_SURROGATE.test(s)) return "caractère Unicode invalide (surrogate isolé)";
  const nonCharacter = NON_CHARACTER.exec(s);
  if (nonCharacter) return `caractère Unicode interdit (non-caractère U+${(nonCharacter[0].codePointAt(0) ?? 0).toString(16).toUpperCase()})`;
  return null;
}

/** A zod string refusing what `unsafeTextReason` names; shared by the forms and the server. */
export function safeText(base: z.ZodString = z.string()) {
  return base.superRefine((s, ctx) => {
    const reason = unsafeTextReason(s);
    if (reason) ctx.addIssue({ code: "custom", message: reason });
  });
}

/**
 * Walks a parsed JSON value: the first string (or key) that breaks the rule, with its path, or null.
 * Every JSON body goes through this before its schema, so a schema that forgets the rule (a future
 * endpoint) still never stores a NUL.
 */
export function findUnsafeText(value: unknown, path: (string | number)[] = [], depth = 0): { path: string; reason: string } | null {
  if (depth > 64) return { path: path.join(".") || "corps", reason: "structure trop profonde" };
  if (typeof value === "string") {
    const reason = unsafeTextReason(value);
    return reason ? { path: path.join(".") || "corps", reason } : null;
  }
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findUnsafeText(value[i], [...path, i], depth + 1);
      if (found) return found;
    }
    return null;
  }
  if (value && typeof value === "object") {
    for (const [k, v] of Object.entries(value)) {
      if (PROTOTYPE_KEYS.has(k)) return { path: [...path, k].join("."), reason: "clé interdite" };
      const reason = unsafeTextReason(k);
      if (reason) return { path: [...path, k].join("."), reason };
      const found = findUnsafeText(v, [...path, k], depth + 1);
      if (found) return found;
    }
  }
  return null;
}
