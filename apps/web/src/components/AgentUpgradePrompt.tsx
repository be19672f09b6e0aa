import SystemUpdateAltIcon from '@mui/icons-material/SystemUpdateAlt';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { agentRoutes, type Event } from '@hostdeck/contracts';
import { apiSend } from '../api/client';
import { subscribeRealtime } from '../realtime/realtime-bus';

/** True when direct mode cannot work: no agent on the server, or one older than the panel's. */
export function agentTooOld(serverVersion: number | null, panelVersion: number): boolean {
  return serverVersion === null || serverVersion < panelVersion;
}

export interface AgentUpgradePromptProps {
  serverId: number;
  /** data-testid of the alert; the button's is `${testId}-button`. */
  testId: string;
  /** The warning, already translated by the page that needs the newer agent. */
  message: string;
  /** Shown instead of `message` while the install runs; without it the message stays. */
  installingMessage?: string;
  buttonLabel: string;
}

/**
 * 'Please upgrade {brand} Agent' of the file manager and 'Upgrade Now' of direct-mode terminal
 * (spec/001 §1, §2, §4 Agent upgrade): the button asks the panel to install the agent
 * (POST api/servers/agent/install?web=1 {server}); a 201 adds the install_agent event, and the
 * button stays loading while the request runs or the event is unfinished. When the event finishes
 * the server is loaded again, so its new agent_version lets the page open.
 */
export function AgentUpgradePrompt(props: AgentUpgradePromptProps) {
  const { serverId, testId, message, installingMessage, buttonLabel } = props;
  const queryClient = useQueryClient();
  const [event, setEvent] = useState<Event | null>(null);

  useEffect(() => {
    if (!event || event.is_finished) return;
    return subscribeRealtime((realtime) => {
      if (realtime.type !== 'Event-status' || realtime.event.id !== event.id) return;
      setEvent(realtime.event);
      if (realtime.event.is_finished) void queryClient.invalidateQueries({ queryKey: ['servers'] });
    });
  }, [event, queryClient]);

  // A failure is reported by the query client's mutation cache (handleApiError).
  const upgrade = useMutation({
    mutationFn: () =>
      apiSend(
        'POST',
        `${agentRoutes.install.path}?web=1`,
        { server: serverId },
        agentRoutes.install.response,
      ),
    onSuccess: (answer) => {
      setEvent(answer.data);
      void queryClient.invalidateQueries({ queryKey: ['events'] });
    },
  });

  const loading = upgrade.isPending || (event !== null && !event.is_finished);
  return (
    <Alert
      severity="warning"
      data-testid={testId}
      action={
        <Button
          color="inherit"
          size="small"
          data-testid={`${testId}-button`}
          disabled={loading}
          startIcon={loading ? <CircularProgress size={16} color="inherit" /> : <SystemUpdateAltIcon />}
          onClick={() => upgrade.mutate()}
        >
          {buttonLabel}
        </Button>
      }
    >
      {loading && installingMessage ? installingMessage : message}
    </Alert>
  );
}
