import { aiPromptSchema, type AiStatus } from "~/lib/ai/ai-schemas";
import type { GeneratedBlockAnswer } from "~/lib/api/ai";
import { aiConfigured, generateBlock } from "~/lib/ai/generate-block.server";
import { env } from "~/lib/env.server";
import { ApiError, json, readJson, retryMinutes } from "~/lib/http/api.server";
import { endpoint } from "~/lib/http/endpoint.server";
import { release, take } from "~/lib/http/throttle.server";
import type { Route } from "./+types/ai.generate-block";

const handlers = endpoint<Route.LoaderArgs>({
  /** Whether an AI service is configured (the dialog says so when not). */
  GET: { permission: "editContent", handle: async () => json({ configured: aiConfigured() } satisfies AiStatus) },
  /**
   * "Générer avec IA": one block for the prompt, validated and sanitized as a save is; nothing is stored
   * (the builder inserts it in its document). Limited per team member, in the database, for every process.
   */
  POST: {
    permission: "editContent",
    handle: async ({ request, signed }) => {
      const { prompt } = await readJson(request, aiPromptSchema, 16 * 1024);
      if (!aiConfigured()) throw new ApiError(503, "ai_not_configured", "Aucun service d'IA n'est configuré sur ce serveur.");
      const key = `ai-block:${signed.member.email}`;
      const state = await take(key, { max: env().AI_GENERATIONS_PER_HOUR, windowMs: 60 * 60_000 });
      if (!state.allowed) {
        throw new ApiError(429, "too_many_requests", `Trop de générations par IA. Réessayez dans ${retryMinutes(state.retryAfterSeconds)}.`, {
          "Retry-After": String(state.retryAfterSeconds),
        });
      }
      try {
        return json({ block: await generateBlock(prompt) } satisfies GeneratedBlockAnswer);
      } catch (e) {
        // A failure of the service is not a generation: it does not use up the member's allowance.
        await release(key);
        throw e;
      }
    },
  },
});

export const loader = handlers.loader;
export const action = handlers.action;
