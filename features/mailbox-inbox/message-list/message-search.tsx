"use client";
// Above a folder's list: words to search for (from, to, subject and body, run
// by Dovecot), in this folder or in all of them (the default from the Inbox,
// as mail apps do: every folder but Junk and Trash), and three filters:
// unread, flagged, with attachments.
import { useId, useState } from "react";
import { Button } from "@/components/button";
import { inputClass } from "@/components/form-field";
import { isFiltered, type MessageFilters, noFilters } from "../use-mailbox-inbox";

const toggles = [
  ["unseen", "Unread"],
  ["flagged", "Flagged"],
  ["hasAttachment", "With attachments"],
] as const;

type MessageSearchProps = {
  filters: MessageFilters;
  onChange: (filters: MessageFilters) => void;
  inputRef: React.Ref<HTMLInputElement>;
  /** Whether a new search looks in every folder (from the Inbox) or in this one. */
  searchesAllFolders: boolean;
};

export function MessageSearch({ filters, onChange, inputRef, searchesAllFolders }: MessageSearchProps) {
  const [words, setWords] = useState(filters.q);
  const [everywhere, setEverywhere] = useState(isFiltered(filters) ? filters.allFolders : searchesAllFolders);
  const allFoldersId = useId();
  return (
    <div className="space-y-2">
      <form
        role="search"
        aria-label="Search this folder"
        className="flex gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          onChange({ ...filters, q: words.trim().slice(0, 200), allFolders: everywhere });
        }}
      >
        <input
          ref={inputRef}
          type="search"
          aria-label="Search mail"
          placeholder="From, to, subject or text"
          value={words}
          onChange={(event) => setWords(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === "Escape") event.currentTarget.blur();
          }}
          className={`${inputClass} min-w-0`}
        />
        <Button type="submit" variant="secondary" size="sm">
          Search
        </Button>
      </form>
      <div className="flex items-center gap-2 text-xs text-zinc-700 dark:text-zinc-300">
        <input
          id={allFoldersId}
          type="checkbox"
          checked={everywhere}
          onChange={(event) => {
            setEverywhere(event.target.checked);
            if (isFiltered(filters)) onChange({ ...filters, allFolders: event.target.checked });
          }}
          className="size-4"
        />
        <label htmlFor={allFoldersId}>All folders (not Junk or Trash)</label>
      </div>
      <div role="group" aria-label="Show only" className="flex flex-wrap items-center gap-1.5">
        {toggles.map(([name, label]) => (
          <button
            key={name}
            type="button"
            aria-pressed={filters[name]}
            onClick={() => onChange({ ...filters, [name]: !filters[name], allFolders: everywhere })}
            className="rounded-full border border-zinc-300 px-2.5 py-0.5 text-xs font-medium text-zinc-700 hover:bg-zinc-50 aria-pressed:border-indigo-600 aria-pressed:bg-indigo-50 aria-pressed:text-indigo-700 dark:border-zinc-700 dark:text-zinc-300 dark:hover:bg-zinc-800 dark:aria-pressed:border-indigo-400 dark:aria-pressed:bg-indigo-500/10 dark:aria-pressed:text-indigo-200"
          >
            {label}
          </button>
        ))}
        {isFiltered(filters) ? (
          <button
            type="button"
            onClick={() => {
              setWords("");
              onChange(noFilters);
            }}
            className="px-1 text-xs font-medium text-indigo-700 underline dark:text-indigo-300"
          >
            Clear
          </button>
        ) : null}
      </div>
    </div>
  );
}
