import { FloatingWindow } from './FloatingWindow';
import { useFloatingWindows } from './floating-window-store';

/**
 * Every open floating window. The DOM order stays by id and only the z-index follows the focus
 * order: moving a node while it is being clicked or dragged would cancel the click or the drag.
 */
export function FloatingWindows() {
  const stack = useFloatingWindows();
  const byId = [...stack].sort((a, b) => a.id - b.id);
  return byId.map((entry) => <FloatingWindow key={entry.id} entry={entry} layer={stack.indexOf(entry)} />);
}
