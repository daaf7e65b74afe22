import { notFound } from "next/navigation";
import { connection } from "next/server";
import { readOutbox } from "@/lib/email/outbox";
import { env } from "@/lib/env";

/** Development only: the mail that would have been sent, had SMTP_URL been set. */
export default async function DevOutboxPage() {
  await connection();
  if (env().NODE_ENV === "production") notFound();
  const mails = readOutbox();
  return (
    <main className="mx-auto max-w-3xl px-4 py-10">
      <h1 className="text-2xl font-semibold">Dev outbox</h1>
      <p className="mt-1 text-sm text-muted-foreground">
        Mail sent without SMTP_URL lands here (newest first). This page exists in development only.
      </p>
      {mails.length === 0 && <p className="mt-8">No mail yet.</p>}
      <ul className="mt-6 flex flex-col gap-4">
        {mails.map((mail, i) => (
          <li key={i} className="rounded-xl border border-border p-4">
            <p className="text-sm text-muted-foreground">
              {new Date(mail.sentAt).toLocaleString()} · to {mail.to}
            </p>
            <p className="font-medium">{mail.subject}</p>
            <pre className="mt-2 whitespace-pre-wrap break-all text-sm">{linkify(mail.text)}</pre>
          </li>
        ))}
      </ul>
    </main>
  );
}

function linkify(text: string) {
  return text.split(/(https?:\/\/\S+)/g).map((part, i) =>
    /^https?:\/\//.test(part) ? (
      <a key={i} href={part} className="text-accent underline">
        {part}
      </a>
    ) : (
      part
    ),
  );
}
