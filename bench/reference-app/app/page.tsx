import Link from "next/link";

/** A static page with a client-side link: what every Next.js app ships at least. */
export default function Home() {
  return (
    <main style={{ maxWidth: 640, margin: "4rem auto", fontFamily: "sans-serif" }}>
      <h1>Transcription made easy, right in your browser</h1>
      <p>Record or upload audio and get an accurate transcript with timestamps.</p>
      <Link href="/">Home</Link>
    </main>
  );
}
