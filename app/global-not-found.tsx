import type { Metadata } from "next";
import Link from "next/link";
import { headers } from "next/headers";
import { Button } from "@/components/ui/button";
import { currentUser } from "@/lib/auth/session";
import { db } from "@/lib/db/client";
import { NOT_FOUND_TEXT } from "@/lib/texts";
import { themeBootScript } from "@/lib/theme/themes";
import "./globals.css";

export const metadata: Metadata = { title: "Page not found · Verbatim" };

/**
 * An address that matches no route. Rendered per request outside the root layout (whose
 * not-found boundary must read nothing from the request, or every page would be dynamic), so
 * it can read the session here and needs no script to be right.
 */
export default async function GlobalNotFound() {
  const user = await currentUser(db(), await headers());
  return (
    <html lang="en" suppressHydrationWarning>
      <head>
        <script dangerouslySetInnerHTML={{ __html: themeBootScript }} />
      </head>
      <body className="antialiased">
        <main className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
          <p className="text-6xl font-bold text-accent">404</p>
          <h1 className="mt-4 text-xl font-medium">{NOT_FOUND_TEXT}</h1>
          <Button asChild className="mt-8">
            {user ? <Link href="/dashboard">Go to dashboard</Link> : <Link href="/">Go to home page</Link>}
          </Button>
        </main>
      </body>
    </html>
  );
}
