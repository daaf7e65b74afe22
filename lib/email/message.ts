/** One e-mail as the app writes it: sent over SMTP or, without SMTP_URL, kept in the dev outbox. */
export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
}
