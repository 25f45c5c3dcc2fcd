import { env } from "./env.server";

const LEVELS = { silent: 0, error: 1, warn: 2, info: 3, debug: 4 } as const;
type Level = Exclude<keyof typeof LEVELS, "silent">;

function write(level: Level, msg: string, extra?: unknown) {
  if (LEVELS[env().LOG_LEVEL] < LEVELS[level]) return;
  const line = `[${new Date().toISOString()}] ${level.toUpperCase()} ${msg}`;
  const out = level === "error" || level === "warn" ? console.error : console.log;
  if (extra === undefined) out(line);
  else out(line, extra instanceof Error ? extra.message : extra);
}

export const log = {
  error: (m: string, e?: unknown) => write("error", m, e),
  warn: (m: string, e?: unknown) => write("warn", m, e),
  info: (m: string, e?: unknown) => write("info", m, e),
  debug: (m: string, e?: unknown) => write("debug", m, e),
};
