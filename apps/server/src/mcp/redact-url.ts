/**
 * URLs as the MCP host may show or log them: user name, password, query and fragment replaced,
 * as credentials hide there (`user:pass@`, `?api_key=`). Rows saved before such URLs were
 * refused still carry them, and errors of fetch and the SDK quote the URL they were given.
 */
export function redactUrl(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return '[URL]';
  }
  const userinfo = parsed.username || parsed.password ? '[redacted]@' : '';
  const query = parsed.search ? '?[redacted]' : '';
  const fragment = parsed.hash ? '#[redacted]' : '';
  return `${parsed.protocol}//${userinfo}${parsed.host}${parsed.pathname}${query}${fragment}`;
}

const urlInText = /\b[a-z][a-z0-9+.-]*:\/\/[^\s"'<>]+/gi;

/** Every URL in a message, redacted (punctuation after it is kept). */
export function redactUrlsIn(text: string): string {
  return text.replace(urlInText, (match) => {
    const url = match.replace(/[.,;:)\]]+$/, '');
    return redactUrl(url) + match.slice(url.length);
  });
}
