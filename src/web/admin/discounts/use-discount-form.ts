import { type FormEvent, useState } from 'react';
import * as discounts from '../../../shared/contracts/endpoints/admin-discounts';
import type { AdminDiscount } from '../../../shared/contracts/endpoints/admin-discounts.schemas';
import { toast } from '../../components/ui/toast';
import { AdminApiError, adminCall } from '../auth/admin-session';
import { showAdminError } from '../shell/admin-toast';
import { type DiscountFormValues, EMPTY_DISCOUNT, inputOf, valuesOf } from './discount-form';
import { endsInThePast } from './discount-words';

export interface DiscountDialogProps {
  /** null: a new code. */
  code: AdminDiscount | null;
  onClose(): void;
  onSaved(): Promise<void>;
}

/** The form field a refusal names (`countries.0` → countries) and its message without the field's name. */
function refusalOf(error: unknown): { field: string; message: string } | null {
  if (!(error instanceof AdminApiError) || !error.field) return null;
  const message = error.message.startsWith(`${error.field}: `)
    ? error.message.slice(error.field.length + 2)
    : error.message;
  return { field: error.field.split('.')[0]!, message };
}

/** The code dialog's state: values, the server's refusal under its field, and saving. */
export function useDiscountForm(props: DiscountDialogProps) {
  const [values, setValues] = useState<DiscountFormValues>(
    props.code ? valuesOf(props.code) : EMPTY_DISCOUNT,
  );
  const [problem, setProblem] = useState<{ field: string; message: string } | null>(null);
  const [saving, setSaving] = useState(false);

  const set = <K extends keyof DiscountFormValues>(field: K, value: DiscountFormValues[K]) => {
    setValues((v) => ({ ...v, [field]: value }));
    if (problem?.field === field) setProblem(null);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    // A code whose end is past could never be used: said before it is saved, not found out later.
    if (
      endsInThePast(values.validUntil) &&
      !window.confirm(
        `${values.code || 'This code'} ends on a date already past: no order can use it. Save it anyway?`,
      )
    )
      return;
    setSaving(true);
    try {
      const body = inputOf(values);
      await (props.code
        ? adminCall(discounts.updateDiscount, { params: { id: props.code.id }, body })
        : adminCall(discounts.createDiscount, { body }));
      toast({ title: props.code ? `${body.code} updated` : `${body.code} created` });
      await props.onSaved();
      props.onClose();
    } catch (error) {
      const refusal = refusalOf(error);
      if (refusal && refusal.field in EMPTY_DISCOUNT) setProblem(refusal);
      else showAdminError(error);
    } finally {
      setSaving(false);
    }
  };

  const problemOf = (field: keyof DiscountFormValues) =>
    problem?.field === field ? problem.message : undefined;
  return { values, set, submit, saving, problemOf, creating: props.code === null };
}
