import { describe, expect, it } from "vitest";
import { durationSince, initialsOf, nameFromEmail } from "./people";

describe("presence names and durations", () => {
  it("names a member from their address, with one or two initials", () => {
    expect(nameFromEmail("camille.durand@archimed.test")).toBe("Camille Durand");
    expect(initialsOf(nameFromEmail("camille.durand@archimed.test"))).toBe("CD");
    expect(nameFromEmail("camille@archimed.test")).toBe("Camille");
    expect(initialsOf("Camille")).toBe("C");
    expect(initialsOf("")).toBe("?");
  });

  it("says how long, in French, with the number held to its unit", () => {
    const start = "2026-11-26T10:00:00.000Z";
    const at = (minutes: number) => Date.parse(start) + minutes * 60_000;
    expect(durationSince(start, at(0.5))).toBe("moins d'une minute");
    expect(durationSince(start, at(10))).toBe("10\u00a0min");
    expect(durationSince(start, at(60))).toBe("1\u00a0h");
    expect(durationSince(start, at(125))).toBe("2\u00a0h\u00a005");
    // A clock a little behind the server's never says "-1 min".
    expect(durationSince(start, at(-1))).toBe("moins d'une minute");
  });
});
