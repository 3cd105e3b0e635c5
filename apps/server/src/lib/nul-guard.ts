/**
 * Where a value holds a NUL character (in a string or an object key), as a dotted path, or
 * null. No text field of Confab means to carry one, and PostgreSQL cannot store it in text: it
 * fails the whole statement. Refusing it at the door keeps that a 400 for every route and event.
 */
export function nulCharacterPath(value: unknown): string | null {
  // Iterative: a request may nest thousands of levels deep.
  const stack: { value: unknown; path: string }[] = [{ value, path: '' }];
  while (stack.length > 0) {
    const { value: current, path } = stack.pop()!;
    if (typeof current === 'string') {
      if (current.includes('\u0000')) return path || '_';
    } else if (current && typeof current === 'object') {
      for (const [key, child] of Object.entries(current)) {
        const childPath = path ? `${path}.${key}` : key;
        if (key.includes('\u0000')) return childPath;
        stack.push({ value: child, path: childPath });
      }
    }
  }
  return null;
}

export const nulCharacterMessage = 'Text may not contain the NUL character (\\u0000)';
