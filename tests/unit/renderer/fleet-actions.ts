/**
 * The fleet's Actions menu in jsdom (bulk-bar.tsx): opened as a keyboard user opens it (Radix opens a
 * menu on Enter), an entry chosen, and for a submenu ("Blink LED") one of its choices. The one place the
 * renderer tests know where the selection's actions live.
 */
import { fireEvent, screen } from '@testing-library/react';

export function chooseAction(label: string, choice?: string): void {
  fireEvent.keyDown(screen.getByRole('button', { name: 'Actions' }), { key: 'Enter' });
  fireEvent.click(screen.getByRole('menuitem', { name: label }));
  if (choice !== undefined) fireEvent.click(screen.getByRole('menuitem', { name: choice }));
}
