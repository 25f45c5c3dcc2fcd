import { SMTPServer } from "smtp-server";

/** A real SMTP server on the loopback for tests: accepts every message and keeps it, raw, with its envelope. */
export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
  headers: Record<string, string>;
  body: string;
}

export async function startSmtp(): Promise<{ port: number; mails: ReceivedMail[]; stop: () => Promise<void> }> {
  const mails: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        const raw = Buffer.concat(chunks).toString("utf8");
        const split = raw.indexOf("\r\n\r\n");
        const head = raw.slice(0, split).replace(/\r\n[ \t]+/g, " ");
        const headers: Record<string, string> = {};
        for (const line of head.split("\r\n")) {
          const i = line.indexOf(":");
          if (i > 0) headers[line.slice(0, i).toLowerCase()] = line.slice(i + 1).trim();
        }
        const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : "";
        mails.push({ from, to: session.envelope.rcptTo.map((r) => r.address), raw, headers, body: raw.slice(split + 4) });
        callback();
      });
    },
  });
  // A connection the app server drops (it stops in afterAll while its mail pool still holds a socket)
  // is emitted here as ECONNRESET; with no listener that 'error' event became an uncaught exception that
  // failed a whole CI run whose 4,176 tests had passed. A reset peer is the sender's business, not a
  // failure of the mailbox; anything else still fails the test run.
  server.on("error", (error: NodeJS.ErrnoException) => {
    if (error.code === "ECONNRESET" || error.code === "EPIPE") return;
    throw error;
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  return { port, mails, stop: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
