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
  route("healthz", "routes/healthz.ts"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
