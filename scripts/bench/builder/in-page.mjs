// Code that runs in the page (init scripts and helpers passed to page.evaluate): it must stay self-contained.

// ------------------------------------------------------------------------------------------------ in-page code

/** Open watcher (init script): the first frame holding `target` elements, then the end of its rendering. */
export function openWatcher(target) {
  const longtasks = [];
  try {
    new PerformanceObserver((l) => {
      for (const e of l.getEntries()) longtasks.push({ start: e.startTime, duration: e.duration });
    }).observe({ type: "longtask", buffered: true });
  } catch {
    /* no long task timing */
  }
  window.__benchOpen = { longtasks, result: null };
  // A live collection: reading its length each frame costs next to nothing, unlike a selector query
  // over the whole page (which the measured page would pay for on every frame).
  const frames = document.getElementsByClassName("builder-element");
  const check = () => {
    const n = frames.length;
    if (n < target) return requestAnimationFrame(check);
    const frame = performance.now();
    const channel = new MessageChannel();
    // A task posted from the rAF runs once this frame's style, layout and paint are done.
    channel.port1.onmessage = () => {
      performance.mark("bench:open-painted");
      window.__benchOpen.result = { count: n, frame, painted: performance.now() };
    };
    channel.port2.postMessage(0);
  };
  requestAnimationFrame(check);
}

/**
 * Interaction harness (init script). arm(types, key) listens, in the capture phase on window (before React's
 * listeners on the root), for the first of `types`; collect() returns, for that input, the Event Timing
 * entries of the same input and the rAF figures: `frame` (next requestAnimationFrame), `painted` (a task
 * posted from that rAF: the frame's main-thread rendering is done) and `nextFrame` (the rAF after).
 * It also leaves two performance marks per input, bench:input:KEY and bench:painted:KEY, whose trace
 * events carry the main thread's CPU clock.
 */
export function interactionHarness() {
  const events = [];
  const longtasks = [];
  try {
    new PerformanceObserver((l) => {
      for (const e of l.getEntries())
        events.push({
          name: e.name,
          start: e.startTime,
          duration: e.duration,
          processingStart: e.processingStart,
          processingEnd: e.processingEnd,
          interactionId: e.interactionId,
        });
    }).observe({ type: "event", durationThreshold: 16, buffered: true });
  } catch {
    window.__benchNoEventTiming = true;
  }
  try {
    new PerformanceObserver((l) => {
      for (const e of l.getEntries()) longtasks.push({ start: e.startTime, duration: e.duration });
    }).observe({ type: "longtask", buffered: true });
  } catch {
    /* no long task timing */
  }
  let current = null;
  window.__bench = {
    arm(types, key) {
      current?.disarm();
      const s = { types, t0: null, type: null, handlerAt: null, frame: null, painted: null, nextFrame: null };
      const on = (e) => {
        if (s.t0 !== null) return;
        s.t0 = e.timeStamp;
        s.type = e.type;
        s.handlerAt = performance.now();
        // Marks appear in the Chromium trace with the main thread's CPU clock (tts): see traceMarks().
        performance.mark(`bench:input:${key}`);
        requestAnimationFrame(() => {
          s.frame = performance.now();
          const channel = new MessageChannel();
          channel.port1.onmessage = () => {
            s.painted = performance.now();
            performance.mark(`bench:painted:${key}`);
          };
          channel.port2.postMessage(0);
          requestAnimationFrame(() => (s.nextFrame = performance.now()));
        });
      };
      for (const t of types) window.addEventListener(t, on, true);
      s.disarm = () => {
        for (const t of types) window.removeEventListener(t, on, true);
      };
      current = s;
    },
    /** Resolves once the input was seen, its frames ran and Event Timing had time to report it. */
    collect() {
      const s = current;
      const began = performance.now();
      return new Promise((resolve) => {
        const poll = () => {
          const now = performance.now();
          if (s.t0 === null || s.nextFrame === null || s.painted === null) {
            if (now - began > 10_000) {
              s.disarm();
              return resolve({ error: s.t0 === null ? `no ${s.types.join("/")} event reached the page` : "no frame after the input" });
            }
            return setTimeout(poll, 25);
          }
          if (now - s.nextFrame < 150) return setTimeout(poll, 25);
          s.disarm();
          const mine = events.filter((e) => s.types.includes(e.name) && e.start >= s.t0 - 1 && e.start <= s.painted);
          const worst = mine.reduce((a, e) => (a && a.duration >= e.duration ? a : e), null);
          const blocking = longtasks.filter((t) => t.start < s.painted && t.start + t.duration > s.t0);
          resolve({
            type: s.type,
            inputDelay: s.handlerAt - s.t0,
            raf: s.painted - s.t0,
            frame: s.frame - s.t0,
            nextFrame: s.nextFrame - s.t0,
            et: worst
              ? {
                  name: worst.name,
                  duration: worst.duration,
                  inputDelay: worst.processingStart - worst.start,
                  processing: worst.processingEnd - worst.processingStart,
                  presentation: worst.start + worst.duration - worst.processingEnd,
                }
              : null,
            longtaskMs: blocking.reduce((a, t) => a + t.duration, 0),
          });
        };
        poll();
      });
    },
  };
}

/**
 * Main-thread CPU time between pairs of performance marks, from a Chromium trace: each mark's trace
 * event carries `tts`, the thread's CPU clock. Returns Map(key → { cpu, wall }) in ms for the pairs
 * bench:input:KEY → bench:painted:KEY, and the marks themselves for other uses.
 */
export function traceMarks(buffer) {
  const parsed = JSON.parse(buffer.toString("utf8"));
  const events = Array.isArray(parsed) ? parsed : (parsed.traceEvents ?? []);
  const marks = new Map();
  for (const e of events) {
    if (typeof e.name === "string" && e.name.startsWith("bench:") && e.ph !== "M") marks.set(e.name, e);
  }
  const pairs = new Map();
  for (const [name, start] of marks) {
    const m = /^bench:input:(.+)$/.exec(name);
    const end = m && marks.get(`bench:painted:${m[1]}`);
    if (!end || start.tid !== end.tid) continue;
    pairs.set(m[1], {
      cpu: typeof start.tts === "number" && typeof end.tts === "number" ? (end.tts - start.tts) / 1000 : null,
      wall: (end.ts - start.ts) / 1000,
    });
  }
  return { pairs, marks, events };
}

// Helpers evaluated in the page.
export const pageFns = {
  /** Every element frame in document order, with its type and whether it is the last of its column. */
  list: () =>
    [...document.querySelectorAll("[data-builder-element]")].map((node) => {
      const type = [...node.children].find((c) => c.classList.contains("el"))?.className.match(/\bel-([a-z]+)/)?.[1] ?? "?";
      let next = node.nextElementSibling;
      while (next && !next.hasAttribute("data-builder-element")) next = next.nextElementSibling;
      return { id: node.dataset.builderElement, type, last: !next };
    }),
  /** Scrolls the node into the middle of the canvas; returns false when it is not in the page. */
  scrollTo: (elementId) => {
    const node = document.querySelector(`[data-builder-element="${elementId}"]`);
    if (!node) return false;
    node.scrollIntoView({ block: "center", inline: "nearest" });
    return true;
  },
  /**
   * A point that hits the element frame itself (or its content), not a toolbar, button or link on top
   * of it: the click then does exactly "select this element".
   */
  clickPoint: (elementId) => {
    const node = document.querySelector(`[data-builder-element="${elementId}"]`);
    if (!node) return null;
    const r = node.getBoundingClientRect();
    const xs = [0.5, 0.25, 0.75, 0.1, 0.9];
    const ys = [0.5, 0.3, 0.7, 0.15, 0.85];
    for (const fy of ys) {
      for (const fx of xs) {
        const x = r.left + r.width * fx;
        const y = r.top + r.height * fy;
        if (x < 0 || y < 0 || x >= innerWidth || y >= innerHeight) continue;
        const hit = document.elementFromPoint(x, y);
        if (!hit || hit.closest("[data-builder-element]") !== node) continue;
        if (hit.closest('[role="toolbar"], button, a, input, [data-drag-handle]')) continue;
        return { x, y };
      }
    }
    return null;
  },
  /** Centre of a toolbar button of the selected element. */
  buttonPoint: ({ elementId, action }) => {
    const b = document.querySelector(`[data-builder-element="${elementId}"] [data-action="${action}"]`);
    if (!b) return null;
    const r = b.getBoundingClientRect();
    const x = r.left + r.width / 2;
    const y = r.top + r.height / 2;
    return document.elementFromPoint(x, y)?.closest(`[data-action="${action}"]`) === b ? { x, y } : null;
  },
  state: () => {
    const nodes = document.querySelectorAll("[data-builder-element]");
    const selected = document.querySelector('[data-builder-element][data-selected="true"]');
    const editor = document.querySelector(".builder-inline-editor");
    return {
      count: nodes.length,
      selected: selected?.dataset.builderElement ?? null,
      editing: Boolean(editor && document.activeElement && editor.contains(document.activeElement)),
      editorText: editor?.textContent ?? null,
    };
  },
  indexInColumn: (elementId) => {
    const node = document.querySelector(`[data-builder-element="${elementId}"]`);
    if (!node) return null;
    return {
      column: node.parentElement?.dataset.builderColumn ?? null,
      index: [...node.parentElement.children].filter((c) => c.hasAttribute("data-builder-element")).indexOf(node),
    };
  },
  /** Resolves when the main thread has been idle once, then two frames later. */
  settle: () =>
    new Promise((resolve) => {
      const frames = () => requestAnimationFrame(() => requestAnimationFrame(() => resolve()));
      if ("requestIdleCallback" in window) requestIdleCallback(frames, { timeout: 1500 });
      else setTimeout(frames, 50);
    }),
};
