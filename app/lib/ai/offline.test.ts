import { describe, expect, it } from "vitest";
import { DOC_VERSION } from "~/lib/document/schema";
import { pageDocumentSchema } from "~/lib/pipeline/save-schema";
import { offlineBlock } from "./offline";

describe("offline AI generator (seed 001 §4)", () => {
  it("gives a block with the prompt capitalised as heading and the seed's text", () => {
    const b = offlineBlock("  une offre de printemps pour les restaurants ");
    const [h, t] = b.sections[0].columns[0].elements;
    expect(h.type).toBe("heading");
    expect(h.content).toBe("Une offre de printemps pour les restaurants");
    expect(t.type).toBe("text");
    expect(t.content).toBe("<p>Contenu généré par IA basé sur votre demande : une offre de printemps pour les restaurants</p>");
    expect(pageDocumentSchema.safeParse({ version: DOC_VERSION, blocks: [b] }).success).toBe(true);
  });

  it("escapes markup in the prompt", () => {
    const b = offlineBlock("<img src=x onerror=alert(1)>");
    expect(JSON.stringify(b)).not.toContain("<img");
    expect(b.sections[0].columns[0].elements[0].content).toBe("&lt;img src=x onerror=alert(1)&gt;");
  });
});
