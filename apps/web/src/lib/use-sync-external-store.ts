// What the router (wouter) imports from use-sync-external-store's shim, served by React itself
// (vite.config.ts aliases the shim here).
export { useSyncExternalStore } from 'react';
