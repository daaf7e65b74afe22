"use client";

import { useMemo } from "react";
import type { Block, Run } from "@/lib/exports/blocks";
import { parseFormattedMarkdown } from "@/lib/exports/markdown-blocks";
import type { ApiFormatted } from "@/lib/api/contract/transcription";

function Runs({ runs }: { runs: Run[] }) {
  return <>{runs.map((r, i) => (r.bold ? <strong key={i}>{r.text}</strong> : <span key={i}>{r.text}</span>))}</>;
}

function BlockView({ block }: { block: Block }) {
  switch (block.kind) {
    case "heading": {
      const Tag = (`h${block.level + 1}` as "h2" | "h3" | "h4");
      const size = block.level === 1 ? "text-xl" : block.level === 2 ? "text-lg" : "text-base";
      return <Tag className={`mt-4 font-semibold ${size}`}><Runs runs={block.runs} /></Tag>;
    }
    case "listItem":
      return (
        <p className="flex gap-2" style={{ paddingLeft: `${block.depth * 1.25}rem` }}>
          <span aria-hidden>{block.marker}</span>
          <span><Runs runs={block.runs} /></span>
        </p>
      );
    case "paragraph":
      return <p><Runs runs={block.runs} /></p>;
    case "segment":
      return <p>{block.text}</p>;
  }
}

const LEVEL_NAMES = { basic: "AI enhancement", advanced: "Advanced AI formatting", style: "Custom style" } as const;

/** The formatted version, rendered from its Markdown as React elements (never as raw HTML). */
export function FormattedView({ formatted }: { formatted: ApiFormatted | null }) {
  const blocks = useMemo(() => (formatted ? parseFormattedMarkdown(formatted.markdown) : []), [formatted]);
  if (!formatted) {
    return <p className="text-sm text-muted-foreground">No formatted version yet. Choose how to format the transcript above; the transcript itself stays as it is.</p>;
  }
  return (
    <section aria-label="Formatted version" data-testid="formatted" className="flex flex-col gap-3 leading-relaxed">
      <p className="text-xs text-muted-foreground">
        {LEVEL_NAMES[formatted.level]}
        {formatted.style_name && ` “${formatted.style_name}”`}
        {formatted.created_at && ` · ${new Date(formatted.created_at).toLocaleString()}`}
      </p>
      {formatted.outdated && (
        <p role="status" className="rounded-lg border border-amber-400/60 bg-amber-100/40 px-3 py-2 text-sm dark:bg-amber-900/20">
          The transcript was edited after this was made. Format it again to include the edits.
        </p>
      )}
      {blocks.map((b, i) => <BlockView key={i} block={b} />)}
    </section>
  );
}
