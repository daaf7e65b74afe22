import Link from "next/link";
import { Alert } from "@/components/ui/alert";
import { detailOr, type ApiFailure } from "@/lib/api/client";

export interface Refusal {
  detail: string;
  upgrade?: { feature: string; plans: string[] };
}

/** A server refusal; when a plan upgrade would help, it says so with a way there. */
export function RefusalNote({ refusal }: { refusal: Refusal }) {
  return (
    <Alert>
      {refusal.detail}
      {refusal.upgrade && (
        <>
          {" "}
          <Link href="/account#plan" className="font-medium underline">
            See plans and upgrade
          </Link>
        </>
      )}
    </Alert>
  );
}

/** What to show for a failed call: the server's sentence (and upgrade offer), or a generic one. */
export function refusalOf(failure: ApiFailure): Refusal {
  if (failure.status === 0) return { detail: "Could not reach the server. Try again." };
  const detail = detailOr(failure, `Something went wrong (${failure.status}). Try again.`);
  const upgrade = failure.body?.upgrade as Refusal["upgrade"] | undefined;
  return upgrade ? { detail, upgrade } : { detail };
}
