import { z } from "zod";

/** Team API inputs, shared by the back-office forms and the server handlers. */
export const PASSWORD_MIN = 12;
const roleSchema = z.enum(["admin", "editor", "contributor"], { error: "rôle attendu : admin, editor ou contributor" });
const passwordSchema = z.string().min(PASSWORD_MIN, `mot de passe de ${PASSWORD_MIN} caractères au moins`).max(200);

export const addMemberSchema = z.object({
  email: z.string().trim().max(320).email("adresse e-mail invalide"),
  role: roleSchema,
  password: passwordSchema.optional(),
});
export const changeRoleSchema = z.object({ role: roleSchema });
export const resetPasswordSchema = z.object({ password: passwordSchema.optional() });
