import { useState } from 'react';
import * as admin from '../../../shared/contracts/endpoints/admin';
import type { AdminGuide } from '../../../shared/contracts/endpoints/guides.schemas';
import { AdminTable } from '../shell/admin-table';
import { LanguageSelect } from '../shell/language-select';
import { useAdminData } from '../shell/use-admin-data';
import { guideColumns } from './guide-columns';
import { GuideDialog } from './guide-dialog';

type LanguageFilter = 'all' | 'en' | 'fr';
/** The admin Guides tab (spec: admin §2 Guides tab, §4 Guide states, §5, §8). */
export function GuidesTab() {
  const [filter, setFilter] = useState<LanguageFilter>('all');
  const guides = useAdminData(admin.listGuides, { query: { locale: filter } });
  // undefined: closed; null: a new guide; else the guide being edited.
  const [editing, setEditing] = useState<AdminGuide | null | undefined>(undefined);

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="flex flex-wrap items-end gap-2">
          <LanguageSelect<LanguageFilter>
            label="Language"
            name="languageFilter"
            value={filter}
            onChange={setFilter}
            withAll
          />
          {filter !== 'all' && (
            <button
              type="button"
              onClick={() => setFilter('all')}
              className="h-10 rounded-md border border-stone-300 px-3 text-sm font-medium hover:bg-stone-50"
            >
              Clear Filter
            </button>
          )}
        </div>
        <button
          type="button"
          onClick={() => setEditing(null)}
          className="h-10 rounded-md bg-teal-800 px-4 text-sm font-semibold text-white hover:bg-teal-700"
        >
          Add New Guide
        </button>
      </div>
      <AdminTable
        state={guides}
        columns={guideColumns({ onEdit: setEditing, onChanged: guides.reload })}
        rowKey={(guide) => guide.id}
        rowProps={(guide) => ({
          'data-testid': 'guide-row',
          'data-guide-id': guide.id,
          className: 'align-top',
        })}
        empty={
          <p className="text-sm text-stone-600">
            No travel guides{filter === 'all' ? '' : ' in this language'}.
          </p>
        }
        minWidth="sm:min-w-[56rem]"
        headerCellClassName="px-4 py-3 font-semibold"
      />
      {editing !== undefined && (
        <GuideDialog
          guide={editing}
          defaultLocale={filter === 'all' ? 'fr' : filter}
          onClose={() => setEditing(undefined)}
          onSaved={guides.reload}
        />
      )}
    </div>
  );
}
