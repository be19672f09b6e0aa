import type { Alerts } from '../../alerts/alerts.port.js';

export type RecordedAlert =
  | { call: 'notify'; type: string; facts: Record<string, string | number> }
  | { call: 'open'; key: string; type: string; facts: Record<string, string | number> }
  | { call: 'resolve'; key: string; facts: Record<string, string | number> };

/**
 * The alerts port as tests see it: every call recorded, and `open`/`resolve` kept to the port's
 * rule (an incident already open sends nothing; resolving one not open sends nothing), so a test
 * counts what users would receive.
 */
export function createRecordingAlerts() {
  const calls: RecordedAlert[] = [];
  const sent: RecordedAlert[] = [];
  const open = new Set<string>();
  const alerts: Alerts = {
    async notify({ type, facts }) {
      calls.push({ call: 'notify', type, facts });
      sent.push({ call: 'notify', type, facts });
    },
    async open({ key, type, facts }) {
      calls.push({ call: 'open', key, type, facts });
      if (open.has(key)) return;
      open.add(key);
      sent.push({ call: 'open', key, type, facts });
    },
    async resolve({ key, facts }) {
      calls.push({ call: 'resolve', key, facts });
      if (!open.delete(key)) return;
      sent.push({ call: 'resolve', key, facts });
    },
  };
  return { alerts, calls, sent, isOpen: (key: string) => open.has(key) };
}
