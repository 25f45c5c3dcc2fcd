import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { ArchiveError, lines } from "./archive.server";

/** archive.server.ts `lines()`: exact splitting whatever the chunks, and the line limit (issue 24 finding 8). */
async function collect(chunks: Buffer[], maxBytes = 1024) {
  const out: string[] = [];
  for await (const l of lines(Readable.from(chunks), { maxBytes, what: "la table essai" })) out.push(l);
  return out;
}

describe("lines", () => {
  it("splits on line feeds wherever the chunks are cut, multibyte characters included", async () => {
    const text = '["é","漢字"]\n["😀"]\n\n["fin"]';
    const bytes = Buffer.from(text);
    const want = text.split("\n");
    for (let size = 1; size <= bytes.length; size++) {
      const chunks: Buffer[] = [];
      for (let i = 0; i < bytes.length; i += size) chunks.push(bytes.subarray(i, i + size));
      expect(await collect(chunks), `morceaux de ${size} octets`).toEqual(want);
    }
    expect(await collect([Buffer.from("a\nb\n")])).toEqual(["a", "b"]);
  });

  it("refuses a line longer than the limit, in French, whether it ends or not", async () => {
    const long = Buffer.alloc(1025, 0x61);
    for (const chunks of [[long], [long.subarray(0, 600), long.subarray(600), Buffer.from("\n")], [Buffer.from("ok\n"), long, Buffer.from("\nok")]]) {
      const error = await collect(chunks).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ArchiveError);
      expect((error as Error).message).toBe("Archive refusée : une ligne de la table essai dépasse 1 Ko (limite BACKUP_MAX_LINE_MB). Rien n'a été modifié.");
    }
    expect(await collect([Buffer.alloc(1024, 0x62), Buffer.from("\n")])).toEqual(["b".repeat(1024)]);
  });

  it("stops once the time limit has passed", async () => {
    const error = await (async () => {
      for await (const _ of lines(Readable.from([Buffer.from("a\n")]), { maxBytes: 10, what: "x", deadline: Date.now() - 1 })) void _;
    })().catch((e: unknown) => e);
    expect((error as Error).message).toMatch(/^Vérification interrompue\u202f: .*BACKUP_VERIFY_MAX_MINUTES/);
  });
});
