/**
 * Readiness probe for a load balancer: 200 while this instance can reach its database, 503 (with
 * Retry-After) while it cannot, so traffic goes elsewhere until the database answers again.
 */
import { pingDatabase } from "~/platform/db/database.server";
import { getServices } from "~/platform/services.server";

export async function loader() {
  const headers = { "Cache-Control": "no-store" };
  let database = false;
  try {
    database = await pingDatabase((await getServices()).db);
  } catch {
    database = false;
  }
  if (!database) {
    return Response.json({ status: "unavailable", database: "unreachable" }, { status: 503, headers: { ...headers, "Retry-After": "5" } });
  }
  return Response.json({ status: "ok", database: "ok" }, { headers });
}
