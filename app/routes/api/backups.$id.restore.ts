import { requireBackupManager } from "~/lib/auth/permissions.server";
import { restoreSchema } from "~/lib/backup/backup-schemas";
import { startRestore, UnknownBackupError } from "~/lib/backup/jobs.server";
import { BusyError } from "~/lib/backup/lease.server";
import { api, errors, json, readJson } from "~/lib/http/api.server";
import type { Route } from "./+types/backups.$id.restore";

/** POST { confirm: true }: restores a listed backup (202); a second restore while one runs gets 409. */
export function action({ request, params }: Route.ActionArgs) {
  return api(async () => {
    const { member, session } = await requireBackupManager(request, "restoreBackup");
    if (request.method !== "POST") throw errors.method();
    await readJson(request, restoreSchema, 1024);
    try {
      await startRestore(params.id, member.email, session.idHash);
    } catch (e) {
      if (e instanceof UnknownBackupError) throw errors.notFound("Sauvegarde");
      if (e instanceof BusyError) throw errors.conflict(e.message);
      throw e;
    }
    return json({ started: true }, { status: 202 });
  });
}
