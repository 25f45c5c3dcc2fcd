import { translator } from "~/lib/i18n/messages";
import type { Lang } from "~/lib/i18n/routes";

/**
 * The exported file's only script: what the public island does for galleries (Gallery.tsx), in plain DOM
 * code so that a file opened from a disk needs neither React nor the site. It drives the marks the renderer
 * leaves: carousel arrows, dots and autoplay (data-gallery-slider/-track/-step/-goto), and the lightbox of a
 * zoomable grid (data-gallery-open), built with the renderer's classes so it looks the same.
 */
const SCRIPT = `(function () {
  var L = __LABELS__;
  function each(sel, root, fn) { Array.prototype.forEach.call((root || document).querySelectorAll(sel), fn); }
  each("[data-gallery-slider]", null, function (root) {
    var track = root.querySelector("[data-gallery-track]");
    if (!track || !track.children.length) return;
    var slides = track.children, n = slides.length, cur = 0;
    function go(i) {
      var t = slides[((i % n) + n) % n];
      track.scrollTo({ left: t.offsetLeft - track.offsetLeft, behavior: "smooth" });
    }
    track.addEventListener("scroll", function () {
      cur = Math.round(track.scrollLeft / (slides[0].clientWidth || 1));
      each("[data-gallery-goto]", root, function (b) {
        var on = Number(b.getAttribute("data-gallery-goto")) === cur;
        b.classList.toggle("after:bg-brand-yellow", on);
        b.classList.toggle("after:bg-neutral-400", !on);
        if (on) b.setAttribute("aria-current", "true"); else b.removeAttribute("aria-current");
      });
    });
    root.addEventListener("click", function (e) {
      var b = e.target.closest && e.target.closest("button");
      if (!b) return;
      if (b.hasAttribute("data-gallery-step")) go(cur + Number(b.getAttribute("data-gallery-step")));
      else if (b.hasAttribute("data-gallery-goto")) go(Number(b.getAttribute("data-gallery-goto")));
    });
    if (root.hasAttribute("data-autoplay") && !matchMedia("(prefers-reduced-motion: reduce)").matches) {
      setInterval(function () { go(cur + 1); }, 4000);
    }
  });
  function button(label, text, onClick) {
    var b = document.createElement("button");
    b.type = "button"; b.className = "gallery-btn"; b.setAttribute("aria-label", label); b.textContent = text;
    b.addEventListener("click", onClick);
    return b;
  }
  document.addEventListener("click", function (e) {
    var opener = e.target.closest && e.target.closest("[data-gallery-open]");
    if (!opener) return;
    var list = opener.closest("ul");
    var images = Array.prototype.map.call(list.querySelectorAll("img"), function (i) { return { src: i.currentSrc || i.src, alt: i.alt }; });
    var index = Number(opener.getAttribute("data-gallery-open"));
    var d = document.createElement("dialog");
    d.className = "gallery-lightbox m-auto max-h-[90vh] max-w-[90vw] bg-transparent p-0 backdrop:bg-black/80";
    var img = document.createElement("img");
    img.className = "max-h-[80vh] w-auto";
    function show(i) { index = (i + images.length) % images.length; img.src = images[index].src; img.alt = images[index].alt; }
    var bar = document.createElement("div");
    bar.className = "mt-2 flex justify-center gap-2";
    bar.append(
      button(L.previous, "\\u2039", function () { show(index - 1); }),
      button(L.close, "\\u2715", function () { d.close(); }),
      button(L.next, "\\u203a", function () { show(index + 1); })
    );
    d.append(img, bar);
    d.addEventListener("keydown", function (k) { if (k.key === "ArrowRight") show(index + 1); if (k.key === "ArrowLeft") show(index - 1); });
    d.addEventListener("close", function () { d.remove(); });
    show(index);
    document.body.append(d);
    d.showModal();
  });
})();`;

export function galleryScript(lang: Lang): string {
  const t = translator(lang);
  const labels = { previous: t("gallery.previous"), next: t("gallery.next"), close: t("gallery.close") };
  // Inside <script>, "</" would end the element: JSON of these labels never holds it, but escape "<" anyway.
  return SCRIPT.replace("__LABELS__", JSON.stringify(labels).replace(/</g, "\\u003c"));
}
