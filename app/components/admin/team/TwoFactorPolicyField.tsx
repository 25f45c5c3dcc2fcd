import type { TwoFactorPolicy } from "~/lib/db/schema";

const LABELS: Record<TwoFactorPolicy, string> = {
  none: "Facultative",
  admins: "Obligatoire pour les administrateurs",
  everyone: "Obligatoire pour tous les membres",
};

/** The site's two-factor policy (decision 045): a member it covers enrols right after their password. */
export function TwoFactorPolicyField({ policy, onChange }: { policy: TwoFactorPolicy; onChange: (p: TwoFactorPolicy) => void }) {
  return (
    <div className="mt-6 rounded-xl border border-neutral-200 bg-white p-5">
      <label className="text-sm font-semibold">
        Double authentification
        <select
          value={policy}
          onChange={(e) => onChange(e.target.value as TwoFactorPolicy)}
          className="mt-1 block w-full rounded-lg border border-neutral-300 px-3 py-2 md:w-auto"
          data-testid="two-factor-policy"
        >
          {(Object.keys(LABELS) as TwoFactorPolicy[]).map((p) => (
            <option key={p} value={p}>
              {LABELS[p]}
            </option>
          ))}
        </select>
      </label>
      <p className="mt-2 text-sm text-neutral-600">
        Un membre concerné sans double authentification l'active juste après son mot de passe et n'entre pas dans l'espace équipe avant. Ses sessions ouvertes
        sont fermées.
      </p>
    </div>
  );
}
