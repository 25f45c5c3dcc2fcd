import { describe, expect, it } from "vitest";
import { block, doc, row, text } from "./build";
import { readCleanDocument } from "./read-clean.server";

const stored = (html: string) => JSON.stringify(doc(block({}, row([12, [text(html)]]))));
const firstContent = (d: ReturnType<typeof readCleanDocument>["doc"]) => d.blocks[0]?.sections[0]?.columns[0]?.elements[0]?.content;

describe("readCleanDocument", () => {
  it("sanitizes what it reads, like readStoredDocument + sanitizeDocument", () => {
    const { doc: d, error } = readCleanDocument(stored('<p onclick="alert(1)">ok</p><script>alert(1)</script>'));
    expect(error).toBeUndefined();
    expect(firstContent(d)).toBe("<p>ok</p>");
  });

  it("answers the same stored text from memory, and any changed text anew", () => {
    const one = stored("<p>un</p>");
    const a = readCleanDocument(one);
    expect(readCleanDocument(one)).toBe(a);
    const b = readCleanDocument(stored("<p>deux</p>"));
    expect(b).not.toBe(a);
    expect(firstContent(b.doc)).toBe("<p>deux</p>");
  });

  it("keeps the reason an unreadable text could not be read, and an empty document", () => {
    const bad = readCleanDocument("{ not json");
    expect(bad.error).toBe("JSON invalide");
    expect(bad.doc.blocks).toEqual([]);
    expect(readCleanDocument(null).doc.blocks).toEqual([]);
  });

  it("remembers a bounded number of texts", () => {
    const text1 = stored("<p>premier</p>");
    const first = readCleanDocument(text1);
    expect(readCleanDocument(text1)).toBe(first);
    for (let i = 0; i < 40; i++) readCleanDocument(stored(`<p>autre ${i}</p>`));
    const again = readCleanDocument(text1);
    expect(again).not.toBe(first);
    expect(again).toEqual(first);
  });
});
