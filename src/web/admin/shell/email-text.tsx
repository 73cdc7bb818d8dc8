import { Fragment } from 'react';

/**
 * An email address that wraps only where a reader expects, before the "@" and before each dot
 * (never mid-word, as `break-all` did on a phone); a single part longer than the line still wraps.
 */
export function EmailText({ email, className }: { email: string; className?: string }) {
  const parts = email.split(/(?=[@.])/);
  return (
    <span className={`break-words ${className ?? ''}`} data-testid="email-text">
      {parts.map((part, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed string
        <Fragment key={i}>
          {i > 0 ? <wbr /> : null}
          {part}
        </Fragment>
      ))}
    </span>
  );
}
