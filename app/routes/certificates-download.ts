import { workerDownload } from "~/features/certificates/pages.server";
import type { Route } from "./+types/certificates-download";

/** The certificate's PDF, offered once to the browser that asked for it (docs/product.md §38). */
export function loader({ request }: Route.LoaderArgs) {
  return workerDownload(request);
}
