import { prePublishChecks } from "~/lib/builder/prepublish";
import { publishedDesign } from "~/lib/content/design.server";
import { themeVariablesOf } from "~/lib/elements/contrast-check";
import { ApiError } from "~/lib/http/api.server";
import type { Lang } from "~/lib/i18n/routes";
import { getDraft } from "./pages-admin.server";

/**
 * The design settings' publishing rules, on the server (decision 036): when contrast or alternative text
 * is set to block, a draft with such a finding is not published, whatever the browser did. The same
 * pure check as the builder's dialog, with the published design's colours.
 */
export async function assertPublishRules(pageId: string, lang: Lang): Promise<void> {
  const design = await publishedDesign();
  const { blockContrast, blockAlt } = design.publishing;
  if (!blockContrast && !blockAlt) return;
  const draft = await getDraft(pageId, lang);
  const blocking = prePublishChecks(draft.doc, {
    lang,
    otherLang: null,
    titleIsH1: draft.kind === "article",
    themes: blockContrast ? themeVariablesOf(design) : null,
    blockOn: { contrast: blockContrast, alt: blockAlt },
  }).filter((w) => w.blocking);
  if (blocking.length === 0) return;
  const first = blocking
    .slice(0, 3)
    .map((w) => w.message)
    .join(" ");
  const more = blocking.length > 3 ? ` Et ${blocking.length - 3} autre${blocking.length > 4 ? "s" : ""}.` : "";
  throw new ApiError(
    422,
    "publish_blocked",
    `Publication refusée : les réglages de design demandent de corriger ${blocking.length === 1 ? "ce point" : `ces ${blocking.length} points`} avant de publier. ${first}${more}`,
  );
}
