import { loadSettings } from "~/lib/content/settings.server";
import { log } from "~/lib/log.server";
import { runtime } from "~/lib/runtime.server";
import { smtpTransport } from "./transport.server";

/**
 * Notices to team members (a review asked for, its answer): plain text, sent one after the other after the
 * answer has left, never holding it. Without SMTP nothing is sent: the back-office shows the same notice.
 */
let queue: Promise<void> = Promise.resolve();

export function mailTeam(to: string[], subject: string, lines: string[]): void {
  const { env } = runtime();
  if (!env.SMTP_HOST || to.length === 0) return;
  queue = queue
    .then(async () => {
      const transport = await smtpTransport(env);
      if (!transport) return;
      const from = env.SMTP_FROM ?? (await loadSettings()).email;
      await transport.sendMail({ from: { name: "Archimed", address: from }, to, subject, text: lines.join("\n") });
      transport.close();
    })
    .catch((e: unknown) => log.error(`e-mail à l'équipe non envoyé : ${subject}`, e));
}

/** Waits for the queued notices (tests, shutdown). */
export function teamMailsSent(): Promise<void> {
  return queue;
}
