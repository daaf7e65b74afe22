/** In place of the uploader, for a workspace's viewer: what they can do here, and how to do more. */
export function ViewerNote({ workspaceName }: { workspaceName: string }) {
  return (
    <section aria-labelledby="new-heading" className="rounded-xl border border-border bg-card p-5" data-testid="viewer-note">
      <h2 id="new-heading" className="text-lg font-semibold">New transcription</h2>
      <p className="mt-2 text-sm text-muted-foreground">
        You are a viewer of {workspaceName}: you can read, search and export its transcriptions. To upload or record here, ask its owner or an admin
        to make you a member. Your personal space is yours to upload to.
      </p>
    </section>
  );
}
