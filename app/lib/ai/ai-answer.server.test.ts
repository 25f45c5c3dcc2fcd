import { describe, expect, it } from "vitest";
import { DEFAULT_DESIGN } from "~/lib/design/tokens";
import { ApiError } from "~/lib/http/api.server";
import { HOSTILE_BLOCK, validBlockAnswer } from "../../../tests/support/ai-stub";
import { blockFromAnswer } from "./generate-block.server";

/** What a configured AI service's answer becomes before it reaches the builder (issue 22 item 2, "Bad input"). */
const refused = (text: string) => {
  try {
    blockFromAnswer(text, DEFAULT_DESIGN);
  } catch (e) {
    if (e instanceof ApiError) return { status: e.status, code: e.code, message: e.message };
    throw e;
  }
  return null;
};

describe("a configured AI service's answer", () => {
  it("is refused in French when it is not JSON, not a block, or names an unknown element type", () => {
    expect(refused("Voici votre bloc : un titre.")).toMatchObject({
      status: 502,
      code: "ai_invalid_answer",
      message: expect.stringContaining("autre chose que du JSON"),
    });
    expect(refused("[1, 2]")).toMatchObject({ status: 502, code: "ai_invalid_block" });
    const marquee = { block: { type: "container", sections: [{ columns: [{ width: 12, elements: [{ type: "marquee", content: "x" }] }] }] } };
    expect(refused(JSON.stringify(marquee))).toMatchObject({ status: 502, code: "ai_invalid_block", message: expect.stringMatching(/bloc valide.*type/) });
  });

  it("loses script, on* handlers and javascript: addresses", () => {
    const block = blockFromAnswer(JSON.stringify(HOSTILE_BLOCK), DEFAULT_DESIGN);
    const json = JSON.stringify(block);
    expect(json).not.toMatch(/<script|onerror|onclick|onload|javascript:|alert\(/i);
    expect(block.sections[0].columns[0].elements.map((e) => e.type)).toEqual(["heading", "text", "icon", "button"]);
  });

  it("is held to the design: colours and sizes become the design's, and every node gets a fresh id", () => {
    const answer = validBlockAnswer("réservation");
    answer.block.styles.backgroundColor = "#fdfdfd";
    Object.assign(answer.block.sections[0].columns[0].elements[0].styles, { color: "#ffc300", fontSize: "31px" });
    const block = blockFromAnswer("```json\n" + JSON.stringify(answer) + "\n```", DEFAULT_DESIGN);
    expect(block.styles).toEqual({ paddingTop: "40px", paddingBottom: "40px", backgroundColor: "var(--surface)" });
    const [heading] = block.sections[0].columns[0].elements;
    expect(heading.styles).toEqual({ fontSize: "var(--ds-size-h2)", textAlign: "center", color: "var(--color-brand-yellow)" });
    expect(block.id).not.toBe("block-from-model");
    expect(block.id).toMatch(/^block-/);
  });
});
