import { z } from "zod";

/**
 * The buttons of a notification card (spec §2, Notificaciones): open it (marks it seen) or delete it. Server only, so
 * the notifications page ships no zod to the browser (~14 KB gzip).
 */
export const notificationIntentSchema = z.object({
  intent: z.enum(["view", "delete"]),
  id: z.coerce.number().int().positive(),
});
