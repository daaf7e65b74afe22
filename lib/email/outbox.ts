import { appendFileSync, existsSync, mkdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { env } from "@/lib/env";
import type { Mail } from "./message";
import { log } from "@/lib/log/logger";

export interface OutboxEntry extends Mail {
  sentAt: string;
}

/**
 * Without SMTP, mail lands here: a JSON-lines file under the data directory (so every
 * process of a dev setup sees the same outbox) and a line in the server log.
 */
function outboxFile(): string {
  return path.resolve(env().DATA_DIR, "dev-outbox.jsonl");
}

export function saveToOutbox(mail: Mail): void {
  const file = outboxFile();
  mkdirSync(path.dirname(file), { recursive: true });
  const entry: OutboxEntry = { ...mail, sentAt: new Date().toISOString() };
  appendFileSync(file, JSON.stringify(entry) + "\n");
  log().info({ to: mail.to, subject: mail.subject, text: mail.text }, "mail written to the dev outbox (no SMTP_URL)");
}

export function readOutbox(limit = 50): OutboxEntry[] {
  const file = outboxFile();
  if (!existsSync(file)) return [];
  return readFileSync(file, "utf8")
    .split("\n")
    .filter(Boolean)
    .slice(-limit)
    .map((line) => JSON.parse(line) as OutboxEntry)
    .reverse();
}
