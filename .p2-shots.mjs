import { chromium } from "playwright-core";
import { startAppServer } from "./scripts/bench/lib/app-server.mjs";
import { cleanupAll } from "./scripts/bench/lib/proc.mjs";
const server = await startAppServer(process.cwd(), { skipBuild: true });
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--no-first-run"] });
const pages = (process.env.PAGES ?? "/,/solutions/reservation,/contact,/blog").split(",");
const widths = (process.env.WIDTHS ?? "320,375,768,1024,1440").split(",").map(Number);
const themes = (process.env.THEMES ?? "light,dark").split(",");
const full = process.env.FULL === "1";
for (const theme of themes) {
  const ctx = await browser.newContext({ colorScheme: theme });
  await ctx.addInitScript((t) => { try { localStorage.setItem("cookieConsent", "declined"); localStorage.setItem("theme", t); } catch {} }, theme);
  const page = await ctx.newPage();
  for (const p of pages) for (const w of widths) {
    await page.setViewportSize({ width: w, height: 900 });
    await page.goto(server.origin + p, { waitUntil: "networkidle" });
    await page.evaluate(async () => { await document.fonts.ready; });
    const name = `/tmp/p2-shots/${theme}-${w}-${p.replace(/\//g, "_") || "_"}.png`;
    await page.screenshot({ path: name, fullPage: full });
    const info = await page.evaluate(() => ({ sw: document.documentElement.scrollWidth, cw: document.documentElement.clientWidth, h1: getComputedStyle(document.querySelector("h1") ?? document.body).fontFamily, loaded: [...document.fonts].filter((f) => f.status === "loaded").map((f) => f.family), dark: document.documentElement.classList.contains("dark") }));
    console.log(name, JSON.stringify(info));
  }
  await ctx.close();
}
await browser.close();
await cleanupAll();
process.exit(0);
