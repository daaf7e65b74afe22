import { NotFoundAction } from "@/components/shell/not-found-action";
import { NOT_FOUND_TEXT } from "@/lib/texts";

/**
 * Reads nothing from the request: Next.js renders this boundary into every page's payload,
 * so a server-side session read here would make every page dynamic (the landing page too).
 */
export default function NotFound() {
  return (
    <main className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
      <p className="text-6xl font-bold text-accent">404</p>
      <h1 className="mt-4 text-xl font-medium">{NOT_FOUND_TEXT}</h1>
      <NotFoundAction />
    </main>
  );
}
