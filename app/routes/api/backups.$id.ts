import { z } from "zod";
import { requireBackupManager } from "~/lib/auth/permissions.server";
import { deleteBackup } from "~/lib/backup/store.server";
import { backupContext } from "~/lib/backup/jobs.server";
import { api, errors, json, readJson } from "~/lib/http/api.server";
import type { Route } from "./+types/backups.$id";

/** DELETE: removes a backup (archive and summary). A body, if any, must be an empty JSON object. */
export function action({ request, params }: Route.ActionArgs) {
  return api(async () => {
    await requireBackupManager(request);
    if (request.method !== "DELETE") throw errors.method();
    if (request.headers.get("content-length") || request.headers.get("transfer-encoding")) await readJson(request, z.object({}).strict(), 1024);
    if (!(await deleteBackup(backupContext().env.backupDir, params.id))) throw errors.notFound("Sauvegarde");
    return json({ ok: true });
  });
}
