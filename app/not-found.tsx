import Link from "next/link";
import { Button } from "@/components/ui/button";
import { optionalPageUser } from "@/lib/auth/page-user";
import { db } from "@/lib/db/client";

import { NOT_FOUND_TEXT } from "@/lib/texts";

export default async function NotFound() {
  const user = await optionalPageUser(db());
  return (
    <main className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
      <p className="text-6xl font-bold text-accent">404</p>
      <h1 className="mt-4 text-xl font-medium">{NOT_FOUND_TEXT}</h1>
      <Button asChild className="mt-8">
        {user ? <Link href="/dashboard">Go to dashboard</Link> : <Link href="/">Go to home page</Link>}
      </Button>
    </main>
  );
}
