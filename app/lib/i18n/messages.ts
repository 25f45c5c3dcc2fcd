import { en } from "./en";
import { fr, type Dictionary, type MessageKey } from "./fr";
import type { Lang } from "./routes";

const dictionaries: Record<Lang, Dictionary> = { fr, en };

export type Translate = (key: MessageKey) => string;

export function translator(lang: Lang): Translate {
  const dict = dictionaries[lang];
  return (key) => dict[key];
}
