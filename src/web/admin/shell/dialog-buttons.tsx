/** A create / edit dialog's Cancel and submit buttons: 'Create' or 'Update', 'Saving...' meanwhile. */
export function DialogButtons(props: { onCancel(): void; saving: boolean; creating: boolean }) {
  return (
    <div className="flex justify-end gap-2">
      <button
        type="button"
        onClick={props.onCancel}
        className="rounded-md border border-stone-300 px-4 py-2 text-sm font-semibold hover:bg-stone-50"
      >
        Cancel
      </button>
      <button
        type="submit"
        disabled={props.saving}
        className="rounded-md bg-teal-800 px-4 py-2 text-sm font-semibold text-white hover:bg-teal-700 disabled:opacity-60"
      >
        {props.saving ? 'Saving...' : props.creating ? 'Create' : 'Update'}
      </button>
    </div>
  );
}
