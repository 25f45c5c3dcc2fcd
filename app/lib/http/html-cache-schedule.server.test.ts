import { describe, expect, it } from "vitest";
import { HtmlCache } from "./html-cache.server";

describe("HTML cache and scheduled publication", () => {
  it("serves nothing rendered before the next publication once its instant has come", () => {
    const cache = new HtmlCache(10);
    const T = Date.now() + 60_000;
    let lookedUp = 0;
    cache.onBoundary = () => lookedUp++;
    cache.setNextPublication(T);
    cache.set("/blog", 200, {}, Buffer.from("avant"), T - 5000);
    expect(cache.get("/blog", T - 1)?.identity.toString()).toBe("avant");
    expect(cache.get("/blog", T)).toBeUndefined();
    expect(lookedUp).toBe(1);
  });
  it("does not keep a render begun before a publication that passed while it ran", () => {
    const cache = new HtmlCache(10);
    const T = Date.now() - 10;
    cache.setNextPublication(T);
    cache.get("/x");
    cache.set("/blog", 200, {}, Buffer.from("vieux"), T - 100);
    expect(cache.get("/blog")).toBeUndefined();
    cache.set("/blog", 200, {}, Buffer.from("neuf"), T + 5);
    expect(cache.get("/blog")?.identity.toString()).toBe("neuf");
  });
});
