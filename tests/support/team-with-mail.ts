import { expect } from "vitest";
import { ADMIN_EMAIL, ADMIN_PASSWORD, addMember, call, login } from "./auth";
import { startServer, type Engine, type TestServer } from "./server";
import { startSmtp } from "./smtp";

export interface TeamWithMail {
  server: TestServer;
  smtp: Awaited<ReturnType<typeof startSmtp>>;
  /** Session cookies of the first admin, an editor and a contributor named Camille. */
  admin: string;
  editor: string;
  writer: string;
  stop: () => Promise<void>;
}

/**
 * A server that sends its e-mails to a test mailbox, with an admin, an editor (`editorEmail`) and a contributor
 * (camille@archimed.test) signed in: what review and comments both need. The contributor is made through
 * POST /api/team, the way an admin does it, and must come back with that role.
 */
export async function startTeamWithMail(engine: Engine, editorEmail: string): Promise<TeamWithMail> {
  const smtp = await startSmtp();
  const server = await startServer(engine, { ADMIN_EMAIL, ADMIN_PASSWORD, SMTP_HOST: "127.0.0.1", SMTP_PORT: String(smtp.port) });
  const admin = await login(server, ADMIN_EMAIL, ADMIN_PASSWORD);
  const e = await addMember(server, admin, editorEmail, "editor", "editor-password-1");
  const editor = await login(server, e.email, e.password);
  const res = await call(server, "POST", "/api/team", {
    cookie: admin,
    body: { email: "camille@archimed.test", role: "contributor", password: "writer-password-1" },
  });
  expect(res.status, res.text).toBe(201);
  expect(res.json.member.role).toBe("contributor");
  const writer = await login(server, "camille@archimed.test", "writer-password-1");
  return {
    server,
    smtp,
    admin,
    editor,
    writer,
    stop: async () => {
      await server.stop();
      await smtp.stop();
    },
  };
}
