import { XMLValidator } from "fast-xml-parser";
import { describe, expect, it } from "vitest";
import { xmlText } from "./xml";

describe("xmlText", () => {
  it("escapes the five markup characters", () => {
    expect(xmlText(`a & b < c > d "e" 'f'`)).toBe("a &amp; b &lt; c &gt; d &quot;e&quot; &apos;f&apos;");
  });

  it("drops what XML 1.0 forbids and keeps every other character", () => {
    expect(xmlText("a\u0000b\u0001c\u001fd\uFFFEe\uFFFFf\ud800g\udc00h")).toBe("abcdefgh");
    const kept = "tab\tlf\ncr\r é « » 😀 \uE000 \uFFFD \u{10000} \u{10FFFD} \uFDD0 \u0085";
    expect(xmlText(kept)).toBe(kept);
    expect(XMLValidator.validate(`<a t="${xmlText(`"'<&`)}">${xmlText("]]> <![CDATA[")}</a>`)).toBe(true);
  });
});
