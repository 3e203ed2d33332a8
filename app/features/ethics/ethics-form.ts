/**
 * The ethics line's report (docs/product.md §22, ADR 013): one registry for the browser and the server, like
 * the other forms. Anonymous by default: nothing asks who the reporter is unless they choose to say.
 */
import { defineForm, type FieldErrors } from "~/forms/define";
import { choiceField, emailField, type FieldDef, phoneField, textField } from "~/forms/fields";
import { ethicsChannel, type EthicsKind } from "./channel";

const categoryHints: Record<EthicsKind, string> = {
  soborno: "Pagos, regalos o favores para obtener o dar una ventaja; uso indebido de un cargo.",
  lavado: "Dinero o bienes de origen ilícito, apoyo económico a grupos armados o a armas de destrucción masiva.",
  acoso_laboral: "Maltrato, persecución, intimidación o trato desigual repetido en el trabajo.",
  acoso_sexual: "Insinuaciones, contactos, mensajes o presiones de carácter sexual no deseados.",
  discriminacion: "Trato distinto por sexo, identidad de género, orientación sexual, origen, discapacidad, religión u otra condición.",
  desconexion: "Órdenes, llamadas o mensajes de trabajo fuera de la jornada, en descansos, vacaciones o licencias (Ley 2191 de 2022).",
  otro: "Cualquier otra conducta contraria a la ética o a la ley.",
};

export const ef = {
  categoria: choiceField({
    name: "categoria",
    label: "¿Qué quiere reportar?",
    staffLabel: "Categoría",
    as: "radio",
    options: (Object.keys(ethicsChannel.kinds) as EthicsKind[]).map((value) => ({
      value,
      label: `${ethicsChannel.kinds[value].label}: ${categoryHints[value]}`,
    })),
  }),
  descripcion: textField({
    name: "descripcion",
    label: "Qué pasó",
    staffLabel: "Qué pasó",
    maxLength: 5000,
    multiline: true,
    autocomplete: "off",
    hint: "Cuente los hechos con el mayor detalle que pueda: qué se dijo o se hizo, cuántas veces, a quién afectó.",
  }),
  cuando: textField({
    name: "cuando",
    label: "Cuándo pasó",
    staffLabel: "Cuándo",
    maxLength: 200,
    autocomplete: "off",
    hint: "Una fecha o un periodo aproximado, por ejemplo: «el 3 de noviembre» o «desde marzo, casi cada semana».",
  }),
  donde: textField({
    name: "donde",
    label: "Dónde pasó",
    staffLabel: "Dónde",
    maxLength: 200,
    autocomplete: "off",
    hint: "La empresa usuaria, la sede o la ciudad, o el medio (correo, chat, llamada).",
  }),
  involucrados: textField({
    name: "involucrados",
    label: "Quiénes participaron",
    staffLabel: "Personas involucradas",
    maxLength: 1000,
    multiline: true,
    required: false,
    autocomplete: "off",
    hint: "Nombres o cargos de quienes cometieron los hechos, de quienes los sufrieron y de los testigos, si los conoce.",
  }),
  evidencia: textField({
    name: "evidencia",
    label: "Pruebas",
    staffLabel: "Pruebas descritas",
    maxLength: 2000,
    multiline: true,
    required: false,
    autocomplete: "off",
    hint: "Describa qué pruebas existen (mensajes, correos, documentos, fotos) y quién las tiene. No adjunte archivos: si hacen falta, se los pediremos por este canal.",
  }),
  // A worker on assignment's workplace-harassment complaint is heard by the user company's committee with at
  // least one member of this company's committee (Res. 3461 de 2025 art. 3): the form asks for the user
  // company, never requires it (it may identify an anonymous reporter) and says each category's route.
  vinculo: choiceField({
    name: "vinculo",
    label: "¿Qué relación tiene con la empresa la persona afectada?",
    staffLabel: "Vínculo de la persona afectada",
    as: "radio",
    required: false,
    options: [
      { value: "planta", label: "Trabajador de planta" },
      { value: "mision", label: "Trabajador en misión en una empresa usuaria" },
      { value: "aspirante", label: "Aspirante o candidato" },
      { value: "otro", label: "Otra relación, o prefiero no decirlo" },
    ],
  }),
  empresa_usuaria: textField({
    name: "empresa_usuaria",
    label: "Empresa usuaria donde está en misión",
    staffLabel: "Empresa usuaria",
    maxLength: 150,
    required: false,
    autocomplete: "off",
    hint: "Si la persona afectada es trabajador en misión, escribirla nos ayuda a llevar la queja de acoso laboral al comité que la atiende. Si prefiere no decirla, el reporte sigue adelante igual.",
  }),
  identificacion: choiceField({
    name: "identificacion",
    label: "¿Quiere identificarse?",
    staffLabel: "Identificación",
    as: "radio",
    options: [
      { value: "anonimo", label: "No, quiero reportar de forma anónima" },
      { value: "identificado", label: "Sí, quiero dar mi nombre y un medio de contacto" },
    ],
  }),
  // Required of who chooses to identify (the cross-check), so not labelled "(opcional)".
  nombre: textField({
    name: "nombre",
    label: "Su nombre",
    staffLabel: "Nombre de quien reporta",
    maxLength: 100,
    required: false,
    conditional: true,
    autocomplete: "name",
  }),
  correo: emailField({
    name: "correo",
    label: "Su correo",
    staffLabel: "Correo de quien reporta",
    required: false,
    hint: "Le avisaremos allí cuando haya una respuesta, sin incluirla en el correo.",
  }),
  celular: phoneField({ name: "celular", label: "Su celular", staffLabel: "Celular de quien reporta", required: false }),
};

/** What only an identified reporter gives. */
export const IDENTITY_FIELDS = ["nombre", "correo", "celular"] as const;

export const ETHICS_MESSAGES = {
  anonymousWithIdentity: "Eligió reportar de forma anónima, pero escribió datos suyos: bórrelos, o elija «Sí, quiero dar mi nombre y un medio de contacto».",
  nameRequired: "Escriba su nombre, o elija reportar de forma anónima.",
  contactRequired: "Escriba un correo o un celular para que podamos contactarle, o elija reportar de forma anónima.",
} as const;

/**
 * Who handles each category (ETHICS_OWNERS), as the reporter reads it before sending: a note, never a
 * refusal. `mision`: the route when the person affected is a worker on assignment, where it differs.
 */
export const ETHICS_ROUTES: Record<EthicsKind, { route: string; mision?: string }> = {
  soborno: { route: "Soborno o corrupción: lo atiende el oficial de cumplimiento, dentro del Programa de Transparencia y Ética Empresarial (PTEE)." },
  lavado: {
    route: "Lavado de activos y financiación del terrorismo o de armas de destrucción masiva: lo atiende el oficial de cumplimiento, dentro del SAGRILAFT.",
  },
  acoso_laboral: {
    route: "Acoso laboral: lo atiende el Comité de Convivencia Laboral de la empresa (Ley 1010 de 2006; Resolución 3461 de 2025 del Ministerio del Trabajo).",
    mision:
      "Acoso laboral de un trabajador en misión: la queja la tramita el Comité de Convivencia Laboral de la empresa usuaria, con al menos un integrante de nuestro comité (Resolución 3461 de 2025 del Ministerio del Trabajo, art. 3). Si escribe cuál es la empresa usuaria, la llevamos allí; si prefiere no decirlo, el reporte sigue adelante igual.",
  },
  acoso_sexual: {
    route:
      "Acoso sexual: lo atiende la persona referente de género y diversidad, por la ruta de la Ley 2365 de 2024, también si la persona afectada es trabajador en misión. No lo atiende el Comité de Convivencia Laboral, que no es competente en estos casos (Resolución 3461 de 2025, art. 6, parágrafo 1). Usted también puede acudir a la Fiscalía.",
  },
  discriminacion: { route: "Discriminación: la atiende el Comité de Convivencia Laboral de la empresa (Ley 1010 de 2006)." },
  desconexion: {
    route: "Desconexión laboral: la atiende el Comité de Convivencia Laboral de la empresa, como dice la política de desconexión (Ley 2191 de 2022).",
  },
  otro: { route: "Otro asunto ético: lo recibe el oficial de cumplimiento, que lo pasa a quien corresponda si encaja en otra categoría." },
};

function check(data: Record<string, string>): FieldErrors {
  const errors: FieldErrors = {};
  if (data.identificacion === "anonimo") {
    for (const name of IDENTITY_FIELDS) if (data[name]) errors[name] = ETHICS_MESSAGES.anonymousWithIdentity;
  } else if (data.identificacion === "identificado") {
    if (!data.nombre) errors.nombre = ETHICS_MESSAGES.nameRequired;
    if (!data.correo && !data.celular) errors.correo = ETHICS_MESSAGES.contactRequired;
  }
  return errors;
}

/** Only who identifies gives personal data of their own, so only they are asked for consent (policy §5.6, §9). */
export const ethicsForm = defineForm("linea-etica", Object.values(ef), { check, consentWhen: (data) => data.identificacion === "identificado" });

/** The values a new form starts with: anonymous is the default (docs/product.md §22). */
export const ETHICS_DEFAULTS = { identificacion: "anonimo" } as const;

export const ethicsGroups: { id: string; legend: string; intro?: string; fields: FieldDef[] }[] = [
  { id: "categoria", legend: "El asunto", fields: [ef.categoria] },
  { id: "hechos", legend: "Los hechos", fields: [ef.descripcion, ef.cuando, ef.donde, ef.involucrados, ef.evidencia] },
  { id: "vinculo", legend: "La persona afectada", fields: [ef.vinculo, ef.empresa_usuaria] },
  {
    id: "identidad",
    legend: "Quién reporta",
    intro:
      "No necesita decir quién es: sin su nombre ni su contacto, el reporte sigue adelante y usted lo sigue con el radicado y el código. Si se identifica, solo lo sabrán las personas que atienden esta categoría.",
    fields: [ef.identificacion, ef.nombre, ef.correo, ef.celular],
  },
];

/** Reporter's additions through CONSULTAR. */
export const FOLLOW_UP_MAX = 3000;
