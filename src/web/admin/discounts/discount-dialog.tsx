import { useId } from 'react';
import type { AdminGuide } from '../../../shared/contracts/endpoints/guides.schemas';
import { COUNTRY_SLUGS } from '../../../shared/countries';
import { Field } from '../../components/ui/field';
import { Modal } from '../../components/ui/modal';
import { Select } from '../../components/ui/select';
import { DialogButtons } from '../shell/dialog-buttons';
import type { DiscountFormValues } from './discount-form';
import { countryName } from './discount-words';
import { type DiscountDialogProps, useDiscountForm } from './use-discount-form';

type Form = ReturnType<typeof useDiscountForm>;
const inputClass = 'mt-1 h-10 w-full rounded-md border px-3 text-sm';

/** A text, number or date field of the code, with the server's refusal under it. */
function CodeField(props: {
  form: Form;
  name: keyof DiscountFormValues & string;
  label: string;
  type?: string;
  inputMode?: 'decimal' | 'numeric';
  placeholder?: string;
}) {
  const { form, name } = props;
  return (
    <Field
      name={name}
      label={props.label}
      type={props.type ?? 'text'}
      inputMode={props.inputMode}
      placeholder={props.placeholder}
      value={form.values[name] as string}
      onChange={(event) => form.set(name, event.target.value)}
      error={form.problemOf(name)}
      inputClassName={inputClass}
    />
  );
}

/** Checkboxes for a list (guides, countries). */
function Checklist(props: {
  form: Form;
  name: 'guideIds' | 'countries';
  legend: string;
  options: { value: string; label: string }[];
}) {
  const { form, name } = props;
  const chosen = form.values[name];
  const toggle = (value: string) =>
    form.set(name, chosen.includes(value) ? chosen.filter((v) => v !== value) : [...chosen, value]);
  return (
    <fieldset className="text-sm">
      <legend className="font-medium">{props.legend}</legend>
      <div className="mt-1 max-h-40 space-y-1 overflow-y-auto rounded-md border border-stone-200 p-2">
        {props.options.map((option) => (
          <label key={option.value} className="flex items-center gap-2">
            <input
              type="checkbox"
              checked={chosen.includes(option.value)}
              onChange={() => toggle(option.value)}
            />
            {option.label}
          </label>
        ))}
      </div>
      {form.problemOf(name) ? (
        <p role="alert" className="mt-1 text-red-700">
          {form.problemOf(name)}
        </p>
      ) : null}
    </fieldset>
  );
}

/** 'New discount code' / 'Edit discount code': every rule of a code, checked by the server. */
export function DiscountDialog(props: DiscountDialogProps & { guides: AdminGuide[] }) {
  const form = useDiscountForm(props);
  const titleId = useId();
  const { values } = form;
  return (
    <Modal open onClose={props.onClose} labelledBy={titleId} wide>
      <form onSubmit={form.submit} noValidate className="space-y-4">
        <h3 id={titleId} className="text-lg font-semibold">
          {form.creating ? 'New discount code' : `Edit ${props.code?.code}`}
        </h3>
        <div className="grid gap-3 sm:grid-cols-3">
          <CodeField
            form={form}
            name="code"
            label="Code (3–32 letters, digits, - or _)"
            placeholder="BIENVENUE10"
          />
          <Select
            label="Type"
            name="kind"
            value={values.kind}
            options={[
              { value: 'percent', label: 'Percentage' },
              { value: 'fixed', label: 'Fixed amount (€)' },
            ]}
            onChange={(kind) => form.set('kind', kind)}
            className="w-full"
          />
          <CodeField
            form={form}
            name="value"
            label={values.kind === 'percent' ? 'Percentage (1–100)' : 'Amount off (€)'}
            inputMode="decimal"
          />
        </div>
        <div className="grid gap-3 sm:grid-cols-3">
          <CodeField form={form} name="minimumCart" label="Minimum cart (€, optional)" inputMode="decimal" />
          <CodeField form={form} name="maxUses" label="Maximum uses in all" inputMode="numeric" />
          <CodeField form={form} name="maxUsesPerEmail" label="Maximum uses per email" inputMode="numeric" />
        </div>
        <div className="grid gap-3 sm:grid-cols-2">
          <CodeField form={form} name="validFrom" label="Valid from (optional)" type="datetime-local" />
          <CodeField form={form} name="validUntil" label="Valid until (optional)" type="datetime-local" />
        </div>
        <DiscountScope form={form} guides={props.guides} />
        <DialogButtons onCancel={props.onClose} saving={form.saving} creating={form.creating} />
      </form>
    </Modal>
  );
}

/** What the code applies to: some guides, the guides of some countries, the guides in one language. */
function DiscountScope({ form, guides }: { form: Form; guides: AdminGuide[] }) {
  return (
    <div className="grid gap-3 sm:grid-cols-3">
      <Checklist
        form={form}
        name="guideIds"
        legend="Only these guides"
        options={guides.map((g) => ({ value: g.id, label: `${g.title} (${g.locale.toUpperCase()})` }))}
      />
      <Checklist
        form={form}
        name="countries"
        legend="Only guides of these countries"
        options={COUNTRY_SLUGS.map((slug) => ({ value: slug, label: countryName(slug) }))}
      />
      <Select
        label="Only guides in"
        name="locale"
        value={form.values.locale}
        options={[
          { value: '', label: 'Any language' },
          { value: 'en', label: 'English' },
          { value: 'fr', label: 'Français' },
        ]}
        onChange={(locale) => form.set('locale', locale)}
        className="w-full"
      />
    </div>
  );
}
