import { useEffect, useState, type FormEvent } from "react";
import { ROLE_LABELS as ROLE_LABEL } from "~/lib/auth/roles";
import { formatDateTime } from "~/lib/admin/site-zone";
import { useOutletContext } from "react-router";
import type { AdminUser } from "~/lib/api/team";
import { ConfirmDialog } from "~/components/kit/ConfirmDialog";
import { SelectField, TextField } from "~/components/kit/fields";
import { useConfirm } from "~/components/kit/useConfirm";
import { ListMessages } from "~/components/kit/ListMessages";
import { useAdminList } from "~/lib/admin/use-admin-list";
import { teamApi } from "~/lib/api/client";
import { canManageTeam } from "~/lib/auth/can";
import { addMemberSchema, PASSWORD_MIN } from "~/lib/auth/team-schemas";
import { checkWith } from "~/lib/http/json-body";
import type { TeamMember } from "~/lib/api/team";
import type { TwoFactorTeamAnswer } from "~/lib/api/two-factor";
import { TwoFactorPolicyField } from "./TwoFactorPolicyField";

type Member = TeamMember;

const ROLE_OPTIONS = [
  ["editor", ROLE_LABEL.editor],
  ["contributor", `${ROLE_LABEL.contributor} (rédige, ne publie pas)`],
  ["admin", ROLE_LABEL.admin],
] as const;
const fmt = (iso: string | null) => (iso ? formatDateTime(iso) : "Jamais");

/** Admin-only: list the team, add a member, change a role, reset a password, remove a member. */
export function TeamScreen() {
  const me = useOutletContext<AdminUser>();
  const { data: members, error, notice, run } = useAdminList(async () => (await teamApi.list()).members);
  const removal = useConfirm<Member>();
  const roleChange = useConfirm<{ member: Member; role: Member["role"] }>();
  const [twoFactor, setTwoFactor] = useState<TwoFactorTeamAnswer | null>(null);
  const [resetting, setResetting] = useState<Member | null>(null);
  // Read again after every action of the list (`notice` changes), so a reset shows at once.
  useEffect(() => {
    if (canManageTeam(me)) teamApi.twoFactor().then(setTwoFactor, () => setTwoFactor(null));
  }, [me, notice]);

  async function add(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const formEl = event.currentTarget;
    const form = new FormData(formEl);
    const password = String(form.get("password") ?? "");
    await run(async () => {
      // The server's own schema: the form says what the server would refuse, in the same words.
      const input = checkWith(addMemberSchema, {
        email: String(form.get("email") ?? ""),
        role: String(form.get("role") ?? "editor"),
        ...(password ? { password } : {}),
      });
      if (!input.ok) throw new Error(input.refusal.message);
      const r = await teamApi.add(input.data);
      formEl.reset();
      return r.password ? `${r.member.email} ajouté. Mot de passe à transmettre : ${r.password}` : `${r.member.email} ajouté.`;
    });
  }

  if (!canManageTeam(me)) {
    return (
      <section>
        <h1 className="text-3xl font-extrabold">Équipe</h1>
        <p className="mt-4" role="alert">
          Action réservée aux administrateurs.
        </p>
      </section>
    );
  }

  return (
    <section data-testid="team-page">
      <h1 className="text-3xl font-extrabold">Équipe</h1>
      <ListMessages error={error} notice={notice} noticeTestId="team-notice" />
      {twoFactor ? (
        <TwoFactorPolicyField
          policy={twoFactor.policy}
          onChange={(policy) =>
            run(async () => {
              setTwoFactor(await teamApi.setTwoFactorPolicy(policy));
              return "Règle de double authentification enregistrée.";
            })
          }
        />
      ) : null}

      <form onSubmit={add} className="mt-6 grid gap-3 rounded-xl border border-neutral-200 bg-white p-5 md:grid-cols-[2fr_1fr_2fr_auto] md:items-end">
        <TextField look="page" label="E-mail" name="email" type="email" required />
        <SelectField look="page" label="Rôle" name="role" defaultValue="editor" options={ROLE_OPTIONS} />
        <TextField
          look="page"
          label="Mot de passe (facultatif, 12 caractères min.)"
          name="password"
          type="password"
          minLength={PASSWORD_MIN}
          autoComplete="new-password"
        />
        <button type="submit" className="rounded-full bg-brand-yellow px-5 py-2.5 font-bold text-ink">
          Ajouter
        </button>
      </form>

      {members === null ? (
        <p className="mt-6">Chargement…</p>
      ) : (
        <div className="mt-6 rounded-xl border-neutral-200 md:overflow-x-auto md:border md:bg-white">
          {/* Below md each member is a card (block table parts), so a phone never scrolls sideways. */}
          <table className="w-full text-left text-sm max-md:block">
            <thead className="bg-neutral-50 text-neutral-600 max-md:sr-only">
              <tr>
                <th className="px-4 py-3">E-mail</th>
                <th className="px-4 py-3">Rôle</th>
                <th className="px-4 py-3">Ajouté le</th>
                <th className="px-4 py-3">Dernière connexion</th>
                <th className="px-4 py-3">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody className="max-md:grid max-md:gap-3">
              {members.map((m) => (
                <tr
                  key={m.id}
                  className="max-md:block max-md:rounded-xl max-md:border max-md:border-neutral-200 max-md:bg-white max-md:py-2 md:border-t md:border-neutral-100"
                  data-testid="team-row"
                >
                  <td className="px-4 py-3 font-medium break-all max-md:block max-md:py-1">{m.email}</td>
                  <td className="px-4 py-3 max-md:block max-md:py-1">
                    {m.id === me.id ? (
                      // Your own role is never changed from your own row: another admin does it, so the team
                      // cannot lose its last admin by a slip of the finger.
                      <span data-testid="own-role">{ROLE_LABEL[m.role]} (vous)</span>
                    ) : (
                      <SelectField
                        look="page"
                        hideLabel
                        label={`Rôle de ${m.email}`}
                        value={m.role}
                        options={ROLE_OPTIONS}
                        onChange={(role) => roleChange.ask({ member: m, role: role as Member["role"] })}
                      />
                    )}
                  </td>
                  <td className="px-4 py-3 max-md:block max-md:py-1">
                    <span className="text-neutral-500 md:hidden">Ajouté le : </span>
                    {fmt(m.created_at)}
                  </td>
                  <td className="px-4 py-3 max-md:block max-md:py-1">
                    <span className="text-neutral-500 md:hidden">Dernière connexion : </span>
                    {fmt(m.last_login)}
                  </td>
                  <td className="flex flex-wrap gap-2 px-4 py-3 max-md:py-2">
                    <button
                      type="button"
                      className="rounded border border-neutral-300 px-3 py-1 hover:bg-neutral-50"
                      onClick={() =>
                        run(async () => {
                          const r = await teamApi.resetPassword(m.id);
                          return `Nouveau mot de passe de ${m.email} : ${r.password}`;
                        })
                      }
                    >
                      Réinitialiser le mot de passe
                    </button>
                    {twoFactor?.enrolled.includes(m.id) ? (
                      <button
                        type="button"
                        className="rounded border border-neutral-300 px-3 py-1 hover:bg-neutral-50"
                        onClick={() => setResetting(m)}
                        data-testid="two-factor-reset"
                      >
                        Réinitialiser la double authentification
                      </button>
                    ) : null}
                    {m.id !== me.id ? (
                      <button type="button" className="rounded border border-red-300 px-3 py-1 text-red-700 hover:bg-red-50" onClick={() => removal.ask(m)}>
                        Retirer
                      </button>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

      {roleChange.subject ? (
        <ConfirmDialog
          title="Confirmer le changement de rôle"
          confirmLabel="Confirmer"
          tone="neutral"
          testId="role-confirm"
          {...roleChange.handlers(({ member, role }) =>
            run(async () => {
              await teamApi.changeRole(member.id, role);
              return `Rôle de ${member.email} : ${ROLE_LABEL[role]}.`;
            }),
          )}
        >
          <p className="mt-2">
            {roleChange.subject.member.email} devient {ROLE_LABEL[roleChange.subject.role].toLowerCase()}. Ses sessions seront fermées immédiatement.
          </p>
        </ConfirmDialog>
      ) : null}

      {resetting ? (
        <ConfirmDialog
          title="Réinitialiser la double authentification"
          confirmLabel="Réinitialiser"
          testId="two-factor-reset-confirm"
          onCancel={() => setResetting(null)}
          onConfirm={() => {
            const m = resetting;
            setResetting(null);
            void run(async () => {
              await teamApi.resetTwoFactor(m.id);
              return `Double authentification de ${m.email} réinitialisée.`;
            });
          }}
        >
          <p className="mt-2">
            {resetting.email}
            {` a perdu son appareil\u202f? Son application et ses codes de secours ne fonctionneront plus\u202f; il l'activera de nouveau à sa prochaine connexion si la règle l'exige.`}
          </p>
        </ConfirmDialog>
      ) : null}

      {removal.subject ? (
        <ConfirmDialog
          title="Confirmer le retrait"
          confirmLabel="Retirer"
          {...removal.handlers((m) =>
            run(async () => {
              await teamApi.remove(m.id);
              return `${m.email} a été retiré de l'équipe.`;
            }),
          )}
        >
          <p className="mt-2">Retirer {removal.subject.email} de l'équipe ? Ses sessions seront fermées immédiatement.</p>
        </ConfirmDialog>
      ) : null}
    </section>
  );
}
