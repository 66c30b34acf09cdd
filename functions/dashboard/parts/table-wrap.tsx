// A table in the box that scrolls it sideways on a narrow screen. A keyboard has to scroll it
// too, so the box is a tab stop, a region named after the table's caption (WCAG 2.1.1; axe's
// scrollable-region-focusable); the caption itself is for screen readers only.
import type { ComponentChildren } from 'preact';

export function TableWrap(props: {
  caption: string;
  testId?: string;
  class?: string;
  /** The table's head and body. */
  children: ComponentChildren;
}) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a region that scrolls must take focus for the arrow keys to scroll it
    <section class="table-wrap" aria-label={props.caption} tabIndex={0}>
      <table data-testid={props.testId} class={props.class}>
        <caption class="sr-only">{props.caption}</caption>
        {props.children}
      </table>
    </section>
  );
}
