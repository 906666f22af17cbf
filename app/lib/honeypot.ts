/**
 * The honeypot of the public forms (contact, recovery): a field that people never see and assistive
 * technology never reaches (`display: none` and `aria-hidden`), but that form-filling bots fill.
 */
export const HONEYPOT_FIELD = "website";

export function honeypotFilled(formData: FormData): boolean {
  const value = formData.get(HONEYPOT_FIELD);
  return typeof value === "string" && value.trim() !== "";
}
