import { clsx, type ClassValue } from 'clsx';
import { twMerge } from 'tailwind-merge';

/**
 * Joins class names and lets a later Tailwind class override an earlier one of the same kind. Its
 * merger weighs about 7 KB, so the first load's components (Button, Spinner, the page layout, and the
 * dashboard's first screen: Card, Badge, the applications' badges and dates) join classes with clsx
 * alone and never pass contradicting ones (docs/architecture.md §1, What loads first).
 */
export function cn(...inputs: ClassValue[]) {
  return twMerge(clsx(inputs));
}
