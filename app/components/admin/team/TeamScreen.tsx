import { useState, type FormEvent } from "react";
import { useOutletContext } from "react-router";
import type { AdminUser } from "~/lib/api/team";
import { ConfirmDialog } from "~/components/kit/ConfirmDialog";
import { ListMessages } from "~/components/kit/ListMessages";
import { useAdminList } from "~/lib/admin/use-admin-list";
import { teamApi } from "~/lib/api/client";
import { canManageTeam } from "~/lib/auth/can";
import { addMemberSchema, PASSWORD_MIN } from "~/lib/auth/team-schemas";
import { checkWith } from "~/lib/http/json-body";
import type { TeamMember } from "~/lib/api/team";

type Member = TeamMember;

const ROLE_LABEL = { admin: "Administrateur", editor: "Éditeur" } as const;
const fmt = (iso: string | null) => (iso ? new Intl.DateTimeFormat("fr-FR", { dateStyle: "medium", timeStyle: "short" }).format(new Date(iso)) : "Jamais");

/** Admin-only: list the team, add a member, change a role, reset a password, remove a member. */
export function TeamScreen() {
  const me = useOutletContext<AdminUser>();
  const { data: members, error, notice, run } = useAdminList(async () => (await teamApi.list()).members);
  const [confirming, setConfirming] = useState<Member | null>(null);
  const [roleChange, setRoleChange] = useState<{ member: Member; role: Member["role"] } | null>(null);

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
      return r.password ? `${r.member.email} ajouté. Mot de passe à transmettre : ${r.password}` : `${r.member.email} ajouté.`;
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

      <form onSubmit={add} className="mt-6 grid gap-3 rounded-xl border border-neutral-200 bg-white p-5 md:grid-cols-[2fr_1fr_2fr_auto] md:items-end">
        <label className="text-sm font-semibold">
          E-mail
          <input name="email" type="email" required className="mt-1 w-full rounded-lg border border-neutral-300 px-3 py-2" />
        </label>
        <label className="text-sm font-semibold">
          Rôle
          <select name="role" defaultValue="editor" className="mt-1 w-full rounded-lg border border-neutral-300 px-3 py-2">
            <option value="editor">Éditeur</option>
            <option value="admin">Administrateur</option>
          </select>
        </label>
        <label className="text-sm font-semibold">
          Mot de passe (facultatif, 12 caractères min.)
          <input
            name="password"
            type="password"
            minLength={PASSWORD_MIN}
            autoComplete="new-password"
            className="mt-1 w-full rounded-lg border border-neutral-300 px-3 py-2"
          />
        </label>
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
                      <select
                        aria-label={`Rôle de ${m.email}`}
                        value={m.role}
                        onChange={(e) => setRoleChange({ member: m, role: e.target.value as Member["role"] })}
                        className="rounded border border-neutral-300 px-2 py-1"
                      >
                        <option value="editor">Éditeur</option>
                        <option value="admin">Administrateur</option>
                      </select>
                    )}
                  </td>
                  <td className="px-4 py-3 max-md:block max-md:py-1">
                    <span className="text-neutral-500 md:hidden">Ajouté le : </span>
                    {fmt(m.created_at)}
                  </td>
                  <td className="px-4 py-3 max-md:block max-md:py-1">
                    <span className="text-neutral-500 md:hidden">Dernière connexion : </span>
                    {fmt(m.last_login)}
                  </td>
                  <td className="flex flex-wrap gap-2 px-4 py-3 max-md:py-2">
                    <button
                      type="button"
                      className="rounded border border-neutral-300 px-3 py-1 hover:bg-neutral-50"
                      onClick={() =>
                        run(async () => {
                          const r = await teamApi.resetPassword(m.id);
                          return `Nouveau mot de passe de ${m.email} : ${r.password}`;
                        })
                      }
                    >
                      Réinitialiser le mot de passe
                    </button>
                    {m.id !== me.id ? (
                      <button type="button" className="rounded border border-red-300 px-3 py-1 text-red-700 hover:bg-red-50" onClick={() => setConfirming(m)}>
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

      {roleChange ? (
        <ConfirmDialog
          title="Confirmer le changement de rôle"
          confirmLabel="Confirmer"
          tone="neutral"
          testId="role-confirm"
          onCancel={() => setRoleChange(null)}
          onConfirm={() => {
            const { member, role } = roleChange;
            setRoleChange(null);
            void run(async () => {
              await teamApi.changeRole(member.id, role);
              return `Rôle de ${member.email} : ${ROLE_LABEL[role]}.`;
            });
          }}
        >
          <p className="mt-2">
            {roleChange.member.email} devient {ROLE_LABEL[roleChange.role].toLowerCase()}. Ses sessions seront fermées immédiatement.
          </p>
        </ConfirmDialog>
      ) : null}

      {confirming ? (
        <ConfirmDialog
          title="Confirmer le retrait"
          confirmLabel="Retirer"
          onCancel={() => setConfirming(null)}
          onConfirm={() => {
            const m = confirming;
            setConfirming(null);
            void run(async () => {
              await teamApi.remove(m.id);
              return `${m.email} a été retiré de l'équipe.`;
            });
          }}
        >
          <p className="mt-2">Retirer {confirming.email} de l'équipe ? Ses sessions seront fermées immédiatement.</p>
        </ConfirmDialog>
      ) : null}
    </section>
  );
}
