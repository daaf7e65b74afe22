import PostalMime from "postal-mime";
import { SMTPServer } from "smtp-server";

export interface CaughtMail {
  to: string[];
  from: string;
  subject: string;
  text: string;
  html: string;
  receivedAt: number;
}

/**
 * A real SMTP server on 127.0.0.1 that keeps every message it receives, parsed, so tests
 * can read the mail the app really sent (over SMTP, through nodemailer).
 */
export interface SmtpCatcher {
  port: number;
  messages: CaughtMail[];
  waitFor(to: string, predicate?: (m: CaughtMail) => boolean, timeoutMs?: number): Promise<CaughtMail>;
  close(): Promise<void>;
}

export async function startSmtpCatcher(port = 0): Promise<SmtpCatcher> {
  const messages: CaughtMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", async () => {
        try {
          const parsed = await PostalMime.parse(Buffer.concat(chunks));
          messages.push({
            to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
            subject: parsed.subject ?? "",
            text: parsed.text ?? "",
            html: parsed.html ?? "",
            receivedAt: Date.now(),
          });
          callback();
        } catch (error) {
          callback(error as Error);
        }
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve());
  });
  const address = server.server.address();
  const boundPort = typeof address === "object" && address ? address.port : port;

  return {
    port: boundPort,
    messages,
    async waitFor(to, predicate = () => true, timeoutMs = 15_000) {
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline) {
        const found = [...messages].reverse().find((m) => m.to.includes(to.toLowerCase()) && predicate(m));
        if (found) return found;
        await new Promise((r) => setTimeout(r, 100));
      }
      throw new Error(`no mail to ${to} within ${timeoutMs} ms`);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The first http(s) link in a mail's text. */
export function firstLink(mail: CaughtMail): string {
  const match = /(https?:\/\/\S+)/.exec(mail.text);
  if (!match) throw new Error(`no link in mail "${mail.subject}"`);
  return match[1];
}

/** An SMTP catcher around a describe block: `mail.catcher` inside its tests. */
export function useSmtpCatcher() {
  // A Map rather than a reassigned variable: the hooks lint treats use* helpers as React hooks.
  const started = new Map<"c", SmtpCatcher>();
  beforeAll(async () => {
    started.set("c", await startSmtpCatcher());
  });
  afterAll(async () => {
    await started.get("c")?.close();
  });
  return {
    get catcher() {
      return started.get("c")!;
    },
  };
}
