import { describe, expect, it } from "vitest";
import type { CommentView } from "~/lib/api/comments";
import { mentionedIds } from "./CommentComposer";
import { openThreadCount } from "./comments-store";

const comment = (id: string, targetId: string, extra: Partial<CommentView> = {}): CommentView => ({
  id,
  pageId: "p",
  lang: "fr",
  targetId,
  parentId: null,
  author: null,
  body: "",
  mentions: [],
  createdAt: "2026-11-26T10:00:00.000Z",
  updatedAt: "2026-11-26T10:00:00.000Z",
  resolvedAt: null,
  resolvedBy: null,
  ...extra,
});

describe("comments in the editors", () => {
  it("counts the open threads of a target, not their replies nor the resolved ones", () => {
    const list = [
      comment("a", "element-1"),
      comment("b", "element-1", { parentId: "a" }),
      comment("c", "element-1", { resolvedAt: "2026-11-26T11:00:00.000Z" }),
      comment("d", "element-2"),
    ];
    expect(openThreadCount(list, "element-1")).toBe(1);
    expect(openThreadCount(list, "element-2")).toBe(1);
    expect(openThreadCount(list, "block-1")).toBe(0);
  });

  it("sends the mentions still written in the text", () => {
    const picked = new Map([
      ["m1", "Camille"],
      ["m2", "Dominique"],
    ]);
    expect(mentionedIds("@Camille regarde", picked)).toEqual(["m1"]);
    expect(mentionedIds("@Camille et @Dominique", picked)).toEqual(["m1", "m2"]);
    expect(mentionedIds("plus personne", picked)).toEqual([]);
  });
});
