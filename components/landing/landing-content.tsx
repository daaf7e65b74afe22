"use client";

import { Button } from "@/components/ui/button";
import { RECENTLY_DELETED_DAYS } from "@/lib/transcription/deletion-terms";
import { LandingPricing } from "./landing-pricing";
import { LandingNav, PrimaryAction } from "./landing-session";

/** The feature cards; the export line is the server's (see app/(public)/page.tsx). */
function features(exportsLine: string): ReadonlyArray<readonly [title: string, text: string]> {
  return [
    ["Words as you speak", "Record your microphone, or a browser tab and your microphone together for calls, and read the transcript while you talk. Or upload any file your phone or laptop made."],
    ["Accurate, with timings", "Every sentence keeps its timestamp, so you can jump from the text to the moment it was said."],
    ["Edit beside the audio", "Play, pause and correct in one place. The current words light up as the audio plays."],
    ["Export anywhere", exportsLine],
    ["Up to 97 languages", "Transcribe interviews, lectures and meetings in the language they happened in."],
    ["Private by design", `Your audio is processed on our own servers. A deleted transcript can be restored for ${RECENTLY_DELETED_DAYS} days, then it and its audio are removed for good.`],
  ];
}

const STEPS = [
  "Record in the browser and watch the words appear, or upload a file.",
  "The full transcript is ready moments after you stop; we tell you when.",
  "Edit beside the audio and export.",
];

/**
 * The landing page. A client component although nothing in it is interactive: a server
 * component's output is sent twice in the prerendered file (as HTML, and again in the React
 * payload that hydrates it), a client component's once (as HTML; its text is in a script the
 * browser caches). The page's HTML is then a third smaller, which is what `GET /` and the
 * first paint pay for. Only what the server works out (the export line) comes in as a prop.
 */
export function LandingContent({ exportsLine }: { exportsLine: string }) {
  return (
    <main>
      <header className="mx-auto flex max-w-6xl items-center justify-between px-4 py-5">
        <span className="text-xl font-semibold text-primary">Verbatim</span>
        <nav aria-label="Site" className="flex items-center gap-2">
          <LandingNav />
        </nav>
      </header>

      <section className="mx-auto max-w-4xl px-4 pb-16 pt-12 text-center sm:pt-20">
        <h1 className="text-4xl font-bold tracking-tight sm:text-6xl">
          Transcription made easy, <span className="text-primary">right in your browser</span>
        </h1>
        <p className="mx-auto mt-6 max-w-2xl text-lg text-muted-foreground">
          Record or upload audio and get an accurate transcript with timestamps. Edit it next to the recording, then export it
          — no software to install.
        </p>
        <div className="mt-10 flex flex-wrap justify-center gap-3">
          <PrimaryAction />
          <Button asChild size="lg" variant="secondary">
            {/* A plain anchor: a Link to "#pricing" would prefetch this page's own payload. */}
            <a href="#pricing">See plans</a>
          </Button>
        </div>
      </section>

      <section aria-labelledby="features-heading" className="bg-accent-soft py-16">
        <div className="mx-auto max-w-6xl px-4">
          <h2 id="features-heading" className="text-center text-3xl font-semibold">
            Everything between the recording and the finished text
          </h2>
          <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {features(exportsLine).map(([title, text]) => (
              <li key={title} className="rounded-xl bg-card p-6 shadow-sm">
                <h3 className="font-semibold text-accent">{title}</h3>
                <p className="mt-2 text-sm text-muted-foreground">{text}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section aria-labelledby="how-heading" className="mx-auto max-w-4xl px-4 py-16">
        <h2 id="how-heading" className="text-center text-3xl font-semibold">How it works</h2>
        <ol className="mt-8 grid gap-6 sm:grid-cols-3">
          {STEPS.map((step, i) => (
            <li key={step} className="flex flex-col items-center text-center">
              <span className="flex h-10 w-10 items-center justify-center rounded-full bg-primary font-semibold text-primary-foreground">{i + 1}</span>
              <p className="mt-3 text-sm">{step}</p>
            </li>
          ))}
        </ol>
      </section>

      <section id="pricing" aria-labelledby="pricing-heading" className="mx-auto max-w-6xl px-4 py-16">
        <h2 id="pricing-heading" className="text-center text-3xl font-semibold">Simple plans</h2>
        <p className="mt-2 text-center text-muted-foreground">Start free. Upgrade when you need more hours, languages or formatting.</p>
        <LandingPricing />
      </section>

      <section className="bg-primary py-16 text-center text-primary-foreground">
        <h2 className="text-3xl font-semibold">Your next transcript is a minute away</h2>
        <div className="mt-8">
          <PrimaryAction variant="secondary" />
        </div>
      </section>
    </main>
  );
}
