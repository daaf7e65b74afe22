"use client";

import { useState, type FormEvent } from "react";
import { Section } from "@/components/account/section";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { detailOr, type ApiResult } from "@/lib/api/client";

interface WordListField {
  name: string;
  label: string;
  hint?: string;
  maxLength: number;
  /** may be left empty */
  optional?: boolean;
}

interface WordListEntry {
  id: string;
  /** what the row shows */
  main: string;
  detail?: string;
  /** the delete button's accessible name */
  deleteLabel: string;
}

interface WordListSectionProps {
  title: string;
  description: string;
  /** undefined: still loading */
  entries: WordListEntry[] | undefined;
  loadError?: string;
  mayManage: boolean;
  limit: number;
  empty: string;
  /** said to members who may read but not change it */
  readOnlyNote: string;
  fields: WordListField[];
  submitLabel: string;
  /** what an entry is called in a failure's sentence ("term", "rule") */
  noun: string;
  add(values: Record<string, string>): Promise<ApiResult<unknown>>;
  remove(id: string): Promise<ApiResult<unknown>>;
  /** reads the list again after a change */
  refresh(): Promise<unknown>;
}

/**
 * A space's list of words (its vocabulary, or its replacement rules): the entries, how many of
 * the limit are used, a form to add one and a button to delete each, for those who manage it.
 */
export function WordListSection(props: WordListSectionProps) {
  const blank = Object.fromEntries(props.fields.map((f) => [f.name, ""]));
  const [values, setValues] = useState<Record<string, string>>(blank);
  const [problem, setProblem] = useState("");
  const [busy, setBusy] = useState(false);
  const full = (props.entries?.length ?? 0) >= props.limit;

  /** The server's refusal as a sentence, or null once the change is made (and the list read again). */
  async function changed(result: ApiResult<unknown>, failed: string): Promise<string | null> {
    if (!result.ok) return detailOr(result, `The ${props.noun} could not be ${failed}. Try again.`);
    await props.refresh();
    return null;
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const missing = props.fields.find((f) => !f.optional && !values[f.name].trim());
    if (missing) return setProblem(`Enter the ${missing.label.toLowerCase()}.`);
    setBusy(true);
    const refusal = await changed(await props.add(values), "added");
    setBusy(false);
    setProblem(refusal ?? "");
    if (!refusal) setValues(blank);
  }

  async function remove(id: string) {
    setBusy(true);
    setProblem((await changed(await props.remove(id), "deleted")) ?? "");
    setBusy(false);
  }

  return (
    <Section title={props.title} description={props.description}>
      {props.loadError && !props.entries && <Alert>{props.loadError}</Alert>}
      {props.entries && (
        <p className="text-sm text-muted-foreground">
          {props.entries.length} of {props.limit}
          {props.mayManage ? "" : ` · ${props.readOnlyNote}`}
        </p>
      )}
      {props.entries?.length === 0 && <p className="mt-2 text-sm text-muted-foreground">{props.empty}</p>}
      {props.entries && props.entries.length > 0 && (
        <ul className="mt-2 flex flex-col divide-y divide-border">
          {props.entries.map((e) => (
            <li key={e.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
              <div className="min-w-0">
                <p className="break-words font-medium">{e.main}</p>
                {e.detail && <p className="break-words text-sm text-muted-foreground">{e.detail}</p>}
              </div>
              {props.mayManage && (
                <Button type="button" size="sm" variant="secondary" disabled={busy} onClick={() => void remove(e.id)} aria-label={e.deleteLabel}>
                  Delete
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      {props.mayManage && props.entries && (
        <form onSubmit={(e) => void submit(e)} noValidate className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-end">
          {props.fields.map((f) => (
            <div key={f.name} className="flex-1">
              <Field
                label={f.label}
                hint={f.hint}
                maxLength={f.maxLength}
                value={values[f.name]}
                onChange={(e) => {
                  // Read now: React puts a controlled input back to its state before a deferred updater runs.
                  const value = e.target.value;
                  setValues((v) => ({ ...v, [f.name]: value }));
                }}
              />
            </div>
          ))}
          <Button type="submit" disabled={busy || full}>
            {props.submitLabel}
          </Button>
        </form>
      )}
      {problem && (
        <div className="mt-3">
          <Alert>{problem}</Alert>
        </div>
      )}
    </Section>
  );
}
