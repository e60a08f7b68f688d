import { forwardRef, useId, useMemo, useState, type InputHTMLAttributes, type KeyboardEvent } from 'react';
import { useLingui } from '@lingui/react';
import { Check } from 'lucide-react';
import { cn } from '@/lib/utils';
import { Input } from './input';

export interface ComboboxOption {
  value: string;
  label: string;
  /** A second line (e.g. the generic name and the maker); also searched. */
  description?: string;
}

/** Options whose label or description contains every word typed, labels that start with the text first. */
export function filterOptions(options: readonly ComboboxOption[], text: string, limit = 8): ComboboxOption[] {
  const words = text.trim().toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return options.slice(0, limit);
  const hits = options.filter((o) => {
    const haystack = `${o.label} ${o.description ?? ''}`.toLowerCase();
    return words.every((w) => haystack.includes(w));
  });
  const first = words.join(' ');
  hits.sort(
    (a, b) => Number(!a.label.toLowerCase().startsWith(first)) - Number(!b.label.toLowerCase().startsWith(first)),
  );
  return hits.slice(0, limit);
}

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'role'>;

/**
 * A text input with a list of suggestions (WAI-ARIA combobox with list autocomplete): typing filters
 * the list, Arrow keys move through it, Enter picks, Escape closes it (or clears the text when closed).
 * Free text stays allowed; picking an option sets the text to its value.
 */
export const Combobox = forwardRef<
  HTMLInputElement,
  InputProps & {
    value: string;
    onChange(value: string): void;
    options: readonly ComboboxOption[];
    /** Shown in the list when nothing matches the text. */
    emptyText?: string;
  }
>(({ value, onChange, options, emptyText, className, onBlur, onKeyDown, ...input }, ref) => {
  const { _ } = useLingui();
  const listId = useId();
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const shown = useMemo(() => filterOptions(options, value), [options, value]);
  const optionId = (i: number) => `${listId}-option-${i}`;

  const pick = (option: ComboboxOption) => {
    onChange(option.value);
    setOpen(false);
    setActive(-1);
  };

  const keyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    onKeyDown?.(e);
    if (e.defaultPrevented) return;
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      if (!open) {
        setOpen(true);
        setActive(e.key === 'ArrowDown' ? 0 : shown.length - 1);
        return;
      }
      if (shown.length === 0) return;
      const step = e.key === 'ArrowDown' ? 1 : -1;
      setActive((i) => (i + step + shown.length) % shown.length);
    } else if (e.key === 'Enter') {
      if (open && active >= 0 && shown[active]) {
        e.preventDefault();
        pick(shown[active]);
      }
    } else if (e.key === 'Escape') {
      if (open) {
        e.preventDefault();
        e.stopPropagation();
        setOpen(false);
        setActive(-1);
      } else if (value) {
        e.preventDefault();
        onChange('');
      }
    } else if (e.key === 'Home' || e.key === 'End') {
      setActive(-1);
    }
  };

  const expanded = open && (shown.length > 0 || value.trim() !== '');
  return (
    <div className="relative">
      <Input
        ref={ref}
        role="combobox"
        type="text"
        autoComplete="off"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
        value={value}
        onChange={(e) => {
          onChange(e.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onClick={() => setOpen(true)}
        onBlur={(e) => {
          setOpen(false);
          setActive(-1);
          onBlur?.(e);
        }}
        onKeyDown={keyDown}
        className={className}
        {...input}
      />
      <ul
        id={listId}
        role="listbox"
        aria-label={_('common.suggestions')}
        hidden={!expanded}
        className="absolute inset-x-0 top-full z-30 mt-1 max-h-72 overflow-y-auto rounded-lg border border-slate-200 bg-white py-1 shadow-lg"
      >
        {shown.map((o, i) => (
          <li
            key={o.value}
            id={optionId(i)}
            role="option"
            aria-selected={i === active}
            // mousedown, not click: the input keeps focus, so its blur does not close the list first.
            onMouseDown={(e) => {
              e.preventDefault();
              pick(o);
            }}
            onMouseMove={() => setActive(i)}
            className={cn(
              'flex cursor-pointer items-center gap-2 px-3 py-2 text-sm',
              i === active ? 'bg-teal-50 text-teal-900' : 'text-slate-800',
            )}
          >
            <span className="min-w-0 flex-1">
              <span className="block font-medium">{o.label}</span>
              {o.description && <span className="block truncate text-xs text-slate-600">{o.description}</span>}
            </span>
            {o.value.toLowerCase() === value.trim().toLowerCase() && (
              <Check className="size-4 shrink-0 text-teal-700" aria-hidden />
            )}
          </li>
        ))}
        {shown.length === 0 && (
          <li role="presentation" className="px-3 py-2 text-sm text-slate-600">
            {emptyText ?? _('common.noMatches')}
          </li>
        )}
      </ul>
    </div>
  );
});
Combobox.displayName = 'Combobox';
