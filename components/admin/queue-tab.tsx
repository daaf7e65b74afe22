"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { AdminJobPage, JOB_KIND_VALUES, JOB_STATE_VALUES, type AdminJob } from "@/lib/api/contract/admin";
import { jobAction, jobsAddress, type JobFilters } from "./admin-api";
import { formatCount, formatDateTime, NONE } from "./format";
import { ListState } from "./list-state";
import { jobActionFailed, jobCanceled, jobRetried } from "./messages";
import { useNotify } from "./notice";
import { Pagination } from "./pagination";
import { SelectField } from "./select-field";
import { DataTable, Td } from "./table";
import { PAGE_SIZE, usePagedList } from "./use-paged-list";

/** Read every 2 s, so a job is seen running while it runs. */
const REFRESH_MS = 2000;

type Kind = AdminJob["kind"];
type State = (typeof JOB_STATE_VALUES)[number];

const KIND_LABELS: Record<Kind, string> = { transcribe: "Transcription", format: "Formatting", mail: "Mail", live: "Live", webhook: "Webhook" };
const STATE_LABELS: Record<State, string> = {
  queued: "Queued",
  running: "Running",
  stuck: "Stuck",
  done: "Done",
  failed: "Failed",
  canceled: "Canceled",
};

const ALL = { value: "", label: "All" };
const KIND_OPTIONS = [ALL, ...JOB_KIND_VALUES.map((kind) => ({ value: kind, label: KIND_LABELS[kind] }))];
const STATE_OPTIONS = [ALL, ...JOB_STATE_VALUES.map((state) => ({ value: state, label: STATE_LABELS[state] }))];

const COLUMNS = ["Job", "Kind", "Status", "User", "File", "Attempts", "Worker", "Last error", "Created", "Started", "Finished"];

type Action = "retry" | "cancel";

/** The job queue: how many jobs of each kind are in each state, and the jobs themselves, newest first. */
export function QueueTab() {
  const notify = useNotify();
  const [filters, setFilters] = useState<JobFilters>({ kind: "", state: "" });
  const list = usePagedList((page) => jobsAddress(filters, page, PAGE_SIZE), AdminJobPage, "the queue", REFRESH_MS);
  const [asking, setAsking] = useState<{ job: AdminJob; action: Action } | null>(null);
  const [busyId, setBusyId] = useState<string | null>(null);

  async function act(job: AdminJob, action: Action) {
    setBusyId(job.id);
    const result = await jobAction(job.id, action);
    setBusyId(null);
    if (!result.ok) return notify("error", jobActionFailed(action, result));
    const updated = result.data;
    list.update((old) => ({ ...old, jobs: old.jobs.map((row) => (row.id === updated.id ? updated : row)) }));
    notify("success", action === "retry" ? jobRetried : jobCanceled);
  }

  const jobs = list.data?.jobs ?? [];
  const kindWord = asking ? KIND_LABELS[asking.job.kind].toLowerCase() : "";
  return (
    <section aria-label="Queue" className="flex flex-col gap-4">
      <div className="grid max-w-md gap-3 sm:grid-cols-2">
        <SelectField label="Kind" value={filters.kind} options={KIND_OPTIONS} onChange={(kind) => setFilters({ ...filters, kind })} />
        <SelectField label="State" value={filters.state} options={STATE_OPTIONS} onChange={(state) => setFilters({ ...filters, state })} />
      </div>
      <ListState
        error={list.error}
        data={list.data}
        loadingText="Loading the queue…"
        empty={jobs.length === 0}
        emptyText={filters.kind || filters.state ? "No jobs match these filters." : "No jobs."}
        header={(data) => <Counts counts={data.counts} />}
        footer={(data) => <Pagination page={list.page} shownPage={data.page} pageSize={PAGE_SIZE} total={data.total} shown={jobs.length} onPage={list.setPage} />}
      >
        {() => (
          <DataTable label="Jobs" columns={COLUMNS} actions>
            {jobs.map((job) => (
              <JobRow key={job.id} job={job} busy={busyId === job.id} onAction={(action) => setAsking({ job, action })} />
            ))}
          </DataTable>
        )}
      </ListState>
      <ConfirmDialog
        open={asking !== null}
        onOpenChange={(open) => !open && setAsking(null)}
        title={asking?.action === "retry" ? `Retry this ${kindWord} job?` : `Cancel this ${kindWord} job?`}
        description={asking?.action === "retry" ? "It goes back to the queue, its attempts counted from zero." : "It stops and does not run again unless you retry it."}
        confirmLabel={asking?.action === "retry" ? "Retry" : "Cancel job"}
        keepLabel={asking?.action === "retry" ? "Cancel" : "Keep it"}
        onConfirm={() => {
          if (asking) void act(asking.job, asking.action);
          setAsking(null);
        }}
      />
    </section>
  );
}

function Counts({ counts }: { counts: AdminJobPage["counts"] }) {
  return (
    <DataTable label="Jobs by kind and state" columns={["Kind", ...JOB_STATE_VALUES.map((state) => STATE_LABELS[state])]}>
      {JOB_KIND_VALUES.map((kind) => (
        <tr key={kind} data-testid={`admin-job-counts-${kind}`}>
          <Td className="font-medium">{KIND_LABELS[kind]}</Td>
          {JOB_STATE_VALUES.map((state) => (
            <Td key={state} className={state === "stuck" && counts[kind].stuck > 0 ? "text-danger" : undefined}>
              {formatCount(counts[kind][state])}
            </Td>
          ))}
        </tr>
      ))}
    </DataTable>
  );
}

function statusText(job: AdminJob): string {
  if (job.stuck) return "Running (stuck)";
  return STATE_LABELS[job.status];
}

function JobRow({ job, busy, onAction }: { job: AdminJob; busy: boolean; onAction(action: Action): void }) {
  return (
    <tr data-testid={`admin-job-row-${job.id}`}>
      <Td className="break-all font-mono text-xs">{job.id}</Td>
      <Td>{KIND_LABELS[job.kind]}</Td>
      <Td className={job.status === "failed" || job.stuck ? "whitespace-nowrap text-danger" : "whitespace-nowrap"} data-testid="admin-job-status">
        {statusText(job)}
      </Td>
      <Td className="break-all">{job.user?.email ?? NONE}</Td>
      <Td>{job.file?.title ?? NONE}</Td>
      <Td className="whitespace-nowrap">{`${job.attempts} of ${job.max_attempts}`}</Td>
      <Td className="break-all font-mono text-xs">{job.worker ?? NONE}</Td>
      <Td>{job.last_error ?? NONE}</Td>
      <Td className="whitespace-nowrap">{formatDateTime(job.created_at)}</Td>
      <Td className="whitespace-nowrap">{formatDateTime(job.started_at)}</Td>
      <Td className="whitespace-nowrap">{formatDateTime(job.finished_at)}</Td>
      <Td>
        <div className="flex gap-2">
          {job.can_retry && (
            <Button variant="secondary" size="sm" disabled={busy} onClick={() => onAction("retry")}>
              Retry
            </Button>
          )}
          {job.can_cancel && (
            <Button variant="secondary" size="sm" disabled={busy} onClick={() => onAction("cancel")}>
              Cancel
            </Button>
          )}
        </div>
      </Td>
    </tr>
  );
}
