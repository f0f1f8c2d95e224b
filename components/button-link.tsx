import Link from "next/link";
import { buttonClass, type ButtonSize, type ButtonVariant } from "./button-styles";

type ButtonLinkProps = {
  href: string;
  variant?: Extract<ButtonVariant, "primary" | "secondary" | "ghost">;
  size?: ButtonSize;
  /** A document rather than a page (e.g. a JSON file): a plain link the client router leaves alone. */
  document?: boolean;
  children: React.ReactNode;
};

/** A link styled as a button. */
export function ButtonLink({ href, variant = "primary", size = "md", document = false, children }: ButtonLinkProps) {
  const className = buttonClass(variant, size);
  if (document) {
    return (
      <a href={href} className={className}>
        {children}
      </a>
    );
  }
  return (
    <Link href={href} className={className}>
      {children}
    </Link>
  );
}
