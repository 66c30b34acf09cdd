// The subscriptions' access to the stage's Pix Automático PSP (the PixAutomaticoPort): refused
// with 422 where the stage configures none. Each call gets a few seconds: the callers (an HTTP
// route, a worker, the cycle job) hold more than that.
import { unprocessable } from '../errors.ts';
import { recurringDebitMethod } from '../payment-methods.ts';
import { pixAutomaticoPort } from '../rails/api-pix/pix-automatico-stage.ts';
import type { PixAutomaticoPort } from '../rails/api-pix/recurrence-port.ts';

const pspCallMs = 8_000;

/** When a PSP call started now must have answered (epoch ms). */
export const pspAnswerBy = (): number => Date.now() + pspCallMs;

export function pixAutomaticoPsp(): PixAutomaticoPort {
  const port = pixAutomaticoPort();
  if (!port)
    throw unprocessable(
      'subscription.method_unavailable',
      `paymentMethod: ${recurringDebitMethod} is not available on this stage`,
    );
  return port;
}
