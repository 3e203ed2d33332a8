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
  /**
   * Rendered on each request instead of prerendered: the page shows what depends on the moment or the
   * address (PQRS: today's due dates, a kind preselected by a link). Still in the sitemap.
   */
  onRequest?: boolean;
}

export const pages = {
  home: {
    path: "/",
    title: "Inicio",
    description: "Empresa de servicios temporales en Colombia: trabajadores en misión, empresas usuarias, ofertas de empleo y contacto.",
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
    description: "Reporte un incidente o un accidente de trabajo: recibe un radicado y un código para consultar en línea el estado del reporte.",
    interactive: true,
  },
  lineaEtica: {
    path: "/linea-etica",
    title: "Línea ética",
    description:
      "Reporte de forma confidencial, y si quiere anónima, soborno, corrupción, lavado de activos, acoso laboral o sexual y discriminación; siga su reporte con un radicado y un código.",
    interactive: true,
  },
  pqrs: {
    path: "/pqrs",
    title: "PQRS: peticiones, quejas, reclamos y sugerencias",
    description:
      "Presente una petición, queja, reclamo, sugerencia, consulta o solicitud sobre sus datos personales: vea antes de enviarla el plazo legal y la fecha de respuesta, y sígala con un radicado y un código.",
    interactive: true,
    onRequest: true,
  },
  empleos: {
    path: "/empleos",
    title: "Ofertas de empleo",
    description: "Nuestras vacantes abiertas, registradas en el Servicio Público de Empleo: postúlese sin crear una cuenta. El proceso es gratuito.",
    // Rendered on request: what is open depends on the day and on what the selection team published.
    onRequest: true,
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
    description: "Texto completo del Reglamento Interno de Trabajo para trabajadores de planta, trabajadores en misión, aspirantes y empresas usuarias.",
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
  desconexionLaboral: {
    path: "/nosotros/desconexionLaboral",
    title: "Política de desconexión laboral",
    description:
      "El derecho de los trabajadores de planta y en misión a no ser contactados fuera de su jornada (Ley 2191 de 2022), sus excepciones y cómo presentar una queja, incluso anónima.",
  },
  ofertasFalsas: {
    path: "/ofertas-falsas",
    title: "Ofertas de empleo falsas",
    description: "Nunca cobramos a quien busca empleo. Verifique si un teléfono, un correo o una dirección web es nuestro, y reporte las ofertas falsas.",
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
  { page: "desconexionLaboral", label: "POLÍTICA DE DESCONEXIÓN LABORAL" },
];

export const publishedPaths: string[] = Object.values(pages).map((p) => p.path);

/** The pages built as static HTML (every published page but those rendered on request). */
export const prerenderedPaths: string[] = Object.values(pages as Record<string, PageInfo>)
  .filter((p) => !p.onRequest)
  .map((p) => p.path);
