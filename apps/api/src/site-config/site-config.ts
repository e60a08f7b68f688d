import type { SiteConfigAnswer } from '@rxbridge/contracts';
import type { Settings } from '@rxbridge/platform';

/** The web app's runtime settings: GET /config's answer, also written into the pages the API serves. */
export function siteConfig(s: Settings): SiteConfigAnswer {
  return {
    appName: 'RxBridge',
    supportEmail: s.SUPPORT_EMAIL,
    supportPhone: s.SUPPORT_PHONE,
    maintenanceMode: s.MAINTENANCE_MODE,
    chatWidgetSrc: s.CHAT_WIDGET_SRC ?? null,
    // The web app's "Still there?" dialog and local sign-out follow the server's idle limits (product.md §7).
    sessionIdleSeconds: {
      staff: Math.round(s.SESSION_IDLE_MINUTES_STAFF * 60),
      patient: Math.round(s.SESSION_IDLE_MINUTES_PATIENT * 60),
    },
  };
}
