import { describe, expect, it, vi } from "vitest";
import { block, doc, row, text } from "~/lib/document/build";
import { runDocumentJob } from "./document-jobs.server";
import { readStoredDocument } from "./read";
import * as sanitizer from "./sanitize-document.server";

/** Defects 2, 3 and 4 of the hostile probe (issue 9), as the save job sees them. */
const body = (d: unknown, version = 1) => JSON.stringify({ doc: d, version });
const save = (d: unknown) => runDocumentJob({ kind: "save", text: body(d) });

describe("the save job checks what will be stored, after sanitizing", () => {
  it("refuses, in French, a text that fits before sanitizing but not after (defect 3)", () => {
    // 199 999 characters of "&" become five times longer once escaped: the stored draft would not read back.
    const r = save(doc(block({}, row([12, [text("&".repeat(199_999))]]))));
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.refusal.status).toBe(400);
      expect(r.refusal.message).toMatch(/^Données invalides\u202f: .*après nettoyage du HTML/);
    }
  });

  it("stores the sanitized document, which the read schema accepts whole", () => {
    const r = save(doc(block({}, row([12, [text('<p onclick="x()">a &amp; b</p>')]]))));
    expect(r.ok).toBe(true);
    if (r.ok) {
      expect(r.draft).toContain("<p>a &amp; b</p>");
      expect(readStoredDocument(r.draft).error).toBeUndefined();
    }
  });

  it.each([
    ["NUL", "a\u0000b"],
    ["a control character", "a\u0007b"],
    ["a lone surrogate", "a\ud800b"],
  ])("refuses %s in any text field (defect 4)", (_name, value) => {
    const r = save(doc(block({}, row([12, [text(value)]]))));
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.refusal.message).toMatch(/caractère/);
  });

  it("refuses prototype keys", () => {
    const r = runDocumentJob({ kind: "save", text: '{"version":1,"doc":{"version":1,"blocks":[]},"__proto__":{"x":1}}' });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.refusal.message).toMatch(/clé interdite/);
  });

  it("refuses markup whose parsing would take seconds, before parsing it (defect 2)", () => {
    // Counted, not timed: the HTML sanitizer (the parser) is never called for it.
    const parse = vi.spyOn(sanitizer, "sanitizeDocument");
    try {
      const r = save(doc(block({}, row([12, [text("<b>".repeat(60_000))]]))));
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.refusal.message).toMatch(/imbriquées/);
      expect(parse).not.toHaveBeenCalled();
      // The spy does see a save that does reach the sanitizer.
      expect(save(doc(block({}, row([12, [text("<p>court</p>")]])))).ok).toBe(true);
      expect(parse).toHaveBeenCalledTimes(1);
    } finally {
      parse.mockRestore();
    }
  });
});

describe("reading degrades per element", () => {
  it("keeps every readable element when one is not (too long, wrong shape)", () => {
    const d = doc(block({}, row([6, [text("<p>gardé</p>"), text("x")]], [6, [text("<p>aussi</p>")]])));
    const raw = JSON.parse(JSON.stringify(d));
    raw.blocks[0].sections[0].columns[0].elements[1].content = "x".repeat(300_000);
    raw.blocks[0].sections[0].columns[1].elements.push({ id: 42 });
    const { doc: read, error } = readStoredDocument(JSON.stringify(raw));
    expect(error).toMatch(/ignoré/);
    const contents = read.blocks[0].sections[0].columns.flatMap((c) => c.elements.map((e) => e.content));
    expect(contents).toEqual(["<p>gardé</p>", "<p>aussi</p>"]);
  });
});
