import { useId, useState, type FormEvent } from "react";
import { Dialog } from "~/components/kit/Dialog";
import type { SecondFactorProofBody } from "~/lib/api/two-factor";
import { passkeyErrorMessage, signConfirmation } from "./passkey-browser";

/**
 * Asks for a current second factor before the member turns theirs off or renews the recovery codes
 * (decision 047): a passkey, the app's code, or a recovery code. `act` receives the proof and does the
 * change; its refusal (wrong code, throttle) is shown here and the dialog stays.
 */
export function ProveDialog({
  title,
  intro,
  actionLabel,
  hasApp,
  hasPasskey,
  tone,
  act,
  onClose,
}: {
  title: string;
  intro: string;
  actionLabel: string;
  hasApp: boolean;
  hasPasskey: boolean;
  tone: "danger" | "neutral";
  act: (proof: SecondFactorProofBody) => Promise<void>;
  onClose: () => void;
}) {
  const [method, setMethod] = useState<"totp" | "recovery">(hasApp ? "totp" : "recovery");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const formId = useId();
  const inputId = useId();

  async function run(proof: () => Promise<SecondFactorProofBody>) {
    setBusy(true);
    setError(null);
    try {
      await act(await proof());
    } catch (e) {
      setError(passkeyErrorMessage(e));
      setBusy(false);
    }
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const code = String(new FormData(event.currentTarget).get("code") ?? "");
    void run(async () => ({ method, code }));
  }

  return (
    <Dialog
      title={title}
      onClose={onClose}
      testId="prove-dialog"
      footer={(close) => (
        <>
          <button type="button" className="rounded-full px-4 py-2 hover:bg-neutral-100" onClick={close}>
            Annuler
          </button>
          <button
            type="submit"
            form={formId}
            disabled={busy}
            className={`rounded-full px-4 py-2 font-semibold text-white disabled:opacity-50 ${tone === "danger" ? "bg-red-700" : "bg-ink"}`}
            data-action="prove"
          >
            {actionLabel}
          </button>
        </>
      )}
    >
      <p className="text-sm text-neutral-700">{intro}</p>
      {hasPasskey ? (
        <button
          type="button"
          disabled={busy}
          onClick={() => void run(signConfirmation)}
          className="mt-4 w-full rounded-full border border-neutral-300 px-4 py-2.5 font-semibold hover:bg-neutral-50 disabled:opacity-60"
          data-testid="prove-passkey"
        >
          {`Confirmer avec une clé d'accès`}
        </button>
      ) : null}
      {hasPasskey ? <p className="mt-3 text-center text-xs uppercase tracking-wide text-neutral-600">ou</p> : null}
      <form id={formId} onSubmit={onSubmit} aria-busy={busy} className="mt-4">
        <label htmlFor={inputId} className="block text-sm font-semibold">
          {method === "totp" ? "Code de l'application d'authentification" : "Code de secours"}
        </label>
        <input
          key={method}
          id={inputId}
          name="code"
          required
          inputMode={method === "totp" ? "numeric" : "text"}
          autoComplete="one-time-code"
          className="mt-1 w-full rounded-lg border border-neutral-300 px-3 py-2.5 font-mono tracking-widest"
        />
        {hasApp ? (
          <button
            type="button"
            className="mt-2 text-sm text-neutral-700 underline"
            onClick={() => {
              setMethod(method === "totp" ? "recovery" : "totp");
              setError(null);
            }}
            data-testid="prove-switch"
          >
            {method === "totp" ? "Utiliser un code de secours" : "Utiliser l'application d'authentification"}
          </button>
        ) : null}
      </form>
      {error ? (
        <p role="alert" className="mt-3 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800" data-testid="prove-error">
          {error}
        </p>
      ) : null}
    </Dialog>
  );
}
