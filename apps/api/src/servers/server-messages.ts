/**
 * What the user reads when a server cannot be reached or refuses something. Messages are English
 * catalogue keys with `{placeholders}` (servers.vi.ts holds the Vietnamese); remote errors are
 * turned into these so both languages say what happened and what to do.
 */
export const SERVER_MESSAGES = {
  wrongPassword: 'The server refused the root password.',
  addressRefused:
    'The panel does not connect servers at {address}: loopback, link-local, cloud metadata, multicast, broadcast and reserved addresses are refused.',
  refused: 'Could not connect to {address}: connection refused. Is SSH listening on this port?',
  timedOut: 'Could not connect to {address}: no answer within {seconds} seconds.',
  hostUnreachable: 'Could not connect to {address}: host unreachable.',
  networkUnreachable: 'Could not connect to {address}: network unreachable.',
  closed: 'Could not connect to {address}: the server closed the connection.',
  otherConnection: 'Could not connect to {address}: {reason}',
  lost: 'The connection to {address} was lost.',
  hostKeyChanged:
    "The server's host key has changed (expected {expected}, got {actual}). If you reinstalled the server or changed its keys, " +
    'reset the recorded host key (SSH page, SSH settings tab) and connect again; otherwise someone may be intercepting the connection.',
  otherHost: 'The server at {address} presented a different host key: it is not this server.',
  keyNotInstalled:
    "The server did not accept the panel's key. Run the install command on the server as root, then connect again.",
  keyRefused:
    "The server refused the panel's key. If it was removed from root's authorized_keys, save the root password and connect again.",
  keyAndPasswordRefused: "The server refused the panel's key and the saved root password.",
  keyRefusedAfterPassword:
    "The server accepted the root password but not the panel's key. Check that public key authentication is enabled in its SSH configuration.",
  tooSlow: 'The server did not answer in time.',
  unsupportedOs:
    'This server runs {os}, which the panel does not support. Supported: Ubuntu 20.04, 22.04 and 24.04, and Debian 12.',
  unreadableOutput: 'The server answered with output the panel could not read.',
  commandFailed: 'A command failed on the server.',
  notConnected: 'Connect the server first: run the install command on it as root, then press Connect.',
  protected: 'This server is protected. Turn protection off to delete it.',
  balancing:
    'A site of this server is a load balancer. Turn its load balancing off first, so its nodes answer everyone again.',
  nameMismatch: "The name does not match the server's name.",
  provisioning: 'Provisioning is already running on this server.',
  hotfixRunning: 'A hotfix is already running on this server.',
} as const;
