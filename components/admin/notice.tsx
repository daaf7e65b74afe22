"use client";

import { clsx } from "clsx";
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from "react";

export type NoticeTone = "error" | "success";

interface Notice {
  tone: NoticeTone;
  text: string;
  /** A fresh key per notice, so the same text shown twice is announced twice. */
  id: number;
}

interface NoticeState {
  notice: Notice | null;
  notify(tone: NoticeTone, text: string): void;
  dismiss(): void;
}

const NoticeContext = createContext<NoticeState | null>(null);

/** The panel's single in-page message (spec §8 admin alerts), replacing the original's window.alert. */
export function NoticeProvider({ children }: { children: ReactNode }) {
  const [notice, setNotice] = useState<Notice | null>(null);
  const notify = useCallback((tone: NoticeTone, text: string) => setNotice((old) => ({ tone, text, id: (old?.id ?? 0) + 1 })), []);
  const dismiss = useCallback(() => setNotice(null), []);
  const value = useMemo(() => ({ notice, notify, dismiss }), [notice, notify, dismiss]);
  return <NoticeContext.Provider value={value}>{children}</NoticeContext.Provider>;
}

function useNoticeState(): NoticeState {
  const state = useContext(NoticeContext);
  if (!state) throw new Error("useNotify needs a NoticeProvider above it");
  return state;
}

/** Shows a message in the panel's banner; a new message replaces the old one. */
export function useNotify(): NoticeState["notify"] {
  return useNoticeState().notify;
}

/** role="alert" for errors, role="status" for success; the text element holds the message only. */
export function NoticeBanner() {
  const { notice, dismiss } = useNoticeState();
  if (!notice) return null;
  return (
    <div
      key={notice.id}
      data-testid="admin-notice"
      className={clsx(
        "flex items-start gap-3 rounded-lg border px-3 py-2 text-sm",
        notice.tone === "error" ? "border-danger/40 bg-danger/10 text-danger" : "border-success/40 bg-success/10 text-success",
      )}
    >
      <p role={notice.tone === "error" ? "alert" : "status"} className="flex-1">
        {notice.text}
      </p>
      <button
        type="button"
        onClick={dismiss}
        aria-label="Dismiss message"
        className="rounded px-1 leading-5 hover:bg-black/10 focus-visible:outline-2 focus-visible:outline-accent"
      >
        <span aria-hidden>×</span>
      </button>
    </div>
  );
}
