import { LogoMark } from "~/components/public/Logo";
import { LoginError, LoginSubmit } from "./form-parts";
import { useState, type FormEvent } from "react";
import { useNavigate } from "react-router";
import { authApi } from "~/lib/api/client";
import type { SecondFactorMethod } from "~/lib/api/two-factor";
import { EnrolTwoFactor } from "~/components/admin/security/EnrolTwoFactor";
import { loginErrorMessage } from "./login-error";
import { SecondStepForm } from "./SecondStepForm";

/** The sign-in form (seed 000 §8); a post before the script runs is the route's action. */
export function LoginScreen() {
  const navigate = useNavigate();
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [step, setStep] = useState<{ kind: "code"; methods: SecondFactorMethod[] } | { kind: "enrol" } | null>(null);
  const enter = () => navigate("/admin/archimed-pages");

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setLoading(true);
    setError(null);
    try {
      const result = await authApi.login(String(form.get("email") ?? ""), String(form.get("password") ?? ""));
      if (result && "secondStep" in result) {
        setStep(result.secondStep === "code" ? { kind: "code", methods: result.methods } : { kind: "enrol" });
        setLoading(false);
        return;
      }
      if (!result?.user) throw new Error("No user data returned");
      enter();
    } catch (e) {
      setError(loginErrorMessage(e));
      setLoading(false);
    }
  }

  return (
    <main lang="fr" className="flex min-h-screen items-center justify-center bg-neutral-100 px-4 text-ink">
      <div className="w-full max-w-sm rounded-2xl bg-white p-8 shadow-xl">
        <div className="mb-6 flex items-center gap-3">
          <LogoMark />
          <h1 className="text-xl font-extrabold">Espace équipe</h1>
        </div>
        {step?.kind === "code" ? (
          <SecondStepForm methods={step.methods} onSignedIn={enter} />
        ) : step?.kind === "enrol" ? (
          <div data-testid="enrol-step">
            <p className="mb-3 text-sm font-semibold">{`La double authentification est obligatoire pour votre compte\u202f: activez-la pour vous connecter.`}</p>
            <EnrolTwoFactor
              start={authApi.startEnrolStep}
              confirmCode={async (code) => (await authApi.confirmEnrolStep(code)).recoveryCodes}
              doneLabel="Continuer"
              onDone={enter}
            />
          </div>
        ) : (
          <form method="post" onSubmit={onSubmit} aria-busy={loading} data-testid="login-form">
            <PasswordFields error={error} loading={loading} />
          </form>
        )}
        <a href="/" className="mt-4 block text-center text-sm text-neutral-600 underline">
          Retour au site
        </a>
      </div>
    </main>
  );
}

function PasswordFields({ error, loading }: { error: string | null; loading: boolean }) {
  return (
    <>
      <label className="block text-sm font-semibold" htmlFor="email">
        E-mail
      </label>
      <input
        id="email"
        name="email"
        type="email"
        autoComplete="username"
        required
        className="mt-1 w-full rounded-lg border border-neutral-300 px-3 py-2.5 focus:border-ink focus:outline-none focus:ring-2 focus:ring-brand-yellow"
      />
      <label className="mt-4 block text-sm font-semibold" htmlFor="password">
        Mot de passe
      </label>
      <input
        id="password"
        name="password"
        type="password"
        autoComplete="current-password"
        required
        className="mt-1 w-full rounded-lg border border-neutral-300 px-3 py-2.5 focus:border-ink focus:outline-none focus:ring-2 focus:ring-brand-yellow"
      />
      <LoginError error={error} />
      <LoginSubmit loading={loading} label="Se connecter" busyLabel="Connexion…" />
    </>
  );
}
