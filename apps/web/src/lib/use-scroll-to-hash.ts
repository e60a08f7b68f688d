import { useEffect } from 'react';
import { useLocation } from '@/lib/router';

/** A client-side navigation to /page#anchor renders after the browser's own jump, so jump again. */
export function useScrollToHash() {
  const { hash } = useLocation();
  useEffect(() => {
    if (!hash) return;
    document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView();
  }, [hash]);
}
