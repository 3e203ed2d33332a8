import { data, redirect, useActionData } from "react-router";
import { assertSameOriginPost, readSessionId, sessionCookie } from "~/features/staff/guard.server";
import { clientAddress } from "~/forms/post.server";
import { getSessionUser, signIn } from "~/features/staff/auth.server";
import { audit } from "~/platform/audit.server";
import { firstProblem, formFields, signInSchema } from "~/features/staff/forms";
import { getServices } from "~/platform/services.server";
import type { Route } from "./+types/sign-in";
import adminStyles from "~/styles/admin.css?url";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: adminStyles }];

/** The action's Retry-After (a wait after failed attempts) reaches the page it answers. */
export const headers: Route.HeadersFunction = ({ actionHeaders }) => actionHeaders;

export function meta() {
  return [{ title: "Ingresar | Bandeja del personal" }, { name: "robots", content: "noindex, nofollow" }];
}

/** Only same-site paths under /admin are followed after sign-in. */
function safeNext(value: string | null): string {
  return value && /^\/admin(\/[\w\-./?=&%]*)?$/.test(value) && !value.startsWith("//") ? value : "/admin";
}

export async function loader({ request }: Route.LoaderArgs) {
  const { db } = await getServices();
  if (await getSessionUser(db, readSessionId(request))) throw redirect(safeNext(new URL(request.url).searchParams.get("siguiente")));
  return null;
}

export async function action({ request }: Route.ActionArgs) {
  assertSameOriginPost(request);
  const parsed = signInSchema.safeParse(formFields(await request.formData()));
  if (!parsed.success) return data({ error: firstProblem(parsed.error) }, { status: 400 });
  const { db } = await getServices();
  const result = await signIn(db, { email: parsed.data.correo, password: parsed.data.clave, address: clientAddress(request) });
  if (!result.ok) {
    if (result.reason !== "locked") return data({ error: "Correo o contraseña incorrectos." }, { status: 401 });
    // A wait, not a lock: the right password passes once it is over (ADR 016).
    const seconds = Math.max(1, Math.ceil((result.retryAfterMs ?? 60_000) / 1000));
    const wait = seconds < 120 ? `${seconds} segundos` : `${Math.ceil(seconds / 60)} minutos`;
    return data({ error: `Demasiados intentos fallidos. Espere ${wait} e inténtelo de nuevo.` }, { status: 429, headers: { "Retry-After": String(seconds) } });
  }
  await audit(db, result.user, "ingreso");
  return redirect(safeNext(new URL(request.url).searchParams.get("siguiente")), {
    headers: { "Set-Cookie": sessionCookie(request, result.sessionId) },
  });
}

export default function SignIn() {
  const result = useActionData<typeof action>();
  return (
    <main className="page admin-sign-in">
      <h1>Bandeja del personal</h1>
      <p>Ingrese con la cuenta que le asignó la administración del sitio.</p>
      {result?.error ? (
        <p className="admin-alert" role="alert" id="error-ingreso">
          {result.error}
        </p>
      ) : null}
      <form method="post" className="admin-form">
        <div className="field">
          <label htmlFor="correo">Correo</label>
          <input id="correo" name="correo" type="email" autoComplete="username" required aria-describedby={result?.error ? "error-ingreso" : undefined} />
        </div>
        <div className="field">
          <label htmlFor="clave">Contraseña</label>
          <input id="clave" name="clave" type="password" autoComplete="current-password" required />
        </div>
        <button type="submit" className="button">
          Ingresar
        </button>
      </form>
    </main>
  );
}
