import { useEffect, useState } from "react";
import { accountApi } from "~/lib/api/client";
import type { TwoFactorStatusAnswer } from "~/lib/api/two-factor";
import { EnrolTwoFactor } from "./EnrolTwoFactor";
import { PasskeysCard } from "./PasskeysCard";
import { ProveDialog } from "./ProveDialog";
import { RecoveryCodes } from "./RecoveryCodes";

/**
 * "Sécurité du compte": the signed-in member's own second factor (decisions 045 and 047): the
 * authenticator app, the passkeys, the recovery codes (renewed on demand, shown once) and turning it all
 * off, which the team's rule may forbid.
 */
const card = "mt-4 rounded-xl border border-neutral-200 bg-white p-5";

function statusLine(s: TwoFactorStatusAnswer): string {
  const how =
    s.totp && s.passkeys.length
      ? "un code de votre application d'authentification ou une clé d'accès"
      : s.totp
        ? "un code de votre application d'authentification"
        : "une clé d'accès";
  return `Active\u202f: après le mot de passe, la connexion demande ${how}.`;
}

export function SecurityScreen() {
  const [status, setStatus] = useState<TwoFactorStatusAnswer | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [enrolling, setEnrolling] = useState(false);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [proving, setProving] = useState<"off" | "renew" | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const load = () => accountApi.twoFactor().then(setStatus, (e: unknown) => setError(e instanceof Error ? e.message : "Erreur de chargement"));
  useEffect(() => {
    void load();
  }, []);

  return (
    <section data-testid="security-page" className="max-w-2xl">
      <h1 className="text-3xl font-extrabold">Sécurité du compte</h1>
      <h2 className="mt-6 text-xl font-bold">Double authentification</h2>
      {error ? (
        <p role="alert" className="mt-3 text-red-800">
          {error}
        </p>
      ) : null}
      <p role="status" className="mt-2 text-sm font-semibold text-teal-900" data-testid="security-notice">
        {notice}
      </p>
      {status === null ? (
        error ? null : (
          <p className="mt-3">Chargement…</p>
        )
      ) : (
        <>
          {status.enabled ? (
            <p className="mt-1" data-testid="two-factor-on">
              {statusLine(status)}
            </p>
          ) : (
            <p className="mt-1" data-testid="two-factor-off">
              {status.required
                ? "Obligatoire pour votre compte\u202f: ajoutez une application d'authentification ou une clé d'accès pour continuer à vous connecter."
                : "Inactive\u202f: votre mot de passe suffit à se connecter. Ajoutez une application d'authentification ou une clé d'accès pour qu'un mot de passe volé ne suffise plus."}
            </p>
          )}

          {codes ? (
            <div className={card}>
              <RecoveryCodes
                codes={codes}
                doneLabel="Terminé"
                onDone={() => {
                  setCodes(null);
                  void load();
                }}
              />
            </div>
          ) : null}

          <div className={card} data-testid="app-card">
            <h3 className="text-lg font-bold">{`Application d'authentification`}</h3>
            {enrolling ? (
              <div className="mt-3">
                <EnrolTwoFactor
                  start={accountApi.startTwoFactor}
                  confirmCode={async (code) => (await accountApi.confirmTwoFactor(code)).recoveryCodes}
                  doneLabel="Terminé"
                  onDone={() => {
                    setEnrolling(false);
                    void load();
                  }}
                />
              </div>
            ) : status.totp ? (
              <p className="mt-1 text-sm text-neutral-700">{`Active\u202f: Google Authenticator, Microsoft Authenticator, 1Password… donne un code à 6 chiffres.`}</p>
            ) : (
              <>
                <p className="mt-1 text-sm text-neutral-700">{`Un code à 6 chiffres, renouvelé toutes les 30 secondes dans une application de votre téléphone.`}</p>
                <button
                  type="button"
                  onClick={() => setEnrolling(true)}
                  className="mt-3 rounded-full bg-brand-yellow px-5 py-2.5 font-bold text-ink"
                  data-testid="two-factor-start"
                >
                  Ajouter une application d'authentification
                </button>
              </>
            )}
          </div>

          <PasskeysCard passkeys={status.passkeys} onChanged={() => void load()} onRecoveryCodes={setCodes} onNotice={setNotice} />

          {status.enabled ? (
            <>
              <div className={card} data-testid="recovery-card">
                <h3 className="text-lg font-bold">Codes de secours</h3>
                <p className="mt-1 text-sm text-neutral-700" data-testid="recovery-left">
                  {`Codes restants\u202f: ${status.recoveryCodesLeft} sur 10. Chacun permet une connexion sans votre appareil.`}
                </p>
                <button
                  type="button"
                  onClick={() => setProving("renew")}
                  className="mt-3 rounded-full border border-neutral-300 px-5 py-2 text-sm font-semibold hover:bg-neutral-50"
                  data-testid="recovery-renew"
                >
                  Générer de nouveaux codes
                </button>
              </div>
              <div className={card} data-testid="off-card">
                <h3 className="text-lg font-bold">Désactiver la double authentification</h3>
                {status.required ? (
                  <p className="mt-1 text-sm text-neutral-700" data-testid="off-refused">
                    {`Impossible pour votre compte\u202f: la règle de l'équipe l'exige. Un administrateur peut la réinitialiser si vous avez perdu votre appareil.`}
                  </p>
                ) : (
                  <>
                    <p className="mt-1 text-sm text-neutral-700">{`L'application, les clés d'accès et les codes de secours sont retirés\u202f; le mot de passe suffira de nouveau.`}</p>
                    <button
                      type="button"
                      onClick={() => setProving("off")}
                      className="mt-3 rounded-full border border-red-300 px-5 py-2 text-sm font-semibold text-red-800 hover:bg-red-50"
                      data-testid="two-factor-disable"
                    >
                      Désactiver
                    </button>
                  </>
                )}
              </div>
            </>
          ) : null}

          {proving ? (
            <ProveDialog
              title={proving === "off" ? "Désactiver la double authentification\u202f?" : "Générer de nouveaux codes de secours\u202f?"}
              intro={
                proving === "off"
                  ? "Confirmez avec votre second facteur actuel."
                  : "Les codes actuels ne serviront plus. Confirmez avec votre second facteur actuel."
              }
              actionLabel={proving === "off" ? "Désactiver" : "Générer"}
              tone={proving === "off" ? "danger" : "neutral"}
              hasApp={status.totp}
              hasPasskey={status.passkeys.length > 0}
              onClose={() => setProving(null)}
              act={async (proof) => {
                if (proving === "off") {
                  await accountApi.turnOffTwoFactor(proof);
                  setNotice("Double authentification désactivée.");
                } else {
                  setCodes((await accountApi.renewRecoveryCodes(proof)).recoveryCodes);
                  setNotice(null);
                }
                setProving(null);
                void load();
              }}
            />
          ) : null}
        </>
      )}
    </section>
  );
}
