import type { ButtonHTMLAttributes } from 'react';

const variants = {
  /** The page's one main action (pay, place the order). */
  primary: 'rounded-md bg-amber-500 font-semibold text-stone-950 hover:bg-amber-400 disabled:opacity-60',
  /** The admin's main action (save, create, upload). */
  admin: 'rounded-md bg-teal-800 text-sm font-semibold text-white hover:bg-teal-700 disabled:opacity-60',
  /** The storefront's second action beside its main one (continue shopping, close). */
  secondary: 'rounded-md border border-stone-300 font-semibold hover:bg-stone-50 disabled:opacity-60',
  /** A secondary action beside a main one. */
  outline: 'rounded-md border border-stone-300 text-sm hover:bg-stone-50 disabled:opacity-60',
  /** An action that deletes, outlined in red. */
  danger: 'rounded-md border border-red-300 text-sm text-red-700 hover:bg-red-50 disabled:opacity-60',
  /** A link-looking action inside a sentence. */
  link: 'font-semibold underline',
} as const;

export type ButtonVariant = keyof typeof variants;

/** A variant's classes, for a link that looks like a button (`<a className={buttonClass('primary', 'block h-11')}>`). */
export const buttonClass = (variant: ButtonVariant, className?: string): string =>
  `${variants[variant]} ${className ?? ''}`.trim();

/** A button that is never a form's submit by accident: `type` defaults to "button". */
export function Button(props: { variant?: ButtonVariant } & ButtonHTMLAttributes<HTMLButtonElement>) {
  const { variant = 'outline', className, type = 'button', ...rest } = props;
  return <button type={type} {...rest} className={buttonClass(variant, className)} />;
}
