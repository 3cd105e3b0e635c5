/**
 * A Content-Disposition header that any file name is safe in: an ASCII fallback in quotes (no
 * quote, backslash or control character can break out of it) and the exact name in RFC 5987's
 * `filename*` form, which browsers prefer.
 */
export function contentDisposition(kind: 'inline' | 'attachment', name: string): string {
  const fallback = name.replace(/[^\x20-\x7e]|["\\]/g, '_') || 'file';
  const encoded = encodeURIComponent(name).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${kind}; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}
