/**
 * What every dialog for the selected devices is given (the fleet's Actions menu and Commission… open them):
 * its own module so a dialog can name it without importing the menu that lists the dialogs.
 */
export interface SelectionDialogProps {
  /** How many devices are selected. */
  count: number;
  onClose: () => void;
}
