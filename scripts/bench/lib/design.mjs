// `npm run bench -- --design=brand:#3b82f6,headings:fraunces,text:inter`: Lighthouse measured with a changed
// design and its typefaces (decisions 042 and 052). The server starts with a known admin (ADMIN_EMAIL /
// ADMIN_PASSWORD, as the media and hardening benches do); the bench signs in and publishes the design
// through the design API, as the design screen does, before any page is fetched or audited.
import { BenchError } from "./proc.mjs";

export const BENCH_ADMIN = { email: "bench-design@archimed.local", password: "bench-design-password-123456" };

const COLOURS = { brand: "brand", teal: "teal", ink: "ink" };
const FONTS = { headings: "heading", text: "body" };

/** "brand:#3b82f6,headings:fraunces,text:inter" → { colors: { brand: "#3b82f6" }, fonts: { heading: "fraunces", body: "inter" } }. */
export function parseDesignOption(value) {
  const spec = { colors: {}, fonts: {} };
  for (const part of value.split(",").filter(Boolean)) {
    const i = part.indexOf(":");
    const [key, v] = i < 0 ? [part, ""] : [part.slice(0, i).trim(), part.slice(i + 1).trim()];
    if (COLOURS[key] && /^#[0-9a-f]{6}$/i.test(v)) spec.colors[COLOURS[key]] = v.toLowerCase();
    else if (FONTS[key] && /^[a-zA-Z0-9]+$/.test(v)) spec.fonts[FONTS[key]] = v;
    else throw new BenchError(`--design: "${part}" is not one of brand:#rrggbb, teal:#rrggbb, ink:#rrggbb, headings:<typeface>, text:<typeface>`);
  }
  if (!Object.keys(spec.colors).length && !Object.keys(spec.fonts).length) throw new BenchError("--design: nothing to change");
  return spec;
}

/** Signs in as the bench's admin and publishes the spec over the current design; returns what was published. */
export async function publishDesign(origin, spec) {
  const headers = { "content-type": "application/json", origin };
  const login = await fetch(`${origin}/api/auth/login`, { method: "POST", headers, body: JSON.stringify(BENCH_ADMIN) });
  const cookie = (login.headers.get("set-cookie") ?? "").split(";")[0];
  if (login.status !== 200 || !cookie) throw new BenchError(`--design: sign-in refused (${login.status} ${await login.text()})`);
  const api = async (method, p, body) => {
    const res = await fetch(`${origin}${p}`, { method, headers: { ...headers, cookie }, body: body && JSON.stringify(body) });
    const json = await res.json().catch(() => ({}));
    if (!res.ok) throw new BenchError(`--design: ${method} ${p} → ${res.status} ${json?.error?.message ?? ""}`);
    return json;
  };
  const view = await api("GET", "/api/design");
  const design = {
    ...view.design,
    fonts: { ...view.design.fonts, ...spec.fonts },
    colors: { ...view.design.colors, light: { ...view.design.colors.light, ...spec.colors } },
  };
  const saved = await api("PUT", "/api/design", { version: view.version, design });
  const published = await api("POST", "/api/design/publish", { version: saved.version });
  await fetch(`${origin}/api/auth/logout`, { method: "POST", headers: { ...headers, cookie } }).catch(() => {});
  return published.design;
}
