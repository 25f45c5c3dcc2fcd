import type { Env } from "~/lib/env.server";

/**
 * The SMTP transport every e-mail of the site goes through (contact requests, review requests), or null
 * when SMTP_HOST is unset: e-mail is optional, the back-office shows everything it would say. nodemailer is
 * loaded with the first e-mail, not when the server starts (a server without SMTP never needs it).
 */
export async function smtpTransport(env: Env) {
  if (!env.SMTP_HOST) return null;
  const { default: nodemailer } = await import("nodemailer");
  return nodemailer.createTransport({
    host: env.SMTP_HOST,
    port: env.SMTP_PORT,
    secure: env.SMTP_SECURE,
    auth: env.SMTP_USER ? { user: env.SMTP_USER, pass: env.SMTP_PASSWORD ?? "" } : undefined,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  });
}
