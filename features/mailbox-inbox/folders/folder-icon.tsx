// The line icon beside a folder's name (decorative: the name says it).
import { LineIcon } from "@/components/line-icon";
import type { SpecialUse } from "@/shared/schemas/mailbox-folders";

const paths: Record<SpecialUse | "folder", React.ReactNode> = {
  inbox: (
    <>
      <path d="M3 13h5l1.5 2.5h5L16 13h5" />
      <path d="M5.5 5h13L21 13v5a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2v-5l2.5-8z" />
    </>
  ),
  drafts: (
    <>
      <path d="M4 20h4L19 9l-4-4L4 16z" />
      <path d="m13.5 6.5 4 4" />
    </>
  ),
  sent: (
    <>
      <path d="M21 3 10 14" />
      <path d="m21 3-7 18-4-7-7-4 18-7z" />
    </>
  ),
  archive: (
    <>
      <rect x="3" y="4" width="18" height="5" rx="1" />
      <path d="M5 9v10a1 1 0 0 0 1 1h12a1 1 0 0 0 1-1V9M10 13h4" />
    </>
  ),
  junk: (
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="m5.6 5.6 12.8 12.8" />
    </>
  ),
  trash: (
    <>
      <path d="M4 7h16M10 11v6M14 11v6M9 7V4h6v3" />
      <path d="M6 7l1 13h10l1-13" />
    </>
  ),
  folder: <path d="M3 6a2 2 0 0 1 2-2h4l2 2h8a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2z" />,
};

export function FolderIcon({ use }: { use: SpecialUse | null }) {
  return (
    <LineIcon size={16} className="shrink-0">
      {paths[use ?? "folder"]}
    </LineIcon>
  );
}
