import { describe, expect, it } from "vitest";
import { isValidLocal, localDay, localToUtc, utcToLocal } from "./time";

describe("site time zone conversions", () => {
  it("reads a Paris wall-clock time in winter (UTC+1) and summer (UTC+2)", () => {
    expect(localToUtc("2026-11-23T09:00", "Europe/Paris").toISOString()).toBe("2026-11-23T08:00:00.000Z");
    expect(localToUtc("2026-07-01T09:00:30", "Europe/Paris").toISOString()).toBe("2026-07-01T07:00:30.000Z");
    expect(localToUtc("2026-07-01T09:00", "UTC").toISOString()).toBe("2026-07-01T09:00:00.000Z");
  });
  it("round-trips through the zone, and gives the local day", () => {
    expect(utcToLocal("2026-11-23T08:00:00.000Z", "Europe/Paris")).toBe("2026-11-23T09:00");
    expect(utcToLocal("2026-07-01T07:00:30.000Z", "Europe/Paris", true)).toBe("2026-07-01T09:00:30");
    expect(localDay("2026-11-23T23:30:00.000Z", "Europe/Paris")).toBe("2026-11-24");
  });
  it("handles the daylight-saving changes", () => {
    // 2026-03-29 02:30 does not exist in Paris: it moves forward to 03:30 (01:30 UTC).
    expect(localToUtc("2026-03-29T02:30", "Europe/Paris").toISOString()).toBe("2026-03-29T01:30:00.000Z");
    // 2026-10-25 02:30 happens twice: the first one (UTC+2) is taken.
    expect(localToUtc("2026-10-25T02:30", "Europe/Paris").toISOString()).toBe("2026-10-25T00:30:00.000Z");
  });
  it("refuses impossible dates", () => {
    expect(isValidLocal("2026-02-30T10:00")).toBe(false);
    expect(isValidLocal("2026-13-01T10:00")).toBe(false);
    expect(isValidLocal("2026-01-01T24:00")).toBe(false);
    expect(isValidLocal("23/11/2026 09:00")).toBe(false);
    expect(isValidLocal("2026-01-01T10:00")).toBe(true);
  });
});
