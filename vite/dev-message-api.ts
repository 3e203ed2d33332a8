/**
 * In development (`npm run dev`), the message forms' JSON API is answered by the same function as in
 * production (answerApiPost, app/features/messages/submit.server.ts), which the production server mounts
 * on Express (server/app.ts) rather than as a React Router route. No rate limit or body limit here.
 */
import type { Plugin } from "vite";

const FORMS: Record<string, "contacto" | "cliente"> = { "/php/contacto": "contacto", "/php/cliente": "cliente" };

export function devMessageApi(): Plugin {
  return {
    name: "sitio:dev-message-api",
    apply: "serve",
    configureServer(server) {
      server.middlewares.use(async (req, res, next) => {
        const form = FORMS[(req.url ?? "").split("?")[0]];
        if (!form) return next();
        try {
          const chunks: Buffer[] = [];
          for await (const chunk of req) chunks.push(chunk as Buffer);
          await server.ssrLoadModule("/app/composition/wiring.server.ts");
          const { answerApiPost } = await server.ssrLoadModule("/app/features/messages/submit.server.ts");
          const header = (name: string) => (req.headers[name] as string | undefined) ?? null;
          const answer = await answerApiPost(
            {
              method: req.method ?? "GET",
              contentType: header("content-type"),
              origin: header("origin"),
              secFetchSite: header("sec-fetch-site"),
              host: header("host") ?? "",
              body: Buffer.concat(chunks).toString("utf8"),
            },
            form,
          );
          res.statusCode = answer.status;
          for (const [key, value] of Object.entries(answer.headers as Record<string, string>)) res.setHeader(key, value);
          res.end(answer.body ?? undefined);
        } catch (error) {
          next(error);
        }
      });
    },
  };
}
