// The launcher must not outlive whoever started it (docs/stopping.md): when
// npm, tsx or a test runner dies without passing a signal on, the launcher is
// re-parented (to init or a subreaper) and would keep every port and DATA_DIR
// to itself. Linux tells no one, so the parent pid is polled.

/**
 * Calls `onOrphaned` once when this process's parent changes. Nothing is
 * watched when the parent is already init (pid 1: systemd, a container's
 * entry point), which is the supervisor itself.
 */
export function watchParentProcess(onOrphaned: (formerParent: number) => void, intervalMs = 1_000): () => void {
  const parent = process.ppid;
  if (parent <= 1) return () => {};
  const timer = setInterval(() => {
    if (process.ppid === parent) return;
    clearInterval(timer);
    onOrphaned(parent);
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
