// The reading pane on wide screens while no message is open: where one will
// show, and the keys that move through the list.
import { Button } from "@/components/button";

export function NoMessageOpen({ onShowShortcuts }: { onShowShortcuts: () => void }) {
  return (
    <div className="rounded-xl border border-dashed border-zinc-300 px-6 py-12 text-center text-sm text-zinc-600 max-lg:hidden dark:border-zinc-700 dark:text-zinc-400">
      <p>Pick a message to read it here.</p>
      <p className="mt-1">
        <kbd className="font-mono">j</kbd> and <kbd className="font-mono">k</kbd> move through the list;{" "}
        <Button variant="ghost" size="sm" onClick={onShowShortcuts}>
          all shortcuts
        </Button>
      </p>
    </div>
  );
}
