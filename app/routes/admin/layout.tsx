import { Outlet, useLoaderData, useLocation } from "react-router";
import { mayOpen, STAFF_ROUTES } from "~/config/access";
import { rolesLabel } from "~/config/roles";
import { requireSignedIn } from "~/features/staff/guard.server";
import type { Route } from "./+types/layout";
import adminStyles from "~/styles/admin.css?url";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: adminStyles }];

export async function loader({ request }: Route.LoaderArgs) {
  const { user } = await requireSignedIn(request);
  return { user };
}

export function meta() {
  return [{ name: "robots", content: "noindex, nofollow" }];
}

/** The staff area's frame. Every page below also checks the session in its own loader. */
export default function AdminLayout() {
  const { user } = useLoaderData<typeof loader>();
  const { pathname } = useLocation();
  // Only the areas this person may open (app/config/access.ts); each page checks again on the server.
  const items = STAFF_ROUTES.filter((r) => r.nav && mayOpen(user.roles, r.area)).map((r) => ({ href: r.path, label: r.nav as string }));
  return (
    <div className="admin">
      <header className="admin-header">
        <p className="admin-brand">Bandeja del personal</p>
        <nav aria-label="Bandeja del personal">
          <ul>
            {items.map((item) => (
              <li key={item.href}>
                <a href={item.href} aria-current={pathname.startsWith(item.href) ? "page" : undefined}>
                  {item.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <form method="post" action="/admin/salir" className="admin-user">
          <span>
            {user.name} ({rolesLabel(user.roles).toLowerCase()})
          </span>
          <button type="submit" className="button button-secondary">
            Cerrar sesión
          </button>
        </form>
      </header>
      <main className="admin-main">
        <Outlet />
      </main>
    </div>
  );
}
