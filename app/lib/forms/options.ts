/**
 * What the forms show besides their rules: the options of their selects and the message key of
 * a file over the limit. No zod here: pages import these for their markup, while the schemas
 * (and zod) reach the browser only when the user starts filling in a form (use-zod-form.ts).
 */

/** The app sections of a support request (spec §5). */
export const appSections = ["Inicio", "Avance", "Notificaciones", "Perfil", "Otro"] as const;
/** The section a request gets when it is raised from an activity and no section was chosen. */
export const ACTIVITY_SECTION = "Galería";

/** Material types of spec §3, by their numeric value. */
export const materialTypes = [
  { value: 1, key: "wikiguide" },
  { value: 2, key: "audio" },
  { value: 3, key: "article" },
  { value: 4, key: "video" },
] as const;

export const certificateTypes = ["CERTIFICATE", "COURSE"] as const;
/** The message key of a certificate file over the limit (the page words it). */
export const FILE_TOO_LARGE = "fileTooLarge";

/** Spec §3 'Language options' and proficiency levels; the legacy API accepts the ISO codes. */
export const LANGUAGE_OPTIONS = ["es", "en"] as const;
export const LANGUAGE_LEVELS = ["Básico", "Intermedio", "Avanzado", "Experto", "Nativo"] as const;
