import { describe, expect, it } from "vitest";
import { formatDate } from "./ArticleList";

describe("formatDate (the blog's day labels, written from a table)", () => {
  it("writes every day of a leap year and of another exactly as Intl's fr-FR and en-GB long dates do", () => {
    const intl = {
      fr: new Intl.DateTimeFormat("fr-FR", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" }),
      en: new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" }),
    };
    let checked = 0;
    for (const year of [2024, 2026]) {
      for (let d = new Date(Date.UTC(year, 0, 1, 12)); d.getUTCFullYear() === year; d.setUTCDate(d.getUTCDate() + 1)) {
        const iso = `${d.toISOString().slice(0, 10)}T00:30:00+01:00`;
        for (const lang of ["fr", "en"] as const) {
          expect(formatDate(iso, lang), iso).toBe(intl[lang].format(d));
          checked++;
        }
      }
    }
    expect(checked).toBe((366 + 365) * 2);
  });

  it("shows the site's day from the date's first ten characters, whatever the offset", () => {
    expect(formatDate("2026-11-27T00:30:00+01:00", "fr")).toBe("27 novembre 2026");
    expect(formatDate("2026-02-01T23:59:00-05:00", "en")).toBe("1 February 2026");
  });

  it("writes nothing for a missing or malformed date", () => {
    for (const bad of [null, "", "hier", "2026-13-01", "2026-00-10", "2026-01-00", "2026-01-32", "26-01-01"])
      expect(formatDate(bad, "fr"), String(bad)).toBe("");
  });
});
