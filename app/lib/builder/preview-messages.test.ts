import { describe, expect, it } from "vitest";
import { cleanButtonLabel, fromPreviewSchema, isPreviewEditable, PREVIEW_EDITABLE, readMessage, toPreviewSchema } from "./preview-messages";

const ORIGIN = "https://archimed.example";
const preview = {} as MessageEventSource;
const other = {} as MessageEventSource;
const event = (data: unknown, origin = ORIGIN, source: MessageEventSource | null = preview) => ({ data, origin, source }) as MessageEvent;

describe("preview ⇄ builder messages", () => {
  const click = { type: "archimed-element-click", elementId: "element-a1", elementType: "text", elementContent: "<p>a</p>" };

  it("accepts the seed's shapes from the expected window on the site's origin", () => {
    expect(readMessage(event(click), preview, fromPreviewSchema, ORIGIN)).toEqual(click);
    expect(readMessage(event({ type: "archimed-element-update", elementId: "element-a1", content: "x" }), preview, fromPreviewSchema, ORIGIN)).not.toBeNull();
    const update = { type: "archimed-update-element", elementId: "element-a1", content: "x", styles: { color: "#fff" } };
    expect(readMessage(event(update), preview, toPreviewSchema, ORIGIN)).toEqual(update);
  });

  it("ignores another origin, another window, or no window", () => {
    expect(readMessage(event(click, "https://evil.example"), preview, fromPreviewSchema, ORIGIN)).toBeNull();
    expect(readMessage(event(click, "null"), preview, fromPreviewSchema, ORIGIN)).toBeNull();
    expect(readMessage(event(click, ORIGIN, other), preview, fromPreviewSchema, ORIGIN)).toBeNull();
    expect(readMessage(event(click, ORIGIN, null), null, fromPreviewSchema, ORIGIN)).toBeNull();
  });

  it("ignores unknown types and malformed shapes", () => {
    for (const bad of [
      null,
      "archimed-element-click",
      { type: "archimed-unknown" },
      { ...click, elementId: "block-a" },
      { ...click, elementId: "element-<img>" },
      { ...click, extra: 1 },
      { type: "archimed-element-click", elementId: "element-a1" },
      { type: "archimed-update-element", elementId: "element-a1", content: "x", styles: { "background-image": "url(x)" } },
      { type: "archimed-document", doc: { version: 1, blocks: "x" }, lang: "fr", media: {} },
    ]) {
      expect(readMessage(event(bad), preview, fromPreviewSchema, ORIGIN)).toBeNull();
      expect(readMessage(event(bad), preview, toPreviewSchema, ORIGIN)).toBeNull();
    }
  });
});

describe("archimed-element-update (the preview's inline edits)", () => {
  const update = { type: "archimed-element-update", elementId: "element-a1", content: "Nouveau <b>titre</b>" };

  it("is read from the preview on the site's origin only", () => {
    expect(readMessage(event(update), preview, fromPreviewSchema, ORIGIN)).toEqual(update);
    expect(readMessage(event(update, "https://evil.example"), preview, fromPreviewSchema, ORIGIN)).toBeNull();
    expect(readMessage(event(update, ORIGIN, other), preview, fromPreviewSchema, ORIGIN)).toBeNull();
    // The builder never takes its own kind of message from the preview, nor the reverse.
    expect(readMessage(event(update), preview, toPreviewSchema, ORIGIN)).toBeNull();
  });

  it("ignores malformed updates", () => {
    for (const bad of [
      { ...update, content: 42 },
      { ...update, content: null },
      { type: "archimed-element-update", elementId: "element-a1" },
      { ...update, elementId: 'element-a1"><img src=x>' },
      { ...update, styles: {} },
      { ...update, content: "x".repeat(200_001) },
    ]) {
      expect(readMessage(event(bad), preview, fromPreviewSchema, ORIGIN)).toBeNull();
    }
  });

  it("edits only texts in place: headings, texts, lists and button labels", () => {
    expect(PREVIEW_EDITABLE.filter(isPreviewEditable)).toEqual(["heading", "text", "list", "button"]);
    for (const t of ["image", "video", "icon", "gallery", "divider", "spacer", "unknown"]) expect(isPreviewEditable(t)).toBe(false);
  });

  it("keeps a button label on one line of text", () => {
    expect(cleanButtonLabel("  Réserver\n  une\ttable \u0000 ")).toBe("Réserver une table");
    expect(cleanButtonLabel("x".repeat(300))).toHaveLength(200);
  });
});
