import type { Metadata, Viewport } from "next";
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

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en" suppressHydrationWarning>
      <head>
        {/* Applies the stored colour theme before first paint (no flash). */}
        <script dangerouslySetInnerHTML={{ __html: colorThemeBootScript }} />
      </head>
      <body className="antialiased">
        <Providers>{children}</Providers>
      </body>
    </html>
  );
}
