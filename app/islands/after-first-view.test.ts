import { describe, expect, it } from "vitest";
import { afterFirstView, type FirstViewEnv } from "./after-first-view";

/** A page in a test: its events, timers and frames are run by hand, in order. */
function fakePage({ observer = true, readyState = "loading" as DocumentReadyState } = {}) {
  let now = 0;
  const listeners = new Map<string, Set<() => void>>();
  const timers: { at: number; run: () => void }[] = [];
  const frames: (() => void)[] = [];
  let onPaint: ((time: number) => void) | null = null;
  let observing = false;
  const doc = { readyState };
  const env: FirstViewEnv = {
    doc,
    now: () => now,
    win: {
      addEventListener: ((type: string, fn: () => void) => {
        if (!listeners.has(type)) listeners.set(type, new Set());
        listeners.get(type)!.add(fn);
      }) as Window["addEventListener"],
      removeEventListener: ((type: string, fn: () => void) => listeners.get(type)?.delete(fn)) as Window["removeEventListener"],
      setTimeout: ((fn: () => void, ms = 0) => timers.push({ at: now + ms, run: fn })) as unknown as Window["setTimeout"],
      requestAnimationFrame: (fn: FrameRequestCallback) => frames.push(() => fn(now)),
    },
    observePaints(cb) {
      if (!observer) return false;
      onPaint = cb;
      observing = true;
      return () => {
        observing = false;
      };
    },
  };
  return {
    env,
    fire(type: string) {
      for (const fn of [...(listeners.get(type) ?? [])]) fn();
      if (type === "load") listeners.delete("load");
    },
    /** Moves the clock, running the timers that fall due. */
    advance(ms: number) {
      const until = now + ms;
      for (;;) {
        timers.sort((a, b) => a.at - b.at);
        const next = timers[0];
        if (!next || next.at > until) break;
        timers.shift();
        now = Math.max(now, next.at);
        next.run();
      }
      now = until;
    },
    frame() {
      for (const fn of frames.splice(0)) fn();
    },
    paint(time: number) {
      if (observing) onPaint?.(time);
    },
    get observing() {
      return observing;
    },
    listenerCount: () => [...listeners.values()].reduce((n, s) => n + s.size, 0),
  };
}

describe("afterFirstView", () => {
  it("waits for load, then for the largest paint that follows it", () => {
    const page = fakePage();
    let started = 0;
    afterFirstView(() => started++, page.env);
    page.advance(1000);
    expect(started).toBe(0);
    page.fire("load");
    // A paint from before load (the first text) does not count: the lead image is painted after it.
    page.paint(-5);
    page.advance(10);
    expect(started).toBe(0);
    page.advance(40);
    page.paint(page.env.now());
    expect(started).toBe(0);
    page.advance(0);
    expect(started).toBe(1);
    // Once: neither a later paint, nor the fallback timer, nor an input start it again.
    page.paint(page.env.now());
    page.advance(1000);
    page.fire("pointerdown");
    expect(started).toBe(1);
    expect(page.observing).toBe(false);
    expect(page.listenerCount()).toBe(0);
  });

  it("starts at the first input, even before load", () => {
    for (const input of ["pointerdown", "touchstart", "keydown", "focusin"]) {
      const page = fakePage();
      let started = 0;
      afterFirstView(() => started++, page.env);
      page.advance(20);
      page.fire(input);
      expect(started, input).toBe(1);
      page.fire("load");
      page.paint(page.env.now());
      page.advance(1000);
      expect(started, input).toBe(1);
    }
  });

  it("starts anyway when no paint follows load", () => {
    const page = fakePage();
    let started = 0;
    afterFirstView(() => started++, page.env);
    page.fire("load");
    page.advance(299);
    expect(started).toBe(0);
    page.advance(1);
    expect(started).toBe(1);
  });

  it("waits two frames after load where the browser reports no paints", () => {
    const page = fakePage({ observer: false });
    let started = 0;
    afterFirstView(() => started++, page.env);
    page.fire("load");
    page.frame();
    page.advance(0);
    expect(started).toBe(0);
    page.frame();
    expect(started).toBe(0);
    page.advance(0);
    expect(started).toBe(1);
  });

  it("does not wait for a load that already happened", () => {
    const page = fakePage({ readyState: "complete" });
    let started = 0;
    afterFirstView(() => started++, page.env);
    page.paint(page.env.now());
    page.advance(0);
    expect(started).toBe(1);
  });
});
