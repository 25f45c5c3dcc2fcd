import { BACKUPS_FOR_ADMINS } from "~/lib/backup/backup-schemas";
import { ApiError, errors } from "~/lib/http/api.server";
import { can, type Permission } from "./can";
import { findSession, readSessionToken, type SessionRow } from "./session.server";
import { findTeamMember, type TeamMember } from "./team.server";

/**
 * Named authorization checks. Every back-office handler calls one of these before it reads or writes;
 * the browser's route guard is only a convenience.
 */
export interface Signed {
  member: TeamMember;
  session: SessionRow;
}

/** A live session whose account has a team record; else 401 (no session) or 403 (not in the team). */
export async function requireTeamMember(request: Request): Promise<Signed> {
  const token = readSessionToken(request);
  if (!token) throw errors.unauthenticated();
  const session = await findSession(token);
  if (!session) throw errors.unauthenticated();
  const member = await findTeamMember(session.email);
  if (!member) throw errors.notTeam();
  return { member, session };
}

/**
 * Refusals that explain themselves: backups (create, list, download, restore, delete, schedule) are the
 * admin role's because an archive holds every account, message and media file of the site, and a restore
 * replaces them all; the Sauvegardes page shows the same sentence. Other permissions: the generic refusal.
 */
const FORBIDDEN_MESSAGE: Partial<Record<Permission, string>> = {
  manageBackups: BACKUPS_FOR_ADMINS,
  restoreBackup: BACKUPS_FOR_ADMINS,
  readActivityLog: "Le journal d'activité est réservé aux administrateurs.",
  publishContent: "Un contributeur ne publie pas : demandez une relecture à un éditeur ou à un administrateur.",
};

/** A team member whose role has `permission` (the table in can.ts); else 401, or 403 with the reason. */
export async function requirePermission(request: Request, permission: Permission): Promise<Signed> {
  const signed = await requireTeamMember(request);
  assertMay(signed, permission);
  return signed;
}

/**
 * The same 403 for a route whose actions need different permissions under one method (an article's
 * publish and its "Marquer comme à jour" share POST …/:action).
 */
export function assertMay(signed: Signed, permission: Permission): void {
  if (can(signed.member, permission)) return;
  const message = FORBIDDEN_MESSAGE[permission];
  throw message ? new ApiError(403, "forbidden", message) : errors.forbidden();
}

/** For pages that merely show more to team members (the admin bar): never throws. */
export async function optionalTeamMember(request: Request): Promise<TeamMember | null> {
  try {
    return (await requireTeamMember(request)).member;
  } catch {
    return null;
  }
}
