/**
 * The one list of published pages: drives routes' titles and descriptions, the about-us menu,
 * the prerender list, the sitemap and the service worker's precache. Paths are exactly the spec's.
 */
export interface PageInfo {
  path: string;
  title: string;
  description: string;
  /** Interactive pages hydrate React; every other page ships no React at all. */
  interactive?: boolean;
}

export const pages = {
  home: {
    path: "/",
    title: "Inicio",
    description:
      "Empresa de servicios temporales en Colombia: trabajadores en misión, empresas usuarias, ofertas de empleo y contacto.",
  },
  cliente: {
    path: "/cliente",
    title: "¿Quiere ser nuestro cliente?",
    description: "Déjenos los datos de su empresa y le contactaremos para atender sus necesidades de personal temporal.",
    interactive: true,
  },
  contacto: {
    path: "/contacto",
    title: "Contáctenos",
    description: "Escríbanos: uno de nuestros colaboradores le responderá en el menor tiempo posible.",
    interactive: true,
  },
  incidente: {
    path: "/incidente",
    title: "Incidente o accidente de trabajo",
    description:
      "Reporte un incidente o un accidente de trabajo: recibe un radicado y un código para consultar en línea el estado del reporte.",
    interactive: true,
  },
  lineaEtica: {
    path: "/linea-etica",
    title: "Línea ética",
    description:
      "Reporte de forma confidencial, y si quiere anónima, soborno, corrupción, lavado de activos, acoso laboral o sexual y discriminación; siga su reporte con un radicado y un código.",
    interactive: true,
  },
  nosotros: {
    path: "/nosotros",
    title: "Nosotros",
    description: "Quiénes somos: una empresa de servicios temporales que une el talento colombiano con las empresas.",
  },
  misionVision: {
    path: "/nosotros/misionVision",
    title: "Misión y visión",
    description: "Nuestra misión y nuestra visión como empresa de servicios temporales.",
  },
  reglamentoInterno: {
    path: "/nosotros/reglamentoInterno",
    title: "Reglamento Interno de Trabajo",
    description:
      "Texto completo del Reglamento Interno de Trabajo para trabajadores de planta, trabajadores en misión, aspirantes y empresas usuarias.",
  },
  politicaGeneros: {
    path: "/nosotros/politicaGeneros",
    title: "Política de equidad de género y diversidad",
    description: "Nuestra política de equidad de género y diversidad: objetivos, alcance, responsables y canales de denuncia.",
  },
  unClick: {
    path: "/nosotros/unClick",
    title: "Tu información en un clic",
    description: "Videos que le explican cómo consultar su información como trabajador en un solo clic.",
  },
  sagrilaft: {
    path: "/nosotros/sagrilaft",
    title: "SAGRILAFT y PTEE",
    description:
      "Autocontrol del riesgo de lavado de activos y financiación del terrorismo (SAGRILAFT) y programa de transparencia y ética empresarial (PTEE).",
  },
  privacidad: {
    path: "/privacidad",
    title: "Política de tratamiento de datos personales",
    description: "Cómo tratamos sus datos personales conforme a la Ley 1581 de 2012: finalidades, derechos y canales.",
  },
} as const satisfies Record<string, PageInfo>;

export type PageKey = keyof typeof pages;

/** The about-us menu, in the spec's order, with its exact labels. */
export const nosotrosMenu: { page: PageKey; label: string }[] = [
  { page: "misionVision", label: "MISIÓN Y VISIÓN" },
  { page: "reglamentoInterno", label: "REGLAMENTO INTERNO DE TRABAJO" },
  { page: "politicaGeneros", label: "POLÍTICA DE EQUIDAD DE GÉNERO" },
  { page: "unClick", label: "TU INFORMACIÓN EN UN CLIC" },
  { page: "sagrilaft", label: "SAGRILAFT Y PTEE" },
];

export const publishedPaths: string[] = Object.values(pages).map((p) => p.path);
