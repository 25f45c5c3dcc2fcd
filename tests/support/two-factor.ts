import { generate } from "otplib";
import { setCookies, type ApiResponse } from "./auth";

/** The authenticator code of the time step `steps` away from now (the server accepts one step either side). */
export const codeAt = (secret: string, steps = 0) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });

/** The second step's cookie (`sid2=…`) a correct password sets when the account has a second factor. */
export function secondStepCookieOf(res: ApiResponse): string {
  const c = setCookies(res).find((s) => s.startsWith("sid2="));
  if (!c) throw new Error(`pas de cookie de seconde étape (HTTP ${res.status}) : ${res.text}`);
  return c.split(";")[0];
}
