import { type SelectHTMLAttributes, useId } from 'react';

/** A labelled native select over a fixed list of choices; `onChange` gets the chosen value, typed. */
export function Select<V extends string>(
  props: {
    label: string;
    value: V;
    options: readonly { value: V; label: string }[];
    onChange(value: V): void;
    /** The label beside the select on one line (a toolbar's filter) rather than above it. */
    inline?: boolean;
  } & Omit<SelectHTMLAttributes<HTMLSelectElement>, 'value' | 'onChange'>,
) {
  const { label, options, onChange, inline, ...select } = props;
  const fallbackId = useId();
  const id = select.id ?? fallbackId;
  return (
    <label
      className={inline ? 'flex items-center gap-2 text-sm font-medium' : 'text-sm font-medium'}
      htmlFor={id}
    >
      {label}
      <select
        {...select}
        id={id}
        onChange={(event) => onChange(event.target.value as V)}
        className={`${inline ? '' : 'mt-1 block '}h-10 rounded-md border border-stone-300 bg-white px-2 ${select.className ?? ''}`.trim()}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </label>
  );
}
