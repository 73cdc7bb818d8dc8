import type { InputHTMLAttributes } from 'react';

/**
 * A labelled input with its error under it: the error's id is `${name}-error`, and the input points
 * at it (aria-describedby, aria-invalid) only while there is one, so a screen reader reads it once.
 */
export function Field(
  props: {
    name: string;
    label: string;
    error?: string;
    /** Classes of the input beyond the shared ones (height, padding, text size). */
    inputClassName?: string;
  } & Omit<InputHTMLAttributes<HTMLInputElement>, 'name' | 'className'>,
) {
  const {
    name,
    label,
    error,
    inputClassName = 'mt-1 h-11 w-full rounded-md border px-3 text-base',
    ...input
  } = props;
  const errorId = `${name}-error`;
  return (
    <label className="block text-sm font-medium">
      {label}
      <input
        {...input}
        name={name}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        className={`${inputClassName} ${error ? 'border-red-600' : 'border-stone-300'}`}
      />
      {error ? (
        <span id={errorId} role="alert" className="mt-1 block text-sm font-normal text-red-700">
          {error}
        </span>
      ) : null}
    </label>
  );
}
