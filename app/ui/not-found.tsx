// The largest image of the page: written into it (a data: URI) so its paint waits for no request.
import notFoundArt from "~/assets/not-found.svg?inline";
import { SiteFrame } from "~/ui/site-frame";

/** The "Not Found." screen with a Spanish explanation and a way home (docs/product.md §10). */
export function NotFound() {
  return (
    <SiteFrame>
      <main className="page not-found">
        <img src={notFoundArt} alt="" width={400} height={300} className="not-found-art" />
        <h1 lang="en">Not Found.</h1>
        <p lang="en">This page doesn't exist.</p>
        <p>La página que busca no existe o cambió de dirección. Revise la dirección escrita o vuelva al inicio para encontrar lo que necesita.</p>
        <p>
          <a className="button" href="/">
            Ir al inicio
          </a>
        </p>
      </main>
    </SiteFrame>
  );
}
