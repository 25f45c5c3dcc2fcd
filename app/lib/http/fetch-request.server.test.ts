import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { toFetchRequest } from "./fetch-request.server";

let server: http.Server | undefined;
afterEach(
  () =>
    new Promise<void>((resolve) => {
      if (!server) return resolve();
      server.close(() => resolve());
      server.closeAllConnections();
    }),
);

/** A real Node server whose handler turns each request into a Fetch request and reports its signal. */
async function serve(handler: (request: Request, res: http.ServerResponse) => void): Promise<string> {
  server = http.createServer((req, res) => handler(toFetchRequest(req, res, "http://site.test"), res));
  await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe("toFetchRequest", () => {
  it("keeps the path on this site and the method, headers and body of Node's request", async () => {
    let seen: { url: string; method: string; type: string | null; body: string } | undefined;
    const origin = await serve(async (request, res) => {
      seen = { url: request.url, method: request.method, type: request.headers.get("content-type"), body: await request.text() };
      res.end("ok");
    });
    const res = await fetch(`${origin}//evil.example/x?q=1`, { method: "POST", headers: { "content-type": "text/plain" }, body: "corps" });
    expect(await res.text()).toBe("ok");
    expect(seen).toEqual({ url: "http://site.test//evil.example/x?q=1", method: "POST", type: "text/plain", body: "corps" });
  });

  it("does not abort the signal of a request whose answer was sent in full", async () => {
    const signals: AbortSignal[] = [];
    const origin = await serve((request, res) => {
      signals.push(request.signal);
      res.end("fini");
    });
    for (let i = 0; i < 3; i++) expect(await (await fetch(`${origin}/page`)).text()).toBe("fini");
    await new Promise((r) => setTimeout(r, 50)); // the responses' close events have run
    expect(signals.map((s) => s.aborted)).toEqual([false, false, false]);
  });

  it("aborts the signal when the client leaves before the answer is complete (a live stream stops)", async () => {
    let signal: AbortSignal | undefined;
    const origin = await serve((request, res) => {
      signal = request.signal;
      res.writeHead(200, { "content-type": "text/event-stream" });
      res.write("retry: 2000\n\n");
    });
    const client = new AbortController();
    const res = await fetch(`${origin}/live`, { signal: client.signal });
    const reader = res.body!.getReader();
    await reader.read();
    expect(signal?.aborted).toBe(false);
    client.abort();
    await expect.poll(() => signal?.aborted).toBe(true);
  });
});
