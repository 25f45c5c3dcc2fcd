import type { TrackingConfig } from "./tracking";

/**
 * Google tag and Meta pixel (seed 000 §7). This module is its own chunk, imported only once a visitor
 * has accepted (or to revoke after a change of mind), so no third-party request is made before consent.
 */
type Command = (...args: unknown[]) => void;
interface Pixel extends Command {
  callMethod?: (...args: unknown[]) => void;
  queue: unknown[];
  push: Pixel;
  loaded: boolean;
  version: string;
}

declare global {
  interface Window {
    dataLayer?: unknown[];
    gtag?: Command;
    fbq?: Pixel;
    _fbq?: Pixel;
  }
}

function loadScript(src: string) {
  const s = document.createElement("script");
  s.async = true;
  s.src = src;
  document.head.appendChild(s);
}

const googleConsent = (granted: boolean) => {
  const v = granted ? "granted" : "denied";
  return { analytics_storage: v, ad_storage: v, ad_user_data: v, ad_personalization: v };
};

/** The tag starts with everything denied, then takes the visitor's choice as an update. */
function applyGoogle(id: string, granted: boolean) {
  if (!window.gtag) {
    if (!granted) return;
    const dataLayer = (window.dataLayer = window.dataLayer ?? []);
    // gtag.js reads Arguments objects from the data layer, not arrays: this is Google's own stub.
    window.gtag = function gtag() {
      // eslint-disable-next-line prefer-rest-params -- gtag.js needs the Arguments object itself
      dataLayer.push(arguments);
    };
    window.gtag("consent", "default", googleConsent(false));
    window.gtag("consent", "update", googleConsent(true));
    window.gtag("js", new Date());
    window.gtag("config", id);
    loadScript(`https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(id)}`);
    return;
  }
  window.gtag("consent", "update", googleConsent(granted));
}

/** Initialised on demand; PageView only while consent is granted. */
function applyPixel(id: string, granted: boolean) {
  let fbq = window.fbq;
  if (!fbq) {
    if (!granted) return;
    // Meta's stub: calls queue up until fbevents.js replaces callMethod.
    const stub = function fbq(...args: unknown[]) {
      if (stub.callMethod) stub.callMethod(...args);
      else stub.queue.push(args);
    } as Pixel;
    stub.push = stub;
    stub.loaded = true;
    stub.version = "2.0";
    stub.queue = [];
    window.fbq = window._fbq = fbq = stub;
    loadScript("https://connect.facebook.net/en_US/fbevents.js");
    fbq("consent", "grant");
    fbq("init", id);
  } else {
    fbq("consent", granted ? "grant" : "revoke");
  }
  if (granted) fbq("track", "PageView");
}

export function applyTags(config: TrackingConfig, granted: boolean) {
  if (config.gaId) applyGoogle(config.gaId, granted);
  if (config.pixelId) applyPixel(config.pixelId, granted);
}
