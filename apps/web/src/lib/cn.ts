import { clsx, type ClassValue } from 'clsx';

/**
 * Joins class names. It does not resolve conflicting Tailwind classes (tailwind-merge would add
 * 8.6 KB gzip to the first page), so components offer variants, and a `className` passed in
 * adds classes rather than replacing the component's own.
 */
export function cn(...inputs: ClassValue[]): string {
  return clsx(inputs);
}
