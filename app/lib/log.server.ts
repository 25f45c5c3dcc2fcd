import pino from "pino";
import { env } from "./env.server";
import { currentRequestId } from "./http/request-id.server";

/**
 * One JSON line per event (pino), with the request id of the request being handled when there is one.
 * The message stays French in `msg`; the optional second argument is an error (serialized with its
 * stack under `err`) or any detail (under `detail`); pino adds the process id and the host name, which
 * tell apart the servers of one site. The level is read at the first line, after boot.
 */
let logger: pino.Logger | undefined;

function instance(): pino.Logger {
  logger ??= pino(
    {
      level: env().LOG_LEVEL,
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      mixin: () => {
        const reqId = currentRequestId();
        return reqId ? { reqId } : {};
      },
    },
    // Synchronous writes: a line logged just before a crash (or a kill) is not lost in a buffer.
    pino.destination({ dest: 1, sync: true }),
  );
  return logger;
}

type Level = "error" | "warn" | "info" | "debug";

function write(level: Level, msg: string, extra?: unknown) {
  const l = instance();
  if (!l.isLevelEnabled(level)) return;
  if (extra === undefined) l[level](msg);
  else if (extra instanceof Error) l[level]({ err: extra }, msg);
  else l[level]({ detail: extra }, msg);
}

export const log = {
  error: (m: string, e?: unknown) => write("error", m, e),
  warn: (m: string, e?: unknown) => write("warn", m, e),
  info: (m: string, e?: unknown) => write("info", m, e),
  debug: (m: string, e?: unknown) => write("debug", m, e),
};
