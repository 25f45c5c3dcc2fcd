#!/usr/bin/env node
// Generates the illustrations shipped with the seed content (public/media/seed/*.jpg|webp) from SVG drawn
// below, and rewrites app/lib/content/seed/media.ts so the manifest's sizes always match the files.
// Flat, brand-coloured shapes only: no text, no external fonts, nothing fetched.
//   node scripts/make-seed-images.mjs            (all images)
//   node scripts/make-seed-images.mjs NAME…      (only these, manifest still rewritten from the files)
import { mkdir, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import sharp from "sharp";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const OUT = path.join(root, "public/media/seed");
const MANIFEST = path.join(root, "app/lib/content/seed/media.ts");

const C = {
  y: "#ffc104",
  yl: "#ffe08a",
  yp: "#fff3c4",
  t: "#78c6bb",
  td: "#2f7d72",
  tl: "#cdeae5",
  tp: "#e9f6f4",
  ink: "#14171c",
  ink2: "#2a3038",
  cream: "#fff8e1",
  w: "#ffffff",
  g1: "#f3f4f6",
  g2: "#e5e7eb",
  g3: "#cbd2d9",
  g4: "#9aa5b1",
  coral: "#f08a6c",
  rose: "#f7c9bd",
  kraft: "#d8a46a",
  kraftd: "#b9834a",
  green: "#5fa97a",
  greend: "#3d7f59",
  navy: "#23344a",
  plum: "#8a5a83",
};

// ---------------------------------------------------------------- primitives
let uid = 0;
const id = (p) => `${p}${++uid}`;

const rect = (x, y, w, h, fill, rx = 0, extra = "") => `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="${rx}" fill="${fill}" ${extra}/>`;
const circle = (cx, cy, r, fill, extra = "") => `<circle cx="${cx}" cy="${cy}" r="${r}" fill="${fill}" ${extra}/>`;
const ring = (cx, cy, r, stroke, sw, extra = "") => `<circle cx="${cx}" cy="${cy}" r="${r}" fill="none" stroke="${stroke}" stroke-width="${sw}" ${extra}/>`;
const line = (x1, y1, x2, y2, stroke, sw, extra = "") =>
  `<line x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}" stroke="${stroke}" stroke-width="${sw}" stroke-linecap="round" ${extra}/>`;
const pathEl = (d, fill, extra = "") => `<path d="${d}" fill="${fill}" ${extra}/>`;
const g = (transform, inner) => `<g transform="${transform}">${inner}</g>`;

/** Soft shadow under a rounded rectangle (the blur filter is declared once per SVG). */
const shadow = (x, y, w, h, rx, dy = 18, o = 0.16) => rect(x + 6, y + dy, w - 12, h, "#14171c", rx, `opacity="${o}" filter="url(#blur)"`);
/** A card: shadow, then a filled rounded rectangle. */
const card = (x, y, w, h, rx = 24, fill = C.w) => shadow(x, y, w, h, rx) + rect(x, y, w, h, fill, rx);
/** Text stand-ins: rounded bars. */
const bars = (x, y, widths, h = 12, gap = 12, fill = C.g2) => widths.map((w, i) => rect(x, y + i * (h + gap), w, h, fill, h / 2)).join("");
const pill = (x, y, w, h, fill) => rect(x, y, w, h, fill, h / 2);

function star(cx, cy, r, fill) {
  const pts = [];
  for (let i = 0; i < 10; i++) {
    const a = -Math.PI / 2 + (i * Math.PI) / 5;
    const rr = i % 2 === 0 ? r : r * 0.45;
    pts.push(`${(cx + rr * Math.cos(a)).toFixed(1)},${(cy + rr * Math.sin(a)).toFixed(1)}`);
  }
  return `<polygon points="${pts.join(" ")}" fill="${fill}"/>`;
}
const heart = (cx, cy, s, fill) =>
  g(`translate(${cx} ${cy}) scale(${s})`, pathEl("M0 0.42 C -1.05 -0.25 -0.55 -1.15 0 -0.55 C 0.55 -1.15 1.05 -0.25 0 0.42 Z", fill));
const check = (cx, cy, s, stroke, sw = 8) =>
  `<path d="M${cx - s} ${cy} l${s * 0.7} ${s * 0.7} l${s * 1.3} -${s * 1.4}" fill="none" stroke="${stroke}" stroke-width="${sw}" stroke-linecap="round" stroke-linejoin="round"/>`;
/** Round badge with a check mark. */
const checkBadge = (cx, cy, r, fill = C.t, stroke = C.ink) =>
  shadow(cx - r, cy - r, r * 2, r * 2, r, 10, 0.14) + circle(cx, cy, r, fill) + check(cx - r * 0.08, cy + r * 0.02, r * 0.36, stroke, r * 0.16);
/** Speech bubble with a heart inside. */
const heartBubble = (x, y, s = 1) =>
  g(
    `translate(${x} ${y}) scale(${s})`,
    shadow(0, 0, 120, 96, 28, 10, 0.14) + rect(0, 0, 120, 96, C.w, 28) + pathEl("M30 92 L26 122 L58 94 Z", C.w) + heart(60, 52, 30, C.coral),
  );

function background(w, h, { from = C.cream, to = C.tp, blobs = true } = {}) {
  const gid = id("bg");
  let s = `<defs><linearGradient id="${gid}" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient>
  <filter id="blur" x="-30%" y="-30%" width="160%" height="160%"><feGaussianBlur stdDeviation="16"/></filter>
  <filter id="soft" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="60"/></filter></defs>`;
  s += rect(0, 0, w, h, `url(#${gid})`);
  if (blobs) {
    s += circle(w * 0.86, h * 0.16, h * 0.34, C.y, `opacity=".28" filter="url(#soft)"`);
    s += circle(w * 0.1, h * 0.92, h * 0.36, C.t, `opacity=".32" filter="url(#soft)"`);
  }
  return s;
}
/** A field of small dots, for texture in a corner. */
function dots(x, y, cols, rows, gap, fill, r = 3.5, o = 0.35) {
  let s = "";
  for (let i = 0; i < cols; i++) for (let j = 0; j < rows; j++) s += circle(x + i * gap, y + j * gap, r, fill);
  return `<g opacity="${o}">${s}</g>`;
}

/** Phone frame; `screen(w, h)` draws inside a w×h screen whose origin is its top-left corner. */
function phone(x, y, w, h, screen, bg = C.w) {
  const b = Math.round(w * 0.05);
  const sw = w - 2 * b;
  const sh = h - 2 * b;
  const clip = id("ph");
  return (
    shadow(x, y, w, h, w * 0.16, 24, 0.22) +
    rect(x, y, w, h, C.ink, w * 0.16) +
    `<clipPath id="${clip}"><rect x="${x + b}" y="${y + b}" width="${sw}" height="${sh}" rx="${w * 0.12}"/></clipPath>` +
    `<g clip-path="url(#${clip})">${rect(x + b, y + b, sw, sh, bg)}${g(`translate(${x + b} ${y + b})`, screen(sw, sh))}</g>` +
    pill(x + w / 2 - w * 0.14, y + b + 10, w * 0.28, Math.max(10, w * 0.055), C.ink)
  );
}

/** Laptop seen from the front; `screen(w, h)` draws the display. */
function laptop(x, y, w, screen) {
  const h = Math.round(w * 0.62);
  const b = Math.round(w * 0.03);
  const clip = id("lp");
  return (
    shadow(x, y, w, h + 30, 26, 30, 0.2) +
    rect(x, y, w, h, C.ink, 26) +
    `<clipPath id="${clip}"><rect x="${x + b}" y="${y + b}" width="${w - 2 * b}" height="${h - 2 * b}" rx="8"/></clipPath>` +
    `<g clip-path="url(#${clip})">${rect(x + b, y + b, w - 2 * b, h - 2 * b, C.w)}${g(`translate(${x + b} ${y + b})`, screen(w - 2 * b, h - 2 * b))}</g>` +
    pathEl(`M${x - w * 0.08} ${y + h} H${x + w * 1.08} L${x + w * 1.04} ${y + h + 26} H${x - w * 0.04} Z`, C.g3) +
    rect(x + w * 0.42, y + h, w * 0.16, 8, C.g4, 4)
  );
}

/** Browser window; `screen(w, h)` draws the page below the toolbar. */
function browser(x, y, w, h, screen) {
  const clip = id("br");
  return (
    card(x, y, w, h, 22) +
    `<clipPath id="${clip}"><rect x="${x}" y="${y}" width="${w}" height="${h}" rx="22"/></clipPath>` +
    `<g clip-path="url(#${clip})">` +
    rect(x, y, w, 56, C.g1) +
    circle(x + 32, y + 28, 8, C.coral) +
    circle(x + 58, y + 28, 8, C.y) +
    circle(x + 84, y + 28, 8, C.t) +
    pill(x + 120, y + 16, w - 160, 24, C.w) +
    g(`translate(${x} ${y + 56})`, screen(w, h - 56)) +
    `</g>`
  );
}

/** A simple landscape picture (sun and hills) used inside wireframes. */
function picture(x, y, w, h, { sky = C.tl, sun = C.y, hill1 = C.t, hill2 = C.td, rx = 14 } = {}) {
  const clip = id("pic");
  return (
    `<clipPath id="${clip}"><rect x="${x}" y="${y}" width="${w}" height="${h}" rx="${rx}"/></clipPath><g clip-path="url(#${clip})">` +
    rect(x, y, w, h, sky) +
    circle(x + w * 0.72, y + h * 0.32, Math.min(w, h) * 0.14, sun) +
    pathEl(`M${x} ${y + h * 0.78} Q${x + w * 0.3} ${y + h * 0.42} ${x + w * 0.62} ${y + h * 0.74} T${x + w} ${y + h * 0.6} V${y + h} H${x} Z`, hill1) +
    pathEl(`M${x} ${y + h * 0.9} Q${x + w * 0.45} ${y + h * 0.62} ${x + w} ${y + h * 0.88} V${y + h} H${x} Z`, hill2) +
    `</g>`
  );
}

/** Website wireframe filling w×h: nav, hero (text + art), three cards. */
function website(w, h, p = {}) {
  const { accent = C.y, dark = C.ink, art = (ax, ay, aw, ah) => picture(ax, ay, aw, ah), heroBg = C.cream, cardTint = C.g1 } = p;
  const m = w * 0.06;
  let s = rect(0, 0, w, h, C.w);
  s += circle(m + 12, h * 0.07, 12, dark) + bars(m + 34, h * 0.07 - 6, [w * 0.1], 12, 0, C.g3);
  for (let i = 0; i < 3; i++) s += pill(w * 0.5 + i * w * 0.1, h * 0.07 - 5, w * 0.07, 10, C.g2);
  s += pill(w - m - w * 0.12, h * 0.07 - 14, w * 0.12, 28, accent);
  const hy = h * 0.15;
  const hh = h * 0.46;
  s += rect(0, hy, w, hh, heroBg);
  s += bars(m, hy + hh * 0.2, [w * 0.34, w * 0.26], h * 0.045, h * 0.025, dark);
  s += bars(m, hy + hh * 0.52, [w * 0.36, w * 0.3, w * 0.33], h * 0.018, h * 0.018, C.g3);
  s += pill(m, hy + hh * 0.8, w * 0.14, h * 0.055, accent);
  s += art(w * 0.52, hy + hh * 0.1, w * 0.42, hh * 0.8);
  const cy = hy + hh + h * 0.06;
  const cw = (w - 2 * m - 2 * w * 0.03) / 3;
  for (let i = 0; i < 3; i++) {
    const cx = m + i * (cw + w * 0.03);
    s += rect(cx, cy, cw, h - cy - h * 0.05, cardTint, 12);
    s += circle(cx + 26, cy + 28, 12, i === 1 ? accent : C.t);
    s += bars(cx + 14, cy + 56, [cw * 0.7, cw * 0.5], 9, 9, C.g3);
  }
  return s;
}

/** Calendar card; `marks` maps a day index to a fill. */
function calendar(x, y, w, h, marks = {}, selected = -1) {
  const head = h * 0.2;
  let s = card(x, y, w, h, 26);
  s += `<clipPath id="cal${x}${y}"><rect x="${x}" y="${y}" width="${w}" height="${h}" rx="26"/></clipPath>`;
  s += `<g clip-path="url(#cal${x}${y})">${rect(x, y, w, head, C.td)}</g>`;
  s += ring(x + w * 0.26, y, 14, C.ink2, 8) + ring(x + w * 0.74, y, 14, C.ink2, 8);
  s += bars(x + w * 0.08, y + head * 0.42, [w * 0.3], head * 0.2, 0, "rgba(255,255,255,.85)");
  s +=
    circle(x + w * 0.84, y + head * 0.52, head * 0.13, "rgba(255,255,255,.35)") + circle(x + w * 0.92, y + head * 0.52, head * 0.13, "rgba(255,255,255,.35)");
  const cols = 7;
  const rows = 5;
  const pad = w * 0.06;
  const gw = (w - 2 * pad) / cols;
  const gh = (h - head - pad * 1.4) / (rows + 0.5);
  for (let c = 0; c < cols; c++) s += pill(x + pad + c * gw + gw * 0.3, y + head + pad * 0.6, gw * 0.4, 8, C.g3);
  for (let r = 0; r < rows; r++)
    for (let c = 0; c < cols; c++) {
      const i = r * cols + c;
      const cx = x + pad + c * gw + gw / 2;
      const cy = y + head + pad * 0.6 + gh * 0.9 + r * gh + gh / 2;
      const fill = marks[i];
      if (i === selected) s += circle(cx, cy, Math.min(gw, gh) * 0.4, C.ink) + check(cx - 4, cy, Math.min(gw, gh) * 0.15, C.y, 5);
      else if (fill) s += rect(cx - gw * 0.38, cy - gh * 0.36, gw * 0.76, gh * 0.72, fill, 12);
      else s += circle(cx, cy, 5, C.g3);
    }
  return s;
}

/** Time-slot list inside a phone screen. */
function slots(w, h, { taken = [1, 4], chosen = 2 } = {}) {
  let s = rect(0, 0, w, h * 0.2, C.tp);
  s += bars(w * 0.1, h * 0.08, [w * 0.5, w * 0.34], 14, 12, C.td);
  for (let i = 0; i < 6; i++) {
    const y = h * 0.25 + i * h * 0.115;
    const fill = i === chosen ? C.y : taken.includes(i) ? C.g1 : C.w;
    s += rect(w * 0.08, y, w * 0.84, h * 0.09, fill, 14, i === chosen ? "" : `stroke="${C.g2}" stroke-width="3"`);
    s += pill(w * 0.16, y + h * 0.035, w * 0.22, 12, i === chosen ? C.ink : taken.includes(i) ? C.g3 : C.g4);
    if (i === chosen) s += circle(w * 0.82, y + h * 0.045, 12, C.ink);
  }
  s += pill(w * 0.08, h * 0.93, w * 0.84, h * 0.05, C.ink);
  return s;
}

/** Storefront with a striped awning. */
function storefront(x, y, w, h, { awning = [C.y, C.yp], wall = C.w, door = C.ink, window = C.tl } = {}) {
  let s = card(x, y, w, h, 18, wall);
  s += rect(x - 10, y - 30, w + 20, 44, C.ink2, 12);
  const stripes = 8;
  const sw = (w + 20) / stripes;
  for (let i = 0; i < stripes; i++) {
    const sx = x - 10 + i * sw;
    s += rect(sx, y + 10, sw, h * 0.14, awning[i % 2]);
    s += pathEl(`M${sx} ${y + 10 + h * 0.14} a${sw / 2} ${sw / 2.2} 0 0 0 ${sw} 0 Z`, awning[i % 2]);
  }
  const wy = y + h * 0.34;
  const ww = w * 0.52;
  s += rect(x + w * 0.07, wy, ww, h * 0.5, window, 12);
  for (let k = 0; k < 2; k++) {
    const sy = wy + h * 0.2 + k * h * 0.2;
    s += rect(x + w * 0.07, sy, ww, 8, C.g3);
    for (let j = 0; j < 4; j++) {
      const px = x + w * 0.11 + j * ww * 0.23;
      s +=
        (j + k) % 2 === 0 ? rect(px, sy - h * 0.11, ww * 0.14, h * 0.11, j % 3 === 0 ? C.y : C.coral, 6) : circle(px + ww * 0.07, sy - h * 0.05, h * 0.05, C.t);
    }
  }
  s += rect(x + w * 0.66, wy, w * 0.26, h * 0.66 - 4, door, 10);
  s += rect(x + w * 0.69, wy + 16, w * 0.2, h * 0.26, "rgba(255,255,255,.18)", 8);
  s += circle(x + w * 0.71, wy + h * 0.38, 7, C.y);
  return s;
}

/** Paper bag with handles. */
function bag(x, y, w, h, fill, handle = C.ink2, flap = "rgba(0,0,0,.08)") {
  return (
    shadow(x, y, w, h, 10, 14, 0.18) +
    `<path d="M${x + w * 0.3} ${y + 4} q0 -${h * 0.28} ${w * 0.2} -${h * 0.28} q${w * 0.2} 0 ${w * 0.2} ${h * 0.28}" fill="none" stroke="${handle}" stroke-width="${Math.max(6, w * 0.045)}" stroke-linecap="round"/>` +
    rect(x, y, w, h, fill, 10) +
    rect(x, y, w, h * 0.14, flap, 10) +
    circle(x + w * 0.5, y + h * 0.52, w * 0.16, "rgba(255,255,255,.55)")
  );
}

/** Person seen from the front, seated: hair, head, torso. */
function person(cx, by, s, { skin = "#f1c6a3", hair = C.ink2, top = C.t, hairStyle = 0 } = {}) {
  let o = pathEl(`M${cx - 70 * s} ${by} q0 -${120 * s} ${70 * s} -${120 * s} q${70 * s} 0 ${70 * s} ${120 * s} Z`, top);
  o += rect(cx - 14 * s, by - 140 * s, 28 * s, 26 * s, skin, 6 * s);
  if (hairStyle === 1) o += circle(cx, by - 176 * s, 48 * s, hair);
  o += circle(cx, by - 172 * s, 40 * s, skin);
  if (hairStyle === 0)
    o += pathEl(
      `M${cx - 42 * s} ${by - 172 * s} a${42 * s} ${44 * s} 0 0 1 ${84 * s} 0 q-${20 * s} -${14 * s} -${44 * s} -${10 * s} q-${24 * s} ${4 * s} -${40 * s} ${10 * s} Z`,
      hair,
    );
  if (hairStyle === 1)
    o += pathEl(
      `M${cx - 40 * s} ${by - 178 * s} q${40 * s} -${30 * s} ${80 * s} 0 q-${10 * s} -${40 * s} -${40 * s} -${40 * s} q-${30 * s} 0 -${40 * s} ${40 * s} Z`,
      hair,
    );
  if (hairStyle === 2)
    o += pathEl(`M${cx - 40 * s} ${by - 170 * s} a${40 * s} ${42 * s} 0 0 1 ${80 * s} 0 l0 -${6 * s} q-${40 * s} -${40 * s} -${80 * s} 0 Z`, hair);
  return o;
}

/** Little bar chart and a trend line, for dashboards. */
function chartCard(x, y, w, h) {
  let s = card(x, y, w, h, 22);
  s += bars(x + 28, y + 28, [w * 0.36], 14, 0, C.g3);
  const vals = [0.35, 0.5, 0.42, 0.62, 0.58, 0.8, 0.92];
  const bw = (w - 56) / vals.length;
  vals.forEach((v, i) => {
    const bh = (h - 100) * v;
    s += rect(x + 28 + i * bw + bw * 0.18, y + h - 28 - bh, bw * 0.64, bh, i === vals.length - 1 ? C.y : C.tl, 8);
  });
  return s;
}

// ---------------------------------------------------------------- illustrations
const W = 1600;
const H = 900;

function homeHero() {
  let s = background(W, H);
  s += dots(1330, 640, 7, 5, 30, C.td);
  s += storefront(150, 250, 520, 520);
  s += laptop(760, 210, 640, (w, h) => website(w, h));
  s += phone(640, 430, 210, 420, (w, h) => slots(w, h));
  s += heartBubble(1330, 130, 1.1);
  s += card(1060, 700, 330, 110, 24) + [0, 1, 2, 3, 4].map((i) => star(1110 + i * 56, 755, 22, C.y)).join("");
  s += checkBadge(120, 200, 54);
  return s;
}

function bookingHero() {
  let s = background(W, H, { from: C.tp, to: C.cream });
  s += dots(120, 120, 6, 6, 30, C.td);
  s += calendar(260, 170, 720, 600, { 3: C.yl, 9: C.tl, 10: C.tl, 16: C.yl, 22: C.tl, 24: C.yl, 29: C.tl, 31: C.yl }, 18);
  s += phone(1060, 150, 300, 610, (w, h) => slots(w, h, { taken: [0, 3], chosen: 1 }));
  s +=
    card(880, 650, 260, 120, 60) +
    circle(940, 710, 40, C.y) +
    `<path d="M940 686 v26 l16 12" fill="none" stroke="${C.ink}" stroke-width="7" stroke-linecap="round"/>` +
    bars(1000, 690, [110, 70], 14, 12, C.g3);
  s += checkBadge(1390, 190, 50);
  return s;
}

function websiteHero() {
  let s = background(W, H);
  s += dots(1360, 110, 7, 5, 30, C.td);
  s += laptop(250, 170, 860, (w, h) => website(w, h));
  s += phone(1130, 300, 250, 500, (w, h) => {
    let o = rect(0, 0, w, h * 0.42, C.cream);
    o += bars(w * 0.1, h * 0.08, [w * 0.7, w * 0.5], 16, 12, C.ink);
    o += pill(w * 0.1, h * 0.2, w * 0.45, 26, C.y);
    o += picture(w * 0.1, h * 0.28, w * 0.8, h * 0.12, { rx: 10 });
    for (let i = 0; i < 3; i++)
      o +=
        rect(w * 0.1, h * 0.47 + i * h * 0.16, w * 0.8, h * 0.13, C.g1, 12) +
        circle(w * 0.22, h * 0.535 + i * h * 0.16, 12, i === 1 ? C.y : C.t) +
        bars(w * 0.34, h * 0.515 + i * h * 0.16, [w * 0.44], 10, 0, C.g3);
    return o;
  });
  s += g(
    "translate(980 640)",
    `<path d="M0 0 L0 70 L18 54 L32 84 L44 78 L30 50 L54 50 Z" fill="${C.ink}" stroke="${C.w}" stroke-width="4" stroke-linejoin="round"/>`,
  );
  s += card(140, 620, 200, 130, 24) + rect(170, 650, 140, 12, C.g3, 6) + rect(170, 680, 100, 12, C.g2, 6) + pill(170, 708, 80, 20, C.t);
  return s;
}

function socialGridScreen(w, h) {
  let o = rect(0, 0, w, h, C.w);
  o += circle(w * 0.2, h * 0.09, w * 0.1, C.y) + ring(w * 0.2, h * 0.09, w * 0.12, C.coral, 5);
  o += bars(w * 0.38, h * 0.06, [w * 0.36, w * 0.24], 12, 10, C.g3);
  const tiles = [C.y, C.t, C.coral, C.td, C.yl, C.rose, C.tl, C.kraft, C.y, C.coral, C.tl, C.td];
  const gw = w / 3;
  tiles.forEach((fill, i) => {
    const x = (i % 3) * gw;
    const y = h * 0.2 + Math.floor(i / 3) * gw;
    o += rect(x + 2, y + 2, gw - 4, gw - 4, fill);
    if (i % 3 === 1) o += circle(x + gw / 2, y + gw / 2, gw * 0.22, "rgba(255,255,255,.6)");
    else if (i % 2 === 0) o += pathEl(`M${x + 2} ${y + gw - 2} L${x + gw * 0.45} ${y + gw * 0.45} L${x + gw - 2} ${y + gw - 2} Z`, "rgba(20,23,28,.18)");
  });
  o += rect(0, h - 64, w, 64, C.g1);
  for (let i = 0; i < 4; i++) o += circle(w * (0.14 + i * 0.24), h - 32, 10, i === 0 ? C.ink : C.g4);
  return o;
}

function socialHero() {
  let s = background(W, H, { from: C.cream, to: "#fde9e2" });
  s += dots(110, 560, 6, 7, 30, C.coral);
  s += phone(610, 90, 380, 780, socialGridScreen);
  s += heartBubble(1050, 170, 1.2);
  s += chartCard(1080, 470, 360, 280);
  s += card(170, 200, 360, 130, 26) + circle(235, 265, 36, C.t) + bars(290, 240, [190, 130], 14, 14, C.g3);
  s +=
    card(210, 420, 300, 200, 26) +
    heart(290, 500, 36, C.coral) +
    bars(350, 480, [110], 14, 0, C.g3) +
    `<path d="M260 570 h30 m20 0 h160" stroke="${C.g2}" stroke-width="12" stroke-linecap="round"/>`;
  s += checkBadge(980, 820, 40, C.y);
  return s;
}

function clickCollectHero() {
  let s = background(W, H, { from: C.cream, to: C.tl });
  // shelves behind the counter
  s += rect(160, 120, 880, 420, "rgba(255,255,255,.55)", 24);
  for (let k = 0; k < 3; k++) {
    const y = 250 + k * 130;
    s += rect(190, y, 820, 12, C.kraftd, 6);
    for (let j = 0; j < 8; j++) {
      const x = 215 + j * 100;
      const f = [C.y, C.t, C.coral, C.td, C.rose, C.yl][(j + k) % 6];
      s += (j + k) % 3 === 0 ? circle(x + 30, y - 36, 34, f) : rect(x + 4, y - 86, 56, 86, f, 10);
    }
  }
  // counter
  s += shadow(100, 560, 1000, 280, 20, 20, 0.2) + rect(100, 560, 1000, 280, C.ink2, 20) + rect(100, 560, 1000, 34, C.kraft, 14);
  s +=
    rect(140, 620, 280, 170, "rgba(255,255,255,.06)", 14) +
    rect(460, 620, 280, 170, "rgba(255,255,255,.06)", 14) +
    rect(780, 620, 280, 170, "rgba(255,255,255,.06)", 14);
  s += bag(230, 390, 170, 180, C.kraft) + bag(430, 350, 200, 220, C.y) + bag(660, 410, 150, 160, C.t);
  s += phone(1180, 190, 270, 560, (w, h) => {
    let o = rect(0, 0, w, h, C.tp);
    o += circle(w / 2, h * 0.32, w * 0.24, C.t) + check(w / 2 - 6, h * 0.32, w * 0.09, C.ink, 12);
    o += bars(w * 0.18, h * 0.52, [w * 0.64, w * 0.46], 14, 14, C.td);
    o += rect(w * 0.1, h * 0.66, w * 0.8, h * 0.14, C.w, 16) + circle(w * 0.22, h * 0.73, 16, C.y) + bars(w * 0.34, h * 0.7, [w * 0.44, w * 0.3], 10, 10, C.g3);
    o += pill(w * 0.1, h * 0.87, w * 0.8, h * 0.07, C.ink);
    return o;
  });
  s += checkBadge(1130, 170, 44, C.y);
  return s;
}

function teamWorkshop() {
  let s = background(W, H, { from: C.tp, to: C.cream });
  // wall board with sticky notes
  s += card(170, 90, 760, 420, 20, C.w);
  const notes = [C.y, C.yl, C.t, C.tl, C.coral, C.rose];
  for (let c = 0; c < 4; c++) {
    s += rect(200 + c * 180, 120, 160, 16, C.g2, 8);
    for (let r = 0; r < 3 - (c % 2); r++) {
      const f = notes[(c * 2 + r) % notes.length];
      s += g(
        `rotate(${(c + r) % 2 ? -3 : 2} ${280 + c * 180} ${205 + r * 100})`,
        rect(215 + c * 180, 160 + r * 100, 130, 86, f, 6) + bars(232 + c * 180, 184 + r * 100, [80, 56], 8, 10, "rgba(20,23,28,.25)"),
      );
    }
  }
  // screen with a chart on the right
  s += card(1000, 120, 440, 300, 20, C.ink2);
  s += `<path d="M1040 370 L1120 320 L1190 340 L1270 250 L1340 270 L1400 190" fill="none" stroke="${C.y}" stroke-width="10" stroke-linecap="round" stroke-linejoin="round"/>`;
  s += circle(1400, 190, 14, C.y) + rect(1040, 160, 140, 14, "rgba(255,255,255,.35)", 7);
  s += rect(1205, 420, 30, 80, C.g4) + rect(1140, 495, 160, 14, C.g4, 7);
  // people around the table
  s += person(330, 800, 1.4, { skin: "#f1c6a3", hair: C.ink2, top: C.t, hairStyle: 0 });
  s += person(640, 790, 1.45, { skin: "#8d5a3b", hair: C.ink, top: C.y, hairStyle: 1 });
  s += person(960, 800, 1.4, { skin: "#d9a27a", hair: "#6b3f25", top: C.coral, hairStyle: 2 });
  s += person(1270, 790, 1.45, { skin: "#f3d2b8", hair: "#b6813f", top: C.navy, hairStyle: 1 });
  // table with laptops seen from behind, a cup and a notebook
  s += shadow(100, 730, 1400, 200, 30, 14, 0.18) + rect(100, 730, 1400, 200, C.w, 30) + rect(100, 730, 1400, 18, C.g2, 9);
  s += pathEl("M240 730 l18 -84 h144 l18 84 Z", C.g3) + circle(330, 690, 12, C.w);
  s += pathEl("M1180 730 l18 -84 h144 l18 84 Z", C.g3) + circle(1270, 690, 12, C.w);
  s += circle(800, 790, 30, C.w, `stroke="${C.g2}" stroke-width="8"`) + circle(800, 790, 18, C.kraftd);
  s += rect(520, 770, 130, 90, C.yl, 6, `transform="rotate(-6 585 815)"`) + rect(900, 780, 150, 70, C.tl, 6, `transform="rotate(4 975 815)"`);
  return s;
}

function partnersHero() {
  let s = background(W, H, { from: C.cream, to: C.tp });
  const center = [800, 450];
  const nodes = [
    [330, 230, C.t],
    [310, 640, C.coral],
    [620, 140, C.yl],
    [1000, 150, C.tl],
    [1290, 260, C.y],
    [1300, 650, C.t],
    [980, 760, C.rose],
    [600, 760, C.tl],
  ];
  for (const [x, y] of nodes)
    s += `<path d="M${center[0]} ${center[1]} Q${(x + center[0]) / 2 + 60} ${(y + center[1]) / 2 - 60} ${x} ${y}" fill="none" stroke="${C.td}" stroke-width="5" stroke-dasharray="4 16" stroke-linecap="round" opacity=".55"/>`;
  nodes.forEach(([x, y, f], i) => {
    s += card(x - 70, y - 70, 140, 140, 36) + rect(x - 46, y - 46, 92, 92, f, 24);
    const k = i % 4;
    if (k === 0) s += circle(x - 14, y + 4, 16, C.w) + circle(x + 6, y - 8, 21, C.w) + circle(x + 21, y + 7, 14, C.w) + rect(x - 30, y + 4, 64, 17, C.w, 8); // cloud
    if (k === 1) s += rect(x - 28, y - 18, 56, 38, C.w, 6) + rect(x - 28, y - 8, 56, 8, C.ink2); // card
    if (k === 2)
      s +=
        pathEl(`M${x} ${y + 28} C${x - 30} ${y - 4} ${x - 26} ${y - 30} ${x} ${y - 30} C${x + 26} ${y - 30} ${x + 30} ${y - 4} ${x} ${y + 28} Z`, C.w) +
        circle(x, y - 8, 9, f); // pin
    if (k === 3) s += rect(x - 26, y - 10, 52, 36, C.w, 4) + pathEl(`M${x - 32} ${y - 8} l8 -20 h48 l8 20 Z`, C.ink2); // store
  });
  s +=
    shadow(center[0] - 110, center[1] - 110, 220, 220, 110, 20, 0.22) +
    circle(...center, 110, C.y) +
    circle(...center, 64, C.ink) +
    check(center[0] - 8, center[1] + 2, 24, C.y, 12);
  return s;
}

function salonCover() {
  let s = background(W, H, { from: "#fdece6", to: C.tp });
  s += dots(1340, 640, 6, 6, 30, C.coral);
  // mirror
  s +=
    shadow(220, 120, 380, 600, 190, 20, 0.15) +
    pathEl("M220 720 V310 a190 190 0 0 1 380 0 V720 Z", C.ink2) +
    pathEl("M246 700 V310 a164 164 0 0 1 328 0 V700 Z", C.tl);
  s += pathEl("M300 420 l140 -140 l40 0 l-180 180 Z", "rgba(255,255,255,.5)") + pathEl("M300 500 l200 -200 l20 20 l-220 220 Z", "rgba(255,255,255,.3)");
  // chair
  s +=
    rect(300, 560, 220, 150, C.coral, 40) +
    rect(330, 470, 160, 120, C.coral, 36) +
    rect(270, 640, 280, 44, "#d9745a", 22) +
    rect(398, 700, 24, 90, C.ink2) +
    rect(320, 780, 180, 24, C.ink2, 12);
  // plant
  s += rect(650, 640, 120, 150, C.kraft, 18);
  for (const [dx, rot] of [
    [-30, -30],
    [0, 0],
    [30, 28],
  ])
    s += g(`rotate(${rot} ${710 + dx} 640)`, `<ellipse cx="${710 + dx}" cy="560" rx="26" ry="84" fill="${C.green}"/>`);
  // calendar + phone
  s += calendar(880, 170, 520, 430, { 5: C.rose, 8: C.tl, 12: C.rose, 19: C.tl, 26: C.rose }, 16);
  s += phone(1180, 470, 200, 390, (w, h) => slots(w, h, { taken: [0, 2], chosen: 3 }));
  s += heartBubble(820, 640, 0.9);
  return s;
}

function clickCollectCover() {
  let s = background(W, H, { from: C.tp, to: C.cream });
  s += storefront(140, 290, 440, 460, { awning: [C.t, C.w] });
  s += `<path d="M620 560 C 760 420 880 700 1060 520" fill="none" stroke="${C.td}" stroke-width="8" stroke-dasharray="2 22" stroke-linecap="round"/>`;
  s += bag(700, 300, 230, 260, C.y) + bag(890, 380, 170, 190, C.kraft);
  s += phone(1120, 160, 300, 620, (w, h) => {
    let o = rect(0, 0, w, h * 0.22, C.y) + bars(w * 0.1, h * 0.08, [w * 0.56, w * 0.36], 14, 12, C.ink);
    for (let i = 0; i < 3; i++) {
      const y = h * 0.27 + i * h * 0.17;
      o +=
        rect(w * 0.08, y, w * 0.84, h * 0.14, C.g1, 16) +
        rect(w * 0.12, y + h * 0.02, h * 0.1, h * 0.1, [C.t, C.coral, C.kraft][i], 12) +
        bars(w * 0.12 + h * 0.13, y + h * 0.035, [w * 0.36, w * 0.22], 10, 10, C.g3);
      o +=
        circle(w * 0.82, y + h * 0.07, 16, C.ink) +
        `<path d="M${w * 0.82 - 7} ${y + h * 0.07} h14 M${w * 0.82} ${y + h * 0.07 - 7} v14" stroke="${C.w}" stroke-width="4" stroke-linecap="round"/>`;
    }
    o += pill(w * 0.08, h * 0.88, w * 0.84, h * 0.07, C.ink);
    return o;
  });
  s += checkBadge(1100, 770, 46, C.t);
  return s;
}

function instagramCover() {
  let s = background(W, H, { from: "#fdece6", to: C.cream });
  // map tile
  s += card(170, 170, 560, 560, 32, C.tp);
  const clip = id("map");
  s += `<clipPath id="${clip}"><rect x="170" y="170" width="560" height="560" rx="32"/></clipPath><g clip-path="url(#${clip})">`;
  for (let i = 0; i < 6; i++) s += rect(170, 220 + i * 95, 560, 18, C.w) + rect(220 + i * 95, 170, 18, 560, C.w);
  s += rect(170, 430, 560, 34, C.yl) + pathEl("M170 700 Q400 560 730 640 V730 H170 Z", C.tl);
  s += rect(330, 270, 70, 70, C.rose, 10) + rect(520, 500, 90, 70, C.tl, 10);
  s += `</g>`;
  s += pathEl("M450 470 C380 390 380 300 450 290 C520 300 520 390 450 470 Z", C.coral) + circle(450, 340, 24, C.w);
  s += phone(830, 110, 340, 700, (w, h) => {
    let o = rect(0, 0, w, h, C.w);
    o += circle(w * 0.14, h * 0.09, w * 0.07, C.y) + ring(w * 0.14, h * 0.09, w * 0.085, C.coral, 4) + bars(w * 0.26, h * 0.075, [w * 0.4], 12, 0, C.g3);
    o += storefront(w * 0.1, h * 0.22, w * 0.8, h * 0.38, { awning: [C.coral, C.w], window: C.tp });
    o += heart(w * 0.12, h * 0.72, 18, C.coral) + ring(w * 0.26, h * 0.72, 14, C.ink2, 5) + bars(w * 0.08, h * 0.78, [w * 0.7, w * 0.5, w * 0.6], 10, 12, C.g2);
    return o;
  });
  s += heartBubble(1220, 200, 1.1) + heartBubble(1250, 470, 0.8);
  s += card(1200, 650, 250, 110, 55) + circle(1255, 705, 34, C.t) + bars(1305, 685, [110, 70], 12, 14, C.g3);
  return s;
}

// 1200×900 website examples
const W2 = 1200;
const H2 = 900;
function siteExample(p, artFn) {
  return () => {
    let s = background(W2, H2, { from: p.from, to: p.to });
    s += browser(90, 80, 1020, 740, (w, h) => website(w, h, { ...p, art: artFn }));
    return s;
  };
}
const breadArt = (x, y, w, h) =>
  rect(x, y, w, h, "#f6e2c2", 16) +
  `<ellipse cx="${x + w * 0.42}" cy="${y + h * 0.58}" rx="${w * 0.3}" ry="${h * 0.22}" fill="${C.kraft}"/>` +
  [0, 1, 2]
    .map(
      (i) =>
        `<path d="M${x + w * (0.26 + i * 0.12)} ${y + h * 0.5} q${w * 0.05} ${h * 0.08} ${w * 0.1} ${h * 0.03}" stroke="${C.kraftd}" stroke-width="8" fill="none" stroke-linecap="round"/>`,
    )
    .join("") +
  circle(x + w * 0.78, y + h * 0.38, h * 0.16, "#e9b97c") +
  circle(x + w * 0.78, y + h * 0.38, h * 0.07, "#f6e2c2");
const salonArt = (x, y, w, h) =>
  rect(x, y, w, h, "#f7dcd6", 16) +
  ring(x + w * 0.35, y + h * 0.7, h * 0.1, C.plum, 12) +
  ring(x + w * 0.55, y + h * 0.7, h * 0.1, C.plum, 12) +
  pathEl(`M${x + w * 0.38} ${y + h * 0.6} L${x + w * 0.62} ${y + h * 0.12} L${x + w * 0.64} ${y + h * 0.16} L${x + w * 0.47} ${y + h * 0.62} Z`, C.ink2) +
  pathEl(`M${x + w * 0.52} ${y + h * 0.6} L${x + w * 0.3} ${y + h * 0.12} L${x + w * 0.28} ${y + h * 0.16} L${x + w * 0.43} ${y + h * 0.62} Z`, C.ink2) +
  rect(x + w * 0.74, y + h * 0.2, w * 0.08, h * 0.6, C.plum, 8);
const restaurantArt = (x, y, w, h) =>
  rect(x, y, w, h, "#dfe9e1", 16) +
  circle(x + w * 0.5, y + h * 0.5, h * 0.38, C.w) +
  circle(x + w * 0.5, y + h * 0.5, h * 0.28, "#f4f1ea") +
  circle(x + w * 0.44, y + h * 0.44, h * 0.09, C.green) +
  circle(x + w * 0.56, y + h * 0.56, h * 0.08, C.coral) +
  circle(x + w * 0.56, y + h * 0.42, h * 0.05, C.y) +
  rect(x + w * 0.12, y + h * 0.18, w * 0.03, h * 0.64, C.g4, 4) +
  rect(x + w * 0.85, y + h * 0.18, w * 0.03, h * 0.64, C.g4, 4);
const florist = (x, y, w, h) => {
  let o = rect(x, y, w, h, "#fbe3e8", 16);
  o += pathEl(`M${x + w * 0.5} ${y + h * 0.95} L${x + w * 0.32} ${y + h * 0.55} H${x + w * 0.68} Z`, C.kraft);
  const fl = [
    [0.38, 0.36, C.coral],
    [0.55, 0.28, C.y],
    [0.64, 0.46, "#e77aa0"],
    [0.46, 0.5, C.plum],
  ];
  for (const [fx, fy, f] of fl) {
    const cx = x + w * fx;
    const cy = y + h * fy;
    const r = h * 0.07;
    for (let k = 0; k < 6; k++) o += circle(cx + Math.cos((k * Math.PI) / 3) * r, cy + Math.sin((k * Math.PI) / 3) * r, r * 0.75, f);
    o += circle(cx, cy, r * 0.6, C.yl);
  }
  return o;
};

function bookingPhone() {
  let s = background(W2, H2, { from: C.tp, to: C.cream });
  s += dots(90, 640, 6, 6, 30, C.td);
  s += phone(420, 70, 360, 760, (w, h) => slots(w, h, { taken: [0, 4], chosen: 2 }));
  s +=
    card(820, 220, 300, 150, 28) +
    circle(890, 295, 42, C.y) +
    `<path d="M872 280 h36 a6 6 0 0 1 6 6 v22 a6 6 0 0 1 -6 6 h-20 l-14 10 v-10 a6 6 0 0 1 -6 -6 v-22 a6 6 0 0 1 6 -6 Z" fill="${C.ink}"/>` +
    bars(950, 270, [130, 90], 14, 14, C.g3);
  s += card(110, 300, 280, 170, 28) + calendarMini(140, 330);
  s += checkBadge(820, 700, 56);
  return s;
}
function calendarMini(x, y) {
  let o = "";
  for (let r = 0; r < 3; r++)
    for (let c = 0; c < 5; c++) o += (r * 5 + c) % 4 === 1 ? rect(x + c * 44, y + r * 38, 32, 26, C.tl, 8) : circle(x + c * 44 + 16, y + r * 38 + 13, 5, C.g3);
  return o;
}

function dashboard() {
  let s = background(W2, H2, { from: C.cream, to: C.tp });
  s += card(90, 90, 1020, 720, 28);
  for (let i = 0; i < 3; i++) {
    const x = 130 + i * 320;
    s +=
      rect(x, 130, 290, 150, [C.tp, C.cream, "#fdece6"][i], 20) +
      bars(x + 26, 160, [120], 12, 0, C.g3) +
      bars(x + 26, 196, [160], 30, 0, [C.td, C.kraftd, C.coral][i]);
    s += `<path d="M${x + 200} 260 l24 -24 l18 12 l32 -36" fill="none" stroke="${[C.td, C.kraftd, C.coral][i]}" stroke-width="6" stroke-linecap="round" stroke-linejoin="round"/>`;
  }
  s += rect(130, 320, 620, 450, C.g1, 20);
  s += `<path d="M170 700 C 260 660 300 560 380 590 S 520 470 600 500 S 690 380 720 360 V740 H170 Z" fill="${C.tl}"/>`;
  s += `<path d="M170 700 C 260 660 300 560 380 590 S 520 470 600 500 S 690 380 720 360" fill="none" stroke="${C.td}" stroke-width="8" stroke-linecap="round"/>`;
  s += circle(720, 360, 14, C.y, `stroke="${C.ink}" stroke-width="5"`);
  s += rect(790, 320, 280, 450, C.g1, 20);
  s +=
    ring(930, 470, 90, C.g2, 34) +
    ring(930, 470, 90, C.y, 34, `stroke-dasharray="350 600" transform="rotate(-90 930 470)"`) +
    ring(930, 470, 90, C.t, 34, `stroke-dasharray="130 600" stroke-dashoffset="-350" transform="rotate(-90 930 470)"`);
  s += bars(830, 630, [200, 150, 180], 12, 18, C.g3);
  return s;
}

function orderPhone() {
  let s = background(W2, H2, { from: C.cream, to: C.tl });
  s += phone(430, 60, 340, 780, (w, h) => {
    let o = rect(0, 0, w, h * 0.16, C.t) + bars(w * 0.1, h * 0.06, [w * 0.5], 16, 0, C.ink);
    for (let i = 0; i < 4; i++) {
      const x = i % 2 === 0 ? w * 0.06 : w * 0.53;
      const y = h * 0.2 + Math.floor(i / 2) * h * 0.34;
      o += rect(x, y, w * 0.41, h * 0.3, C.g1, 16) + rect(x + 12, y + 12, w * 0.41 - 24, h * 0.15, [C.y, C.coral, C.kraft, C.td][i], 12);
      o += bars(x + 14, y + h * 0.19, [w * 0.26, w * 0.16], 10, 10, C.g3) + circle(x + w * 0.33, y + h * 0.25, 15, C.ink);
    }
    o += pill(w * 0.06, h * 0.9, w * 0.88, h * 0.065, C.y);
    return o;
  });
  s +=
    card(820, 180, 240, 240, 40) +
    pathEl("M880 250 h20 l24 100 h90 l20 -70 h-124", "none", `stroke="${C.ink}" stroke-width="12" stroke-linejoin="round" stroke-linecap="round"`) +
    circle(935, 375, 12, C.ink) +
    circle(1005, 375, 12, C.ink) +
    circle(1040, 220, 26, C.coral);
  s += bag(150, 420, 200, 250, C.y) + bag(260, 520, 150, 170, C.kraft);
  return s;
}

function readyPhone() {
  let s = background(W2, H2, { from: C.tp, to: C.cream });
  s += dots(960, 620, 6, 6, 30, C.td);
  s += phone(430, 60, 340, 780, (w, h) => {
    let o = rect(0, 0, w, h, C.tp);
    o +=
      rect(w * 0.06, h * 0.08, w * 0.88, h * 0.14, C.w, 20) + circle(w * 0.18, h * 0.15, 22, C.y) + bars(w * 0.3, h * 0.12, [w * 0.5, w * 0.36], 10, 12, C.g3);
    o += circle(w / 2, h * 0.45, w * 0.22, C.t) + check(w / 2 - 6, h * 0.45, w * 0.08, C.ink, 12);
    o += bars(w * 0.2, h * 0.62, [w * 0.6, w * 0.44], 16, 14, C.td);
    o += pill(w * 0.1, h * 0.86, w * 0.8, h * 0.07, C.ink);
    return o;
  });
  s +=
    card(100, 240, 280, 280, 140) +
    circle(240, 380, 110, C.y) +
    `<path d="M240 320 v62 l40 24" fill="none" stroke="${C.ink}" stroke-width="14" stroke-linecap="round"/>`;
  s +=
    card(830, 220, 260, 120, 30) +
    `<path d="M890 300 a30 30 0 0 1 60 0 v-22 a30 30 0 0 0 -60 0 Z" fill="${C.coral}"/>` +
    circle(920, 258, 26, C.coral) +
    rect(906, 296, 28, 10, C.coral, 5) +
    bars(970, 255, [90, 60], 12, 14, C.g3);
  return s;
}

// 1200×1200 social posts (flat lays)
const S = 1200;
function post(bg1, bg2, draw) {
  return () => {
    const gid = id("pg");
    let s = `<defs><linearGradient id="${gid}" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${bg1}"/><stop offset="1" stop-color="${bg2}"/></linearGradient><filter id="blur" x="-30%" y="-30%" width="160%" height="160%"><feGaussianBlur stdDeviation="16"/></filter></defs>`;
    s += rect(0, 0, S, S, `url(#${gid})`);
    return s + draw();
  };
}
const postCafe = post("#f3dcc0", "#e8c9a3", () => {
  let s = circle(560, 600, 330, "rgba(20,23,28,.1)", `filter="url(#blur)"`) + circle(540, 580, 320, C.w) + circle(540, 580, 230, "#f2ede6");
  s += circle(540, 580, 180, C.w) + circle(540, 580, 150, "#7a4a2a") + heart(540, 590, 70, "#f3dcc0");
  s += ring(760, 470, 52, C.w, 28);
  for (const [cx, cy, r] of [
    [960, 260, 110],
    [1060, 430, 80],
  ]) {
    s += circle(cx + 8, cy + 12, r, "rgba(20,23,28,.12)", `filter="url(#blur)"`) + circle(cx, cy, r, C.kraft) + circle(cx, cy, r * 0.82, "#e2b57c");
    for (const [dx, dy] of [
      [-0.4, -0.2],
      [0.2, -0.45],
      [0.35, 0.2],
      [-0.1, 0.45],
      [-0.5, 0.3],
      [0.05, 0],
    ])
      s += circle(cx + dx * r, cy + dy * r, r * 0.09, "#6b3f25");
  }
  s +=
    rect(180, 920, 300, 26, "#c9ced4", 13, `transform="rotate(-20 330 933)"`) +
    `<ellipse cx="190" cy="985" rx="58" ry="40" fill="#c9ced4" transform="rotate(-20 190 985)"/>`;
  for (let i = 0; i < 5; i++) s += circle(980 + (i % 2) * 50, 860 + i * 50, 18, "#7a4a2a");
  return s;
});
const postFleurs = post("#fbe3e8", "#f6d0d9", () => {
  let s = "";
  for (const [x1, y1] of [
    [560, 300],
    [460, 360],
    [680, 340],
    [600, 420],
  ])
    s += line(600, 980, x1, y1, C.greend, 14);
  s += pathEl("M600 1080 L360 620 H840 Z", C.kraft) + pathEl("M600 1080 L470 620 H600 Z", C.kraftd, `opacity=".35"`);
  const fl = [
    [560, 300, C.coral],
    [440, 380, "#e77aa0"],
    [700, 330, C.y],
    [610, 460, C.plum],
    [480, 540, C.y],
    [740, 520, C.coral],
  ];
  for (const [cx, cy, f] of fl) {
    for (let k = 0; k < 6; k++) s += circle(cx + Math.cos((k * Math.PI) / 3) * 52, cy + Math.sin((k * Math.PI) / 3) * 52, 42, f);
    s += circle(cx, cy, 32, C.yl);
  }
  for (const [x, y, r] of [
    [330, 560, -40],
    [860, 480, 40],
    [820, 680, 30],
  ])
    s += `<ellipse cx="${x}" cy="${y}" rx="40" ry="110" fill="${C.green}" transform="rotate(${r} ${x} ${y})"/>`;
  s += rect(520, 760, 160, 40, C.w, 8);
  return s;
});
const postCoiffure = post(C.tp, C.tl, () => {
  let s = "";
  s += g(
    "rotate(-25 560 560)",
    ring(420, 760, 80, C.ink2, 30) +
      ring(600, 760, 80, C.ink2, 30) +
      pathEl("M440 690 L700 180 L730 200 L520 700 Z", "#aab4bf") +
      pathEl("M580 690 L380 180 L350 200 L500 700 Z", "#c9d0d8") +
      circle(510, 600, 16, C.ink2),
  );
  s += g("rotate(18 880 640)", rect(820, 300, 120, 640, C.plum, 30) + [...Array(14)].map((_, i) => rect(790, 330 + i * 42, 40, 16, C.plum, 8)).join(""));
  s += rect(130, 150, 260, 260, C.w, 130) + circle(260, 280, 90, C.yl) + circle(260, 280, 50, C.y);
  s += `<ellipse cx="1010" cy="180" rx="120" ry="70" fill="${C.rose}"/>`;
  return s;
});
const postVitrine = post(C.cream, C.yp, () => {
  let s = storefront(230, 330, 740, 700, { awning: [C.td, C.w], window: C.tp });
  s += circle(200, 180, 60, C.y) + circle(1040, 220, 40, C.t);
  s += rect(130, 1040, 940, 60, "rgba(20,23,28,.08)", 30);
  return s;
});
const postPlat = post("#dfe9e1", "#cfe0d4", () => {
  let s = circle(620, 620, 430, "rgba(20,23,28,.1)", `filter="url(#blur)"`) + circle(600, 600, 420, C.w) + circle(600, 600, 320, "#f7f4ee");
  for (const [x, y, r, f] of [
    [520, 500, 90, C.green],
    [680, 520, 70, C.greend],
    [560, 680, 80, C.coral],
    [700, 690, 60, C.y],
    [620, 600, 50, C.kraft],
    [460, 620, 44, C.coral],
  ])
    s += circle(x, y, r, f);
  s += circle(560, 680, 44, "#f7b09a") + circle(700, 690, 28, C.yl);
  s += rect(90, 240, 40, 720, "#c9ced4", 20) + rect(1070, 240, 40, 720, "#c9ced4", 20) + rect(1058, 240, 64, 240, "#c9ced4", 20);
  return s;
});
const postPromo = post(C.y, "#ffd24d", () => {
  let s = g("rotate(-12 600 600)", pathEl("M366 386 H766 L926 626 L766 866 H366 Z", "#14171c", `opacity=".2" filter="url(#blur)"`));
  s += g(
    "rotate(-12 600 600)",
    pathEl("M360 360 H760 L920 600 L760 840 H360 Z", C.w) +
      circle(780, 600, 30, C.y) +
      ring(520, 520, 50, C.ink, 24) +
      ring(660, 700, 50, C.ink, 24) +
      line(470, 760, 700, 460, C.ink, 24),
  );
  s += `<path d="M810 600 C 900 560 980 520 1080 360" fill="none" stroke="${C.ink}" stroke-width="8" stroke-linecap="round"/>`;
  s += star(220, 230, 60, C.w) + star(1000, 1000, 46, C.w) + star(170, 980, 30, C.ink);
  return s;
});

// ---------------------------------------------------------------- catalogue
const IMAGES = [
  {
    name: "accueil-hero",
    w: W,
    h: H,
    draw: homeHero,
    category: "Bannières",
    title: "Accueil : commerce connecté",
    alt: "Illustration d'une boutique de quartier, d'un ordinateur portable affichant un site web et d'un téléphone ouvert sur des créneaux de réservation",
  },
  {
    name: "reservation-calendrier",
    w: W,
    h: H,
    draw: bookingHero,
    category: "Solutions",
    title: "Réservation en ligne : calendrier",
    alt: "Calendrier de réservation avec des rendez-vous colorés et un téléphone affichant les créneaux disponibles",
  },
  {
    name: "site-web-maquette",
    w: W,
    h: H,
    draw: websiteHero,
    category: "Solutions",
    title: "Site web : maquette responsive",
    alt: "Maquette d'un site vitrine sur ordinateur portable et sa version mobile sur smartphone",
  },
  {
    name: "reseaux-sociaux",
    w: W,
    h: H,
    draw: socialHero,
    category: "Solutions",
    title: "Marketing 360 : réseaux sociaux",
    alt: "Smartphone affichant une grille de publications, entouré de réactions et d'un graphique de statistiques",
  },
  {
    name: "boutique-click-collect",
    w: W,
    h: H,
    draw: clickCollectHero,
    category: "Solutions",
    title: "Click & collect : comptoir de retrait",
    alt: "Comptoir de boutique avec des sacs de commandes prêts à retirer et un téléphone confirmant la commande",
  },
  {
    name: "atelier-equipe",
    w: W,
    h: H,
    draw: teamWorkshop,
    category: "Équipe",
    title: "Atelier de l'équipe Archimed",
    alt: "L'équipe en atelier autour d'une table, devant un tableau de notes et un écran de statistiques",
  },
  {
    name: "partenaires-reseau",
    w: W,
    h: H,
    draw: partnersHero,
    category: "Bannières",
    title: "Réseau de partenaires",
    alt: "Schéma d'un réseau de partenaires technologiques et locaux reliés à un point central",
  },
  {
    name: "blog-reservation-salon",
    w: W,
    h: H,
    draw: salonCover,
    category: "Blog",
    title: "Blog : réservation en salon",
    alt: "Miroir et fauteuil de salon de coiffure à côté d'un agenda de rendez-vous en ligne",
  },
  {
    name: "blog-click-collect",
    w: W,
    h: H,
    draw: clickCollectCover,
    category: "Blog",
    title: "Blog : click & collect",
    alt: "Boutique indépendante reliée à un téléphone de commande par un chemin pointillé, avec des sacs prêts",
  },
  {
    name: "blog-instagram-local",
    w: W,
    h: H,
    draw: instagramCover,
    category: "Blog",
    title: "Blog : Instagram local",
    alt: "Plan de quartier avec un repère et smartphone affichant la publication Instagram d'une boutique",
  },
  {
    name: "site-boulangerie",
    w: W2,
    h: H2,
    draw: siteExample({ accent: C.y, dark: "#5b3a1e", heroBg: "#fff4e2", from: C.cream, to: "#f6e2c2" }, breadArt),
    category: "Réalisations",
    title: "Site d'une boulangerie",
    alt: "Page d'accueil du site d'une boulangerie, aux tons chauds, avec pains et viennoiseries",
  },
  {
    name: "site-salon",
    w: W2,
    h: H2,
    draw: siteExample({ accent: C.rose, dark: C.plum, heroBg: "#fdf0ee", from: "#fdece6", to: C.tp }, salonArt),
    category: "Réalisations",
    title: "Site d'un salon de coiffure",
    alt: "Page d'accueil du site d'un salon de coiffure avec ciseaux et bouton de prise de rendez-vous",
  },
  {
    name: "site-restaurant",
    w: W2,
    h: H2,
    draw: siteExample({ accent: C.t, dark: C.greend, heroBg: "#eef5ef", from: C.tp, to: C.cream }, restaurantArt),
    category: "Réalisations",
    title: "Site d'un restaurant",
    alt: "Page d'accueil du site d'un restaurant avec une assiette vue du dessus et un bouton de réservation",
  },
  {
    name: "site-fleuriste",
    w: W2,
    h: H2,
    draw: siteExample({ accent: "#e77aa0", dark: C.plum, heroBg: "#fdf1f4", from: "#fbe3e8", to: C.cream }, florist),
    category: "Réalisations",
    title: "Site d'un fleuriste",
    alt: "Page d'accueil du site d'un fleuriste avec un bouquet coloré",
  },
  {
    name: "reservation-mobile",
    w: W2,
    h: H2,
    draw: bookingPhone,
    category: "Solutions",
    title: "Réservation sur mobile",
    alt: "Téléphone affichant la sélection d'un créneau, avec un rappel par SMS et un mini-calendrier",
  },
  {
    name: "tableau-de-bord",
    w: W2,
    h: H2,
    draw: dashboard,
    category: "Solutions",
    title: "Tableau de bord des statistiques",
    alt: "Tableau de bord avec indicateurs clés, courbe de progression et graphique circulaire",
  },
  {
    name: "click-collect-commande",
    w: W2,
    h: H2,
    draw: orderPhone,
    category: "Solutions",
    title: "Click & collect : commande en ligne",
    alt: "Téléphone affichant un catalogue de produits à ajouter au panier, à côté de sacs de courses",
  },
  {
    name: "click-collect-retrait",
    w: W2,
    h: H2,
    draw: readyPhone,
    category: "Solutions",
    title: "Click & collect : commande prête",
    alt: "Téléphone confirmant qu'une commande est prête, avec une horloge pour le créneau de retrait",
  },
  {
    name: "publication-cafe",
    w: S,
    h: S,
    draw: postCafe,
    category: "Réseaux sociaux",
    title: "Publication : café",
    alt: "Vue du dessus d'un café latte avec un cœur dessiné et un croissant",
  },
  {
    name: "publication-fleurs",
    w: S,
    h: S,
    draw: postFleurs,
    category: "Réseaux sociaux",
    title: "Publication : bouquet",
    alt: "Bouquet de fleurs colorées emballé dans du papier kraft",
  },
  {
    name: "publication-coiffure",
    w: S,
    h: S,
    draw: postCoiffure,
    category: "Réseaux sociaux",
    title: "Publication : salon de coiffure",
    alt: "Ciseaux et peigne de coiffeur posés sur un fond turquoise",
  },
  {
    name: "publication-vitrine",
    w: S,
    h: S,
    draw: postVitrine,
    category: "Réseaux sociaux",
    title: "Publication : vitrine",
    alt: "Devanture de boutique avec un store rayé vert et blanc",
  },
  {
    name: "publication-plat",
    w: S,
    h: S,
    draw: postPlat,
    category: "Réseaux sociaux",
    title: "Publication : plat du jour",
    alt: "Assiette colorée vue du dessus, entre une fourchette et un couteau",
  },
  {
    name: "publication-promo",
    w: S,
    h: S,
    draw: postPromo,
    category: "Réseaux sociaux",
    title: "Publication : offre spéciale",
    alt: "Étiquette de prix avec un symbole de pourcentage sur fond jaune",
  },
];

// ---------------------------------------------------------------- render
async function render(img) {
  uid = 0;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${img.w}" height="${img.h}" viewBox="0 0 ${img.w} ${img.h}">${img.draw()}</svg>`;
  const raster = await sharp(Buffer.from(svg)).flatten({ background: "#ffffff" }).png().toBuffer();
  await sharp(raster)
    .jpeg({ quality: 80, mozjpeg: true, chromaSubsampling: "4:2:0" })
    .toFile(path.join(OUT, `${img.name}.jpg`));
  await sharp(raster)
    .webp({ quality: 75, effort: 6 })
    .toFile(path.join(OUT, `${img.name}.webp`));
  // Smaller WebP widths so a phone does not download the desktop image (srcset with width descriptors).
  for (const w of variantWidths(img)) {
    await sharp(raster)
      .resize({ width: w })
      .webp({ quality: 75, effort: 6 })
      .toFile(path.join(OUT, `${img.name}-${w}.webp`));
  }
}

/** 480 and 960 px wide variants, below the original width. */
function variantWidths(img) {
  return [480, 960].filter((w) => w < img.w);
}

function srcset(img) {
  return [...variantWidths(img).map((w) => `/media/seed/${img.name}-${w}.webp ${w}w`), `/media/seed/${img.name}.webp ${img.w}w`].join(", ");
}

const only = process.argv.slice(2);
await mkdir(OUT, { recursive: true });
for (const img of IMAGES) if (only.length === 0 || only.includes(img.name)) await render(img);

const entries = [];
let total = 0;
for (const img of IMAGES) {
  const jpg = (await stat(path.join(OUT, `${img.name}.jpg`))).size;
  const webp = (await stat(path.join(OUT, `${img.name}.webp`))).size;
  total += jpg + webp;
  for (const w of variantWidths(img)) total += (await stat(path.join(OUT, `${img.name}-${w}.webp`))).size;
  console.log(`${img.name.padEnd(26)} ${img.w}x${img.h}  jpg ${(jpg / 1024).toFixed(0).padStart(4)} KB  webp ${(webp / 1024).toFixed(0).padStart(4)} KB`);
  entries.push(
    `  {\n    url: "/media/seed/${img.name}.jpg",\n    webp_url: "/media/seed/${img.name}.webp",\n    webp_srcset: ${JSON.stringify(srcset(img))},\n    width: ${img.w},\n    height: ${img.h},\n` +
      `    title: ${JSON.stringify(img.title)},\n    alt: ${JSON.stringify(img.alt)},\n    category: ${JSON.stringify(img.category)},\n    file_type: "image/jpeg",\n    size: ${jpg},\n  },`,
  );
}
console.log(`total ${(total / 1024).toFixed(0)} KB`);

const manifest = `import type { SeedMedia } from "./types";

/**
 * Images shipped under public/media/seed. Generated by scripts/make-seed-images.mjs (which rewrites this
 * file so the sizes match the files): run it again after changing a drawing.
 */
export const SEED_MEDIA: SeedMedia[] = [
${entries.join("\n")}
];

/** The URLs above, for type-level checks of image elements in the seed pages. */
export type SeedImageUrl = (typeof SEED_IMAGE_URLS)[number];
export const SEED_IMAGE_URLS = [
${IMAGES.map((i) => `  "/media/seed/${i.name}.jpg",`).join("\n")}
] as const;
`;
await writeFile(MANIFEST, manifest);
