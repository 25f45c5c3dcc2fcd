import type { StartedAnswer } from "~/lib/api/backups";
import { restoreSchema } from "~/lib/backup/backup-schemas";
import { startRestore, UnknownBackupError } from "~/lib/backup/jobs.server";
import { BusyError } from "~/lib/backup/lease.server";
import { errors, json, readJson } from "~/lib/http/api.server";
import { endpoint } from "~/lib/http/endpoint.server";
import type { Route } from "./+types/backups.$id.restore";

/** POST { confirm: true }: restores a listed backup (202); a second restore while one runs gets 409. */
const handlers = endpoint<Route.LoaderArgs>({
  POST: {
    permission: "restoreBackup",
    handle: async ({ request, params, signed, context }) => {
      await readJson(request, restoreSchema, 1024);
      try {
        await startRestore(params.id, signed.member.email, signed.session.idHash, { actor: signed.member, ip: context.ip });
      } catch (e) {
        if (e instanceof UnknownBackupError) throw errors.notFound("Sauvegarde");
        if (e instanceof BusyError) throw errors.conflict(e.message);
        throw e;
      }
      return json({ started: true } satisfies StartedAnswer, { status: 202 });
    },
  },
});

export const loader = handlers.loader;
export const action = handlers.action;
