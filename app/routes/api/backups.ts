import { requireBackupManager } from "~/lib/auth/permissions.server";
import { createSchema } from "~/lib/backup/backup-schemas";
import { startCreate } from "~/lib/backup/jobs.server";
import { BusyError } from "~/lib/backup/lease.server";
import { backupsStatus } from "~/lib/backup/status.server";
import { api, errors, json, readJson } from "~/lib/http/api.server";
import type { Route } from "./+types/backups";

/** GET: the backups, the running (or last) operation with its progress, the schedule, the current counts. */
export function loader({ request }: Route.LoaderArgs) {
  return api(async () => {
    await requireBackupManager(request);
    return json(await backupsStatus());
  });
}

/** POST: starts a backup (202); its progress is read with GET. */
export function action({ request }: Route.ActionArgs) {
  return api(async () => {
    const { member } = await requireBackupManager(request);
    if (request.method !== "POST") throw errors.method();
    await readJson(request, createSchema, 1024);
    try {
      await startCreate({ kind: "manual", by: member.email });
    } catch (e) {
      if (e instanceof BusyError) throw errors.conflict(e.message);
      throw e;
    }
    return json({ started: true }, { status: 202 });
  });
}
