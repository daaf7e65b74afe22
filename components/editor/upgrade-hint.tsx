import Link from "next/link";
import { Alert } from "@/components/ui/alert";

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

export async function refusalFrom(response: Response): Promise<Refusal> {
  const data = (await response.json().catch(() => null)) as Refusal | null;
  return data?.detail ? data : { detail: `Something went wrong (${response.status}). Try again.` };
}
