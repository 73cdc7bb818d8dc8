import { type FormEvent, useState } from 'react';
import { Button } from '../../components/ui/button';
import { Field } from '../../components/ui/field';
import { Select } from '../../components/ui/select';
import { toast } from '../../components/ui/toast';
import { showAdminError } from '../shell/admin-toast';
import { useAdminAction } from '../shell/use-admin-data';
import { type ContentType, type Locale, saveContent } from './content-save';

const CONTENT_TYPES: readonly ContentType[] = ['plain', 'html', 'markdown'];

/** Create Content: a new key only (a key that exists is refused, not saved over). */
export function CreateContentForm({ locale, onChanged }: { locale: Locale; onChanged(): Promise<void> }) {
  const [key, setKey] = useState('');
  const [type, setType] = useState<ContentType>('plain');
  const [value, setValue] = useState('');
  const create = useAdminAction(async () => {
    try {
      await saveContent(key.trim(), { value, type, locale }, true);
    } catch (error) {
      showAdminError(error);
      return;
    }
    toast({ title: 'Content created successfully' });
    setKey('');
    setValue('');
    setType('plain');
    await onChanged();
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = !key.trim() ? 'Key is required' : !value.trim() ? 'Value is required' : null;
    if (problem) showAdminError(problem);
    else void create.run();
  };

  return (
    <form
      onSubmit={submit}
      aria-labelledby="create-content-title"
      className="space-y-3 rounded-lg border border-stone-200 p-4"
    >
      <h4 id="create-content-title" className="font-semibold">
        Create Content
      </h4>
      <div className="grid gap-3 sm:grid-cols-[2fr_1fr]">
        <Field
          label="Key"
          name="contentKey"
          value={key}
          onChange={(event) => setKey(event.target.value)}
          placeholder="e.g. page.about.title"
          inputClassName="mt-1 h-10 w-full rounded-md border px-3"
        />
        <Select<ContentType>
          label="Type"
          name="contentType"
          value={type}
          options={CONTENT_TYPES.map((t) => ({ value: t, label: t }))}
          onChange={setType}
          className="w-full"
        />
      </div>
      <label className="block text-sm font-medium">
        Value
        <textarea
          name="contentValue"
          value={value}
          onChange={(event) => setValue(event.target.value)}
          rows={3}
          className="mt-1 w-full rounded-md border border-stone-300 px-3 py-2"
        />
      </label>
      <Button type="submit" variant="admin" disabled={create.pending} className="px-4 py-2">
        Create Content
      </Button>
    </form>
  );
}
