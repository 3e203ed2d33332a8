/**
 * The site's two cookies (the staff session, a case's one-time receipt) are read and written here
 * only: HttpOnly always, Secure whenever the request came over HTTPS, a path and a SameSite each.
 */
export function readCookie(request: Request, name: string): string | undefined {
  for (const part of (request.headers.get("cookie") ?? "").split(";")) {
    const [key, ...rest] = part.trim().split("=");
    if (key === name) {
      try {
        return decodeURIComponent(rest.join("="));
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}

/** `value` null clears the cookie (Max-Age=0). */
export function serializeCookie(
  request: Request,
  name: string,
  value: string | null,
  options: { path: string; sameSite: "Lax" | "Strict"; maxAgeSeconds: number },
): string {
  const secure = new URL(request.url).protocol === "https:" ? "; Secure" : "";
  const encoded = value ? encodeURIComponent(value) : "";
  return `${name}=${encoded}; Path=${options.path}; HttpOnly; SameSite=${options.sameSite}; Max-Age=${value ? options.maxAgeSeconds : 0}${secure}`;
}
