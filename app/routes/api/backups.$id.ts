import { activityBy } from "~/lib/activity/record.server";
import { z } from "zod";
import type { OkAnswer } from "~/lib/api/common";
import { deleteBackup } from "~/lib/backup/store.server";
import { backupContext } from "~/lib/backup/jobs.server";
import { errors, json, readCapped, refusalError } from "~/lib/http/api.server";
import { endpoint } from "~/lib/http/endpoint.server";
import { parseJsonText } from "~/lib/http/json-body";
import type { Route } from "./+types/backups.$id";

const MAX_BODY = 1024;
/** A DELETE needs no body; one that comes must be a small, empty JSON object. */
async function readOptionalEmptyBody(request: Request) {
  if (Number(request.headers.get("content-length") ?? "0") > MAX_BODY) throw errors.tooLargeDeclared(MAX_BODY);
  const text = await readCapped(request.body, MAX_BODY, "drain");
  if (!text.trim()) return;
  const parsed = parseJsonText(text, z.object({}).strict());
  if (!parsed.ok) throw refusalError(parsed.refusal);
}

/** DELETE: removes a backup (archive and summary). A body, if any, must be an empty JSON object. */
const handlers = endpoint<Route.LoaderArgs>({
  DELETE: {
    permission: "manageBackups",
    handle: async ({ request, params, signed, context }) => {
      await readOptionalEmptyBody(request);
      if (!(await deleteBackup(backupContext().env.backupDir, params.id))) throw errors.notFound("Sauvegarde");
      await activityBy(signed, context)("backup.delete", { target: { type: "backup", id: params.id, label: params.id } });
      return json({ ok: true } satisfies OkAnswer);
    },
  },
});

export const loader = handlers.loader;
export const action = handlers.action;
