import { useEffect, useRef } from 'react';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useLingui } from '@lingui/react';
import { cn } from '@/lib/utils';
import { Button } from './button';

/** The page numbers to show: at most `max`, a window that keeps the current page near the middle. */
export function pageWindow(current: number, total: number, max = 5): number[] {
  const count = Math.min(max, total);
  let start = Math.max(1, current - Math.floor(count / 2));
  start = Math.min(start, total - count + 1);
  return Array.from({ length: Math.max(count, 0) }, (_, i) => start + i);
}

export function Pagination({
  page,
  totalPages,
  onPageChange,
  label,
  className,
}: {
  page: number;
  totalPages: number;
  onPageChange(page: number): void;
  label?: string;
  className?: string;
}) {
  const { _ } = useLingui();
  const nav = useRef<HTMLElement>(null);
  // Previous onto the first page or Next onto the last disables the button pressed, which would drop the keyboard's
  // focus to the page's start (WCAG 2.4.3): it moves to the current page's number instead.
  const focusCurrent = useRef(false);
  useEffect(() => {
    if (!focusCurrent.current) return;
    focusCurrent.current = false;
    nav.current?.querySelector<HTMLButtonElement>('[aria-current="page"]')?.focus();
  }, [page]);
  const step = (to: number) => {
    focusCurrent.current = to <= 1 || to >= totalPages;
    onPageChange(to);
  };
  if (totalPages <= 1) return null;
  return (
    <nav
      ref={nav}
      aria-label={label ?? _('common.pagination')}
      className={cn('flex items-center justify-center gap-1', className)}
    >
      <Button
        variant="ghost"
        size="icon"
        aria-label={_('common.pagination.previous')}
        disabled={page <= 1}
        onClick={() => step(page - 1)}
      >
        <ChevronLeft aria-hidden />
      </Button>
      {pageWindow(page, totalPages).map((n) => (
        <Button
          key={n}
          variant={n === page ? 'primary' : 'ghost'}
          size="icon-sm"
          aria-label={_('common.pagination.page', { page: n })}
          aria-current={n === page ? 'page' : undefined}
          onClick={() => onPageChange(n)}
        >
          {n}
        </Button>
      ))}
      <Button
        variant="ghost"
        size="icon"
        aria-label={_('common.pagination.next')}
        disabled={page >= totalPages}
        onClick={() => step(page + 1)}
      >
        <ChevronRight aria-hidden />
      </Button>
    </nav>
  );
}
