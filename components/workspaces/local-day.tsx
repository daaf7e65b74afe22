"use client";


/** A day in the reader's own locale and time zone (the server's rendering may differ: no warning for that). */
export function LocalDay({ iso }: { iso: string }) {
  return (
    <time dateTime={iso} suppressHydrationWarning>
      {new Date(iso).toLocaleDateString(undefined, { dateStyle: "medium" })}
    </time>
  );
}
