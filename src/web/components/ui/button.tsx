import type { ButtonHTMLAttributes } from 'react';

const variants = {
  /** The page's one main action (pay, save). */
  primary: 'rounded-md bg-amber-500 font-semibold text-stone-950 hover:bg-amber-400 disabled:opacity-60',
  /** The admin's main action. */
  dark: 'rounded-md bg-stone-900 px-3 py-2 text-sm font-semibold text-white hover:bg-stone-700 disabled:opacity-50',
  /** A secondary action beside a main one. */
  outline: 'rounded-md border border-stone-300 px-3 py-2 text-sm hover:bg-stone-100 disabled:opacity-50',
  /** An action that deletes or rejects. */
  danger:
    'rounded-md bg-red-700 px-3 py-2 text-sm font-semibold text-white hover:bg-red-600 disabled:opacity-50',
  /** A link-looking action inside a sentence. */
  link: 'font-semibold underline',
} as const;

export type ButtonVariant = keyof typeof variants;

/** A button that is never a form's submit by accident: `type` defaults to "button". */
export function Button(props: { variant?: ButtonVariant } & ButtonHTMLAttributes<HTMLButtonElement>) {
  const { variant = 'outline', className, type = 'button', ...rest } = props;
  return <button type={type} {...rest} className={`${variants[variant]} ${className ?? ''}`.trim()} />;
}
