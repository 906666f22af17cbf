import { getZodConstraint } from "@conform-to/zod";
import { contactSchema } from "./forms/help";

/** What a page with the contact form (spec §4) gives it: a fresh submission id and the constraint attributes. */
export function contactFormData() {
  return { submissionId: crypto.randomUUID(), constraint: getZodConstraint(contactSchema) };
}
