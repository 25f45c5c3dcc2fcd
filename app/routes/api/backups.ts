import type { BackupsAnswer, StartedAnswer } from "~/lib/api/backups";
import { createSchema } from "~/lib/backup/backup-schemas";
import { startCreate } from "~/lib/backup/jobs.server";
import { BusyError } from "~/lib/backup/lease.server";
import { backupsStatus } from "~/lib/backup/status.server";
import { errors, json, readJson } from "~/lib/http/api.server";
import { endpoint } from "~/lib/http/endpoint.server";
import type { Route } from "./+types/backups";

const handlers = endpoint<Route.LoaderArgs>({
  /** The backups, the running (or last) operation with its progress, the schedule, the current counts. */
  GET: { permission: "manageBackups", handle: async () => json((await backupsStatus()) satisfies BackupsAnswer) },
  /** Starts a backup (202); its progress is read with GET. */
  POST: {
    permission: "manageBackups",
    handle: async ({ request, signed, context }) => {
      await readJson(request, createSchema, 1024);
      try {
        await startCreate({ kind: "manual", by: signed.member.email }, undefined, { actor: signed.member, ip: context.ip });
      } catch (e) {
        if (e instanceof BusyError) throw errors.conflict(e.message);
        throw e;
      }
      return json({ started: true } satisfies StartedAnswer, { status: 202 });
    },
  },
});

export const loader = handlers.loader;
export const action = handlers.action;
