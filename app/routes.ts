import { type RouteConfig, index, layout, route } from "@react-router/dev/routes";

export default [
  index("routes/home.tsx"),
  route("cliente", "routes/cliente.tsx"),
  route("contacto", "routes/contacto.tsx"),
  route("incidente", "routes/incidente.tsx"),
  route("privacidad", "routes/privacidad.tsx"),
  route("nosotros", "routes/nosotros/layout.tsx", [
    index("routes/nosotros/index.tsx"),
    route("misionVision", "routes/nosotros/mision-vision.tsx"),
    route("sagrilaft", "routes/nosotros/sagrilaft.tsx"),
    route("politicaGeneros", "routes/nosotros/politica-generos.tsx"),
    route("reglamentoInterno", "routes/nosotros/reglamento-interno.tsx"),
    route("unClick", "routes/nosotros/un-click.tsx"),
  ]),
  route("contacto/enviado", "routes/form-result.tsx", { id: "contacto-enviado" }),
  route("contacto/no-enviado", "routes/form-result.tsx", { id: "contacto-no-enviado" }),
  route("cliente/enviado", "routes/form-result.tsx", { id: "cliente-enviado" }),
  route("cliente/no-enviado", "routes/form-result.tsx", { id: "cliente-no-enviado" }),
  route("php/contacto", "routes/php.contacto.ts"),
  route("php/cliente", "routes/php.cliente.ts"),
  route("healthz", "routes/healthz.ts"),
  route("manifest.webmanifest", "routes/manifest.ts"),
  route("sitemap.xml", "routes/sitemap.ts"),
  route("robots.txt", "routes/robots.ts"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
