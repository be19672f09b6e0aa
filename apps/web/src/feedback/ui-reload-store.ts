import { createExternalStore, useExternalStore } from '../components/external-store';

/** Whether the UI-reload prompt of spec/000 §2/§4 is open (realtime Update-data key `uireload`). */
const open = createExternalStore(false);

export function openUiReloadDialog(): void {
  open.set(true);
}

export function closeUiReloadDialog(): void {
  open.set(false);
}

export function useUiReloadDialogOpen(): boolean {
  return useExternalStore(open);
}
