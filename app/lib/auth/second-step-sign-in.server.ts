import type { z } from "zod";
import { ApiError, errors } from "~/lib/http/api.server";
import { openSession, withinSignInLimits } from "./login.server";
import { consumeSecondStep, findSecondStep, type SecondStep } from "./second-step.server";
import type { secondStepSchema } from "./two-factor-schemas";
import { confirmEnrolment, startEnrolment } from "./two-factor.server";
import { assertionOptions } from "./passkeys.server";
import { checkProof } from "./second-factor-proof.server";
import { findTeamMember } from "./team.server";

/** The sign-in's second step (decision 045): a code, or the enrolment the policy requires, then the session. */
const expired = () => new ApiError(401, "second_step_expired", "Étape de connexion expirée : saisissez de nouveau votre mot de passe.");

async function stepOf(request: Request, purpose: "verify" | "enrol"): Promise<SecondStep> {
  const step = await findSecondStep(request, purpose);
  if (!step) throw expired();
  return step;
}

/** Spends the step (once, even under a race) and opens the session. */
async function finish(request: Request, step: SecondStep) {
  if (!(await consumeSecondStep(step.idHash))) throw expired();
  const member = await findTeamMember(step.email);
  if (!member) throw errors.notTeam();
  return openSession(request, step.accountId, member);
}

/** A code, a recovery code or a passkey's signature over the challenge bound to this step; the session opens. */
export async function signInWithCode(request: Request, ip: string, input: z.infer<typeof secondStepSchema>) {
  const step = await stepOf(request, "verify");
  const shown = await withinSignInLimits(step.email, ip, () =>
    checkProof(request, { accountId: step.accountId, purpose: "sign-in", boundTo: step.idHash }, input),
  );
  return { ...(await finish(request, step)), passkeyName: shown.passkeyName };
}

/** The challenge a passkey signs at the second step, bound to the step's token (decision 047). */
export async function passkeyStepOptions(request: Request) {
  const step = await stepOf(request, "verify");
  return assertionOptions(request, { accountId: step.accountId, purpose: "sign-in", boundTo: step.idHash });
}

export async function startEnrolmentStep(request: Request) {
  const step = await stepOf(request, "enrol");
  return startEnrolment(step.accountId, step.email);
}

export async function confirmEnrolmentStep(request: Request, ip: string, code: string) {
  const step = await stepOf(request, "enrol");
  const recoveryCodes = await withinSignInLimits(step.email, ip, async () => {
    const result = await confirmEnrolment(step.accountId, code);
    return result.ok ? { ok: true, value: result.recoveryCodes } : result;
  });
  return { ...(await finish(request, step)), recoveryCodes };
}
