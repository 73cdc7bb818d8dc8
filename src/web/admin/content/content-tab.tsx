import { useState } from 'react';
import * as admin from '../../../shared/contracts/endpoints/admin';
import { AsyncState } from '../../components/ui/async-state';
import { LanguageSelect } from '../shell/language-select';
import { useAdminData } from '../shell/use-admin-data';
import { ContentBlockRow } from './content-block-row';
import type { Locale } from './content-save';
import { CreateContentForm } from './create-content-form';

/** The admin Content tab (spec: admin §2 Content tab, §5, §8). */
export function ContentTab() {
  const [locale, setLocale] = useState<Locale>('fr');
  const blocks = useAdminData(admin.listContent, { query: { locale } });

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h3 className="text-lg font-semibold">Bilingual Content Management</h3>
        <LanguageSelect<Locale>
          label="Locale"
          name="contentLocale"
          value={locale}
          onChange={setLocale}
          inline
        />
      </div>
      <CreateContentForm locale={locale} onChanged={blocks.reload} />
      <AsyncState
        state={blocks}
        isEmpty={(list) => list.length === 0}
        empty={<p className="text-sm text-stone-600">No content blocks for this locale.</p>}
      >
        {(list) => (
          <ul className="space-y-3" aria-label="Content blocks">
            {list.map((block) => (
              <ContentBlockRow key={`${block.locale}:${block.key}`} block={block} onChanged={blocks.reload} />
            ))}
          </ul>
        )}
      </AsyncState>
    </div>
  );
}
