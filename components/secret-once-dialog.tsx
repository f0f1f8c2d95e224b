// A secret the API returns once (an API key, an app password): shown in a
// dialog with a copy button, never again after it closes.
import { Button } from "./button";
import { CopyButton } from "./copy-button";
import { Dialog } from "./dialog";

type SecretOnceDialogProps = {
  /** The secret; null keeps the dialog closed. */
  secret: string | null;
  title: string;
  description: string;
  copyLabel: string;
  testId: string;
  onClose: () => void;
  /** What to say under the secret (how to use it). */
  children?: React.ReactNode;
};

export function SecretOnceDialog({ secret, title, description, copyLabel, testId, onClose, children }: SecretOnceDialogProps) {
  return (
    <Dialog open={secret !== null} title={title} description={description} onClose={onClose}>
      {secret !== null ? (
        <div className="space-y-4">
          <code
            data-testid={testId}
            className="block rounded-lg bg-zinc-100 px-3 py-2 font-mono text-sm break-all text-zinc-900 dark:bg-zinc-800 dark:text-zinc-100"
          >
            {secret}
          </code>
          {children}
          {/* Copy comes first (on top on a phone, first in tab order, the primary button): the secret is never shown again. */}
          <div className="mt-6 flex flex-col gap-2 sm:flex-row-reverse sm:justify-start">
            <CopyButton text={secret} label={copyLabel} variant="primary" size="md" />
            <Button variant="secondary" onClick={onClose}>
              Done
            </Button>
          </div>
        </div>
      ) : null}
    </Dialog>
  );
}
