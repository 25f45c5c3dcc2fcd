import { requireBackupManager } from "~/lib/auth/permissions.server";
import { backupContext } from "~/lib/backup/jobs.server";
import { receiveArchive } from "~/lib/backup/upload.server";
import { api, errors, json } from "~/lib/http/api.server";
import type { Route } from "./+types/backups.upload";

/** POST (body: the .zip itself): adds an archive made elsewhere to the list, after checking all of it. */
export function action({ request }: Route.ActionArgs) {
  return api(async () => {
    const { member } = await requireBackupManager(request);
    if (request.method !== "POST") throw errors.method();
    return json({ backup: await receiveArchive(backupContext(), request, member.email) }, { status: 201 });
  });
}
