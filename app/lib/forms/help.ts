import { z } from "zod";
import { message, requiredInteger, requiredText } from "../validation";

/** The help forms of spec §5: support request, suggestion and the contact footer. */
/** The section a request gets when it is raised from an activity and no section was chosen. */
export const ACTIVITY_SECTION = "Galería";

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
  .transform((form, ctx) => {
    const section = form.app_section ?? (form.support_activity ? ACTIVITY_SECTION : undefined);
    if (!section) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, message: message.required, path: ["app_section"] });
      return z.NEVER;
    }
    return { ...form, app_section: section };
  });

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
