import type { Role } from "~/lib/db/schema";

/** The team API as both sides see it (server handlers answer these shapes; the back-office reads them). */
export interface TeamMember {
  id: string;
  email: string;
  role: Role;
  created_at: string;
  last_login: string | null;
}

/** The signed-in member as the back-office keeps it (admin bar, guards, forms). */
export type AdminUser = Pick<TeamMember, "id" | "email" | "role">;

export interface SessionAnswer {
  user: TeamMember;
  /** The site's time zone (SITE_TIMEZONE): every date the back-office shows is in it. */
  timeZone?: string;
}
export interface MembersAnswer {
  members: TeamMember[];
}
/** A new member; `password` only when the server generated it (shown once). */
export interface CreatedMemberAnswer {
  member: TeamMember;
  password?: string;
}
export interface MemberAnswer {
  member: TeamMember;
}
export interface PasswordResetAnswer {
  ok: true;
  password?: string;
}
