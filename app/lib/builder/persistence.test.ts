import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { block, doc, heading, row } from "~/lib/document/build";
import { updateElement } from "~/lib/document/ops";
import type { PageDocument } from "~/lib/document/schema";
import { backupKey, publishNow, readBackup, reloadDraft, saveNow } from "./persistence";
import { commit, createBuilderStore, initialBuilderState, type BuilderStore } from "./store";

/**
 * Saving against a fake server that behaves like the real one: a version per draft, 409 stale_version
 * for a save based on another version, and answers that take a little while.
 */
const ref = { pageId: "page-1", lang: "fr" as const };

class FakeServer {
  version = 1;
  draft: PageDocument;
  published: PageDocument | null = null;
  puts: { version: number; force: boolean }[] = [];
  constructor(initial: PageDocument) {
    this.draft = initial;
  }
  fetch = async (url: string, init: { method?: string; body?: string } = {}) => {
    await new Promise((r) => setTimeout(r, 20));
    const body = init.body ? JSON.parse(init.body) : undefined;
    const reply = (status: number, data: unknown) => new Response(JSON.stringify(data), { status, headers: { "content-type": "application/json" } });
    const stale = () => reply(409, { error: { code: "stale_version", message: "Cette page a été modifiée par quelqu'un d'autre." } });
    if (init.method === "PUT" && url.endsWith("/draft")) {
      this.puts.push({ version: body.version, force: Boolean(body.force) });
      if (!body.force && body.version !== this.version) return stale();
      // Like the real server, sanitizing may change what is stored; the answer then carries it.
      const sent = JSON.stringify(body.doc);
      const stored = sent.replace(/<script>.*?<\/script>/g, "");
      this.draft = JSON.parse(stored);
      this.version++;
      return reply(200, { version: this.version, updatedAt: new Date().toISOString(), ...(stored !== sent ? { doc: this.draft } : {}) });
    }
    if (init.method === "POST" && url.endsWith("/publish")) {
      if (body.version !== this.version) return stale();
      this.published = this.draft;
      return reply(200, { version: this.version });
    }
    if ((init.method ?? "GET") === "GET") return reply(200, { draft: { doc: this.draft, version: this.version } });
    return reply(405, { error: { code: "method_not_allowed", message: "Méthode non autorisée." } });
  };
}

function storeOf(d: PageDocument, version = 1): BuilderStore {
  return createBuilderStore(initialBuilderState(d, version));
}

const initial = () => doc(block({}, row([12, [heading("Départ", 1)]])));
const headingId = (d: PageDocument) => d.blocks[0].sections[0].columns[0].elements[0].id;
const edit = (s: BuilderStore, content: string) => commit(s, updateElement(s.getState().doc, headingId(s.getState().doc), { content }));
const contentOf = (d: PageDocument) => d.blocks[0].sections[0].columns[0].elements[0].content;

let server: FakeServer;
let storage: Map<string, string>;
beforeEach(() => {
  server = new FakeServer(initial());
  storage = new Map();
  vi.stubGlobal("fetch", server.fetch);
  vi.stubGlobal("localStorage", {
    getItem: (k: string) => storage.get(k) ?? null,
    setItem: (k: string, v: string) => storage.set(k, v),
    removeItem: (k: string) => storage.delete(k),
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe("saveNow", () => {
  it("takes the stored document when the server's sanitizing changed it, keeping what was typed meanwhile", async () => {
    const s = storeOf(server.draft);
    edit(s, "Un<script>x</script>");
    expect(await saveNow(ref, s)).toBe(true);
    expect(contentOf(s.getState().savedDoc)).toBe("Un");
    expect(contentOf(s.getState().doc)).toBe("Un");
    expect(s.getState().saveState).toBe("saved");

    edit(s, "Deux<script>y</script>");
    const saving = saveNow(ref, s);
    edit(s, "Trois");
    expect(await saving).toBe(true);
    expect(contentOf(s.getState().savedDoc)).toBe("Deux");
    expect(contentOf(s.getState().doc)).toBe("Trois");
    expect(s.getState().saveState).toBe("dirty");
  });

  it("saves a changed document with its version, then reports saved", async () => {
    const s = storeOf(server.draft);
    edit(s, "Un");
    expect(await saveNow(ref, s)).toBe(true);
    expect(s.getState()).toMatchObject({ version: 2, saveState: "saved", announcement: "Brouillon enregistré" });
    expect(s.getState().savedDoc).toBe(s.getState().doc);
    expect(contentOf(server.draft)).toBe("Un");
    // Nothing changed since: no request.
    expect(await saveNow(ref, s)).toBe(true);
    expect(server.puts).toHaveLength(1);
  });

  it("saves requested while one is in flight run one after the other, never twice on one version", async () => {
    const s = storeOf(server.draft);
    edit(s, "Un");
    const a = saveNow(ref, s);
    edit(s, "Deux");
    const b = saveNow(ref, s);
    edit(s, "Trois");
    const c = saveNow(ref, s);
    const d = saveNow(ref, s);
    expect(await Promise.all([a, b, c, d])).toEqual([true, true, true, true]);
    expect(server.puts.map((p) => p.version)).toEqual([1, 2]);
    expect(s.getState()).toMatchObject({ saveState: "saved", version: 3 });
    expect(contentOf(server.draft)).toBe("Trois");
  });

  it("a change made during a save leaves the page dirty, with its backup kept", async () => {
    const s = storeOf(server.draft);
    edit(s, "Un");
    storage.set(backupKey(ref), "sauvegarde locale");
    const pending = saveNow(ref, s);
    edit(s, "Deux");
    await pending;
    expect(s.getState().saveState).toBe("dirty");
    expect(storage.has(backupKey(ref))).toBe(true);
  });

  it("a stale version becomes a conflict with the server's message; force overwrites", async () => {
    const s = storeOf(server.draft);
    server.version = 5; // someone else saved meanwhile
    edit(s, "Le mien");
    expect(await saveNow(ref, s)).toBe(false);
    expect(s.getState()).toMatchObject({ saveState: "conflict", message: "Cette page a été modifiée par quelqu'un d'autre." });
    expect(contentOf(server.draft)).toBe("Départ");
    // A further change keeps the conflict open.
    edit(s, "Le mien, encore");
    expect(s.getState().saveState).toBe("conflict");
    expect(await saveNow(ref, s, { force: true })).toBe(true);
    expect(s.getState()).toMatchObject({ saveState: "saved", version: 6, message: null });
    expect(contentOf(server.draft)).toBe("Le mien, encore");
    expect(server.puts.at(-1)).toEqual({ version: 1, force: true });
  });

  it("any other failure is an error state with a French message", async () => {
    vi.stubGlobal("fetch", async () => new Response("<html>Bad gateway</html>", { status: 502 }));
    const s = storeOf(initial());
    edit(s, "Un");
    expect(await saveNow(ref, s)).toBe(false);
    expect(s.getState().saveState).toBe("error");
    expect(s.getState().message).toBe("Enregistrement impossible : Erreur 502");
  });
});

describe("publishNow and reloadDraft", () => {
  it("publishing saves first, then publishes that version", async () => {
    const s = storeOf(server.draft);
    edit(s, "Publié");
    expect(await publishNow(ref, s)).toBe(true);
    expect(contentOf(server.published!)).toBe("Publié");
    expect(s.getState().message).toBe("Page publiée : les visiteurs voient maintenant cette version.");
  });

  it("publishing on a stale version is a conflict and publishes nothing", async () => {
    const s = storeOf(server.draft);
    server.version = 3;
    expect(await publishNow(ref, s)).toBe(false);
    expect(s.getState().saveState).toBe("conflict");
    expect(server.published).toBeNull();
  });

  it("Recharger takes the server's draft and version, clears history, selection and backup", async () => {
    const s = storeOf(initial());
    edit(s, "Local");
    s.setState({ selected: { kind: "element", id: headingId(s.getState().doc) }, saveState: "conflict", message: "conflit" });
    storage.set(backupKey(ref), JSON.stringify({ doc: s.getState().doc, baseVersion: 1, savedAt: "x" }));
    server.version = 9;
    await reloadDraft(ref, s);
    expect(s.getState()).toMatchObject({ version: 9, saveState: "saved", message: null, selected: null, past: [], future: [] });
    expect(contentOf(s.getState().doc)).toBe("Départ");
    expect(readBackup(ref)).toBeNull();
  });
});

describe("readBackup", () => {
  it("reads a well-formed backup and ignores anything else", () => {
    const good = { doc: initial(), baseVersion: 2, savedAt: "2024-01-01T00:00:00.000Z" };
    storage.set(backupKey(ref), JSON.stringify(good));
    expect(readBackup(ref)).toEqual(good);
    for (const bad of ["{pas du json", "null", "[]", JSON.stringify({ doc: initial() }), JSON.stringify({ baseVersion: 1, doc: { blocks: "x" } })]) {
      storage.set(backupKey(ref), bad);
      expect(readBackup(ref), bad).toBeNull();
    }
    expect(backupKey(ref)).toBe("archimed-draft:page-1:fr");
  });
});
