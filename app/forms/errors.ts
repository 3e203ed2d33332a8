/**
 * Every refusal a form endpoint can give, with its HTTP status and its one Spanish text (docs/product.md §3).
 * The JSON API, the pages answered without JavaScript and the server's own refusals (429, 413) read
 * this table; nothing else writes these texts.
 */
export const REFUSALS = {
  datos_invalidos: { status: 400, message: "Revise los campos marcados." },
  json_invalido: { status: 400, message: "El cuerpo de la solicitud debe ser un objeto JSON válido." },
  origen_no_permitido: { status: 403, message: "No se aceptan envíos desde otros sitios." },
  metodo_no_permitido: { status: 405, message: "Use POST para enviar el formulario." },
  contenido_muy_grande: { status: 413, message: "El mensaje es demasiado largo para enviarlo. Acórtelo e inténtelo de nuevo." },
  tipo_no_soportado: { status: 415, message: "El contenido debe enviarse como JSON (application/json) o como formulario, sin archivos adjuntos." },
  limite_de_envios: { status: 429, message: "Recibimos demasiados envíos desde su conexión. Espere un minuto e inténtelo de nuevo." },
  limite_de_consultas: {
    status: 429,
    message: "Se hicieron demasiadas consultas desde su conexión o sobre ese radicado. Espere 15 minutos e inténtelo de nuevo.",
  },
  consulta_sin_resultado: {
    status: 404,
    message: "No encontramos un reporte con ese radicado y ese código. Revise los dos datos, tal como aparecen en su confirmación.",
  },
  canal_no_disponible: {
    status: 503,
    message: "Este canal no está recibiendo reportes en este momento. Inténtelo más tarde.",
  },
  error_interno: { status: 503, message: "No pudimos guardar su mensaje en este momento. Inténtelo de nuevo en unos minutos." },
} as const;

export type RefusalCode = keyof typeof REFUSALS;

export interface ApiError {
  code: RefusalCode;
  message: string;
  fields?: Record<string, string>;
}

export function apiError(code: RefusalCode, extra: { message?: string; fields?: Record<string, string> } = {}): ApiError {
  return { code, message: extra.message ?? REFUSALS[code].message, ...(extra.fields ? { fields: extra.fields } : {}) };
}

/** The texts of a single field's problem (docs/product.md §13 keeps the first two exactly). */
export const FIELD_MESSAGES = {
  /** The summary of docs/product.md §13 when a form whose fields are all required has an empty one. */
  allRequired: "Todos los campos son obligatorios",
  required: "Este campo es obligatorio.",
  invalidEmail: "Correo electrónico no válido",
  invalidPhone: "Escriba un número de celular o fijo colombiano válido, por ejemplo 300 123 4567 o 601 234 5678.",
  invalidChoice: "Elija una de las opciones.",
  invalidDate: "Escriba una fecha válida (dd/mm/aaaa).",
  futureDate: "La fecha no puede ser posterior a hoy.",
  tooOld: (days: number) => `La fecha no puede ser anterior a ${days} días.`,
  invalidTime: "Escriba una hora válida (hh:mm).",
  invalidDocument: "Escriba el número de documento: de 3 a 20 letras o números, sin puntos.",
  healthConsent: "Escribió datos de salud sin autorizar su tratamiento: marque la autorización de datos de salud o deje vacíos los campos de salud.",
  consent: "Debe aceptar la política de tratamiento de datos personales para enviar el mensaje.",
  tooLong: (max: number) => `Este campo admite como máximo ${max} caracteres.`,
} as const;

/** A refused page post (no JavaScript) as the form shows it again: the values kept, the errors by field, the summary. */
export interface FormRefusal {
  values: Record<string, string>;
  /** Whether the consent box was ticked. */
  consent: boolean;
  errors: Record<string, string>;
  summary: string;
}
