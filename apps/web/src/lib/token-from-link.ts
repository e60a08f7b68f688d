import { useEffect, useState } from 'react';
import { useNavigate } from '@/lib/router';

/**
 * Reads a link's `token` once, keeps it in memory only and takes it out of the address bar at once, so a
 * single-use link does not stay in the browser's history or on a shared screen (docs/product.md §7, §16).
 */
export function useTokenFromLink(path: string): string {
  const [token] = useState(() => new URLSearchParams(window.location.search).get('token')?.trim() ?? '');
  const navigate = useNavigate();
  useEffect(() => {
    // A replace (history.replaceState through the router, which stays in step with the address bar).
    if (new URLSearchParams(window.location.search).has('token')) navigate(path, { replace: true });
  }, [navigate, path]);
  return token;
}
