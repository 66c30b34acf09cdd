// The box around a table that scrolls sideways on a narrow screen. A keyboard has to scroll it
// too, so it is a tab stop, a region named after its table (WCAG 2.1.1; axe's
// scrollable-region-focusable).
import type { ComponentChildren } from 'preact';

export function TableWrap(props: { label: string; children: ComponentChildren }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a region that scrolls must take focus for the arrow keys to scroll it
    <section class="table-wrap" aria-label={props.label} tabIndex={0}>
      {props.children}
    </section>
  );
}
