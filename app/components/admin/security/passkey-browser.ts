import { startAuthentication, startRegistration } from "@simplewebauthn/browser";
import { ApiClientError } from "~/lib/admin/api-client";
import { accountApi, authApi } from "~/lib/api/client";
import type { SecondFactorProofBody } from "~/lib/api/two-factor";

/**
 * The browser's side of passkeys (decision 047): @simplewebauthn/browser turns the server's options into
 * navigator.credentials calls and the answers back into JSON. The browser's own refusals come in English
 * (a DOMException's name): each one a member can meet is said here in French.
 */
export function passkeyErrorMessage(e: unknown): string {
  if (e instanceof ApiClientError) return e.message;
  const name = e instanceof Error ? e.name : "";
  const code = typeof e === "object" && e !== null && "code" in e ? String(e.code) : "";
  if (code === "ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED" || name === "InvalidStateError") return "Cette clé d'accès est déjà enregistrée sur votre compte.";
  if (name === "NotAllowedError" || name === "AbortError") return "Aucune clé d'accès n'a répondu (demande annulée ou délai dépassé). Réessayez.";
  if (name === "SecurityError") return "Ce navigateur refuse les clés d'accès à cette adresse (une adresse HTTPS est nécessaire).";
  if (name === "NotSupportedError" || /not support/i.test(e instanceof Error ? e.message : "")) return "Ce navigateur ne prend pas en charge les clés d'accès.";
  return "La clé d'accès n'a pas pu être utilisée.";
}

/** Creates a passkey on this device and keeps it under `name`. */
export async function createPasskey(name: string) {
  const optionsJSON = await accountApi.passkeyOptions();
  const response = await startRegistration({ optionsJSON });
  return accountApi.addPasskey(name, response);
}

/** A passkey's signature over the sign-in step's challenge. */
export async function signStep(): Promise<SecondFactorProofBody> {
  const optionsJSON = await authApi.passkeyChallenge();
  return { method: "passkey", response: await startAuthentication({ optionsJSON }) };
}

/** A passkey's signature confirming a change to the member's own second factor. */
export async function signConfirmation(): Promise<SecondFactorProofBody> {
  const optionsJSON = await accountApi.confirmChallenge();
  return { method: "passkey", response: await startAuthentication({ optionsJSON }) };
}
