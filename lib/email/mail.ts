import nodemailer, { type Transporter } from "nodemailer";
import { env } from "@/lib/env";
import type { Mail } from "./message";
import { saveToOutbox } from "./outbox";

export type { Mail } from "./message";

// One pooled transport per SMTP URL for the life of the process.
const globalForMail = globalThis as unknown as { verbatimTransports?: Map<string, Transporter> };

function transport(url: string): Transporter {
  const transports = (globalForMail.verbatimTransports ??= new Map());
  let found = transports.get(url);
  if (!found) {
    found = nodemailer.createTransport(url);
    transports.set(url, found);
  }
  return found;
}

/** Sends over SMTP_URL when set, otherwise to the dev outbox. */
export async function sendMail(mail: Mail): Promise<void> {
  const { SMTP_URL, MAIL_FROM } = env();
  if (!SMTP_URL) {
    saveToOutbox(mail);
    return;
  }
  await transport(SMTP_URL).sendMail({ from: MAIL_FROM, ...mail });
}
