import { z } from "zod";
import { message, requiredText } from "../validation";

/** One schema per sign-in form of spec §5, used by the action and by conform in the browser. */
export const loginSchema = z.object({
  email: requiredText(2, 64),
  password: requiredText(6, 64),
});

export const employeeLoginSchema = z.object({
  email: requiredText(2, 64),
});

export const recoveryRequestSchema = z.object({
  email: requiredText(2, 64),
});

export const newPasswordSchema = z
  .object({
    token: requiredText(6, 64),
    password: requiredText(6, 64),
    password_confirmation: requiredText(6, 64),
  })
  .refine((form) => form.password === form.password_confirmation, {
    message: message.mismatch,
    path: ["password_confirmation"],
  });
