import type { Role } from "~/lib/db/schema";

/**
 * What each role may do, in one table: the server's guards (requirePermission in permissions.server.ts)
 * enforce it, and the back-office reads the same table to hide what the server would refuse.
 */
export const PERMISSIONS = {
  /** Drafts of pages and articles, media uploads, the builder: every team member, contributors included. */
  editContent: ["admin", "editor", "contributor"],
  /**
   * What visitors see: publishing, scheduling, unpublishing, deleting articles, media and redirects, and
   * answering review requests ("À relire"). Contributors ask for a review instead (issue 25 §1).
   */
  publishContent: ["admin", "editor"],
  /**
   * Comments on a block or an element (issue 25 §2): writing, replying and mentioning, for every member.
   * Editing or deleting a comment is its author's alone (the server checks the author, not the role).
   */
  comment: ["admin", "editor", "contributor"],
  /** Marking a thread "Résolu" or reopening it: any member, whoever wrote it. */
  resolveComments: ["admin", "editor", "contributor"],
  /** Reading the contact requests ("Demandes") and marking them handled: every team member. */
  handleContactRequests: ["admin", "editor"],
  /** Deleting a custom page for good. */
  deletePage: ["admin"],
  /** Members, roles, passwords. */
  manageTeam: ["admin"],
  /** Menu, footer, addresses and the site's contact details. */
  editSiteStructure: ["admin"],
  /** The site's design settings (colours, type scale, spacing, buttons): they change every page. */
  editDesign: ["admin"],
  /** Creating, downloading and deleting backups, and their schedule. */
  manageBackups: ["admin"],
  /** Replacing the whole site with a backup. */
  restoreBackup: ["admin"],
  /** Reading the activity log ("Journal d'activité") and exporting it. Nobody edits it. */
  readActivityLog: ["admin"],
} as const satisfies Record<string, readonly Role[]>;

export type Permission = keyof typeof PERMISSIONS;

export function can(who: { role: Role } | null | undefined, permission: Permission): boolean {
  return !!who && (PERMISSIONS[permission] as readonly Role[]).includes(who.role);
}

type Who = { role: Role } | null | undefined;
export const canDeletePage = (who: Who) => can(who, "deletePage");
export const canPublishContent = (who: Who) => can(who, "publishContent");
export const canManageTeam = (who: Who) => can(who, "manageTeam");
export const canEditSiteStructure = (who: Who) => can(who, "editSiteStructure");
export const canEditDesign = (who: Who) => can(who, "editDesign");
export const canManageBackups = (who: Who) => can(who, "manageBackups");
export const canRestoreBackup = (who: Who) => can(who, "restoreBackup");
export const canReadActivityLog = (who: Who) => can(who, "readActivityLog");
