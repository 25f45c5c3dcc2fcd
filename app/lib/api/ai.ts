import type { Block } from "~/lib/document/schema";

export type { AiStatus } from "~/lib/ai/ai-schemas";

/** "Générer avec IA": one block, validated and sanitized as a save is; nothing stored. */
export interface GeneratedBlockAnswer {
  block: Block;
}
