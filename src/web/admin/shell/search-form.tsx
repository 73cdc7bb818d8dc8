import { type FormEvent, useState } from 'react';

/** A search box with Search and Clear, big enough for a thumb; the tab runs the search on submit. */
export function SearchForm(props: {
  id: string;
  label: string;
  placeholder: string;
  value: string;
  maxLength: number;
  onSearch(q: string): void;
}) {
  const [text, setText] = useState(props.value);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    props.onSearch(text.trim());
  };
  return (
    <search className="w-full sm:w-auto">
      <form onSubmit={submit} className="flex flex-wrap gap-2">
        <label htmlFor={props.id} className="sr-only">
          {props.label}
        </label>
        <input
          id={props.id}
          type="search"
          value={text}
          maxLength={props.maxLength}
          onChange={(event) => setText(event.target.value)}
          placeholder={props.placeholder}
          className="min-h-11 min-w-0 flex-1 rounded-md border border-stone-300 px-3 text-sm sm:w-72"
        />
        <button
          type="submit"
          className="min-h-11 rounded-md bg-teal-800 px-4 text-sm font-semibold text-white hover:bg-teal-700"
        >
          Search
        </button>
        {props.value ? (
          <button
            type="button"
            onClick={() => {
              setText('');
              props.onSearch('');
            }}
            className="min-h-11 rounded-md border border-stone-300 px-3 text-sm font-semibold hover:bg-stone-50"
          >
            Clear
          </button>
        ) : null}
      </form>
    </search>
  );
}
