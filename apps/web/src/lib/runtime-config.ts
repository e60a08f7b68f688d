import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api-client';
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

export const getConfig = async (): Promise<RuntimeConfig> => {
  const { data } = await api.get<Partial<RuntimeConfig>>('/config');
  return { ...FALLBACK_CONFIG, ...data };
};

/** The runtime settings' key: they outlive a session, so logging out keeps them. */
export const configKey = ['config'] as const;

export const configQueryOptions = () =>
  queryOptions({ queryKey: configKey, queryFn: getConfig, staleTime: Infinity, retry: 1 });

export function useRuntimeConfig(): RuntimeConfig {
  const { data } = useQuery(configQueryOptions());
  // A pre-rendered page was rendered with the fallback: hydration renders it too, then the settings.
  const hydrated = useHydrated();
  return (hydrated && data) || FALLBACK_CONFIG;
}

/** "+1 (800) 555-0100" -> "tel:+18005550100". */
export const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;
