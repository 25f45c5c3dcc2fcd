// Backups from the shell, for the day the site is down (README): npm run backup -- <command>
//   create                 writes a backup into the backups folder (DATA_DIR/backups)
//   list                   the backups, newest first
//   restore <file.zip>     verifies the whole archive, backs up the current state, then restores (all or nothing)
// The same checks and the same lease as the Sauvegardes page: never two operations at once.
import path from "node:path";
import { ArchiveError } from "~/lib/backup/archive.server";
import { createBackup, type BackupContext } from "~/lib/backup/create.server";
import { BusyError, Lease } from "~/lib/backup/lease.server";
import { recoverInterruptedRestore, restoreArchive, type PausePoint } from "~/lib/backup/restore.server";
import { listBackups } from "~/lib/backup/store.server";
import { openRuntime, shutdown } from "~/lib/boot.server";
import { mediaStorage } from "~/lib/media/storage.server";

function fail(message: string): never {
  console.error(`Erreur : ${message}`);
  process.exit(2);
}

const mb = (n: number) => `${(n / 1048576).toFixed(1)} Mo`;

async function main() {
  const [command, file, ...rest] = process.argv.slice(2);
  if (!["create", "list", "restore"].includes(command ?? "")) fail("usage : npm run backup -- create | list | restore <fichier.zip>");
  const { env, db } = await openRuntime();
  const ctx: BackupContext = { env, db, storage: mediaStorage(env) };
  try {
    const recovered = await recoverInterruptedRestore(ctx);
    if (recovered === "completed") console.log("Une restauration interrompue a été terminée (ses données étaient enregistrées).");
    if (recovered === "discarded") console.log("Une restauration interrompue a été annulée : le site est resté tel qu'avant.");
    switch (command) {
      case "list": {
        const all = await listBackups(env.backupDir);
        if (!all.length) console.log(`Aucune sauvegarde dans ${env.backupDir}`);
        for (const b of all)
          console.log(`${b.id}\t${b.createdAt}\t${mb(b.size)}\t${b.trigger.kind}${b.trigger.by ? ` (${b.trigger.by})` : ""}\tsha256 ${b.sha256}`);
        break;
      }
      case "create": {
        const lease = await Lease.take(db.kysely, "create", "ligne de commande");
        try {
          const meta = await createBackup(ctx, { kind: "command", by: null }, lease);
          await lease.release("done", `Sauvegarde ${meta.id} créée.`);
          console.log(
            `Sauvegarde créée : ${path.join(env.backupDir, `${meta.id}.zip`)} (${mb(meta.size)}, ${meta.counts.rows} lignes, ${meta.counts.media} médias)`,
          );
          console.log(`sha256 ${meta.sha256}`);
        } catch (e) {
          await lease.release("failed", e instanceof Error ? e.message : String(e));
          throw e;
        }
        break;
      }
      case "restore": {
        if (!file) fail("usage : npm run backup -- restore <fichier.zip>");
        const i = rest.indexOf("--pause-at");
        const pauseAt = i >= 0 ? (rest[i + 1] as PausePoint) : undefined;
        const lease = await Lease.take(db.kysely, "restore", "ligne de commande");
        try {
          const { manifest, safety } = await restoreArchive(ctx, { file: path.resolve(file), lease, by: null, pauseAt });
          await lease.release("done", "Restauration terminée.");
          console.log(`Restauration terminée : ${manifest.counts.rows} lignes, ${manifest.counts.media} médias (sauvegarde du ${manifest.createdAt}).`);
          if (safety) console.log(`L'état précédent est gardé dans la sauvegarde ${safety}.`);
        } catch (e) {
          await lease.release("failed", e instanceof Error ? e.message : String(e));
          throw e;
        }
        break;
      }
    }
  } finally {
    await shutdown();
  }
}

main().catch((e: unknown) => {
  if (e instanceof ArchiveError || e instanceof BusyError) fail(e.message);
  if (e instanceof Error && "code" in e && e.code === "ENOENT") fail(`fichier introuvable : ${(e as { path?: string }).path ?? ""}`);
  console.error(e);
  process.exit(1);
});
