import { describe, expect, it } from "vitest";
import { currentRequestId, requestIdOf, withRequestId } from "./request-id.server";

describe("request id", () => {
  it("keeps a short plain incoming id, else makes a new one", () => {
    expect(requestIdOf("abc-123_x.y:z@w")).toBe("abc-123_x.y:z@w");
    expect(requestIdOf(["first", "second"])).toBe("first");
    for (const bad of [undefined, "", "a b", "<script>", "x".repeat(129), "é", "a\nb"]) expect(requestIdOf(bad)).toMatch(/^[0-9a-f-]{36}$/);
    expect(requestIdOf(undefined)).not.toBe(requestIdOf(undefined));
  });

  it("is the current id in everything the request starts, and only there", async () => {
    expect(currentRequestId()).toBeUndefined();
    const seen = await withRequestId("r-1", async () => {
      await new Promise((r) => setTimeout(r, 5));
      return currentRequestId();
    });
    expect(seen).toBe("r-1");
    expect(currentRequestId()).toBeUndefined();
  });
});
