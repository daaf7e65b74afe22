import Link from "next/link";

/** Shown on the landing page only (spec §2). /about has no route on purpose: it is the 404 page. */
export function Footer() {
  return (
    <footer className="border-t border-border bg-muted/50">
      <div className="mx-auto flex max-w-6xl flex-col gap-4 px-4 py-8 text-sm sm:flex-row sm:items-center sm:justify-between">
        <nav aria-label="Footer" className="flex flex-wrap gap-x-6 gap-y-2">
          <Link href="/" className="hover:text-accent">Home</Link>
          <Link href="/login" className="hover:text-accent">Login</Link>
          <Link href="/about" className="hover:text-accent">About us</Link>
          <Link href="/terms" className="hover:text-accent">Terms and Conditions</Link>
        </nav>
        <p className="text-muted-foreground">Follow Us: Coming soon</p>
      </div>
    </footer>
  );
}
