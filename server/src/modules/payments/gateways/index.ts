import crypto from 'node:crypto';
import type { AppConfig } from '../../../config';
import type { Db } from '../../../db';
import type { PaymentGateway } from './gateway';
import { SandboxGateway } from './sandbox-gateway';
import { VnpayGateway } from './vnpay-gateway';

export interface PaymentGateways {
  /** Starts new payments (PAYMENT_GATEWAY). */
  gateway: PaymentGateway;
  /** The built-in gateway (always there: it signs and verifies its own callbacks). */
  sandbox: SandboxGateway;
  /** Every gateway whose callbacks this server accepts, by name. */
  gateways: ReadonlyMap<string, PaymentGateway>;
}

/** The sandbox's signing secret: generated once, shared by every instance on the database. */
async function sandboxSecret(db: Db): Promise<string> {
  await db.query('INSERT INTO app_secrets (name, value) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING', [
    'payment_sandbox',
    crypto.randomBytes(32).toString('hex'),
  ]);
  const row = await db.one<{ value: string }>('SELECT value FROM app_secrets WHERE name = $1', ['payment_sandbox']);
  if (!row) throw new Error('could not store the sandbox gateway secret');
  return row.value;
}

/** The configured gateways. */
export async function buildGateways(
  db: Db,
  config: Pick<AppConfig, 'publicUrl' | 'paymentGateway' | 'vnpay'>,
): Promise<PaymentGateways> {
  const sandbox = new SandboxGateway(await sandboxSecret(db), config.publicUrl ?? '');
  const gateways = new Map<string, PaymentGateway>();
  // the sandbox credits without money: it takes callbacks only while it is the configured gateway
  if (config.paymentGateway === 'sandbox') gateways.set('sandbox', sandbox);
  if (config.vnpay && config.publicUrl) {
    gateways.set(
      'vnpay',
      new VnpayGateway({ ...config.vnpay, returnUrl: `${config.publicUrl}/v1/payments/vnpay/return` }),
    );
  }
  const gateway = gateways.get(config.paymentGateway);
  if (!gateway) throw new Error(`payment gateway ${config.paymentGateway} is not configured`);
  return { gateway, sandbox, gateways };
}
