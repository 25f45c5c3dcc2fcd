import { backupsApi } from "~/lib/api/client";
import { useEffect, useRef, useState, type ChangeEvent, type FormEvent } from "react";
import { useOutletContext } from "react-router";
import type { AdminUser } from "~/lib/api/team";
import { canManageBackups } from "~/lib/auth/can";
import { ApiClientError, apiSend } from "~/lib/admin/api-client";
import type { BackupsAnswer } from "~/lib/api/backups";
import { BACKUPS_FOR_ADMINS, type BackupMeta } from "~/lib/backup/backup-schemas";
import { ConfirmDialog } from "~/components/kit/ConfirmDialog";
import { CheckField, TextField } from "~/components/kit/fields";
import { ListMessages } from "~/components/kit/ListMessages";
import { useConfirm } from "~/components/kit/useConfirm";

/** Dates in the site's time zone, as the server words its messages (and the schedule's time). */
let siteZone: string | undefined;
const fmtDate = (iso: string) => new Intl.DateTimeFormat("fr-FR", { dateStyle: "medium", timeStyle: "short", timeZone: siteZone }).format(new Date(iso));
function fmtSize(bytes: number) {
  if (bytes < 1024) return `${bytes} o`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1).replace(".", ",")} Ko`;
  if (bytes < 1024 ** 3) return `${(bytes / 1024 ** 2).toFixed(1).replace(".", ",")} Mo`;
  return `${(bytes / 1024 ** 3).toFixed(2).replace(".", ",")} Go`;
}
function origin(b: BackupMeta) {
  switch (b.trigger.kind) {
    case "schedule":
      return "Planification quotidienne";
    case "before-restore":
      return `Automatique avant restauration${b.trigger.by ? ` (${b.trigger.by})` : ""}`;
    case "command":
      return "Ligne de commande";
    case "upload":
      return `Importée${b.trigger.by ? ` par ${b.trigger.by}` : ""}`;
    default:
      return b.trigger.by ?? "Manuelle";
  }
}

/** Names for the tables a visitor of this page knows; the others are counted together. */
const TABLE_LABELS: Record<string, [string, string]> = {
  pages: ["page", "pages"],
  media: ["entrée de la médiathèque", "entrées de la médiathèque"],
  team_members: ["membre de l'équipe", "membres de l'équipe"],
  contact_requests: ["demande de contact", "demandes de contact"],
  page_views: ["vue de page", "vues de page"],
  page_revisions: ["révision", "révisions"],
};
const counted = (n: number, [one, many]: [string, string]) => `${n.toLocaleString("fr-FR")} ${n > 1 ? many : one}`;
function summary(rows: Record<string, number>, media: number) {
  const named = Object.entries(TABLE_LABELS)
    .filter(([t]) => t in rows)
    .map(([t, label]) => counted(rows[t], label));
  const others = Object.entries(rows)
    .filter(([t]) => !(t in TABLE_LABELS))
    .reduce((a, [, n]) => a + n, 0);
  return [
    ...named,
    counted(media, ["fichier envoyé", "fichiers envoyés"]),
    counted(others, ["autre ligne", "autres lignes (réglages, traductions, articles…)"]),
  ].join(", ");
}

const PHASE_DONE = new Set(["done", "failed"]);

/** Admin-only: create, list, download, import, restore and delete backups; the daily schedule. */
export function BackupsScreen() {
  const me = useOutletContext<AdminUser>();
  const [data, setData] = useState<BackupsAnswer | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const restoration = useConfirm<BackupMeta>();
  const deletion = useConfirm<BackupMeta>();
  const [uploading, setUploading] = useState(false);
  const lastFinished = useRef<string | null>(null);
  const running = data?.job?.outcome === "running";

  async function refresh() {
    try {
      const next = await backupsApi.status();
      siteZone = next.timeZone;
      setData(next);
      const job = next.job;
      // An operation that just ended says how it went, once.
      if (job && PHASE_DONE.has(job.outcome) && job.finishedAt && job.finishedAt !== lastFinished.current) {
        if (lastFinished.current !== null) {
          if (job.outcome === "done") setNotice(job.message);
          else setError(job.message);
        }
        lastFinished.current = job.finishedAt;
      } else if (lastFinished.current === null) lastFinished.current = job?.finishedAt ?? "";
    } catch (e) {
      if (e instanceof ApiClientError && e.status === 401) window.location.assign("/admin/login");
      setError(e instanceof Error ? e.message : "Erreur de chargement");
    }
  }
  useEffect(() => {
    if (canManageBackups(me)) void refresh();
  }, [me]);
  useEffect(() => {
    if (!running) return;
    const t = setInterval(() => void refresh(), 700);
    return () => clearInterval(t);
  }, [running]);

  async function run(action: () => Promise<string | null>) {
    setError(null);
    setNotice(null);
    try {
      setNotice(await action());
    } catch (e) {
      setError(e instanceof Error ? e.message : "Erreur inattendue");
    }
    await refresh();
  }

  async function saveSchedule(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    await run(async () => {
      await backupsApi.schedule({ enabled: form.get("enabled") === "on", time: String(form.get("time") ?? ""), keep: Number(form.get("keep") ?? 0) });
      return "Planification enregistrée.";
    });
  }

  async function upload(event: ChangeEvent<HTMLInputElement>) {
    const file = event.currentTarget.files?.[0];
    event.currentTarget.value = "";
    if (!file) return;
    setUploading(true);
    await run(async () => {
      await apiSend(
        () => fetch("/api/backups/upload", { method: "POST", headers: { "Content-Type": "application/zip" }, body: file, credentials: "same-origin" }),
        async () => null,
      );
      return `Archive « ${file.name} » vérifiée et ajoutée à la liste. Vous pouvez maintenant la restaurer.`;
    });
    setUploading(false);
  }

  if (!canManageBackups(me)) {
    return (
      <section data-testid="backups-page">
        <h1 className="text-3xl font-extrabold">Sauvegardes</h1>
        <p className="mt-4 max-w-2xl rounded-lg border border-amber-200 bg-amber-50 p-5 text-amber-950" role="alert" data-testid="backups-forbidden">
          {BACKUPS_FOR_ADMINS}
        </p>
      </section>
    );
  }

  const job = data?.job;
  const pct = job && job.total > 0 ? Math.min(100, Math.round((job.done / job.total) * 100)) : 0;
  return (
    <section data-testid="backups-page">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-3xl font-extrabold">Sauvegardes</h1>
        <div className="flex flex-wrap gap-2">
          <label
            className={`cursor-pointer rounded-full border border-neutral-300 bg-white px-5 py-2.5 font-semibold hover:bg-neutral-50 ${uploading || running ? "pointer-events-none opacity-50" : ""}`}
          >
            {uploading ? "Vérification de l'archive…" : "Importer une archive"}
            <input
              type="file"
              accept=".zip,application/zip"
              className="sr-only"
              onChange={upload}
              disabled={uploading || running}
              data-testid="backup-upload"
            />
          </label>
          <button
            type="button"
            disabled={running || !data}
            className="rounded-full bg-brand-yellow px-5 py-2.5 font-bold text-ink disabled:opacity-50"
            onClick={() =>
              run(async () => {
                await backupsApi.create();
                return null;
              })
            }
          >
            Créer une sauvegarde
          </button>
        </div>
      </div>
      <p className="mt-2 max-w-3xl text-sm text-neutral-600">
        Une sauvegarde contient toutes les données du site (pages, articles, médias, équipe, demandes, statistiques, réglages) dans une seule archive
        vérifiable. Elle peut être restaurée ici ou sur une autre installation, sous SQLite comme sous PostgreSQL.
      </p>

      {running && job ? (
        <div className="mt-4 rounded-xl border border-neutral-200 bg-white p-4" data-testid="backup-progress">
          <p className="font-semibold">
            {job.operation === "restore" ? "Restauration en cours" : "Sauvegarde en cours"} : {job.phase}
            {job.total > 0 ? ` (${pct} %)` : ""}
          </p>
          <div
            role="progressbar"
            aria-label="Progression"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={pct}
            className="mt-2 h-2 overflow-hidden rounded-full bg-neutral-200"
          >
            <div className="h-full bg-brand-teal transition-[width]" style={{ width: `${pct}%` }} />
          </div>
        </div>
      ) : null}
      <ListMessages error={error} notice={notice} errorTestId="backups-error" noticeTestId="backups-notice" />

      {data === null ? (
        <p className="mt-6">Chargement…</p>
      ) : data.backups.length === 0 ? (
        <p className="mt-6 rounded-xl border border-dashed border-neutral-300 bg-white p-6 text-neutral-600" data-testid="backups-empty">
          Aucune sauvegarde pour l'instant.
        </p>
      ) : (
        <div className="mt-6 rounded-xl border-neutral-200 md:overflow-x-auto md:border md:bg-white">
          <table className="w-full text-left text-sm max-md:block">
            <thead className="bg-neutral-50 text-neutral-600 max-md:sr-only">
              <tr>
                <th className="px-4 py-3">Date</th>
                <th className="px-4 py-3">Taille</th>
                <th className="px-4 py-3">Origine</th>
                <th className="px-4 py-3 whitespace-nowrap">Empreinte SHA-256</th>
                <th className="px-4 py-3">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody className="max-md:grid max-md:gap-3">
              {data.backups.map((b) => (
                <tr
                  key={b.id}
                  data-testid="backup-row"
                  className="max-md:block max-md:rounded-xl max-md:border max-md:border-neutral-200 max-md:bg-white max-md:py-2 md:border-t md:border-neutral-100"
                >
                  <td className="px-4 py-3 font-medium whitespace-nowrap max-md:block max-md:py-1">{fmtDate(b.createdAt)}</td>
                  <td className="px-4 py-3 whitespace-nowrap max-md:block max-md:py-1">
                    <span className="text-neutral-500 md:hidden">Taille : </span>
                    {fmtSize(b.size)}
                  </td>
                  <td className="px-4 py-3 break-words max-md:block max-md:py-1">
                    <span className="text-neutral-500 md:hidden">Origine : </span>
                    {origin(b)}
                  </td>
                  <td className="px-4 py-3 max-md:block max-md:py-1">
                    <span className="text-neutral-500 md:hidden">SHA-256 : </span>
                    <code title={b.sha256} className="text-xs">
                      {b.sha256.slice(0, 16)}…
                    </code>
                  </td>
                  <td className="flex flex-wrap gap-2 px-4 py-3 max-md:py-2 md:flex-nowrap">
                    <a
                      href={`/api/backups/${b.id}/download`}
                      download
                      className="rounded border border-neutral-300 px-3 py-1 hover:bg-neutral-50"
                      data-testid="backup-download"
                    >
                      Télécharger
                    </a>
                    <button
                      type="button"
                      disabled={running}
                      className="rounded border border-neutral-300 px-3 py-1 hover:bg-neutral-50 disabled:opacity-50"
                      onClick={() => restoration.ask(b)}
                    >
                      Restaurer
                    </button>
                    <button
                      type="button"
                      disabled={running}
                      className="rounded border border-red-300 px-3 py-1 text-red-700 hover:bg-red-50 disabled:opacity-50"
                      onClick={() => deletion.ask(b)}
                    >
                      Supprimer
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

      {data ? (
        <form
          onSubmit={saveSchedule}
          className="mt-8 grid gap-3 rounded-xl border border-neutral-200 bg-white p-5 md:grid-cols-[auto_1fr_1fr_auto] md:items-end"
          data-testid="backup-schedule"
        >
          <h2 className="text-lg font-bold md:col-span-4">Sauvegarde planifiée</h2>
          <CheckField label="Tous les jours" name="enabled" defaultChecked={data.schedule.enabled} className="font-semibold md:pb-2.5" />
          <TextField look="page" label={`À (${data.timeZone})`} type="time" name="time" required defaultValue={data.schedule.time} />
          <TextField look="page" label="Garder les dernières" type="number" name="keep" min={1} max={365} required defaultValue={data.schedule.keep} />
          <button type="submit" className="rounded-full bg-ink px-5 py-2.5 font-semibold text-white">
            Enregistrer
          </button>
          <p className="text-sm text-neutral-600 md:col-span-4">
            Une seule sauvegarde par jour, même avec plusieurs serveurs. Seules les sauvegardes planifiées sont supprimées au-delà du nombre gardé. Avant chaque
            restauration, une copie du site est faite automatiquement{"\u00a0"}: les {data.safetyCopiesKept} plus récentes sont gardées.
          </p>
        </form>
      ) : null}

      {restoration.subject && data ? (
        <ConfirmDialog
          title={`Restaurer la sauvegarde du ${fmtDate(restoration.subject.createdAt)} ?`}
          confirmLabel="Remplacer le site"
          wide
          testId="restore-confirm"
          {...restoration.handlers((b) =>
            run(async () => {
              await backupsApi.restore(b.id);
              return null;
            }),
          )}
        >
          <p className="mt-3">
            <strong>Tout le contenu actuel du site sera remplacé</strong> : {summary(data.current.rows, data.current.media)}.
          </p>
          <p className="mt-2">Il sera remplacé par celui de la sauvegarde : {summary(restoration.subject.rows, restoration.subject.counts.media)}.</p>
          <p className="mt-2 text-sm text-neutral-600">
            Une sauvegarde automatique de l'état actuel est faite juste avant. Les autres membres de l'équipe devront se reconnecter ; vous restez connecté si
            votre compte administrateur existe dans la sauvegarde.
          </p>
        </ConfirmDialog>
      ) : null}

      {deletion.subject ? (
        <ConfirmDialog
          title="Supprimer cette sauvegarde ?"
          confirmLabel="Supprimer"
          {...deletion.handlers((b) =>
            run(async () => {
              await backupsApi.remove(b.id);
              return `Sauvegarde du ${fmtDate(b.createdAt)} supprimée.`;
            }),
          )}
        >
          <p className="mt-2">
            La sauvegarde du {fmtDate(deletion.subject.createdAt)} ({fmtSize(deletion.subject.size)}) sera supprimée définitivement.
          </p>
        </ConfirmDialog>
      ) : null}
    </section>
  );
}
