import Link from "next/link";
import { LandingPricing } from "@/components/landing/landing-pricing";
import { LandingNav, PrimaryAction } from "@/components/landing/landing-session";
import { Button } from "@/components/ui/button";

const FEATURES = [
  ["Words as you speak", "Record your microphone, or a browser tab and your microphone together for calls, and read the transcript while you talk. Or upload any file your phone or laptop made."],
  ["Accurate, with timings", "Every sentence keeps its timestamp, so you can jump from the text to the moment it was said."],
  ["Edit beside the audio", "Play, pause and correct in one place. The current words light up as the audio plays."],
  ["Export anywhere", "TXT for everyone; Markdown, PDF, subtitles and Word on paid plans."],
  ["Up to 97 languages", "Transcribe interviews, lectures and meetings in the language they happened in."],
  ["Private by design", "Your audio is processed on our own servers and deleted when you delete the transcript."],
] as const;

/**
 * Prerendered at build time and served as a file (no database, no session read): who is signed
 * in and the live plans come from the browser's own calls, in the islands.
 */
export default function LandingPage() {
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
            <Link href="#pricing">See plans</Link>
          </Button>
        </div>
      </section>

      <section aria-labelledby="features-heading" className="bg-accent-soft py-16">
        <div className="mx-auto max-w-6xl px-4">
          <h2 id="features-heading" className="text-center text-3xl font-semibold">
            Everything between the recording and the finished text
          </h2>
          <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {FEATURES.map(([title, text]) => (
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
          {["Record in the browser and watch the words appear, or upload a file.", "The full transcript is ready moments after you stop; we tell you when.", "Edit beside the audio and export."].map((step, i) => (
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
