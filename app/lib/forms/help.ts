import { z } from "zod";
import { message, requiredInteger, requiredText } from "../validation";
import { ACTIVITY_SECTION } from "./options";

/** The help forms of spec §5: support request, suggestion and the contact footer. */

/**
 * A request raised from an activity gets ACTIVITY_SECTION when no section was chosen; otherwise the
 * section is required. Checked beside the fields (an intersection runs both sides), not after them:
 * a check after the object ran only once every other field was valid, a third round of errors.
 */
export const supportSchema = z
  .object({
    subject: requiredText(8, 128),
    device: requiredText(3, 128),
    app_section: requiredText(1, 128).optional(),
    support_activity: z.number().int().positive().optional(),
    support_category: requiredInteger(1),
    support_sub_category: requiredInteger(1),
    comment: requiredText(1, 1024),
  })
  .and(
    z
      // The same types as the fields' (conform coerces by type), so the two sides merge.
      .object({ app_section: z.string().optional(), support_activity: z.number().optional() })
      .refine((form) => form.app_section !== undefined || form.support_activity !== undefined, {
        message: message.required,
        path: ["app_section"],
      }),
  )
  .transform((form) => ({ ...form, app_section: form.app_section ?? ACTIVITY_SECTION }));

export const suggestionSchema = z.object({
  suggestion_category_id: requiredInteger(1),
  content: requiredText(1, 128),
});

export const contactSchema = z.object({
  name: requiredText(2, 64),
  phone: z.string({ required_error: message.required, invalid_type_error: message.invalid }),
  email: requiredText(2, 64),
  comment: requiredText(25, 512),
  /** One id per rendered form: a second POST of the same form is answered without sending again. */
  submission_id: z.string({ required_error: message.invalid }).uuid(message.invalid),
});
