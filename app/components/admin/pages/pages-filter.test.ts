import { describe, expect, it } from "vitest";
import type { PublicationKind } from "~/lib/content/publication-state";
import { filterPages, type PageFilter } from "./PagesScreen";

const KIND: Record<string, PublicationKind> = { published: "published", draft_pending: "pending", unpublished: "draft", scheduled: "scheduled" };
const t = (title: string, path: string, status: "published" | "draft_pending" | "unpublished" | "scheduled", updatedAt: string) => ({
  lang: "fr" as const,
  path,
  slug: path,
  title,
  status: status === "scheduled" ? ("published" as const) : status,
  state: { kind: KIND[status], label: "", visitors: null, pending: false },
  updatedAt,
  updatedBy: null,
  version: 1,
  publishedAt: null,
});
const PAGES = [
  {
    id: "a",
    kind: "system" as const,
    systemKey: "offers",
    translations: {
      fr: t("Offres", "/offres", "published", "2026-11-01"),
      en: { ...t("Offers", "/en/offers", "draft_pending", "2026-11-20"), lang: "en" as const },
    },
  },
  { id: "b", kind: "custom" as const, systemKey: null, translations: { fr: t("Ateliers d'été", "/page/ateliers", "unpublished", "2026-11-10") } },
  { id: "c", kind: "article" as const, systemKey: null, translations: { fr: t("Zéro rendez-vous manqué", "/blog/zero", "published", "2026-10-01") } },
  { id: "d", kind: "article" as const, systemKey: null, translations: { fr: t("Vitrine de Noël", "/blog/noel", "scheduled", "2026-09-01") } },
];
const f = (o: Partial<PageFilter>): string[] => filterPages(PAGES, { q: "", kind: "", status: "", sort: "title", ...o }).map((p) => p.id);

describe("pages list filters", () => {
  it("sorts by title (French order) or by last change in either language", () => {
    expect(f({})).toEqual(["b", "a", "d", "c"]);
    expect(f({ sort: "updated" })).toEqual(["a", "b", "c", "d"]);
  });
  it("searches titles and paths in both languages, case-insensitively", () => {
    expect(f({ q: "OFFERS" })).toEqual(["a"]);
    expect(f({ q: "/blog/z" })).toEqual(["c"]);
    expect(f({ q: "été" })).toEqual(["b"]);
    expect(f({ q: "   " })).toEqual(["b", "a", "d", "c"]);
  });
  it("filters by kind and by a status in either language", () => {
    expect(f({ kind: "article" })).toEqual(["d", "c"]);
    expect(f({ status: "pending" })).toEqual(["a"]);
    // A scheduled article is not "Publié" (visitors get a 404 until its time).
    expect(f({ status: "published", kind: "article" })).toEqual(["c"]);
    expect(f({ status: "scheduled" })).toEqual(["d"]);
    expect(f({ status: "published", kind: "system" })).toEqual(["a"]);
    expect(f({ q: "zzz" })).toEqual([]);
  });
});
