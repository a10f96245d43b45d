/** The toast's types, apart from toast.tsx so its lazily loaded view (ToastView.tsx) can use them without an import circle. */

/** The spec's toast variants (000 §8). */
export type ToastVariant = 'default' | 'success' | 'error' | 'warning' | 'info';

/** One toast: a title, an optional line of detail and a variant. */
export interface ToastInput {
  title: string;
  description?: string;
  variant?: ToastVariant;
  /** How long it stays, in ms (errors stay longer by default). */
  duration?: number;
  /** One action offered in the toast (e.g. Undo after a cancel); the toast closes when it is used. */
  action?: { label: string; onClick: () => void };
}
