/** Theme (seed 000 §4): light or dark, stored under localStorage "theme", default light. */
type Theme = "light" | "dark";
const THEME_KEY = "theme";

/** Runs in <head> before the first paint so a dark-theme visitor never sees a light flash. */
export const THEME_SCRIPT = `(function(){try{var t=localStorage.getItem("${THEME_KEY}");if(t!=="dark")t="light";var d=document.documentElement;d.classList.remove("light","dark");d.classList.add(t);d.setAttribute("data-theme",t);}catch(e){}})();`;

export function applyTheme(theme: Theme) {
  const d = document.documentElement;
  d.classList.remove("light", "dark");
  d.classList.add(theme);
  d.setAttribute("data-theme", theme);
  try {
    localStorage.setItem(THEME_KEY, theme);
  } catch {
    /* storage may be unavailable (private mode); the class still applies */
  }
}

export function currentTheme(): Theme {
  return document.documentElement.getAttribute("data-theme") === "dark" ? "dark" : "light";
}
