import { z } from "zod";
import { safeText } from "~/lib/text/safe-text";

/** Bodies of the two-factor endpoints (decision 045); refusals in French. */
export const totpCodeSchema = z
  .string({ error: "le code doit être une chaîne" })
  .transform((v) => v.replace(/\s/g, ""))
  .pipe(z.string().regex(/^\d{6}$/, "le code compte 6 chiffres"));

const recoveryCodeSchema = z
  .string({ error: "le code de secours doit être une chaîne" })
  .max(40, "code de secours trop long")
  .regex(/^[A-Za-z0-9 -]+$/, "un code de secours ne contient que des lettres, des chiffres et des tirets");

/** base64url as WebAuthn's JSON forms carry it (ids, client data, signatures), with a length cap. */
const b64url = (max: number) =>
  z
    .string({ error: "valeur base64url attendue" })
    .max(max, `valeur trop longue (${max} caractères au plus)`)
    .regex(/^[A-Za-z0-9_-]*$/, "valeur base64url attendue");

/** How an authenticator is reached, as WebAuthn names it; a name a later browser adds is dropped, not refused. */
const TRANSPORTS = ["ble", "cable", "hybrid", "internal", "nfc", "smart-card", "usb"] as const;
export type PasskeyTransport = (typeof TRANSPORTS)[number];
const isTransport = (t: unknown): t is PasskeyTransport => TRANSPORTS.some((known) => known === t);
export const knownTransports = (list: unknown): PasskeyTransport[] => (Array.isArray(list) ? list.filter(isTransport) : []);

/** What the browser's navigator.credentials.get() answers, as @simplewebauthn/browser sends it (decision 047). */
export const authenticationResponseSchema = z.object({
  id: b64url(1400).min(1, "identifiant de clé manquant"),
  rawId: b64url(1400).min(1, "identifiant de clé manquant"),
  type: z.literal("public-key", { error: "type attendu : public-key" }),
  response: z.object({
    clientDataJSON: b64url(4096),
    authenticatorData: b64url(4096),
    signature: b64url(2048),
    userHandle: b64url(512).optional(),
  }),
  // Read by no check of ours: accepted in any form, passed on empty.
  clientExtensionResults: z
    .record(z.string().max(64), z.unknown())
    .optional()
    .transform(() => ({})),
  authenticatorAttachment: z.enum(["platform", "cross-platform"]).optional(),
});

/** What navigator.credentials.create() answers; "none" attestation is asked, so the object stays small. */
export const registrationResponseSchema = z.object({
  id: b64url(1400).min(1, "identifiant de clé manquant"),
  rawId: b64url(1400).min(1, "identifiant de clé manquant"),
  type: z.literal("public-key", { error: "type attendu : public-key" }),
  response: z.object({
    clientDataJSON: b64url(4096),
    attestationObject: b64url(16_384),
    authenticatorData: b64url(8192).optional(),
    transports: z.array(z.string().max(20)).max(8).transform(knownTransports).optional(),
    publicKeyAlgorithm: z.number().int().optional(),
    publicKey: b64url(4096).optional(),
  }),
  // Read by no check of ours: accepted in any form, passed on empty.
  clientExtensionResults: z
    .record(z.string().max(64), z.unknown())
    .optional()
    .transform(() => ({})),
  authenticatorAttachment: z.enum(["platform", "cross-platform"]).optional(),
});

/** The name a member gives a passkey ("MacBook", "Clé USB du bureau"). */
export const passkeyNameSchema = safeText(
  z.string({ error: "le nom doit être une chaîne" }).trim().min(1, "donnez un nom à cette clé").max(60, "nom trop long (60 caractères au plus)"),
);

export const addPasskeySchema = z.object({ name: passkeyNameSchema, response: registrationResponseSchema });
export const renamePasskeySchema = z.object({ name: passkeyNameSchema });

/**
 * A second factor shown: an authenticator code, a recovery code or a passkey's signature. The sign-in's
 * second step takes it, and so do the member's own "turn off" and "new recovery codes".
 */
export const secondStepSchema = z.discriminatedUnion(
  "method",
  [
    z.object({ method: z.literal("totp"), code: totpCodeSchema }),
    z.object({ method: z.literal("recovery"), code: recoveryCodeSchema }),
    z.object({ method: z.literal("passkey"), response: authenticationResponseSchema }),
  ],
  { error: "méthode attendue : totp, recovery ou passkey" },
);
export type SecondFactorProof = z.infer<typeof secondStepSchema>;

/** Bodies with a WebAuthn answer in them stay well under this. */
export const PASSKEY_BODY_LIMIT = 32 * 1024;

export const confirmCodeSchema = z.object({ code: totpCodeSchema });

export const twoFactorPolicySchema = z.object({
  policy: z.enum(["none", "admins", "everyone"], { error: "règle attendue : none, admins ou everyone" }),
});
