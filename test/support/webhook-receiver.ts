import http from "node:http";
import type { AddressInfo } from "node:net";

interface ReceivedRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

export interface ScriptedAnswer {
  status: number;
  headers?: Record<string, string>;
  body?: string | Buffer;
  /** waits this long before answering */
  delayMs?: number;
}

/**
 * A real HTTP receiver on 127.0.0.1 for webhook tests: records every request and answers
 * from a script (one answer per request, in order; 200 once the script is used up).
 */
export async function startReceiver() {
  const requests: ReceivedRequest[] = [];
  const script: ScriptedAnswer[] = [];
  const timers = new Set<NodeJS.Timeout>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      requests.push({ method: req.method ?? "", path: req.url ?? "", headers: req.headers, body: Buffer.concat(chunks).toString("utf8") });
      const answer = script.shift() ?? { status: 200 };
      const send = () => {
        res.writeHead(answer.status, answer.headers);
        res.end(answer.body ?? "");
      };
      if (!answer.delayMs) return send();
      const timer = setTimeout(() => {
        timers.delete(timer);
        if (!res.destroyed) send();
      }, answer.delayMs);
      timers.add(timer);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    requests,
    url: (path = "/hook", host = "127.0.0.1") => `http://${host}:${port}${path}`,
    /** the next requests' answers: a status, or a full answer */
    answer(...answers: Array<number | ScriptedAnswer>) {
      script.push(...answers.map((a) => (typeof a === "number" ? { status: a } : a)));
    },
    reset() {
      requests.length = 0;
      script.length = 0;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const t of timers) clearTimeout(t);
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
export type Receiver = Awaited<ReturnType<typeof startReceiver>>;
