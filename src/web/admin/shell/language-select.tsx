import { Select } from '../../components/ui/select';

export type AdminLanguage = 'en' | 'fr';

const LANGUAGES: { value: AdminLanguage; label: string }[] = [
  { value: 'en', label: 'English' },
  { value: 'fr', label: 'Français' },
];
const ALL = { value: 'all', label: 'All Languages' } as const;

/** The admin's choice of a language (guides, content), with "All Languages" first when `withAll`. */
export function LanguageSelect<V extends AdminLanguage | 'all'>(props: {
  label: string;
  name: string;
  value: V;
  onChange(language: V): void;
  withAll?: boolean;
  inline?: boolean;
}) {
  const options = (props.withAll ? [ALL, ...LANGUAGES] : LANGUAGES) as { value: V; label: string }[];
  return <Select {...props} options={options} />;
}
