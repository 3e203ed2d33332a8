import { siteFromMatches } from "~/config/site-data";
import { requestDoors } from "~/features/requests/doors.server";
import { requestReceipt } from "~/features/requests/request-form-view";
import type { ReceiptData } from "~/features/cases/receipt";
import { ReceiptPage } from "~/features/cases/receipt-page";
import reportStyles from "~/styles/reports.css?url";
import type { Route } from "./+types/requests-received";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: reportStyles }];

export function meta({ matches }: Route.MetaArgs) {
  const name = siteFromMatches(matches)?.company.name ?? "";
  return [{ title: `Solicitud recibida | ${name}` }, { name: "robots", content: "noindex" }];
}

/** The one-time confirmation of a request posted without JavaScript: the cookie is read and cleared. */
export function loader({ request }: Route.LoaderArgs) {
  const { receipt, held, headers } = requestDoors.readReceipt(request);
  // Issued now: the post that made it was answered a moment ago (the cookie lives 15 minutes at most).
  return Response.json({ receipt: receipt ? { ...receipt, issuedAt: new Date().toISOString() } : null, held }, { headers });
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export default function RequestReceived({ loaderData }: Route.ComponentProps) {
  const { receipt, held } = loaderData as { receipt: ReceiptData | null; held: boolean };
  return <ReceiptPage title="Solicitud PQRS" receipt={receipt} held={held} text={requestReceipt} />;
}
