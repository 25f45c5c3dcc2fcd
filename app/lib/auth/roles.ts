import type { Role } from "~/lib/db/schema";

/**
 * The team's roles and their French names (issue 25 §1 adds "Contributeur": writes drafts and asks for a
 * review, never publishes). What each may do is the table in can.ts.
 */
export const ROLES: readonly Role[] = ["admin", "editor", "contributor"];
export const ROLE_LABELS: Record<Role, string> = { admin: "Administrateur", editor: "Éditeur", contributor: "Contributeur" };
export const isRole = (v: string): v is Role => (ROLES as readonly string[]).includes(v);
