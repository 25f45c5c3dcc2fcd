import type { AuthenticationResponseJSON } from "@simplewebauthn/browser";
import type { TwoFactorPolicy } from "~/lib/db/schema";
import type { TeamMember } from "./team";

/** Two-factor sign-in as both sides see it (decision 045). */
export type SecondStepKind = "code" | "enrol";

/** What the second step accepts for this member besides a recovery code (decision 047). */
export type SecondFactorMethod = "totp" | "passkey";

/** The password step's answer: a session (`user`), or the step that comes next. */
export type LoginAnswer = { user: TeamMember } | { secondStep: "code"; methods: SecondFactorMethod[] } | { secondStep: "enrol" };

export interface EnrolmentAnswer {
  /** Base32, shown in text beside the QR code for apps that take it typed. */
  secret: string;
  uri: string;
  /** The QR code as an SVG data URL. */
  qr: string;
}

export interface RecoveryCodesAnswer {
  recoveryCodes: string[];
}

/** The forced enrolment's end: the codes, and the session it opened. */
export interface EnrolledSignInAnswer extends RecoveryCodesAnswer {
  user: TeamMember;
}

export interface PasskeySummary {
  id: string;
  /** The member's name for it ("MacBook", "Clé USB"). */
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
}

export interface PasskeysAnswer {
  passkeys: PasskeySummary[];
}

/** A passkey added; the recovery codes when it is the account's first second factor (shown once), else null. */
export interface PasskeyAddedAnswer {
  passkey: PasskeySummary;
  recoveryCodes: string[] | null;
}

export interface PasskeyAnswer {
  passkey: PasskeySummary;
}

export interface TwoFactorStatusAnswer {
  /** An authenticator app or a passkey. */
  enabled: boolean;
  totp: boolean;
  passkeys: PasskeySummary[];
  recoveryCodesLeft: number;
  /** The site's policy asks this member for a second factor. */
  required: boolean;
}

export interface TwoFactorTeamAnswer {
  policy: TwoFactorPolicy;
  /** Team member ids with a second factor. */
  enrolled: string[];
}

/**
 * A second factor shown: at the sign-in's second step, and to confirm turning it off or renewing the
 * recovery codes (decision 047).
 */
export type SecondFactorProofBody = { method: "totp" | "recovery"; code: string } | { method: "passkey"; response: AuthenticationResponseJSON };
