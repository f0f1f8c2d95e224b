// Line icons for the landing page's feature cards (decorative; cards are titled).
import { LineIcon } from "./line-icon";

function Icon({ children }: { children: React.ReactNode }) {
  return <LineIcon size={20}>{children}</LineIcon>;
}

export function RelayIcon() {
  return (
    <Icon>
      <rect x="3" y="4" width="18" height="7" rx="2" />
      <rect x="3" y="13" width="18" height="7" rx="2" />
      <path d="M7 7.5h.01M7 16.5h.01" />
    </Icon>
  );
}

export function ShieldIcon() {
  return (
    <Icon>
      <path d="M12 3 4 6v6c0 4.5 3.4 8.3 8 9 4.6-.7 8-4.5 8-9V6l-8-3z" />
      <path d="m9 12 2 2 4-4" />
    </Icon>
  );
}

export function CardIcon() {
  return (
    <Icon>
      <rect x="2.5" y="5" width="19" height="14" rx="2" />
      <path d="M2.5 10h19M6.5 15h4" />
    </Icon>
  );
}

export function InboxIcon() {
  return (
    <Icon>
      <path d="M3 13h5l1.5 2.5h5L16 13h5" />
      <path d="M5.5 5h13L21 13v5a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2v-5l2.5-8z" />
    </Icon>
  );
}

export function SendIcon() {
  return (
    <Icon>
      <path d="M21 3 10 14" />
      <path d="m21 3-7 18-4-7-7-4 18-7z" />
    </Icon>
  );
}

export function BounceIcon() {
  return (
    <Icon>
      <path d="M9 14 4 9l5-5" />
      <path d="M4 9h11a5 5 0 0 1 0 10h-3" />
    </Icon>
  );
}
