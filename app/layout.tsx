import type { Metadata, Viewport } from "next";
import type { ReactNode } from "react";
import { themeBootScript } from "@/lib/theme/themes";
import { Providers } from "./providers";
import "./globals.css";

export const metadata: Metadata = {
  title: { default: "Verbatim: transcription made easy, right in your browser", template: "%s · Verbatim" },
  description:
    "Record or upload audio, get an accurate transcript with timestamps, edit it beside the audio and export it.",
};

export const viewport: Viewport = { width: "device-width", initialScale: 1 };

/**
 * Reads nothing from the request, so a page that needs nothing else (the landing page) is
 * prerendered. Dynamic pages still get the proxy's nonce on Next.js's own scripts; the theme
 * script below is a constant that the Content-Security-Policy allows by its hash.
 */
export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en" suppressHydrationWarning>
      <head>
        {/* Applies the stored colour theme and light/dark choice before first paint (no flash). */}
        <script dangerouslySetInnerHTML={{ __html: themeBootScript }} />
      </head>
      <body className="antialiased">
        <Providers>{children}</Providers>
      </body>
    </html>
  );
}
