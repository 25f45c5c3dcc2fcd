// Comparing two revisions (issue 25 §4, decision 050): a new page with the benchmark's document is published
// (revision 1), then changed the way a week of editing changes a page — one block in ten retyped, two blocks
// deleted, two added, one moved — and published again (revision 2). In the builder's "Révisions" dialog,
// the comparison of revision 1 with revision 2 is asked for by choosing revision 2 in the "avec" list, and
// timed in the page from that choice to the next painted frame showing the result: the diff of the two
// documents plus the rendering of both sides of every changed block with the real element renderers.
// Measured after the first choice (which also reads revision 2 from the server, reported apart), by going
// back to "Brouillon actuel" (not timed) and choosing revision 2 again; then with "Afficher les blocs
// identiques" ticked, every block rendered. Target: ≤ 500 ms on the 1,000-element page (--large).
import { randomBytes } from "node:crypto";
import { quantile } from "./config.mjs";
import { api, createBenchPage } from "./page-fixture.mjs";
import { newContext } from "./measure.mjs";

export const TARGET_COMPARE_MS = 500;

const newId = (prefix) => prefix + randomBytes(8).toString("hex");
const renew = (block) => ({
  ...block,
  id: newId("block-"),
  sections: block.sections.map((s) => ({
    ...s,
    id: newId("section-"),
    columns: s.columns.map((c) => ({ ...c, id: newId("column-"), elements: c.elements.map((e) => ({ ...e, id: newId("element-") })) })),
  })),
});

/** Revision 2's document: the stored draft (current model) with a week of edits. */
function edited(doc) {
  const blocks = doc.blocks.map((b, i) => {
    if (i % 10 !== 3) return b;
    const sections = b.sections.map((s, si) =>
      si !== 0
        ? s
        : {
            ...s,
            columns: s.columns.map((c, ci) =>
              ci !== 0
                ? c
                : { ...c, elements: c.elements.map((e, ei) => (ei === 0 ? { ...e, content: `${e.content.replace(/<\/p>$/, "")} — revu et complété` } : e)) },
            ),
          },
    );
    return { ...b, sections };
  });
  const n = blocks.length;
  const [moved] = blocks.splice(Math.floor(n / 4), 1);
  blocks.splice(Math.floor((3 * n) / 4), 0, moved);
  blocks.splice(Math.floor(n / 2), 1);
  blocks.splice(7, 1);
  blocks.splice(2, 0, renew(blocks[0]));
  blocks.push(renew(blocks[5]));
  return { ...doc, blocks };
}

async function publish(origin, cookie, pageId) {
  const { json } = await api(origin, "GET", `/api/pages/${pageId}/fr`, { cookie });
  await api(origin, "POST", `/api/pages/${pageId}/fr/publish`, { cookie, body: { version: json.draft.version } });
  return json.draft;
}

/** Picks `value` in the select `action` and resolves with the ms from that input to the next painted frame of the result. */
function chooseAndTime(action, value) {
  return new Promise((resolve, reject) => {
    const select = document.querySelector(`[data-action=${action}]`);
    if (!select) return reject(new Error(`no select ${action}`));
    const t0 = performance.now();
    select.value = value;
    select.dispatchEvent(new Event("change", { bubbles: true }));
    const started = Date.now();
    const check = () => {
      const summary = document.querySelector("[data-testid=compare-summary]")?.textContent ?? "";
      // The list of the new pair (data-pair ends with the chosen side), not the one still on screen.
      const list = document.querySelector("[data-testid=compare-blocks]");
      const rows = list?.querySelectorAll("[data-testid=compare-block]").length ?? 0;
      const done = list?.getAttribute("data-pair")?.endsWith(`|${value}`) && rows > 0;
      if (done)
        // The frame that shows it: the next animation frame runs before its paint, the one after follows it.
        requestAnimationFrame(() => requestAnimationFrame(() => resolve(performance.now() - t0)));
      else if (Date.now() - started > 30_000) reject(new Error(`the comparison did not show (${rows} rows, "${summary}")`));
      else requestAnimationFrame(check);
    };
    check();
  });
}

export async function measureCompare(browser, origin, sid, document, { samples = 8 } = {}) {
  const cookie = `sid=${sid}`;
  const pageId = await createBenchPage(origin, sid, document);
  const first = await publish(origin, cookie, pageId);
  const changed = edited(first.doc);
  const { json: now } = await api(origin, "GET", `/api/pages/${pageId}/fr`, { cookie });
  await api(origin, "PUT", `/api/pages/${pageId}/fr/draft`, { cookie, body: { doc: changed, version: now.draft.version } });
  await publish(origin, cookie, pageId);
  const { json: revs } = await api(origin, "GET", `/api/pages/${pageId}/fr/revisions`, { cookie });
  const [rev2, rev1] = revs.revisions;
  if (!rev1 || !rev2) throw new Error(`expected two revisions, got ${revs.revisions.length}`);
  const elements = first.doc.blocks.flatMap((b) => b.sections.flatMap((s) => s.columns.flatMap((c) => c.elements))).length;

  const context = await newContext(browser, origin, sid);
  try {
    await context.addInitScript(`window.__chooseAndTime = ${chooseAndTime.toString()}`);
    const page = await context.newPage();
    await page.goto(`${origin}/admin/archimed-editor?page=${encodeURIComponent(pageId)}&lang=fr`);
    await page.getByTestId("builder-canvas").waitFor({ timeout: 60_000 });
    await page.locator("[data-action=revisions]").click();
    const list = page.getByTestId("revision-list");
    await list.waitFor();
    // Revision 1 (the older) against the draft first: the dialog opens on that pair.
    await list.locator("li").nth(1).locator("[data-action=compare-revision]").click();
    await page.getByTestId("compare-blocks").waitFor({ timeout: 60_000 });
    const time = (value) => page.evaluate(([a, v]) => window.__chooseAndTime(a, v), ["compare-right", value]);
    const firstMs = await time(rev2.id);
    const summary = await page.getByTestId("compare-summary").innerText();
    const changedOnly = [];
    for (let i = 0; i < samples; i++) {
      await time("draft");
      changedOnly.push(await time(rev2.id));
    }
    await page.locator("[data-action=show-same]").check();
    const allBlocks = [];
    for (let i = 0; i < Math.max(3, Math.floor(samples / 2)); i++) {
      await time("draft");
      allBlocks.push(await time(rev2.id));
    }
    return {
      elements,
      blocks: { rev1: first.doc.blocks.length, rev2: changed.blocks.length },
      summary: summary.replace(/\s+/g, " ").trim(),
      firstMs,
      medianMs: quantile(changedOnly, 0.5),
      p95Ms: quantile(changedOnly, 0.95),
      allBlocksMedianMs: quantile(allBlocks, 0.5),
      allBlocksP95Ms: quantile(allBlocks, 0.95),
      samples: changedOnly.length,
      samplesMs: changedOnly,
      allBlocksSamples: allBlocks.length,
      allBlocksMs: allBlocks,
      targetMs: TARGET_COMPARE_MS,
    };
  } finally {
    await context.close();
  }
}
