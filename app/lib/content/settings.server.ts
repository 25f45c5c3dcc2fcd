import { siteSettingsSchema, DEFAULT_SETTINGS, type SiteSettings } from "~/lib/content/settings";
import { log } from "~/lib/log.server";
import { runtime } from "~/lib/runtime.server";

export async function loadSettings(): Promise<SiteSettings> {
  const row = await runtime().db.kysely.selectFrom("site_settings").select("data").where("id", "=", "site").executeTakeFirst();
  if (!row) return DEFAULT_SETTINGS;
  try {
    const parsed = siteSettingsSchema.safeParse(JSON.parse(row.data));
    if (parsed.success) return parsed.data;
    log.warn("réglages du site invalides, valeurs par défaut utilisées", parsed.error.message);
  } catch (e) {
    log.warn("réglages du site illisibles", e);
  }
  return DEFAULT_SETTINGS;
}
