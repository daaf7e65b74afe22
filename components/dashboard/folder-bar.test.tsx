/** @jest-environment jsdom */
import "@testing-library/jest-dom";
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { SWRConfig } from "swr";
import type { ApiFolder } from "@/lib/api/contract/folders";
import type { ApiTranscription, TranscriptionOptions } from "@/lib/api/contract/transcription";
import type { WorkspaceChoice } from "@/lib/api/contract/workspaces";
import { apiTranscription } from "@/test/support/api-fixtures";
import { installFakeEventSource } from "@/test/support/fake-event-source";
import { fakeFetch, type FakeCall } from "@/test/support/fake-fetch";
import { Dashboard } from "./dashboard";

jest.mock("@/lib/analytics/track", () => ({ track: jest.fn() }));
jest.mock("@/lib/uploads/client/upload", () => ({ startUpload: jest.fn(), unfinishedUpload: jest.fn(async () => null), discardUpload: jest.fn() }));

const OPTIONS: TranscriptionOptions = {
  engine: "whisper",
  engine_label: "Whisper",
  engine_note: null,
  engine_preparing: null,
  engine_problem: null,
  auto_detect: true,
  languages: [{ code: "en", name: "English" }],
  languages_note: null,
  plan_id: "pro",
  plan_name: "Pro",
  can_upgrade: false,
  usage: { used_s: 0, limit_s: 3600, remaining_s: 3600, period_end: "2026-12-01T00:00:00Z", note: null },
  max_upload_mb: 2048,
  upload_route: "server",
  record_tab_mic: false,
  live_transcription: false,
};

const TEAM: WorkspaceChoice = { id: "w-team", name: "Newsroom", role: "admin" };
const CLIENTS: ApiFolder = { id: "f-clients", name: "Clients", transcriptions: 1, created_at: "2026-11-20T10:00:00Z" };
const BOARD: ApiFolder = { id: "f-board", name: "Board", transcriptions: 0, created_at: "2026-11-20T10:00:00Z" };
const ROWS: ApiTranscription[] = [
  apiTranscription({ id: "t-1", title: "Client call", workspace_id: TEAM.id, folder_id: CLIENTS.id }),
  apiTranscription({ id: "t-2", title: "Standup", workspace_id: TEAM.id }),
  apiTranscription({ id: "t-3", title: "Retro", workspace_id: TEAM.id }),
];

let folders: ApiFolder[];
let calls: FakeCall[];

function routes(extra: Parameters<typeof fakeFetch>[0] = {}) {
  ({ calls } = fakeFetch({
    "GET /api/folders": () => ({ body: { folders } }),
    "GET /api/workspaces": {
      body: { workspaces: [TEAM, { id: "w-legal", name: "Legal", role: "member" }, { id: "w-board", name: "Board room", role: "viewer" }], active_id: TEAM.id, may_create: true, create_refusal: null },
    },
    ...extra,
  }));
}

function renderDashboard(workspace: WorkspaceChoice | null = TEAM, rows = ROWS) {
  render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <Dashboard initial={rows} options={OPTIONS} renderedAt="2026-11-20T11:00:00Z" workspace={workspace} userId="u-1" />
    </SWRConfig>,
  );
}

const titles = () => screen.queryAllByTestId("transcription-row").map((row) => within(row).getByRole("link").textContent);
const bar = () => screen.getByRole("group", { name: "Folders" });
const chip = (name: RegExp) => within(bar()).getByRole("button", { name });

beforeEach(() => {
  installFakeEventSource();
  folders = [BOARD, CLIENTS];
  routes();
});

describe("the folder bar of a workspace", () => {
  it("shows All, each folder with its count and Unfiled, and filters the list in the browser", async () => {
    renderDashboard();
    await within(bar()).findByRole("button", { name: /Clients/ });
    // Screen readers hear each count with what it counts.
    const names = ["All (3 transcriptions)", "Board (0 transcriptions)", "Clients (1 transcription)", "Unfiled (2 transcriptions)", "New folder"];
    const buttons = within(bar()).getAllByRole("button");
    expect(buttons).toHaveLength(names.length);
    names.forEach((name, i) => expect(buttons[i]).toHaveAccessibleName(name));
    expect(chip(/All/)).toHaveAttribute("aria-pressed", "true");

    fireEvent.click(chip(/Clients/));
    expect(chip(/Clients/)).toHaveAttribute("aria-pressed", "true");
    expect(titles()).toEqual(["Client call"]);
    fireEvent.click(chip(/Unfiled/));
    expect(titles()).toEqual(["Standup", "Retro"]);
    fireEvent.click(chip(/Board/));
    expect(titles()).toEqual([]);
    expect(screen.getByText("Nothing in this folder")).toBeInTheDocument();
    fireEvent.click(chip(/All/));
    expect(titles()).toEqual(["Client call", "Standup", "Retro"]);
    // Filtering asked the server nothing.
    expect(calls.filter((c) => c.path.startsWith("/api/transcriptions"))).toEqual([]);
  });

  it("makes a new folder, and shows the server's refusal in its words", async () => {
    routes({
      "POST /api/folders": (call) =>
        (call.body as { name: string }).name === "Clients"
          ? { status: 409, body: { detail: "A folder with this name already exists." } }
          : { status: 201, body: { folder: { id: "f-new", name: "Interviews", transcriptions: 0, created_at: "2026-11-20T12:00:00Z" } } },
    });
    renderDashboard();
    fireEvent.click(await within(bar()).findByRole("button", { name: "New folder" }));
    fireEvent.change(screen.getByLabelText("Folder name"), { target: { value: "Clients" } });
    fireEvent.click(screen.getByRole("button", { name: "Create" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("A folder with this name already exists.");

    folders = [BOARD, CLIENTS, { id: "f-new", name: "Interviews", transcriptions: 0, created_at: "2026-11-20T12:00:00Z" }];
    fireEvent.change(screen.getByLabelText("Folder name"), { target: { value: "Interviews" } });
    fireEvent.click(screen.getByRole("button", { name: "Create" }));
    await within(bar()).findByRole("button", { name: /Interviews/ });
    expect(calls.filter((c) => c.method === "POST").map((c) => c.body)).toEqual([{ name: "Clients" }, { name: "Interviews" }]);
  });

  it("renames the folder shown; an admin deletes it and its rows become unfiled", async () => {
    routes({
      "PATCH /api/folders/f-clients": (call) => ({ body: { folder: { ...CLIENTS, name: (call.body as { name: string }).name } } }),
      "DELETE /api/folders/f-clients": { body: { ok: true } },
    });
    renderDashboard();
    fireEvent.click(await within(bar()).findByRole("button", { name: /Clients/ }));
    fireEvent.click(screen.getByRole("button", { name: "Rename folder" }));
    expect(screen.getByLabelText("Folder name")).toHaveValue("Clients");
    folders = [BOARD, { ...CLIENTS, name: "Customers" }];
    fireEvent.change(screen.getByLabelText("Folder name"), { target: { value: "Customers" } });
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    await within(bar()).findByRole("button", { name: /Customers/ });
    expect(calls.find((c) => c.method === "PATCH")?.body).toEqual({ name: "Customers" });

    fireEvent.click(screen.getByRole("button", { name: "Delete folder" }));
    const dialog = screen.getByRole("dialog", { name: "Delete the folder “Customers”?" });
    expect(dialog).toHaveTextContent("Its transcriptions stay in the workspace, unfiled.");
    folders = [BOARD];
    fireEvent.click(within(dialog).getByRole("button", { name: "Delete folder" }));
    await waitFor(() => expect(within(bar()).queryByRole("button", { name: /Customers/ })).not.toBeInTheDocument());
    expect(chip(/All/)).toHaveAttribute("aria-pressed", "true");
    expect(chip(/Unfiled/)).toHaveAccessibleName("Unfiled (3 transcriptions)");
    expect(titles()).toEqual(["Client call", "Standup", "Retro"]);
  });

  it("a member renames but does not delete folders", async () => {
    renderDashboard({ ...TEAM, role: "member" });
    fireEvent.click(await within(bar()).findByRole("button", { name: /Clients/ }));
    expect(screen.getByRole("button", { name: "Rename folder" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Delete folder" })).not.toBeInTheDocument();
  });

  it("a viewer sees the folders but no New folder and no Move…", async () => {
    renderDashboard({ ...TEAM, role: "viewer" });
    await within(bar()).findByRole("button", { name: /Clients/ });
    expect(within(bar()).queryByRole("button", { name: "New folder" })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /^Move / })).not.toBeInTheDocument();
    fireEvent.click(chip(/Clients/));
    expect(screen.queryByRole("button", { name: "Rename folder" })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Delete folder" })).not.toBeInTheDocument();
  });

  it("the personal space has no folder bar", async () => {
    renderDashboard(null, [apiTranscription({ id: "t-9", title: "Mine" })]);
    await waitFor(() => expect(calls.some((c) => c.path === "/api/workspaces")).toBe(true));
    expect(screen.queryByRole("group", { name: "Folders" })).not.toBeInTheDocument();
    expect(calls.some((c) => c.path === "/api/folders")).toBe(false);
  });
});

describe("Move…", () => {
  it("files a row into a folder of the workspace; the counts and the filter follow", async () => {
    routes({
      "PATCH /api/transcriptions/t-2/location": (call) => ({ body: { ...ROWS[1], folder_id: (call.body as { folder_id: string }).folder_id } }),
    });
    renderDashboard();
    await within(bar()).findByRole("button", { name: /Clients/ });
    fireEvent.click(screen.getByRole("button", { name: "Move Standup" }));
    const dialog = screen.getByRole("dialog", { name: "Move “Standup”" });
    expect(within(dialog).getByRole("group", { name: "Folder in Newsroom" })).toBeInTheDocument();
    // Another space: the personal space and Legal (a member there), not Board room (a viewer there).
    expect(within(within(dialog).getByRole("group", { name: "Another space" })).getAllByRole("radio").map((r) => r.closest("label")?.textContent)).toEqual([
      "Personal space",
      "Legal",
    ]);
    fireEvent.click(within(dialog).getByRole("radio", { name: "Clients" }));
    fireEvent.click(within(dialog).getByRole("button", { name: "Move" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(calls.find((c) => c.method === "PATCH")?.body).toEqual({ workspace_id: TEAM.id, folder_id: CLIENTS.id });
    expect(chip(/Clients/)).toHaveAccessibleName("Clients (2 transcriptions)");
    fireEvent.click(chip(/Clients/));
    expect(titles()).toEqual(["Client call", "Standup"]);
  });

  it("moves a row to another space: it leaves the list with a notice; a refusal is shown in the dialog", async () => {
    routes({
      "PATCH /api/transcriptions/t-3/location": (call) =>
        (call.body as { workspace_id: string | null }).workspace_id === "w-legal"
          ? { status: 403, body: { detail: "Viewers of this workspace can read and export only." } }
          : { body: { ...ROWS[2], workspace_id: null } },
    });
    renderDashboard();
    await screen.findByRole("button", { name: "Move Retro" });
    fireEvent.click(screen.getByRole("button", { name: "Move Retro" }));
    let dialog = screen.getByRole("dialog");
    await within(dialog).findByRole("radio", { name: "Legal" });
    fireEvent.click(within(dialog).getByRole("radio", { name: "Legal" }));
    fireEvent.click(within(dialog).getByRole("button", { name: "Move" }));
    expect(await within(dialog).findByRole("alert")).toHaveTextContent("Viewers of this workspace can read and export only.");

    dialog = screen.getByRole("dialog");
    fireEvent.click(within(dialog).getByRole("radio", { name: "Personal space" }));
    fireEvent.click(within(dialog).getByRole("button", { name: "Move" }));
    expect(await screen.findByText("“Retro” was moved to Personal space.")).toBeInTheDocument();
    expect(titles()).toEqual(["Client call", "Standup"]);
    expect(calls.filter((c) => c.method === "PATCH").map((c) => c.body)).toEqual([
      { workspace_id: "w-legal", folder_id: null },
      { workspace_id: null, folder_id: null },
    ]);
  });

  it("a member files but is offered no other space (only owners and admins move out)", async () => {
    renderDashboard({ ...TEAM, role: "member" });
    await within(bar()).findByRole("button", { name: /Clients/ });
    fireEvent.click(screen.getByRole("button", { name: "Move Standup" }));
    const dialog = screen.getByRole("dialog");
    expect(within(dialog).getByRole("group", { name: "Folder in Newsroom" })).toBeInTheDocument();
    expect(within(dialog).queryByRole("group", { name: "Another space" })).not.toBeInTheDocument();
  });
});
