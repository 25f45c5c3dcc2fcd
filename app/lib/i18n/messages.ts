import type { Dictionary, MessageKey } from "./fr";
import type { Lang } from "./routes";

/**
 * The site's words. A visitor's page needs one language: the island loads the page's dictionary before
 * hydrating (loadDictionary), so its JavaScript carries half of them. The server and the back-office's
 * router get both up front from all-messages.ts.
 */
const dictionaries: Partial<Record<Lang, Dictionary>> = {};

export function provideDictionaries(d: Partial<Record<Lang, Dictionary>>) {
  Object.assign(dictionaries, d);
}

export async function loadDictionary(lang: Lang): Promise<void> {
  if (dictionaries[lang]) return;
  dictionaries[lang] = lang === "en" ? (await import("./en")).en : (await import("./fr")).fr;
}

export type Translate = (key: MessageKey) => string;

export function translator(lang: Lang): Translate {
  const dict = dictionaries[lang];
  if (!dict) throw new Error(`Dictionnaire « ${lang} » non chargé (loadDictionary ou all-messages.ts)`);
  return (key) => dict[key];
}
