import type { Metadata } from "next";
import Link from "next/link";
import { ApiKeysPanel } from "@/components/api-keys/api-keys-panel";
import { WebhooksPanel } from "@/components/webhooks/webhooks-panel";
import { requirePageSpace } from "@/lib/auth/page-user";
import { db } from "@/lib/db/client";

export const metadata: Metadata = { title: "Developers" };

/** API keys and webhooks of the space the user is working in (their personal space, or the active workspace). */
export default async function DevelopersPage() {
  const { workspace } = await requirePageSpace(db(), "/developers");
  return (
    <main className="mx-auto flex max-w-3xl flex-col gap-8 px-4 py-10">
      <div>
        <h1 className="text-2xl font-semibold">Developers</h1>
        <p className="mt-1 text-muted-foreground">
          {workspace ? `Connect other software to the workspace “${workspace.name}”.` : "Connect other software to your transcriptions."} See the{" "}
          <Link href="/docs/api" className="underline underline-offset-2">
            API documentation
          </Link>
          .
        </p>
      </div>
      <ApiKeysPanel workspaceName={workspace?.name ?? null} />
      <WebhooksPanel workspaceName={workspace?.name ?? null} />
    </main>
  );
}
