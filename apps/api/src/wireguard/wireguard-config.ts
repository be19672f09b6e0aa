import { generateKeyPairSync, randomBytes } from 'node:crypto';
import QRCode from 'qrcode';
import { WIREGUARD_SERVER_ADDRESS, type WireguardRoute } from '@hostdeck/contracts/wireguard';

/** A WireGuard key as `wg` writes it: base64 of the raw 32 bytes. */
const fromBase64Url = (value: string) => Buffer.from(value, 'base64url').toString('base64');

/**
 * A client's key pair, made by the panel (node:crypto X25519; the same curve and encoding as
 * `wg genkey | wg pubkey`): the private key goes into the client's `.conf` only.
 */
export function generateWireguardKeyPair(): { privateKey: string; publicKey: string } {
  const { privateKey } = generateKeyPairSync('x25519');
  const jwk = privateKey.export({ format: 'jwk' });
  if (!jwk.d || !jwk.x) throw new Error('X25519 key without its raw parts');
  return { privateKey: fromBase64Url(jwk.d), publicKey: fromBase64Url(jwk.x) };
}

/** A preshared key (`wg genpsk`): 32 random bytes. */
export const generateWireguardPresharedKey = () => randomBytes(32).toString('base64');

export interface ClientConfigInput {
  privateKey: string;
  presharedKey: string | null;
  address: string;
  serverPublicKey: string;
  /** The server's address as clients reach it (an IPv6 one is bracketed here). */
  host: string;
  port: number;
  route: WireguardRoute;
}

const ALLOWED_IPS: Record<WireguardRoute, string> = {
  all: '0.0.0.0/0, ::/0',
  network: `${WIREGUARD_SERVER_ADDRESS.replace(/\.1$/, '.0')}/24`,
};

/**
 * The client's `.conf`, as wg-quick and the WireGuard apps read it. No DNS line: wg-quick needs
 * resolvconf for one, and a phone app lets its user choose.
 */
export function renderClientConfig(input: ClientConfigInput): string {
  const endpointHost = input.host.includes(':') ? `[${input.host}]` : input.host;
  return [
    '[Interface]',
    `PrivateKey = ${input.privateKey}`,
    `Address = ${input.address}/32`,
    '',
    '[Peer]',
    `PublicKey = ${input.serverPublicKey}`,
    ...(input.presharedKey ? [`PresharedKey = ${input.presharedKey}`] : []),
    `AllowedIPs = ${ALLOWED_IPS[input.route]}`,
    `Endpoint = ${endpointHost}:${input.port}`,
    'PersistentKeepalive = 25',
    '',
  ].join('\n');
}

/** The config as a QR code for the phone apps: a PNG data URL (the web shows it in an <img>). */
export function renderConfigQr(config: string): Promise<string> {
  return QRCode.toDataURL(config, { type: 'image/png', errorCorrectionLevel: 'M', margin: 2, scale: 6 });
}
