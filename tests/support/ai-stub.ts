import http from "node:http";
import type { AddressInfo, Socket } from "node:net";

/**
 * A local OpenAI-compatible chat-completions server for the "Générer avec IA" tests: it speaks the real
 * protocol (POST {base}/chat/completions, Bearer key, choices[0].message.content) and answers per mode.
 */
export type AiMode = "block" | "not-json" | "invalid-block" | "hostile" | "hang" | "http-error" | "reset" | "translate";

/** "translate" mode: each text of the request's {"texts": [...]} comes back marked, as a translation would. */
export function translatedAnswer(prompt: string) {
  let texts: unknown = [];
  try {
    texts = (JSON.parse(prompt) as { texts?: unknown }).texts;
  } catch {
    /* answered empty */
  }
  return { texts: Array.isArray(texts) ? texts.map((t) => `[EN] ${String(t)}`) : [] };
}

export const STUB_KEY = "sk-test-archimed";
export const STUB_MODEL = "archimed-test-model";

export function validBlockAnswer(prompt: string) {
  return {
    block: {
      id: "block-from-model",
      type: "container",
      styles: { paddingTop: "40px", paddingBottom: "40px", backgroundColor: "#ffffff" },
      sections: [
        {
          columns: [
            {
              width: 12,
              elements: [
                { type: "heading", content: `Bloc IA : ${prompt}`, level: 2, styles: { fontSize: "32px", textAlign: "center" } },
                { type: "text", content: "<p>Réservez en <strong>deux clics</strong>.</p>", styles: {} },
                { type: "button", content: "Réserver", href: "/contact", styles: {} },
              ],
            },
          ],
        },
      ],
    },
  };
}

export const HOSTILE_BLOCK = {
  block: {
    type: "container",
    styles: {},
    sections: [
      {
        columns: [
          {
            width: 12,
            elements: [
              { type: "heading", content: 'Titre<script>alert(1)</script><img src=x onerror="alert(2)">', styles: {} },
              { type: "text", content: '<p onclick="alert(3)">Texte <a href="javascript:alert(4)">piège</a></p>', styles: {} },
              { type: "icon", content: '<svg onload="alert(5)"><script>alert(6)</script><path d="M0 0h24"/></svg>', styles: {} },
              { type: "button", content: "Cliquer", href: "javascript:alert(7)", styles: {} },
            ],
          },
        ],
      },
    ],
  },
};

export async function startAiStub() {
  const state = { mode: "block" as AiMode, requests: [] as { auth: string | undefined; body: any }[] };
  const sockets = new Set<Socket>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      let body: any = null;
      try {
        body = JSON.parse(Buffer.concat(chunks).toString("utf8"));
      } catch {
        /* recorded as null */
      }
      state.requests.push({ auth: req.headers.authorization, body });
      if (req.method !== "POST" || req.url !== "/v1/chat/completions") {
        res.writeHead(404, { "Content-Type": "application/json" }).end(JSON.stringify({ error: { message: "not found" } }));
        return;
      }
      if (state.mode === "hang") return; // never answers: the server's timeout must fire
      if (state.mode === "reset") return void req.socket.destroy(); // the connection drops: as unreachable as a service gets once reached
      if (state.mode === "http-error") {
        res.writeHead(500, { "Content-Type": "application/json" }).end(JSON.stringify({ error: { message: "boom" } }));
        return;
      }
      const prompt = String(body?.messages?.at(-1)?.content ?? "");
      const content =
        state.mode === "not-json"
          ? "Voici votre bloc : un titre et un texte."
          : state.mode === "invalid-block"
            ? JSON.stringify({ block: { type: "container", sections: [{ columns: [{ width: 40, elements: [{ type: "marquee", content: 1 }] }] }] } })
            : JSON.stringify(state.mode === "hostile" ? HOSTILE_BLOCK : state.mode === "translate" ? translatedAnswer(prompt) : validBlockAnswer(prompt));
      res.writeHead(200, { "Content-Type": "application/json" }).end(
        JSON.stringify({
          id: "chatcmpl-test",
          object: "chat.completion",
          created: Math.floor(Date.now() / 1000),
          model: body?.model,
          choices: [{ index: 0, message: { role: "assistant", content }, finish_reason: "stop" }],
        }),
      );
    });
  });
  server.on("connection", (s) => {
    sockets.add(s);
    s.on("close", () => sockets.delete(s));
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    get mode() {
      return state.mode;
    },
    set mode(m: AiMode) {
      state.mode = m;
    },
    requests: state.requests,
    env: () => ({ AI_BASE_URL: `http://127.0.0.1:${port}/v1`, AI_API_KEY: STUB_KEY, AI_MODEL: STUB_MODEL }),
    close: () =>
      new Promise<void>((r) => {
        for (const s of sockets) s.destroy();
        server.close(() => r());
      }),
  };
}
