import type { ReactNode } from "react";

export const metadata = { title: "Bare Next.js", description: "The framework's floor for bench:web." };

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body>{children}</body>
    </html>
  );
}
