// Paths as logs may keep them: a hosted-page token is the payer's access to the page, so it is
// replaced by its parameter name wherever a path is logged.

const secretParameters = ['token'] as const;

/** The path with every secret path parameter's value replaced by `{name}`. */
export function maskedPath(
  path: string,
  pathParameters: Record<string, string | undefined> | undefined,
): string {
  let masked = path;
  for (const name of secretParameters) {
    const value = pathParameters?.[name];
    if (value) masked = masked.split(value).join(`{${name}}`);
  }
  return masked;
}

/**
 * For a path no route matched (so its parameters are unknown): under /pay/ every segment that
 * could be a token (16 characters or more) is masked.
 */
export function maskedUnmatchedPath(path: string): string {
  if (!path.startsWith('/pay/')) return path;
  return path
    .split('/')
    .map((segment) => (segment.length >= 16 ? '{token}' : segment))
    .join('/');
}
