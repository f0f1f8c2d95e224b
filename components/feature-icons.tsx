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

export function BracesIcon() {
  return (
    <Icon>
      <path d="M8 3H7a2 2 0 0 0-2 2v4a2 2 0 0 1-2 2 2 2 0 0 1 2 2v4a2 2 0 0 0 2 2h1" />
      <path d="M16 3h1a2 2 0 0 1 2 2v4a2 2 0 0 0 2 2 2 2 0 0 0-2 2v4a2 2 0 0 1-2 2h-1" />
    </Icon>
  );
}
