import type { ReactNode } from "react";

export function Section({ title, description, children, tone }: { title: string; description?: string; children: ReactNode; tone?: "danger" }) {
  return (
    <section aria-label={title} className={`rounded-xl border bg-card p-6 ${tone === "danger" ? "border-danger/40" : "border-border"}`}>
      <h2 className="text-lg font-semibold">{title}</h2>
      {description && <p className="mt-1 text-sm text-muted-foreground">{description}</p>}
      <div className="mt-4">{children}</div>
    </section>
  );
}
