import { describe, expect, it } from "vitest";
import { publicationState, publicationStates } from "./publication-state";

const ctx = { now: new Date("2026-11-26T10:00:00Z"), timeZone: "Europe/Paris" };

describe("publication state", () => {
  it("says Brouillon and a 404 for a version never published", () => {
    const s = publicationState({ published: false, publishAt: null, pending: true }, ctx);
    expect(s).toMatchObject({ kind: "draft", label: "Brouillon", visitors: "Les visiteurs voient une page introuvable (404)." });
  });
  it("says Programmé with the site's local day and time, never Publié, before its time", () => {
    // 08:00 UTC is 09:00 in Paris in November.
    const s = publicationState({ published: true, publishAt: "2026-11-27T08:00:00.000Z", pending: false }, ctx);
    expect(s.kind).toBe("scheduled");
    expect(s.label).toBe("Programmé pour le 27 nov. à 09:00");
    expect(s.visitors).toBe("Les visiteurs voient une page introuvable (404) jusqu'au 27 nov. à 09:00.");
  });
  it("names the local day of a time just after midnight (the previous day in UTC)", () => {
    const s = publicationState({ published: true, publishAt: "2026-11-27T23:30:00.000Z", pending: false }, ctx);
    expect(s.label).toBe("Programmé pour le 28 nov. à 00:30");
  });
  it("adds the year when it is not the current one", () => {
    const s = publicationState({ published: true, publishAt: "2027-01-03T08:00:00.000Z", pending: false }, ctx);
    expect(s.label).toBe("Programmé pour le 3 janv. 2027 à 09:00");
  });
  it("says Publié once the time has come, and Modifications non publiées with a newer draft", () => {
    expect(publicationState({ published: true, publishAt: "2026-11-26T10:00:00.000Z", pending: false }, ctx)).toMatchObject({
      kind: "published",
      label: "Publié",
      visitors: null,
    });
    const pending = publicationState({ published: true, publishAt: "2026-11-12T09:00:00.000Z", pending: true }, ctx);
    expect(pending).toMatchObject({ kind: "pending", label: "Modifications non publiées" });
    expect(pending.visitors).toBe("Les visiteurs voient la version publiée du 12 nov. à 10:00.");
  });
  it("keeps a scheduled version scheduled when its draft changed since, and flags it", () => {
    const s = publicationState({ published: true, publishAt: "2026-11-27T08:00:00.000Z", pending: true }, ctx);
    expect(s).toMatchObject({ kind: "scheduled", pending: true });
  });
  it("gives each language its own state", () => {
    const states = publicationStates(
      [
        { lang: "fr", published: true, publishAt: "2026-11-27T08:00:00.000Z", pending: false },
        { lang: "en", published: false, publishAt: null, pending: false },
      ],
      ctx,
    );
    expect(states.fr?.kind).toBe("scheduled");
    expect(states.en?.kind).toBe("draft");
  });
});
