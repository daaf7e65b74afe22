import type { Metadata } from "next";
import { requirePageUser } from "@/lib/auth/page-user";

export const metadata: Metadata = { title: "Dashboard" };

export default async function DashboardPage() {
  const user = await requirePageUser("/dashboard");
  const firstName = user.name.split(/\s+/)[0] || user.name;
  return (
    <main className="mx-auto max-w-6xl px-4 py-10">
      <h1 className="text-2xl font-semibold">Welcome, {firstName}</h1>
      <p className="mt-1 text-muted-foreground">Your transcriptions live here.</p>
      <section aria-labelledby="transcriptions-heading" className="mt-8">
        <h2 id="transcriptions-heading" className="sr-only">
          Transcriptions
        </h2>
        <div className="flex flex-col items-center rounded-xl border-2 border-dashed border-border px-6 py-16 text-center">
          <svg aria-hidden width="40" height="40" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.5" className="text-accent">
            <path d="M12 3a3 3 0 0 0-3 3v6a3 3 0 0 0 6 0V6a3 3 0 0 0-3-3Z" />
            <path d="M19 10v2a7 7 0 0 1-14 0v-2M12 19v3" />
          </svg>
          <p className="mt-4 text-lg font-medium">No transcriptions yet</p>
          <p className="mt-1 max-w-md text-sm text-muted-foreground">
            When you record or upload audio, its transcript appears here with its date, length, language and status.
          </p>
        </div>
      </section>
    </main>
  );
}
