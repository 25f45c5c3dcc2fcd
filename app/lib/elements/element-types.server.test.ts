import { describe, expect, it } from "vitest";
import { createElement, ELEMENT_DEFAULTS } from "~/lib/elements/defaults";
import { ELEMENT_TYPES, type ElementType } from "~/lib/document/model";
import { ELEMENT_REGISTRY, type ElementDefinition } from "./registry";
import { hasElementType } from "./renderers";
import { SERVER_ELEMENTS, serverElement, type ServerElementDefinition } from "./server-types.server";

/**
 * Each element type is defined in one place per side (decision record 028): the browser's registry and
 * the server's table. The compiler enforces that every entry is complete (the @ts-expect-error lines
 * below fail `tsc` the day a partial entry compiles); these tests check the tables at run time.
 */
describe("element types: one entry per side", () => {
  it("the browser registry has exactly one entry per element type", () => {
    expect(Object.keys(ELEMENT_REGISTRY).sort()).toEqual([...ELEMENT_TYPES].sort());
  });

  it("the server table has exactly one entry per element type, and none for an unknown type", () => {
    expect(Object.keys(SERVER_ELEMENTS).sort()).toEqual([...ELEMENT_TYPES].sort());
    for (const type of ELEMENT_TYPES) expect(serverElement(type)).toBe(SERVER_ELEMENTS[type]);
    expect(serverElement("carousel")).toBeUndefined();
    expect(serverElement("constructor")).toBeUndefined();
  });

  it("the registry's defaults are what element creation uses", () => {
    for (const type of ELEMENT_TYPES) {
      expect(ELEMENT_REGISTRY[type].defaults, type).toBe(ELEMENT_DEFAULTS[type]);
      const { id, type: created, ...rest } = createElement(type);
      expect(id).toMatch(/^element-/);
      expect(created).toBe(type);
      expect(rest, type).toEqual(ELEMENT_REGISTRY[type].defaults());
    }
  });

  it("a library or an inline editor is offered only where the type says so", () => {
    for (const type of ELEMENT_TYPES) {
      const def = ELEMENT_REGISTRY[type];
      // A type with rich text is edited by the rich editor of its own kind; a media library matches the media.
      if (def.text === "rich") expect(def.inline, type).toEqual({ kind: "rich", editor: type });
      if (def.library === "image" || def.library === "video") expect(def.settings, type).toContain("alt");
    }
  });

  it("the compiler names what a new type lacks", () => {
    // Type-level only: each line is a compile error, which @ts-expect-error requires (tsc fails otherwise).
    // @ts-expect-error a type without its entry
    const missingType: Record<ElementType, ServerElementDefinition> = { ...SERVER_ELEMENTS, gallery: undefined };
    const { inline: _inline, ...noInline } = ELEMENT_REGISTRY.text;
    // @ts-expect-error an entry without how it is edited inline
    const missingField: ElementDefinition = noInline;
    const { mediaRefs: _refs, ...noRefs } = SERVER_ELEMENTS.image;
    // @ts-expect-error a server entry without the media it references
    const missingRefs: ServerElementDefinition = noRefs;
    expect([missingType, missingField, missingRefs]).toHaveLength(3);
  });
});

describe("server table", () => {
  it("names the media an image and a gallery show, not a video's embed", () => {
    const image = { ...createElement("image"), content: "/media/a.jpg" };
    const gallery = {
      ...createElement("gallery"),
      content: JSON.stringify({
        type: "grid",
        options: {},
        images: [
          { url: "/media/b.jpg", alt: "B" },
          { url: "/media/c.jpg", alt: "" },
        ],
      }),
    };
    expect(SERVER_ELEMENTS.image.mediaRefs(image)).toEqual(["/media/a.jpg"]);
    expect(SERVER_ELEMENTS.image.mediaRefs({ ...image, content: "" })).toEqual([]);
    expect(SERVER_ELEMENTS.gallery.mediaRefs(gallery)).toEqual(["/media/b.jpg", "/media/c.jpg"]);
    expect(SERVER_ELEMENTS.gallery.searchText(gallery)).toBe("B");
    expect(SERVER_ELEMENTS.video.mediaRefs(createElement("video"))).toEqual([]);
  });

  it("gives the text a reader sees; only body text and lists count as prose", () => {
    const text = { ...createElement("text"), content: "<p>Un <strong>mot</strong></p>" };
    expect(SERVER_ELEMENTS.text.searchText(text)).toBe("Un mot");
    expect(SERVER_ELEMENTS.button.searchText({ ...createElement("button"), content: "Go" })).toBe("Go");
    expect(ELEMENT_TYPES.filter((t) => SERVER_ELEMENTS[t].prose)).toEqual(["text", "list"]);
    expect(ELEMENT_TYPES.filter((t) => SERVER_ELEMENTS[t].markup)).toEqual(["heading", "text", "list", "icon"]);
  });
});

describe("hasElementType (the public island loads the gallery's code from it)", () => {
  it("finds a type anywhere in the document, through walkElements", () => {
    const column = (id: string, types: ElementType[]) => ({ id, elements: types.map((t) => createElement(t)) });
    const doc = {
      blocks: [
        { id: "block-a", sections: [{ id: "section-a", columns: [column("column-a", ["text"]), column("column-b", [])] }] },
        { id: "block-b", sections: [{ id: "section-b", columns: [column("column-c", ["heading", "gallery"])] }] },
      ],
    };
    expect(hasElementType(doc, "gallery")).toBe(true);
    expect(hasElementType(doc, "video")).toBe(false);
    expect(hasElementType({ blocks: [] }, "gallery")).toBe(false);
  });
});
