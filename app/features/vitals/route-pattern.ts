/**
 * A page view is reported by its route's pattern, never by its path (ADR 023): `/admin/reportes/:id`,
 * not the radicado; never a query string. The page computes it from the route it matched; the endpoint
 * accepts only the patterns of the site's own route table.
 */

/** A matched route's pattern from its path and params: each param's segment back to `:name`, a splat to `*`. */
export function patternOf(pathname: string, params: Readonly<Record<string, string | undefined>>): string {
  let path = pathname;
  const splat = params["*"];
  if (splat !== undefined) {
    const encoded = splat
      .split("/")
      .map((s) => encodeURIComponent(s))
      .join("/");
    if (path.endsWith(encoded)) path = `${path.slice(0, path.length - encoded.length)}*`;
    else if (path.endsWith(splat)) path = `${path.slice(0, path.length - splat.length)}*`;
  }
  const names = Object.entries(params).filter(([name, value]) => name !== "*" && value !== undefined) as [string, string][];
  const segments = path.split("/").map((segment) => {
    const found = names.find(([, value]) => segment === value || segment === encodeURIComponent(value));
    return found ? `:${found[0]}` : segment;
  });
  const pattern = segments.join("/").replace(/\/+$/, "");
  return pattern === "" ? "/" : pattern.startsWith("/") ? pattern : `/${pattern}`;
}

interface RouteEntry {
  id: string;
  parentId?: string;
  path?: string;
}

/** Every pattern of a route table (React Router's server build `routes`): parent paths joined. */
export function patternsOf(routes: Readonly<Record<string, RouteEntry | undefined>>): Set<string> {
  const full = (route: RouteEntry | undefined): string => {
    if (!route) return "";
    const parent = full(route.parentId ? routes[route.parentId] : undefined);
    return route.path ? `${parent.replace(/\/$/, "")}/${route.path}` : parent;
  };
  const patterns = new Set<string>();
  for (const route of Object.values(routes)) {
    if (!route) continue;
    const pattern = full(route).replace(/\/+$/, "");
    patterns.add(pattern === "" ? "/" : pattern);
  }
  return patterns;
}
