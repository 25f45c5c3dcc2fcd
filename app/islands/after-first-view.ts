/**
 * When a visitor's page starts its JavaScript (issue 21). The page is whole without it (server-rendered
 * HTML, links, a form that posts), so the island's 80 KB are fetched once the page has been seen: after
 * `load` and the largest paint that follows it. Fetched earlier, on a slow phone link, they share the line
 * with the lead image and the typefaces, and their parsing and hydration delay the first paint (Lighthouse
 * counts every request that ends before the largest paint into its LCP estimate). A visitor who acts first
 * (a tap, a key, a focus) starts it at once, and the click that did so is replayed once the island is live
 * (see replayEarlyClick).
 */

/** Input that means a visitor is about to use the page: start now. */
const FIRST_INPUT = ["pointerdown", "touchstart", "keydown", "focusin"] as const;
/** After `load`, how long to wait for a largest paint that may never come (nothing new to paint). */
const PAINT_WAIT_MS = 300;

export interface FirstViewEnv {
  win: Pick<Window, "addEventListener" | "removeEventListener" | "setTimeout" | "requestAnimationFrame">;
  doc: Pick<Document, "readyState">;
  now: () => number;
  /** Calls back with each largest-contentful-paint time, or returns false where the browser has none. */
  observePaints: (onPaint: (time: number) => void) => (() => void) | false;
}

function browserEnv(): FirstViewEnv {
  return {
    win: window,
    doc: document,
    now: () => performance.now(),
    observePaints(onPaint) {
      if (typeof PerformanceObserver === "undefined" || !PerformanceObserver.supportedEntryTypes?.includes("largest-contentful-paint")) return false;
      const observer = new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) onPaint(entry.startTime);
      });
      observer.observe({ type: "largest-contentful-paint", buffered: true });
      return () => observer.disconnect();
    },
  };
}

/** Runs `start` once: at the first input, or after `load` and the largest paint after it. */
export function afterFirstView(start: () => void, env: FirstViewEnv = browserEnv()): void {
  const { win, doc } = env;
  let done = false;
  let stopPaints: (() => void) | false = false;
  const go = () => {
    if (done) return;
    done = true;
    for (const type of FIRST_INPUT) win.removeEventListener(type, go, true);
    if (stopPaints) stopPaints();
    start();
  };
  for (const type of FIRST_INPUT) win.addEventListener(type, go, { capture: true, passive: true });

  const onLoad = () => {
    const loadedAt = env.now();
    // The frame painted after `load` holds every eager image: its largest paint is the page's. A browser
    // without the observer waits two frames (the first one after load has then been drawn).
    stopPaints = env.observePaints((time) => {
      if (time >= loadedAt) win.setTimeout(go, 0);
    });
    if (stopPaints === false) win.requestAnimationFrame(() => win.requestAnimationFrame(() => win.setTimeout(go, 0)));
    // The largest paint came before `load` (a text paint larger than any image): nothing new will come.
    win.setTimeout(go, PAINT_WAIT_MS);
  };
  if (doc.readyState === "complete") onLoad();
  else win.addEventListener("load", onLoad, { once: true });
}

/**
 * A tap on a button before the island is live does nothing (React is not listening yet). The first such
 * click is remembered and clicked again once React has taken the page over, so the menu opens after all.
 * Links and form controls work without JavaScript and are left alone.
 */
export function rememberEarlyClick(root: HTMLElement): () => void {
  let target: HTMLElement | null = null;
  const onClick = (e: MouseEvent) => {
    const button = (e.target as Element | null)?.closest?.("button");
    if (button instanceof HTMLElement && root.contains(button) && button.type !== "submit" && !target) target = button;
  };
  document.addEventListener("click", onClick, true);
  return () => {
    document.removeEventListener("click", onClick, true);
    if (target?.isConnected) target.click();
  };
}
