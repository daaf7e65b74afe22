import type { Metadata, Viewport } from "next";
import { headers } from "next/headers";
import type { ReactNode } from "react";
import { colorThemeBootScript } from "@/lib/theme/themes";
import { Providers } from "./providers";
import "./globals.css";

export const metadata: Metadata = {
  title: { default: "Verbatim: transcription made easy, right in your browser", template: "%s · Verbatim" },
  description:
    "Record or upload audio, get an accurate transcript with timestamps, edit it beside the audio and export it.",
};

export const viewport: Viewport = { width: "device-width", initialScale: 1 };

export default async function RootLayout({ children }: { children: ReactNode }) {
  // The proxy's per-request nonce: the Content-Security-Policy runs only scripts carrying it.
  const nonce = (await headers()).get("x-nonce") ?? undefined;
  return (
    <html lang="en" suppressHydrationWarning>
      <head>
        {/* Applies the stored colour theme before first paint (no flash). */}
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: colorThemeBootScript }} />
      </head>
      <body className="antialiased">
        <Providers nonce={nonce}>{children}</Providers>
      </body>
    </html>
  );
}
