import nodemailer, { type Transporter } from "nodemailer";
import { env } from "@/lib/env";
import { saveToOutbox } from "./outbox";

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

const globalForMail = globalThis as unknown as { verbatimTransport?: Transporter };

function transport(url: string): Transporter {
  globalForMail.verbatimTransport ??= nodemailer.createTransport(url);
  return globalForMail.verbatimTransport;
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
