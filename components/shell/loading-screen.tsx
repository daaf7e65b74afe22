export function LoadingScreen() {
  return (
    <div
      role="status"
      data-loading-screen
      aria-live="polite"
      className="fixed inset-0 z-50 flex flex-col items-center justify-center gap-3 bg-background"
    >
      <span
        aria-hidden
        className="h-10 w-10 rounded-full border-4 border-muted border-t-primary"
        style={{ animation: "spin 0.8s linear infinite" }}
      />
      <span className="text-sm text-muted-foreground">Loading...</span>
    </div>
  );
}
