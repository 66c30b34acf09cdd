import { escapeHtml } from '../../http/html.ts';

/** Serialises attributes for a root <svg> tag; names are checked, values escaped. */
export function svgAttributes(attributes: Record<string, string>): string {
  return Object.entries(attributes)
    .map(([name, value]) => {
      if (!/^[a-zA-Z][a-zA-Z0-9:-]*$/.test(name))
        throw new RangeError(`svg attribute: invalid name ${JSON.stringify(name)}`);
      return ` ${name}="${escapeHtml(value)}"`;
    })
    .join('');
}
