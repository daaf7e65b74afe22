import type { Metadata } from "next";
import { SharedTranscriptView } from "@/components/sharing/shared-transcript";

export const metadata: Metadata = {
  // The root layout's template appends "· Verbatim"; the transcript's title replaces it once loaded.
  title: "Shared transcript",
  robots: { index: false, follow: false },
  referrer: "no-referrer",
};

// Rendered per request like every page behind the proxy: its scripts need the nonce (a file
// served to everyone could only allow inline scripts wholesale). It reads no cookie, header
// or database: the token is in the address's fragment, which only the browser sees, and the
// transcript loads from /api/shared/<token>.
export const dynamic = "force-dynamic";

export default function SharedPage() {
  return <SharedTranscriptView />;
}
