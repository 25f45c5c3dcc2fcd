import { describe, expect, it } from "vitest";
import { COMMENT_MAX, editCommentSchema, memberName, newCommentSchema } from "./comment-schemas";

describe("comment inputs", () => {
  it("names a member by the first word of their address", () => {
    expect(memberName("camille@archimed.test")).toBe("Camille");
    expect(memberName("jean.dupont@archimed.test")).toBe("Jean");
    expect(memberName("élodie-martin@archimed.test")).toBe("Élodie");
  });

  it("takes plain text up to the limit, mentions once each, and a target id of the document only", () => {
    const ok = newCommentSchema.parse({ pageId: "p", lang: "fr", targetId: "element-abc", body: "  <b>gras</b> ?  ", mentions: ["m1", "m1", "m2"] });
    expect(ok.body).toBe("<b>gras</b> ?");
    expect(ok.mentions).toEqual(["m1", "m2"]);
    expect(newCommentSchema.parse({ pageId: "p", lang: "en", parentId: "c1", body: "ok" }).mentions).toEqual([]);
    expect(newCommentSchema.safeParse({ pageId: "p", lang: "fr", targetId: "<script>", body: "x" }).success).toBe(false);
    expect(editCommentSchema.safeParse({ body: "x".repeat(COMMENT_MAX) }).success).toBe(true);
    expect(editCommentSchema.safeParse({ body: "x".repeat(COMMENT_MAX + 1) }).success).toBe(false);
    expect(editCommentSchema.safeParse({ body: "nul\u0000" }).success).toBe(false);
    expect(editCommentSchema.safeParse({ body: "   " }).success).toBe(false);
  });
});
