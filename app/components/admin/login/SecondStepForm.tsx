import { LoginError, LoginSubmit } from "./form-parts";
import { useState, type FormEvent } from "react";
import { authApi } from "~/lib/api/client";
import type { SecondFactorMethod } from "~/lib/api/two-factor";
import { passkeyErrorMessage, signStep } from "~/components/admin/security/passkey-browser";
import { loginErrorMessage } from "./login-error";

/**
 * The sign-in's second step (decisions 045 and 047): the authenticator's code, a passkey, or one recovery
 * code. `methods` are the member's factors; a recovery code is always offered.
 */
export function SecondStepForm({ methods, onSignedIn }: { methods: SecondFactorMethod[]; onSignedIn: () => void }) {
  const hasApp = methods.includes("totp");
  const hasPasskey = methods.includes("passkey");
  // null: a member with passkeys only sees the passkey button, and the recovery code on demand.
  const [method, setMethod] = useState<"totp" | "recovery" | null>(hasApp ? "totp" : null);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!method) return;
    const code = String(new FormData(event.currentTarget).get("code") ?? "");
    setLoading(true);
    setError(null);
    try {
      await authApi.secondStep({ method, code });
      onSignedIn();
    } catch (e) {
      setError(loginErrorMessage(e));
      setLoading(false);
    }
  }

  async function signWithPasskey() {
    setLoading(true);
    setError(null);
    try {
      await authApi.secondStep(await signStep());
      onSignedIn();
    } catch (e) {
      setError(passkeyErrorMessage(e));
      setLoading(false);
    }
  }

  const link = "mt-3 block w-full text-center text-sm text-neutral-700 underline";
  return (
    <form onSubmit={onSubmit} aria-busy={loading} data-testid="second-step-form">
      {hasPasskey ? (
        <button
          type="button"
          onClick={signWithPasskey}
          disabled={loading}
          className={`w-full rounded-full px-5 py-3 font-bold disabled:opacity-60 ${method ? "border border-neutral-300 text-ink hover:bg-neutral-50" : "bg-brand-yellow text-ink hover:brightness-95"}`}
          data-testid="second-step-passkey"
        >
          Utiliser une clé d'accès
        </button>
      ) : null}
      {method ? (
        <>
          {hasPasskey ? <p className="my-4 text-center text-xs uppercase tracking-wide text-neutral-600">ou</p> : null}
          <label className="block text-sm font-semibold" htmlFor="second-step-code">
            {method === "totp" ? "Code de l'application d'authentification" : "Code de secours"}
          </label>
          <input
            key={method}
            id="second-step-code"
            name="code"
            autoFocus={!hasPasskey}
            required
            inputMode={method === "totp" ? "numeric" : "text"}
            autoComplete="one-time-code"
            className="mt-1 w-full rounded-lg border border-neutral-300 px-3 py-2.5 font-mono tracking-widest focus:border-ink focus:outline-none focus:ring-2 focus:ring-brand-yellow"
          />
          <LoginError error={error} />
          <LoginSubmit loading={loading} label="Valider" busyLabel="Vérification…" />
        </>
      ) : (
        <LoginError error={error} />
      )}
      <button
        type="button"
        onClick={() => {
          setMethod(method === "recovery" ? (hasApp ? "totp" : null) : "recovery");
          setError(null);
        }}
        className={link}
        data-testid="second-step-switch"
      >
        {method === "recovery" ? (hasApp ? "Utiliser l'application d'authentification" : "Revenir à la clé d'accès") : "Utiliser un code de secours"}
      </button>
    </form>
  );
}
