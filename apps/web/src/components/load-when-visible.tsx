import { useEffect, useRef, useState, type ReactNode } from 'react';

/**
 * Shows the placeholder until it comes within a screen of the viewport, then the children: a lazy
 * part below the fold (a form and its schema) loads only if the visitor heads towards it, keeping
 * it off the first load (docs/architecture.md, web app).
 */
export function LoadWhenVisible({
  placeholder,
  margin = '100% 0px',
  reserve,
  children,
}: {
  placeholder: ReactNode;
  /** How far from the viewport loading starts (IntersectionObserver's rootMargin). */
  margin?: string;
  /**
   * Classes holding the part's own height (a min-height per breakpoint) before and after it loads,
   * so nothing below it moves when it arrives: a tap aimed lower down would land elsewhere.
   */
  reserve?: string;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDivElement>(null);
  // Hidden on the first render everywhere, so a page pre-rendered at build time hydrates as it was rendered.
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (visible || !el) return;
    if (typeof IntersectionObserver === 'undefined') return setVisible(true);
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && setVisible(true), {
      rootMargin: margin,
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, [visible, margin]);
  if (visible) return reserve ? <div className={reserve}>{children}</div> : <>{children}</>;
  return (
    <div ref={ref} className={reserve}>
      {placeholder}
    </div>
  );
}
