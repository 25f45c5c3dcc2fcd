import { activityBy } from "~/lib/activity/record.server";
import type { BackupAnswer } from "~/lib/api/backups";
import { backupContext } from "~/lib/backup/jobs.server";
import { receiveArchive } from "~/lib/backup/upload.server";
import { json } from "~/lib/http/api.server";
import { endpoint } from "~/lib/http/endpoint.server";
import type { Route } from "./+types/backups.upload";

/** POST (body: the .zip itself): adds an archive made elsewhere to the list, after checking all of it. */
const handlers = endpoint<Route.LoaderArgs>({
  POST: {
    permission: "manageBackups",
    handle: async ({ request, signed, context }) => {
      const backup = await receiveArchive(backupContext(), request, signed.member.email);
      await activityBy(signed, context)("backup.import", { target: { type: "backup", id: backup.id, label: backup.id } });
      return json({ backup } satisfies BackupAnswer, { status: 201 });
    },
  },
});

export const loader = handlers.loader;
export const action = handlers.action;
