/**
 * One HTTP request with its target sent exactly as written (fetch and the URL parser would normalise
 * `//host`, `/\host`, `/x/../y` or a method like TRACE before sending them).
 */
import http from "node:http";
import net from "node:net";

export interface RawAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

export function rawRequest(
  baseUrl: string,
  method: string,
  target: string,
  options: { headers?: Record<string, string>; body?: string } = {},
): Promise<RawAnswer> {
  const url = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { ...options.headers };
    if (options.body !== undefined) headers["Content-Length"] = String(Buffer.byteLength(options.body));
    const req = http.request({ host: url.hostname, port: url.port, method, path: target, headers, agent: false }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (chunk) => (body += chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on("error", reject);
    req.end(options.body);
  });
}

/**
 * One request written byte for byte on a socket: for what even Node's client would refuse or rewrite
 * (an empty or malformed Host, a header it would not send). Reads until the server closes.
 */
export function rawSocketRequest(baseUrl: string, text: string): Promise<RawAnswer> {
  const url = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(url.port), url.hostname, () => socket.write(text));
    const chunks: Buffer[] = [];
    socket.on("data", (chunk) => chunks.push(chunk));
    socket.on("error", reject);
    socket.on("close", () => {
      const answer = Buffer.concat(chunks).toString("utf8");
      const [head, ...rest] = answer.split("\r\n\r\n");
      const [statusLine, ...lines] = head.split("\r\n");
      const headers: http.IncomingHttpHeaders = {};
      for (const line of lines) {
        const at = line.indexOf(":");
        if (at > 0) headers[line.slice(0, at).trim().toLowerCase()] = line.slice(at + 1).trim();
      }
      resolve({ status: Number(statusLine.split(" ")[1] ?? 0), headers, body: rest.join("\r\n\r\n") });
    });
  });
}
