/**
 * The account screen's dialogs, in a chunk of their own that loads once editing starts (see lazy-dialogs.tsx):
 * the dialog primitive (Radix) is not needed to show the page.
 */
export { UnsavedChangesDialog } from './unsaved-changes-dialog';
