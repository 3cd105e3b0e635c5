/**
 * Addresses written by someone else (a model, a tool), checked before the page uses them. They
 * are resolved against the page, so a relative or protocol-relative (`//host/x`) address is
 * judged by where it really points.
 */
function resolve(address: string | null | undefined): URL | null {
  if (!address) return null;
  try {
    return new URL(address, window.location.href);
  } catch {
    return null;
  }
}

/**
 * An image address the page may load without a click: the app's own, `data:` or `blob:`.
 * Anything else would tell another host that the page was shown, and the address itself can
 * carry what the user wrote. Null for every other address.
 */
export function imageSourceOfThisPage(address: string | null | undefined): string | null {
  const url = resolve(address);
  if (!url) return null;
  const own =
    url.protocol === 'data:' || url.protocol === 'blob:' || url.origin === window.location.origin;
  return own ? address! : null;
}

/** The full address when it is a web page (http or https), else null: never a script address. */
export function webAddress(address: string | null | undefined): string | null {
  const url = resolve(address);
  return url && (url.protocol === 'http:' || url.protocol === 'https:') ? url.href : null;
}

/** A link target that can only open a page or a mail program: http(s) or mailto. */
export function linkTarget(address: string | null | undefined): string | null {
  const url = resolve(address);
  const allowed =
    url?.protocol === 'mailto:' || url?.protocol === 'http:' || url?.protocol === 'https:';
  return allowed ? address! : null;
}
