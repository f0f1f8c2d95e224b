"use client";
// The mail view's first pane: the mailbox's folders, special ones first with
// their icons, each with its unread count, and a way to make a new one.
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { Button } from "@/components/button";
import type { MailboxFolder } from "@/shared/schemas/mailbox-folders";
import { FolderIcon } from "./folder-icon";
import { folderDepth, folderLabel, sortFolders } from "./folder-labels";
import { FolderNameDialog } from "./folder-name-dialog";
import { mailHref } from "../mail-href";
import { useCreateFolder } from "./use-folder-changes";

const indent = ["pl-2.5", "pl-7", "pl-10", "pl-12"];

type FolderPaneProps = { mailboxId: string; folders: MailboxFolder[]; current: string; className: string };

export function FolderPane({ mailboxId, folders, current, className }: FolderPaneProps) {
  const router = useRouter();
  const create = useCreateFolder(mailboxId);
  const [creating, setCreating] = useState(false);
  return (
    <nav aria-label="Folders" className={`min-w-0 space-y-3 ${className}`}>
      <ul className="space-y-0.5">
        {sortFolders(folders).map((folder) => {
          const label = folderLabel(folder);
          return (
            <li key={folder.name}>
              <Link
                href={mailHref(mailboxId, { folder: folder.name })}
                aria-current={folder.name === current ? "page" : undefined}
                title={folder.specialUse ? undefined : folder.name}
                className={`flex min-w-0 items-center gap-2 rounded-lg py-2 pr-2.5 text-sm text-zinc-700 hover:bg-zinc-100 hover:text-zinc-900 aria-[current=page]:bg-indigo-50 aria-[current=page]:font-semibold aria-[current=page]:text-indigo-700 dark:text-zinc-300 dark:hover:bg-zinc-800/70 dark:hover:text-white dark:aria-[current=page]:bg-indigo-500/10 dark:aria-[current=page]:text-indigo-300 ${indent[Math.min(folderDepth(folder), indent.length - 1)]}`}
              >
                <FolderIcon use={folder.specialUse} />
                <span className="min-w-0 flex-1 truncate">{label}</span>
                {folder.unseen > 0 ? (
                  <>
                    {" "}
                    <span className="rounded-full bg-zinc-100 px-1.5 text-xs font-semibold text-zinc-800 dark:bg-zinc-800 dark:text-zinc-100">
                      {folder.unseen}
                      <span className="sr-only"> unread</span>
                    </span>
                  </>
                ) : null}
              </Link>
            </li>
          );
        })}
      </ul>
      <Button variant="ghost" size="sm" onClick={() => setCreating(true)}>
        + New folder
      </Button>
      <FolderNameDialog
        open={creating}
        title="New folder"
        initialName=""
        submitLabel="Create folder"
        onSubmit={(name) => create.mutateAsync(name)}
        onDone={(name) => {
          setCreating(false);
          router.push(mailHref(mailboxId, { folder: name }));
        }}
        onClose={() => setCreating(false)}
      />
    </nav>
  );
}
