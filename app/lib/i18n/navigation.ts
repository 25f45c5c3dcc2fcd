import type { MessageKey } from "./fr";
import { normalizePath, ROUTES, type Lang, type RouteKey } from "./routes";

interface MenuLink {
  key: RouteKey;
  label: MessageKey;
}
interface MenuGroup {
  label: MessageKey;
  children: MenuLink[];
}
type MenuItem = MenuLink | MenuGroup;

/** Seed 000 §2: Home, Solutions (360 Marketing, Booking, Website, Click & Collect), Blog, Offers, Partners, Recruitment. */
export const SOLUTIONS: MenuLink[] = [
  { key: "social", label: "nav.marketing360" },
  { key: "booking", label: "nav.booking" },
  { key: "website", label: "nav.website" },
  { key: "clickCollect", label: "nav.clickCollect" },
];

export const MENU: MenuItem[] = [
  { key: "home", label: "nav.home" },
  { label: "nav.solutions", children: SOLUTIONS },
  { key: "blog", label: "nav.blog" },
  { key: "offers", label: "nav.offers" },
  { key: "partners", label: "nav.partners" },
  { key: "recruitment", label: "nav.recruitment" },
];

export function isGroup(item: MenuItem): item is MenuGroup {
  return "children" in item;
}

/** The blog entry stays highlighted on its articles; every other entry on its own path only. */
export function isActive(key: RouteKey, lang: Lang, pathname: string): boolean {
  const p = normalizePath(pathname);
  const target = ROUTES[key][lang];
  if (key === "blog") return p === target || p.startsWith(`${target}/`);
  return p === target;
}
