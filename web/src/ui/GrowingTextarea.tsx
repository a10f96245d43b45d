import { forwardRef, type CSSProperties, type TextareaHTMLAttributes } from 'react';

const growsNatively = typeof CSS !== 'undefined' && typeof CSS.supports === 'function' && CSS.supports('field-sizing', 'content');

/**
 * A text area that grows with its text, for a multiline TextField:
 * `<TextField multiline rows={4} slotProps={{ input: { inputComponent: GrowingTextarea } }} />`.
 * MUI's own (TextareaAutosize) measures the page in a layout effect as it mounts, a forced layout of the whole
 * page inside the commit that takes a server-drawn form over; this one is drawn at `rows` lines and grows by CSS
 * (global.css `.bd-grow`, `field-sizing: content`), or where the browser lacks that, by measuring itself as the
 * listener types.
 */
export const GrowingTextarea = forwardRef<HTMLTextAreaElement, TextareaHTMLAttributes<HTMLTextAreaElement> & { type?: string }>(function GrowingTextarea(
  { type, rows = 1, className, style, onInput, ...props },
  ref,
) {
  void type; // an input's attribute, which InputBase passes to any input component
  return (
    <textarea
      ref={ref}
      rows={rows}
      className={className ? `${className} bd-grow` : 'bd-grow'}
      style={{ '--bd-rows': `${rows}lh`, ...style } as CSSProperties}
      onInput={(e) => {
        if (!growsNatively) {
          const el = e.currentTarget;
          el.style.height = 'auto';
          el.style.height = `${el.scrollHeight}px`;
        }
        onInput?.(e);
      }}
      {...props}
    />
  );
});
