/**
 * A modal built on the native <dialog> element: the browser gives focus trapping, Escape to close, an
 * inert page behind and the top layer — accessible without a library, and without the inline <style>
 * tags some dialog libraries inject (the CSP forbids them). Opens when mounted; `onClose` runs however
 * it closes. Never taller than the window: the title stays on top, the body scrolls, and the body's
 * `.modal-actions` (every dialog's buttons) stay in view at its foot (shared.css).
 */
import { useEffect, useRef } from 'react';
import type { ReactNode } from 'react';

export interface ModalDialogProps {
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** The id of the element describing the dialog. */
  describedBy?: string;
  /** Extra class, e.g. `modal-wide` for a dialog with a table. */
  className?: string;
}

export function ModalDialog({
  title,
  onClose,
  children,
  describedBy,
  className,
}: ModalDialogProps): ReactNode {
  const ref = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const dialog = ref.current;
    if (dialog === null) return;
    if (!dialog.open) dialog.showModal();
    return () => {
      if (dialog.open) dialog.close();
    };
  }, []);

  useEffect(() => {
    const dialog = ref.current;
    if (dialog === null) return;
    const closed = (): void => onClose();
    dialog.addEventListener('close', closed);
    return () => dialog.removeEventListener('close', closed);
  }, [onClose]);

  return (
    <dialog
      ref={ref}
      className={className === undefined ? 'modal' : `modal ${className}`}
      aria-labelledby="modal-title"
      aria-describedby={describedBy}
    >
      <h2 id="modal-title" className="modal-title">
        {title}
      </h2>
      <div className="modal-body">{children}</div>
    </dialog>
  );
}
