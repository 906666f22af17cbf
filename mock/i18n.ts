import type { Locale } from "./types";

/** Every message the mock legacy API answers with, in both languages (spec §5, §8). */
const messages = {
  invalidAppKey: { es: "Invalid application key", en: "Invalid application key" },
  unauthenticated: { es: "Unauthenticated.", en: "Unauthenticated." },
  forbidden: { es: "Esta acción no está autorizada.", en: "This action is unauthorized." },
  notFound: { es: "Recurso no encontrado", en: "Resource not found" },
  serverError: { es: "Server Error", en: "Server Error" },
  malformedBody: { es: "El cuerpo de la petición no es JSON válido", en: "The request body is not valid JSON" },
  payloadTooLarge: { es: "La petición es demasiado grande", en: "The request is too large" },
  refused: { es: "La solicitud fue rechazada", en: "The request was refused" },
  invalidData: { es: "Los datos proporcionados no son válidos.", en: "The given data was invalid." },

  required: { es: "Este campo es obligatorio", en: "This field is required" },
  invalid: { es: "Este campo no es válido", en: "This field is not valid" },
  minChars: { es: "El número mínimo de caracteres es {n}", en: "The minimum number of characters is {n}" },
  maxChars: { es: "El número máximo de caracteres es {n}", en: "The maximum number of characters is {n}" },
  minValue: { es: "El valor minimo es {n}", en: "The minimum value is {n}" },
  maxValue: { es: "El valor maximo es {n}", en: "The maximum value is {n}" },
  confirmation: { es: "El valor no coincide", en: "The value does not match" },
  fileTooLarge: { es: "El archivo no debe superar los {n} MB", en: "The file must not be larger than {n} MB" },
  imageType: { es: "El archivo debe ser una imagen PNG o JPEG", en: "The file must be a PNG or JPEG image" },
  certificateFileType: { es: "El archivo debe ser PNG, JPEG o PDF", en: "The file must be a PNG, JPEG or PDF" },
  duplicated: { es: "Este valor está repetido", en: "This value is repeated" },
  unanswered: { es: "Responde todas las preguntas", en: "Answer every question" },

  badCredentials: { es: "Usuario o contraseña incorrectos", en: "Incorrect username or password" },
  unknownEmployee: { es: "Número de empleado no registrado", en: "Employee number not registered" },
  linkExpired: { es: "El enlace ha expirado", en: "The link has expired" },
  invalidLink: { es: "Enlace de acceso no válido", en: "Invalid access link" },
  tokenExpired: { es: "El token de verificación ha expirado", en: "The verification token has expired" },
  recoverySubject: { es: "Recuperación de contraseña", en: "Password recovery" },

  escapeRoomLocked: {
    es: "Este Escape Room está bloqueado, completa las actividades anteriores para desbloquearla.",
    en: "This Escape Room is locked, complete the previous activities to unlock it.",
  },
  activityUnavailable: { es: "Esta actividad aún no está disponible", en: "This activity is not available yet" },
  commentRefused: {
    es: "Tu comentario no pudo ser enviado, revisa su contenido",
    en: "Your comment could not be sent, please review its content",
  },
  certificateRefused: {
    es: "La institución indicada no pudo validar el certificado",
    en: "The given institution could not validate the certificate",
  },
  alreadyInTeam: { es: "La persona ya forma parte de tu equipo", en: "This person is already in your team" },
  notInTeam: { es: "La persona no forma parte de tu equipo", en: "This person is not in your team" },
  cannotAddSelf: { es: "No puedes agregarte a tu propio equipo", en: "You cannot add yourself to your team" },

  contactSent: { es: "¡Tu comentario ha sido enviado con éxito!", en: "Your comment has been sent successfully!" },
  supportSent: { es: "¡Solicitud enviada con éxito!", en: "Request sent successfully!" },
  suggestionSent: { es: "¡Gracias por tu sugerencia!", en: "Thank you for your suggestion!" },
  photoUploaded: { es: "¡Fotografía cargada con éxito!", en: "Photo uploaded successfully!" },
  dataSaved: { es: "¡Datos guardados con éxito!", en: "Data saved successfully!" },
  certificateSaved: { es: "¡Certificado guardado con éxito!", en: "Certificate saved successfully!" },
  actionDone: { es: "¡Acción realizada con éxito!", en: "Action completed successfully!" },
  itemAdded: { es: "¡Dato agregado con éxito!", en: "Item added successfully!" },
  itemsAdded: { es: "¡Datos agregados con éxito!", en: "Items added successfully!" },
  memberAdded: { es: "¡Persona agregada a tu equipo!", en: "Person added to your team!" },
  memberRemoved: { es: "La persona fue retirada de tu equipo", en: "The person was removed from your team" },
  loggedOut: { es: "La sesión ha finalizado", en: "The session has ended" },
} satisfies Record<string, Record<Locale, string>>;

export type MessageKey = keyof typeof messages;

export function t(locale: Locale, key: MessageKey, values: Record<string, string | number> = {}): string {
  return messages[key][locale].replace(/\{(\w+)\}/g, (match, name: string) => String(values[name] ?? match));
}

/** `Accept-Language: en…` answers in English; anything else in Spanish, the default. */
export function localeOf(request: Request): Locale {
  const first = request.headers.get("accept-language")?.split(",")[0]?.trim().toLowerCase() ?? "";
  return first.startsWith("en") ? "en" : "es";
}
