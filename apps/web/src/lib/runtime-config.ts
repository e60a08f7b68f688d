import { queryOptions, useQuery } from '@tanstack/react-query';
import { PAGE_PLACEHOLDERS, PAGE_SETTINGS_ID, telHref } from '@rxbridge/contracts';
import { api } from './api-client';
import { ONE_RETRY } from './query-client';
import { useHydrated } from './prerendered';

/** Runtime settings from GET /config: one build serves every environment (docs/architecture.md). */
export interface RuntimeConfig {
  appName: string;
  supportEmail: string;
  supportPhone: string;
  maintenanceMode: boolean;
  chatWidgetSrc: string | null;
  /** Idle logoff limits per kind of user (docs/product.md §7.2); null: no idle watch. */
  sessionIdleSeconds: { staff: number; patient: number } | null;
}

/** Used only if the settings cannot be loaded, so the site still shows a way to reach support. */
export const FALLBACK_CONFIG: RuntimeConfig = {
  appName: 'RxBridge',
  supportEmail: 'support@rxbridge.com',
  supportPhone: '',
  maintenanceMode: false,
  chatWidgetSrc: null,
  sessionIdleSeconds: null,
};

/**
 * The settings the API wrote into the page it served (docs/architecture.md §1, Settings in the page),
 * read before the first render; null under Vite's dev server, which serves the page as built. While
 * pre-rendering, the placeholders the API replaces with the settings' contacts (left out of the bundle).
 */
export const PAGE_CONFIG: RuntimeConfig | null = import.meta.env.SSR
  ? { ...FALLBACK_CONFIG, ...PAGE_PLACEHOLDERS }
  : (() => {
      try {
        // The API's own JSON, taken as it is: zod stays off the first load. No block (dev server): null.
        const text = document.getElementById(PAGE_SETTINGS_ID)!.textContent!;
        return { ...FALLBACK_CONFIG, ...(JSON.parse(text) as Partial<RuntimeConfig>) };
      } catch {
        return null;
      }
    })();

export const getConfig = async (): Promise<RuntimeConfig> => {
  const { data } = await api.get<Partial<RuntimeConfig>>('/config');
  return { ...FALLBACK_CONFIG, ...data };
};

/** The runtime settings' key: they outlive a session, so logging out keeps them. */
export const configKey = ['config'] as const;

export const configQueryOptions = () =>
  queryOptions({
    queryKey: configKey,
    queryFn: getConfig,
    staleTime: Infinity,
    retry: ONE_RETRY,
    initialData: () => PAGE_CONFIG ?? undefined,
  });

export function useRuntimeConfig(): RuntimeConfig {
  const { data } = useQuery(configQueryOptions());
  const hydrated = useHydrated();
  // The page's own settings match its HTML from the first render. Without them (Vite's dev server,
  // which pre-renders nothing): the fallback, then the fetched settings.
  return PAGE_CONFIG ?? ((hydrated && data) || FALLBACK_CONFIG);
}

export { telHref };
