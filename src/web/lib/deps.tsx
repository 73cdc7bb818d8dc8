import { createContext, useContext } from 'react';
import type { Locale } from '../../shared/locale';
import type { ApiClient } from './api';
import type { QueryClient } from './query-client';

/** What routes and components need from the outside world; built per request on the server. */
export interface AppDeps {
  api: ApiClient;
  queryClient: QueryClient;
  getLocale(): Locale;
  origin: string;
}

export const AppDepsContext = createContext<AppDeps | null>(null);

export function useAppDeps(): AppDeps {
  const deps = useContext(AppDepsContext);
  if (!deps) throw new Error('useAppDeps must be used inside <AppDepsContext.Provider>');
  return deps;
}

export const useApi = () => useAppDeps().api;
