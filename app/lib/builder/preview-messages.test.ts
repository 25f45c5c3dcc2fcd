import { describe, expect, it } from "vitest";
import { fromPreviewSchema, readMessage, toPreviewSchema } from "./preview-messages";

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
