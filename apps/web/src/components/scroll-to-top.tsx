import { useEffect, useState } from 'react';
import { useLingui } from '@lingui/react';
import { ArrowUp } from 'lucide-react';

/** docs/product.md: the button appears once the page is scrolled beyond 300 px. */
const THRESHOLD_PX = 300;

export function ScrollToTop() {
  const { _ } = useLingui();
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const onScroll = () => setVisible(window.scrollY > THRESHOLD_PX);
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);
  if (!visible) return null;
  return (
    <button
      type="button"
      aria-label={_('common.scrollTop')}
      onClick={() => window.scrollTo({ top: 0, behavior: 'smooth' })}
      className="fixed bottom-6 left-6 z-40 flex size-11 items-center justify-center rounded-full bg-teal-600 text-white shadow-lg hover:bg-teal-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-500"
    >
      <ArrowUp className="size-5" aria-hidden />
    </button>
  );
}
