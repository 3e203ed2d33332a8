import { siteFromMatches } from "~/config/site-data";
import { incidentDoors } from "~/features/incidents/doors.server";
import { incidentReceipt, type ReceiptData } from "~/features/cases/receipt";
import { ReceiptPage } from "~/features/cases/receipt-page";
import reportStyles from "~/styles/reports.css?url";
import type { Route } from "./+types/incidents-received";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: reportStyles }];

export function meta({ matches }: Route.MetaArgs) {
  const name = siteFromMatches(matches)?.company.name ?? "";
  return [{ title: `Reporte recibido | ${name}` }, { name: "robots", content: "noindex" }];
}

/** The one-time confirmation of a report posted without JavaScript: the cookie is read and cleared. */
export function loader({ request }: Route.LoaderArgs) {
  const { receipt, held, headers } = incidentDoors.readReceipt(request);
  // Issued now: the post that made it was answered a moment ago (the cookie lives 15 minutes at most).
  return Response.json({ receipt: receipt ? { ...receipt, issuedAt: new Date().toISOString() } : null, held }, { headers });
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export default function ReportReceived({ loaderData }: Route.ComponentProps) {
  const { receipt, held } = loaderData as { receipt: ReceiptData | null; held: boolean };
  return <ReceiptPage title="Reporte de incidente o accidente de trabajo" receipt={receipt} held={held} text={incidentReceipt} />;
}
