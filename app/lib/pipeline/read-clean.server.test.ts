import { describe, expect, it } from "vitest";
import { block, doc, row, text } from "~/lib/document/build";
import { readCleanDocument } from "./read-clean.server";

const stored = (html: string) => JSON.stringify(doc(block({}, row([12, [text(html)]]))));
const firstContent = (d: Awaited<ReturnType<typeof readCleanDocument>>["doc"]) => d.blocks[0]?.sections[0]?.columns[0]?.elements[0]?.content;

describe("readCleanDocument", () => {
  it("sanitizes what it reads, like readStoredDocument + sanitizeDocument", async () => {
    const { doc: d, error } = await readCleanDocument(stored('<p onclick="alert(1)">ok</p><script>alert(1)</script>'));
    expect(error).toBeUndefined();
    expect(firstContent(d)).toBe("<p>ok</p>");
  });

  it("answers the same stored text from memory, and any changed text anew", async () => {
    const one = stored("<p>un</p>");
    const a = await readCleanDocument(one);
    expect(await readCleanDocument(one)).toBe(a);
    const b = await readCleanDocument(stored("<p>deux</p>"));
    expect(b).not.toBe(a);
    expect(firstContent(b.doc)).toBe("<p>deux</p>");
  });

  it("keeps the reason an unreadable text could not be read, and an empty document", async () => {
    const bad = await readCleanDocument("{ not json");
    expect(bad.error).toBe("JSON invalide");
    expect(bad.doc.blocks).toEqual([]);
    expect((await readCleanDocument(null)).doc.blocks).toEqual([]);
  });

  it("remembers a bounded number of texts", async () => {
    const text1 = stored("<p>premier</p>");
    const first = await readCleanDocument(text1);
    expect(await readCleanDocument(text1)).toBe(first);
    for (let i = 0; i < 40; i++) await readCleanDocument(stored(`<p>autre ${i}</p>`));
    const again = await readCleanDocument(text1);
    expect(again).not.toBe(first);
    expect(again).toEqual(first);
  });
});
