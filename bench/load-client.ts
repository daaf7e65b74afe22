import type { LoadStats } from "./load-stats";

export interface Answer {
  status: number;
  headers: Headers;
  body: Buffer;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * One simulated client of the public address (HAProxy): Node's fetch keeps its connections
 * alive, as a browser does. Each call is timed to the last byte of the answer and recorded
 * under its route template. A browser's identity is its session cookie (after sign-in) and
 * its own X-Forwarded-For address, so per-address limits see many clients, as behind a
 * real proxy; an API client sends its key.
 */
export class LoadClient {
  cookie = "";

  constructor(
    private readonly base: string,
    private readonly stats: LoadStats,
    private readonly ownHeaders: Record<string, string>,
  ) {}

  async call(method: string, route: string, url: string, body?: Buffer | string, headers: Record<string, string> = {}): Promise<Answer | null> {
    const t0 = performance.now();
    try {
      const res = await fetch(`${this.base}${url}`, {
        method,
        // A copy in a plain ArrayBuffer: what fetch's types take (bodies here are small).
        body: typeof body === "string" ? body : body && new Uint8Array(body),
        // Browsers send Origin with every change (the app checks it against APP_URL for cookie requests).
        headers: { origin: this.base, ...this.ownHeaders, ...(this.cookie ? { cookie: this.cookie } : {}), ...headers },
        redirect: "manual",
      });
      const answer = { status: res.status, headers: res.headers, body: Buffer.from(await res.arrayBuffer()) };
      this.stats.record(`${method} ${route}`, res.status, performance.now() - t0);
      return answer;
    } catch {
      this.stats.record(`${method} ${route}`, 0, performance.now() - t0);
      return null;
    }
  }

  /** As `call`, sent again (up to `tries` in all, a second apart) while there is no answer or a 5xx, as a client retries a request that failed. */
  async retried(tries: number, method: string, route: string, url: string, body?: Buffer | string, headers: Record<string, string> = {}): Promise<Answer | null> {
    for (let attempt = 1; ; attempt++) {
      const answer = await this.call(method, route, url, body, headers);
      if ((answer && answer.status < 500) || attempt >= tries) return answer;
      await sleep(1000);
    }
  }

  async json<T>(method: string, route: string, url: string, body?: unknown): Promise<T | null> {
    const answer = await this.retried(3, method, route, url, body === undefined ? undefined : JSON.stringify(body), body === undefined ? {} : { "content-type": "application/json" });
    return answer && answer.status < 300 ? (JSON.parse(answer.body.toString("utf8")) as T) : null;
  }

  /** Email and password sign-in; keeps the session cookie. */
  async signIn(email: string, password: string): Promise<boolean> {
    this.cookie = "";
    const answer = await this.retried(3, "POST", "/api/auth/sign-in/email", "/api/auth/sign-in/email", JSON.stringify({ email, password }), { "content-type": "application/json" });
    if (answer?.status !== 200) return false;
    this.cookie = answer.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    return true;
  }
}
