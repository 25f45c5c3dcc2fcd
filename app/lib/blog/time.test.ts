import { describe, expect, it } from "vitest";
import { formatDay, formatWhen, isValidLocal, localDay, localToUtc, resolveLocal, rfc822, utcToLocal, zonedIso } from "./time";

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

describe("dates as visitors and members read them", () => {
  it("says when a local time is skipped or repeated by the daylight-saving changes", () => {
    expect(resolveLocal("2026-03-29T02:30", "Europe/Paris")).toEqual({ kind: "gap" });
    const overlap = resolveLocal("2026-10-25T02:30", "Europe/Paris");
    expect(overlap.kind).toBe("overlap");
    if (overlap.kind === "overlap") {
      expect(overlap.earlier.toISOString()).toBe("2026-10-25T00:30:00.000Z");
      expect(overlap.later.toISOString()).toBe("2026-10-25T01:30:00.000Z");
    }
    const ok = resolveLocal("2026-10-25T03:30", "Europe/Paris");
    expect(ok.kind === "ok" && ok.at.toISOString()).toBe("2026-10-25T02:30:00.000Z");
  });
  it("carries the zone's offset, which changes with the season", () => {
    expect(zonedIso("2026-11-26T23:30:00.000Z", "Europe/Paris")).toBe("2026-11-27T00:30:00+01:00");
    expect(zonedIso("2026-07-01T22:30:00.000Z", "Europe/Paris")).toBe("2026-07-02T00:30:00+02:00");
    // Either side of the spring and autumn changes.
    expect(zonedIso("2026-03-29T00:30:00.000Z", "Europe/Paris")).toBe("2026-03-29T01:30:00+01:00");
    expect(zonedIso("2026-03-29T01:30:00.000Z", "Europe/Paris")).toBe("2026-03-29T03:30:00+02:00");
    expect(zonedIso("2026-10-25T00:30:00.000Z", "Europe/Paris")).toBe("2026-10-25T02:30:00+02:00");
    expect(zonedIso("2026-10-25T01:30:00.000Z", "Europe/Paris")).toBe("2026-10-25T02:30:00+01:00");
    expect(zonedIso("2026-11-26T23:30:00.000Z", "America/New_York")).toBe("2026-11-26T18:30:00-05:00");
    expect(zonedIso("2026-11-26T23:30:00.000Z", "Asia/Kolkata")).toBe("2026-11-27T05:00:00+05:30");
  });
  it("writes RSS dates in the zone", () => {
    expect(rfc822("2026-11-26T23:30:00.000Z", "Europe/Paris")).toBe("Fri, 27 Nov 2026 00:30:00 +0100");
    expect(rfc822("2026-11-26T23:30:00.000Z", "UTC")).toBe("Thu, 26 Nov 2026 23:30:00 +0000");
  });
  it("says days and times the short French way", () => {
    expect(formatDay("2026-11-30", "2026")).toBe("30 nov.");
    expect(formatDay("2027-01-03", "2026")).toBe("3 janv. 2027");
    expect(formatWhen("2026-11-27T08:00:00.000Z", "Europe/Paris", new Date("2026-11-26T10:00:00Z"))).toBe("27 nov. à 09:00");
  });
});

describe("the cached offsets and the French day table", () => {
  it("read every quarter hour of both 2026 changes and of Sydney's and New York's as Intl does", () => {
    const intl = (d: Date, tz: string) =>
      new Intl.DateTimeFormat("sv-SE", {
        timeZone: tz,
        year: "numeric",
        month: "2-digit",
        day: "2-digit",
        hour: "2-digit",
        minute: "2-digit",
        hourCycle: "h23",
      })
        .format(d)
        .replace(" ", "T");
    const days = ["2026-03-28", "2026-03-29", "2026-10-25", "2026-11-01", "2026-04-05", "2026-10-04", "2026-11-26"];
    for (const tz of ["Europe/Paris", "America/New_York", "Australia/Sydney", "Asia/Kolkata", "UTC"]) {
      for (const day of days) {
        const start = Date.parse(`${day}T00:00:00Z`) - 12 * 3600_000;
        for (let ms = start; ms < start + 48 * 3600_000; ms += 15 * 60_000) expect(utcToLocal(new Date(ms), tz)).toBe(intl(new Date(ms), tz));
      }
    }
  });

  it("writes each month's short name as fr-FR's Intl does", () => {
    for (let m = 1; m <= 12; m++) {
      const day = `2027-${String(m).padStart(2, "0")}-03`;
      const intl = new Intl.DateTimeFormat("fr-FR", { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" }).format(new Date(`${day}T12:00:00Z`));
      expect(formatDay(day)).toBe(intl);
      expect(formatDay(day, "2027")).toBe(intl.replace(" 2027", ""));
    }
  });
});
