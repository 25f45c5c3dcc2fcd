import { createReadStream } from "node:fs";
import { createReadableStreamFromReadable } from "@react-router/node";
import { backupContext } from "~/lib/backup/jobs.server";
import { archivePath, readMeta } from "~/lib/backup/store.server";
import { download, errors } from "~/lib/http/api.server";
import { endpoint } from "~/lib/http/endpoint.server";
import type { Route } from "./+types/backups.$id.download";

/** GET: the archive itself, streamed. */
const handlers = endpoint<Route.LoaderArgs>({
  GET: {
    permission: "manageBackups",
    handle: async ({ params }) => {
      const dir = backupContext().env.backupDir;
      const meta = await readMeta(dir, params.id);
      if (!meta) throw errors.notFound("Sauvegarde");
      const body = createReadableStreamFromReadable(createReadStream(archivePath(dir, meta.id)));
      return download(body, { type: "application/zip", name: `archimed-sauvegarde-${meta.id}.zip`, size: meta.size });
    },
  },
});

export const loader = handlers.loader;
export const action = handlers.action;
