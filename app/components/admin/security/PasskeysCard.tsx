import { useState, type FormEvent } from "react";
import { ConfirmDialog } from "~/components/kit/ConfirmDialog";
import { formatDateTime } from "~/lib/admin/site-zone";
import { accountApi } from "~/lib/api/client";
import type { PasskeySummary } from "~/lib/api/two-factor";
import { createPasskey, passkeyErrorMessage } from "./passkey-browser";

/**
 * "Clés d'accès" (decision 047): the member's passkeys, each named, renamed in place or removed after a
 * confirmation; a new one is made on this device (fingerprint, face, PIN or a security key) under the
 * name typed. `onRecoveryCodes` receives the ten codes made with the account's first second factor.
 */
export function PasskeysCard({
  passkeys,
  onChanged,
  onRecoveryCodes,
  onNotice,
}: {
  passkeys: PasskeySummary[];
  onChanged: () => void;
  onRecoveryCodes: (codes: string[]) => void;
  onNotice: (text: string) => void;
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [removing, setRemoving] = useState<PasskeySummary | null>(null);
  const [renaming, setRenaming] = useState<string | null>(null);

  async function onAdd(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const name = String(new FormData(form).get("name") ?? "").trim();
    setBusy(true);
    setError(null);
    try {
      const added = await createPasskey(name);
      form.reset();
      onNotice(`Clé d'accès «\u202f${added.passkey.name}\u202f» ajoutée.`);
      if (added.recoveryCodes) onRecoveryCodes(added.recoveryCodes);
      onChanged();
    } catch (e) {
      setError(passkeyErrorMessage(e));
    } finally {
      setBusy(false);
    }
  }

  async function onRename(event: FormEvent<HTMLFormElement>, id: string) {
    event.preventDefault();
    const name = String(new FormData(event.currentTarget).get("name") ?? "").trim();
    setError(null);
    try {
      await accountApi.renamePasskey(id, name);
      setRenaming(null);
      onChanged();
    } catch (e) {
      setError(passkeyErrorMessage(e));
    }
  }

  async function remove(key: PasskeySummary) {
    setRemoving(null);
    setError(null);
    try {
      await accountApi.removePasskey(key.id);
      onNotice(`Clé d'accès «\u202f${key.name}\u202f» supprimée.`);
      onChanged();
    } catch (e) {
      setError(passkeyErrorMessage(e));
    }
  }

  return (
    <div className="mt-4 rounded-xl border border-neutral-200 bg-white p-5" data-testid="passkeys">
      <h3 className="text-lg font-bold">{`Clés d'accès`}</h3>
      <p className="mt-1 text-sm text-neutral-700">
        {`Votre empreinte, votre visage, le code de cet appareil ou une clé de sécurité USB confirment la connexion après le mot de passe, sans code à recopier.`}
      </p>
      {passkeys.length === 0 ? (
        <p className="mt-3 text-sm text-neutral-600" data-testid="passkeys-empty">
          Aucune clé d'accès pour l'instant.
        </p>
      ) : (
        <ul className="mt-3 divide-y divide-neutral-200 rounded-lg border border-neutral-200">
          {passkeys.map((k) => (
            <li key={k.id} className="flex flex-wrap items-center gap-x-3 gap-y-2 px-3 py-2.5" data-testid="passkey-row">
              {renaming === k.id ? (
                <form onSubmit={(e) => void onRename(e, k.id)} className="flex min-w-0 flex-1 flex-wrap items-center gap-2">
                  <label className="sr-only" htmlFor={`rename-${k.id}`}>
                    Nouveau nom de la clé
                  </label>
                  <input
                    id={`rename-${k.id}`}
                    name="name"
                    defaultValue={k.name}
                    maxLength={60}
                    required
                    // The field appears because the member asked to rename: it takes the focus at once.
                    autoFocus
                    className="min-w-0 flex-1 rounded-lg border border-neutral-300 px-2 py-1.5"
                  />
                  <button type="submit" className="rounded-full bg-ink px-3 py-1.5 text-sm font-semibold text-white">
                    Enregistrer
                  </button>
                  <button type="button" onClick={() => setRenaming(null)} className="rounded-full px-3 py-1.5 text-sm hover:bg-neutral-100">
                    Annuler
                  </button>
                </form>
              ) : (
                <>
                  {/* On a phone the name and dates take the whole line, the buttons the next one. */}
                  <div className="min-w-0 grow basis-full sm:basis-0">
                    <p className="truncate font-semibold" data-testid="passkey-name">
                      {k.name}
                    </p>
                    <p className="text-xs text-neutral-600">
                      {`Ajoutée le ${formatDateTime(k.createdAt)} · ${k.lastUsedAt ? `dernière utilisation le ${formatDateTime(k.lastUsedAt)}` : "jamais utilisée"}`}
                    </p>
                  </div>
                  <button
                    type="button"
                    onClick={() => setRenaming(k.id)}
                    className="-ml-3 rounded-full px-3 py-1.5 text-sm hover:bg-neutral-100 sm:ml-0"
                    aria-label={`Renommer la clé ${k.name}`}
                  >
                    Renommer
                  </button>
                  <button
                    type="button"
                    onClick={() => setRemoving(k)}
                    className="rounded-full px-3 py-1.5 text-sm text-red-800 hover:bg-red-50"
                    aria-label={`Supprimer la clé ${k.name}`}
                    data-testid="passkey-remove"
                  >
                    Supprimer
                  </button>
                </>
              )}
            </li>
          ))}
        </ul>
      )}
      <form onSubmit={onAdd} className="mt-4 flex flex-wrap items-end gap-3" aria-busy={busy}>
        <div className="min-w-0 flex-1 basis-56">
          <label htmlFor="passkey-name" className="block text-sm font-semibold">
            Nom de la nouvelle clé
          </label>
          <input
            id="passkey-name"
            name="name"
            required
            maxLength={60}
            placeholder="ex. MacBook du bureau"
            className="mt-1 w-full rounded-lg border border-neutral-300 px-3 py-2.5"
          />
        </div>
        <button
          type="submit"
          disabled={busy}
          className="rounded-full bg-brand-yellow px-5 py-2.5 font-bold text-ink disabled:opacity-60"
          data-testid="passkey-add"
        >
          {busy ? "En attente de la clé…" : "Ajouter une clé d'accès"}
        </button>
      </form>
      {error ? (
        <p role="alert" className="mt-3 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800" data-testid="passkey-error">
          {error}
        </p>
      ) : null}
      {removing ? (
        <ConfirmDialog
          title={`Supprimer la clé «\u202f${removing.name}\u202f»\u202f?`}
          confirmLabel="Supprimer"
          onCancel={() => setRemoving(null)}
          onConfirm={() => void remove(removing)}
          testId="passkey-remove-dialog"
        >
          <p>{`Elle ne permettra plus de vous connecter. Vous pourrez en ajouter une autre à tout moment.`}</p>
        </ConfirmDialog>
      ) : null}
    </div>
  );
}
