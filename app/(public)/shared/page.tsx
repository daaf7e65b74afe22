import type { Metadata } from "next";
import { SharedTranscriptView } from "@/components/sharing/shared-transcript";

export const metadata: Metadata = {
  // The root layout's template appends "· Verbatim"; the transcript's title replaces it once loaded.
  title: "Shared transcript",
  robots: { index: false, follow: false },
  referrer: "no-referrer",
};

// Prerendered once and served as a file (proxy.ts and next.config.ts leave it out of the nonce
// policy): it reads no cookie, header or database. The token is in the address's fragment,
// which only the browser sees; the transcript loads from /api/shared/<token>.
export const dynamic = "force-static";

export default function SharedPage() {
  return <SharedTranscriptView />;
}
