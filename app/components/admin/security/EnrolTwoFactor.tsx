import { useEffect, useState, type FormEvent } from "react";
import type { EnrolmentAnswer } from "~/lib/api/two-factor";
import { RecoveryCodes } from "./RecoveryCodes";

const errorText = (e: unknown) => (e instanceof Error && e.message ? e.message : "Erreur inattendue");

/**
 * The enrolment, shared by "Sécurité du compte" and the sign-in that the policy stops (decision 045): the
 * server's secret as a QR code and in text, a first code to confirm it, then the recovery codes once.
 */
export function EnrolTwoFactor({
  start,
  confirmCode,
  onDone,
  doneLabel,
}: {
  start: () => Promise<EnrolmentAnswer>;
  confirmCode: (code: string) => Promise<string[]>;
  onDone: () => void;
  doneLabel: string;
}) {
  const [enrolment, setEnrolment] = useState<EnrolmentAnswer | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    start().then(
      (e) => live && setEnrolment(e),
      (e) => live && setError(errorText(e)),
    );
    return () => {
      live = false;
    };
    // Started once per mount: a new secret each time would void the QR code being scanned.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const code = String(new FormData(event.currentTarget).get("code") ?? "");
    setBusy(true);
    setError(null);
    try {
      setCodes(await confirmCode(code));
    } catch (e) {
      setError(errorText(e));
    } finally {
      setBusy(false);
    }
  }

  if (codes) return <RecoveryCodes codes={codes} onDone={onDone} doneLabel={doneLabel} />;
  return (
    <form onSubmit={onSubmit} data-testid="enrol-form" aria-busy={busy}>
      <p className="text-sm text-neutral-700">
        Scannez ce code avec votre application d'authentification (Google Authenticator, Microsoft Authenticator, 1Password…), puis saisissez le code à 6
        chiffres qu'elle affiche.
      </p>
      {enrolment ? (
        <>
          <img src={enrolment.qr} alt="QR code à scanner avec l'application d'authentification" className="mx-auto mt-4 h-48 w-48" data-testid="enrol-qr" />
          <p className="mt-2 text-center text-xs text-neutral-600">
            {`Ou saisissez cette clé\u202f:`}{" "}
            <code className="break-all font-mono text-sm text-ink" data-testid="enrol-secret">
              {enrolment.secret}
            </code>
          </p>
        </>
      ) : error ? null : (
        <p className="mt-4">Préparation…</p>
      )}
      <label className="mt-4 block text-sm font-semibold" htmlFor="enrol-code">
        Code de l'application d'authentification
      </label>
      <input
        id="enrol-code"
        name="code"
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern="[0-9 ]{6,7}"
        required
        className="mt-1 w-full rounded-lg border border-neutral-300 px-3 py-2.5 font-mono tracking-widest"
      />
      {error ? (
        <p role="alert" className="mt-3 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800" data-testid="enrol-error">
          {error}
        </p>
      ) : null}
      <button
        type="submit"
        disabled={busy || !enrolment}
        className="mt-4 w-full rounded-full bg-brand-yellow px-5 py-2.5 font-bold text-ink disabled:opacity-60"
      >
        Activer
      </button>
    </form>
  );
}
